// Constructive TSP harness (runs inside the sandbox with the candidate). Builds one tour with the reference's
// loop: start at node 0 (also the destination); at each step offer the unvisited nodes sorted by distance from
// the current node, at most 50 of them; the last node is the one left. Returns the route (node ids); the
// trusted scorer checks it is a permutation and measures it.
// Builtins are captured now, before candidate code can replace them.
const tspSqrt = Math.sqrt;
const tspIsInteger = Number.isInteger;
const tspApply = Reflect.apply;
const tspSort = Array.prototype.sort;
const TspError = Error;
const TSP_NEIGHBOURS = 50;

function tspInvalid(message) {
  const error = new TspError(message);
  error.name = 'InvalidSolution';
  return error;
}

function solve(candidate, input, ctx) {
  const n = input.x.length;
  const x = input.x;
  const y = input.y;
  // Private matrix for ordering (the candidate may mutate its own copy without affecting the harness).
  const dist = new Float64Array(n * n);
  const shared = new Array(n);
  for (let i = 0; i < n; i++) {
    const row = new Array(n);
    for (let j = 0; j < n; j++) {
      const dx = x[i] - x[j];
      const dy = y[i] - y[j];
      dist[i * n + j] = tspSqrt(dx * dx + dy * dy);
      row[j] = dist[i * n + j];
    }
    shared[i] = row;
  }

  const route = new Array(n);
  const visited = new Uint8Array(n);
  route[0] = 0;
  visited[0] = 1; // the reference's zero-initialised route always contains 0: returning 0 is invalid
  let current = 0;
  for (let step = 1; step < n - 1; step++) {
    const unvisited = [];
    for (let j = 0; j < n; j++) if (!visited[j]) unvisited[unvisited.length] = j;
    const base = current * n;
    tspApply(tspSort, unvisited, [(a, b) => dist[base + a] - dist[base + b] || a - b]);
    if (unvisited.length > TSP_NEIGHBOURS) unvisited.length = TSP_NEIGHBOURS;
    const next = candidate(current, 0, unvisited, shared);
    if (typeof next !== 'number' || !tspIsInteger(next) || next < 0 || next >= n) {
      throw tspInvalid(`step ${step}: next node ${String(next)} is not a node id in 0..${n - 1}`);
    }
    if (visited[next]) throw tspInvalid(`step ${step}: node ${next} was already visited`);
    route[step] = next;
    visited[next] = 1;
    current = next;
  }
  for (let j = 0; j < n; j++) if (!visited[j]) route[n - 1] = j;
  return route;
}
