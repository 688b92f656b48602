// Constructive TSP harness (runs inside the sandbox, before the candidate). Builds one tour with the
// reference's loop: start at node 0 (also the destination); at each step offer the unvisited nodes sorted by
// distance from the current node, at most 50 of them; the last node is the one left. Returns the route (node
// ids); the trusted scorer checks it is a permutation and measures it.
// The candidate list is kept by insertion into a bounded buffer (distance, then id: the reference's stable
// sort), scanning the unvisited nodes in id order: exactly the sorted-and-truncated list, without a comparator
// callback per comparison.
// Only `solve` is global (so candidate names cannot collide with the harness's), and builtins are captured
// now, before candidate code can replace them.
var solve = (() => {
  const sqrt = Math.sqrt;
  const isInteger = Number.isInteger;
  const HarnessError = Error;
  const HarnessArray = Array;
  const Bytes = Uint8Array;
  const Doubles = Float64Array;
  const NEIGHBOURS = 50;

  function invalid(message) {
    const error = new HarnessError(message);
    error.name = 'InvalidSolution';
    return error;
  }

  return function solve(candidate, input, ctx) {
    const x = input.x;
    const y = input.y;
    const n = x.length;
    // Private matrix for ordering; the candidate gets its own copy, which it may mutate harmlessly.
    const dist = new Doubles(n * n);
    const shared = new HarnessArray(n);
    for (let i = 0; i < n; i++) {
      const row = new HarnessArray(n);
      for (let j = 0; j < n; j++) {
        const dx = x[i] - x[j];
        const dy = y[i] - y[j];
        dist[i * n + j] = sqrt(dx * dx + dy * dy);
        row[j] = dist[i * n + j];
      }
      shared[i] = row;
    }

    const route = new HarnessArray(n);
    const visited = new Bytes(n);
    route[0] = 0;
    visited[0] = 1; // the reference's zero-initialised route always contains 0: returning 0 is invalid
    let current = 0;
    for (let step = 1; step < n - 1; step++) {
      const base = current * n;
      const unvisited = [];
      let size = 0;
      for (let j = 0; j < n; j++) {
        if (visited[j]) continue;
        const d = dist[base + j];
        // Ties go after the nodes already there (smaller ids): the stable order by (distance, id).
        if (size === NEIGHBOURS && dist[base + unvisited[size - 1]] <= d) continue;
        let at = size < NEIGHBOURS ? size++ : size - 1;
        while (at > 0 && dist[base + unvisited[at - 1]] > d) {
          unvisited[at] = unvisited[at - 1];
          at--;
        }
        unvisited[at] = j;
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
