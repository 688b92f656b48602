// The README's library example, verbatim below the marker (tests/docs/readme.test.ts checks that the two agree).
// Type-checked by `npm run typecheck` against the built package (dist/src/index.d.ts); never run by the tests.
// --- README example ---
import { evaluate, run } from 'ahd';

// Score a heuristic on tsp50's standard test splits (natural sign: mean tour length).
const firstUnvisited = 'function selectNextNode(current, destination, unvisited, distances) { return unvisited[0]; }';
const { stats } = await evaluate('tsp50', firstUnvisited, ['test20', 'test50']);
console.log(stats.map((s) => `${s.split}: ${s.mean}`).join(', '));

// EoH + ES with the bundled model; stopped after an hour, it continues with io: { out, resume: true }.
const summary = await run(
  { problem: 'tsp50', search: { scaffold: 'eoh', budget: 1000, seed: 0 }, es: { enabled: true }, io: { out: 'runs/lib' } },
  { signal: AbortSignal.timeout(3_600_000), onProgress: (p) => console.error(p.samples, p.best) },
);
console.log(summary.best.objective, summary.best.test);
