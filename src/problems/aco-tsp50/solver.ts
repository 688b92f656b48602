import { InvalidSolution } from '../types.ts';
import { ACO_DEFAULTS, computeWeights, drawCumulative, evaporate, FLOAT32_MAX, type AcoParams } from '../aco-shared/ant-sampling.ts';
import { createFastRng } from '../aco-shared/fast-rng.ts';

/**
 * The reference's ACO for the TSP, in float32 like its tensors. Each iteration every ant starts at a uniform
 * random node and moves to an unvisited node with probability proportional to pheromone * heuristic; the cost is
 * the closed-tour length. Pheromone evaporates by `decay`, then each ant adds 1/cost to both directions of every
 * edge of its tour (closing edge included). Returns the best tour length seen.
 */
export function solveTspAco(
  dist: Float32Array,
  heuristic: Float32Array,
  n: number,
  seed: number,
  params: AcoParams = ACO_DEFAULTS,
): number {
  const { ants, iterations, decay } = params;
  const rng = createFastRng(seed);
  const tau = new Float32Array(n * n).fill(1);
  const weights = new Float32Array(n * n);
  const badRow = new Uint8Array(n);
  const tours = new Int32Array(ants * n);
  const costs = new Float64Array(ants);
  const unvisited = new Int32Array(n);
  const cumulative = new Float64Array(n);
  let best = Infinity;

  for (let it = 0; it < iterations; it++) {
    computeWeights(tau, heuristic, weights, badRow, n);
    for (let a = 0; a < ants; a++) {
      const tour = a * n;
      for (let j = 0; j < n; j++) unvisited[j] = j;
      const start = rng.int(n);
      let remaining = n - 1;
      unvisited[start] = unvisited[remaining];
      tours[tour] = start;
      let prev = start;
      let cost = 0;
      for (let step = 1; step < n; step++) {
        if (badRow[prev] === 1) throw new InvalidSolution(`non-finite pheromone * heuristic in row ${prev}`);
        const row = prev * n;
        let mass = 0;
        for (let k = 0; k < remaining; k++) cumulative[k] = mass += weights[row + unvisited[k]];
        const k = drawCumulative(cumulative, remaining, rng, FLOAT32_MAX);
        const next = unvisited[k];
        unvisited[k] = unvisited[--remaining];
        tours[tour + step] = next;
        cost += dist[prev * n + next];
        prev = next;
      }
      cost = Math.fround(cost + dist[prev * n + start]);
      if (!(cost > 0 && cost <= FLOAT32_MAX)) throw new InvalidSolution(`tour cost ${cost} is not finite and positive`);
      costs[a] = cost;
      if (cost < best) best = cost;
    }
    evaporate(tau, decay);
    for (let a = 0; a < ants; a++) {
      const deposit = Math.fround(1 / costs[a]);
      const tour = a * n;
      let prev = tours[tour + n - 1];
      for (let step = 0; step < n; step++) {
        const node = tours[tour + step];
        tau[node * n + prev] += deposit;
        tau[prev * n + node] += deposit;
        prev = node;
      }
    }
  }
  return best;
}
