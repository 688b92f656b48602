/**
 * Amendment 11's held-out parents: the finished runs under the `--held` roots whose best program's shape (numbers masked) is
 * not the shape of any best program under `--training` (the runs E's copy-m2 examples were drawn from). Prints the
 * run directories, comma-separated, for `measure.ts --parents-from`; per task counts on stderr.
 *
 *   npx tsx benchmarks/results/model-headroom/copy-m2/held-out.ts --held <root>,<root> --training <root>,<root>
 */
import { parseArgs } from 'node:util';
import { findFinishedRuns } from '../../../../src/engine/run-dir/finished-runs.ts';
import { readRunBest } from '../../../../src/engine/run-dir/best-file.ts';
import { getProblem } from '../../../../src/problems/index.ts';
import { shapeOf } from '../../../../models/recipe/corpus/numbers.ts';

const { values } = parseArgs({ options: { held: { type: 'string' }, training: { type: 'string' } } });
if (!values.held || !values.training) {
  console.error('held-out.ts: --held <root>,<root> and --training <root>,<root> are required');
  process.exit(2);
}
const bestShape = (dir: string, problem: string) => {
  const best = readRunBest(dir, getProblem(problem));
  return best && `${problem}\u0000${shapeOf(best.code)}`;
};
/** The finished runs under each root (a root with two runs of one setting and seed is refused, in one line). */
function runsUnder(roots: string): ReturnType<typeof findFinishedRuns> {
  try {
    return roots.split(',').flatMap((root) => findFinishedRuns(root));
  } catch (error) {
    console.error(`held-out.ts: ${(error as Error).message}`);
    process.exit(2);
  }
}
const seen = new Set(runsUnder(values.training).map((run) => bestShape(run.dir, run.problem)));
const kept: string[] = [];
const counts = new Map<string, [number, number]>();
for (const run of runsUnder(values.held)) {
  const shape = bestShape(run.dir, run.problem);
  const count = counts.get(run.problem) ?? [0, 0];
  count[0]++;
  if (shape && !seen.has(shape)) {
    kept.push(run.dir);
    count[1]++;
  }
  counts.set(run.problem, count);
}
for (const [problem, [all, held]] of [...counts].sort()) console.error(`${problem}: ${held} of ${all} runs held out`);
console.log(kept.join(','));
