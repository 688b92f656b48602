/** Prompt text and reference heuristics for tsp50 (the reference's wording, restated for JavaScript). */
export const TSP_TASK_TEXT =
  'Given the coordinates of a set of nodes, find the shortest closed route that visits every node exactly once and ' +
  'returns to the start. The route is built one step at a time: from the current node, choose which node to visit ' +
  'next. Design a new rule for choosing the next node at each step, different from the algorithms in the literature.';

export const TSP_IO_TEXT =
  "'currentNode' and 'destinationNode' are node ids (integers); the route started at, and must return to, " +
  "destinationNode. 'unvisitedNodes' is an array of candidate node ids, sorted from nearest to farthest from the " +
  "current node (at most 50 of them). 'distanceMatrix' is an array of arrays: distanceMatrix[i][j] is the distance " +
  "between nodes i and j. Return 'nextNode', the id of an unvisited node. All inputs are plain JavaScript numbers and arrays.";

/** The reference seed scores all candidates equally, so it takes the first (= nearest) one. */
export const TSP_SEED = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  return unvisitedNodes[0];
}`;

const NEAREST_NEIGHBOUR = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  // Nearest neighbour: the closest unvisited node.
  let best = unvisitedNodes[0];
  for (const node of unvisitedNodes) {
    if (distanceMatrix[currentNode][node] < distanceMatrix[currentNode][best]) best = node;
  }
  return best;
}`;

/**
 * Farthest insertion adapted to a next-node interface: plan a path from the current node to the destination
 * through all offered nodes by farthest insertion (repeatedly take the node farthest from the path and insert it
 * where it lengthens the path least), then step to the path's first node.
 */
const FARTHEST_INSERTION = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const d = distanceMatrix;
  const path = [currentNode, destinationNode];
  const left = unvisitedNodes.slice();
  const gap = left.map((v) => Math.min(d[v][currentNode], d[v][destinationNode]));
  while (left.length > 0) {
    let far = 0;
    for (let k = 1; k < left.length; k++) if (gap[k] > gap[far]) far = k;
    const v = left[far];
    let at = 1;
    let cost = Infinity;
    for (let p = 1; p < path.length; p++) {
      const extra = d[path[p - 1]][v] + d[v][path[p]] - d[path[p - 1]][path[p]];
      if (extra < cost) {
        cost = extra;
        at = p;
      }
    }
    path.splice(at, 0, v);
    left.splice(far, 1);
    gap.splice(far, 1);
    for (let k = 0; k < left.length; k++) gap[k] = Math.min(gap[k], d[left[k]][v]);
  }
  return path[1];
}`;

export const TSP_BASELINES: Readonly<Record<string, string>> = {
  'nearest-neighbour': NEAREST_NEIGHBOUR,
  'farthest-insertion': FARTHEST_INSERTION,
};
