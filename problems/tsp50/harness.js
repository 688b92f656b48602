// Constructive TSP harness (runs inside the sandbox, before the candidate). Builds one tour with the
// reference's loop: start at node 0 (also the destination); at each step offer the unvisited nodes sorted by
// distance from the current node, at most 50 of them; the last node is the one left. Returns the route (node
// ids); the trusted scorer checks it is a permutation and measures it.
// The input carries the distance matrix and, per node, every node in the order the reference sorts them
// (distance, then id), both computed once per instance by trusted code (index.ts): a step only filters that
// order by `visited`, which gives exactly the sorted-and-truncated list without sorting per step and candidate.
// Only `solve` is global (so candidate names cannot collide with the harness's), and builtins are captured
// now, before candidate code can replace them.
var solve = (() => {
  const isInteger = Number.isInteger;
  const HarnessError = Error;
  const HarnessArray = Array;
  const Bytes = Uint8Array;
  const NEIGHBOURS = 50;

  function invalid(message) {
    const error = new HarnessError(message);
    error.name = 'InvalidSolution';
    return error;
  }

  return function solve(candidate, input, ctx) {
    const n = input.n;
    const dist = input.dist;
    const order = input.order;
    // The candidate gets its own copy of the matrix as plain arrays, which it may mutate harmlessly.
    const shared = new HarnessArray(n);
    for (let i = 0; i < n; i++) {
      const row = new HarnessArray(n);
      for (let j = 0; j < n; j++) row[j] = dist[i * n + j];
      shared[i] = row;
    }

    const route = new HarnessArray(n);
    const visited = new Bytes(n);
    route[0] = 0;
    visited[0] = 1; // the reference's zero-initialised route always contains 0: returning 0 is invalid
    let current = 0;
    for (let step = 1; step < n - 1; step++) {
      const unvisited = [];
      const base = current * n;
      for (let k = 0; k < n && unvisited.length < NEIGHBOURS; k++) {
        const j = order[base + k];
        if (!visited[j]) unvisited[unvisited.length] = j;
      }
      const next = candidate(current, 0, unvisited, shared);
      if (typeof next !== 'number' || !isInteger(next) || next < 0 || next >= n) {
        throw invalid(`step ${step}: next node ${String(next)} is not a node id in 0..${n - 1}`);
      }
      if (visited[next]) throw invalid(`step ${step}: node ${next} was already visited`);
      route[step] = next;
      visited[next] = 1;
      current = next;
    }
    for (let j = 0; j < n; j++) if (!visited[j]) route[n - 1] = j;
    return route;
  };
})();
