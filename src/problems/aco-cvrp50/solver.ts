import { InvalidSolution } from '../types.ts';
import {
  ACO_DEFAULTS,
  computeWeights,
  drawCumulative,
  evaporate,
  FLOAT32_MAX,
  type AcoParams,
  type Matrix,
} from '../aco-shared/ant-sampling.ts';
import { createFastRng } from '../aco-shared/fast-rng.ts';

/** A CVRP colony's inputs, all in one precision (float64 in search, float32 in test, as the reference). */
export interface CvrpColonyInput {
  /** Nodes including the depot (node 0). */
  readonly n: number;
  readonly dist: Matrix;
  readonly heuristic: Matrix;
  readonly demands: Float64Array;
  readonly capacity: number;
}

const PHEROMONE_FLOOR = 1e-10;

/**
 * The reference's ACO for the CVRP. Every ant starts at the depot; it may move to unvisited customers whose
 * demand fits its remaining load, and to the depot unless it stands there with customers left; the load resets at
 * the depot. The reference advances all ants in lock step until every ant has served everything and stands on the
 * depot, so an ant that finishes early keeps stepping depot -> depot, and each such idle step costs D[0][0] = 1
 * (a quirk kept on purpose). Pheromone evaporates by `decay`, each ant adds 1/cost once to every directed edge it
 * used (the idle self-loop included), then pheromone is floored at 1e-10. Returns the best cost seen.
 */
export function solveCvrpAco(input: CvrpColonyInput, seed: number, params: AcoParams = ACO_DEFAULTS): number {
  const { n, dist, heuristic, demands, capacity } = input;
  const { ants, iterations, decay } = params;
  const float32 = dist instanceof Float32Array;
  const maxValue = float32 ? FLOAT32_MAX : Number.MAX_VALUE;
  const rng = createFastRng(seed);
  const tau = float32 ? new Float32Array(n * n).fill(1) : new Float64Array(n * n).fill(1);
  const weights = float32 ? new Float32Array(n * n) : new Float64Array(n * n);
  const badRow = new Uint8Array(n);
  const maxMoves = 2 * n; // each customer is entered once and left once at most via the depot
  const paths = new Int32Array(ants * (maxMoves + 1));
  const moves = new Int32Array(ants);
  const routeCosts = new Float64Array(ants);
  const costs = new Float64Array(ants);
  const unvisited = new Int32Array(n);
  const candidates = new Int32Array(n);
  const positions = new Int32Array(n); // where each candidate sits in `unvisited` (-1 = depot)
  const cumulative = new Float64Array(n);
  let best = Infinity;

  for (let it = 0; it < iterations; it++) {
    computeWeights(tau, heuristic, weights, badRow, n);
    let longest = 0;
    for (let a = 0; a < ants; a++) {
      const path = a * (maxMoves + 1);
      for (let c = 1; c < n; c++) unvisited[c - 1] = c;
      let remaining = n - 1;
      let node = 0;
      let used = demands[0];
      let cost = 0;
      let step = 0;
      paths[path] = 0;
      while (remaining > 0 || node !== 0) {
        if (badRow[node] === 1) throw new InvalidSolution(`non-finite pheromone * heuristic in row ${node}`);
        let count = 0;
        let mass = 0;
        const row = node * n;
        const free = capacity - used;
        for (let k = 0; k < remaining; k++) {
          const c = unvisited[k];
          if (demands[c] <= free) {
            candidates[count] = c;
            positions[count] = k;
            cumulative[count++] = mass += weights[row + c];
          }
        }
        if (node !== 0 || remaining === 0) {
          candidates[count] = 0;
          positions[count] = -1;
          cumulative[count++] = mass += weights[row];
        }
        const pick = drawCumulative(cumulative, count, rng, maxValue);
        const next = candidates[pick];
        if (next === 0) {
          used = demands[0];
        } else {
          used += demands[next];
          unvisited[positions[pick]] = unvisited[--remaining];
        }
        cost += dist[node * n + next];
        paths[path + ++step] = next;
        node = next;
      }
      moves[a] = step;
      routeCosts[a] = cost;
      if (step > longest) longest = step;
    }
    const idleCost = dist[0];
    for (let a = 0; a < ants; a++) {
      const raw = routeCosts[a] + (longest - moves[a]) * idleCost;
      const cost = float32 ? Math.fround(raw) : raw;
      if (!(cost > 0 && cost <= maxValue)) throw new InvalidSolution(`route cost ${cost} is not finite and positive`);
      costs[a] = cost;
      if (cost < best) best = cost;
    }
    evaporate(tau, decay);
    for (let a = 0; a < ants; a++) {
      const deposit = float32 ? Math.fround(1 / costs[a]) : 1 / costs[a];
      const path = a * (maxMoves + 1);
      for (let s = 0; s < moves[a]; s++) tau[paths[path + s] * n + paths[path + s + 1]] += deposit;
      if (moves[a] < longest) tau[0] += deposit; // the idle depot self-loop, deposited once like any used edge
    }
    const floor = float32 ? Math.fround(PHEROMONE_FLOOR) : PHEROMONE_FLOOR;
    for (let i = 0; i < tau.length; i++) if (tau[i] < floor) tau[i] = floor;
  }
  return best;
}
