// What `ahd eval`'s evaluation itself costs once start-up is paid: nearest neighbour on tsp50 test50 through a
// SandboxPool of 2 threads without result sharing (as `ahd eval` makes it), 7 times, median of the last 5.
//   node benchmarks/eval-warm.mjs      (needs the build: npm run build)
import { performance } from 'node:perf_hooks';

const { SandboxPool } = await import(new URL('../dist/src/sandbox/pool.js', import.meta.url).href);
const code = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  let best = unvisitedNodes[0];
  for (const n of unvisitedNodes) if (distanceMatrix[currentNode][n] < distanceMatrix[currentNode][best]) best = n;
  return best;
}`;
const pool = new SandboxPool({ threads: 2, shareResults: false });
const times = [];
try {
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    const outcome = await pool.evaluate({ problem: 'tsp50', split: 'test50', code, seed: 0 });
    if (outcome.status !== 'ok') throw new Error(`evaluation ended ${outcome.status}`);
    if (i >= 2) times.push(performance.now() - start);
  }
} finally {
  await pool.close();
}
times.sort((a, b) => a - b);
console.log(`warm evaluation of NN on tsp50 test50 (2 threads), median of 5: ${(times[2] / 1000).toFixed(3)} s`);
