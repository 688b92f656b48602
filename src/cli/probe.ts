import { resolve } from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { usageError } from '../errors.ts';
import { formatObjective } from '../ground/format-objective.ts';
import { parseOptions } from '../ground/parse-options.ts';
import type { ProbeResult } from '../probe/index.ts';
import { getProblem } from '../problems/index.ts';
import { countProgress } from './count-progress.ts';
import { formatTable } from './table-format.ts';

/** `ahd probe`: plain i1 samples from a model (or a run's tuned model, paired with its base) and their objectives. */
export const probeCommand = new Command('probe')
  .description("measure what a model writes: N i1 samples with fixed sampler seeds, scored on train (a run's tuned model is paired with its base)")
  .option('--run <dir>', 'an --es run: replay its updates onto its base model and compare with the base on the same seeds')
  .option('--updates <k>', 'with --run: replay only the first k updates (default all)')
  .option('--model <dir>', 'model directory (default: the run\'s base model, else the bundled model)')
  .option('--problem <id>', "problem id (default: the run's)")
  .option('--samples <n>', 'samples per model (default 200)')
  .option('--seed <n>', 'probe seed: sample j uses the same sampler seed in every probe with this seed (default 0)')
  .option('--replicas <n>', 'model replicas (worker threads, default 1)')
  .option('--json', 'print one JSON object: the stats of each model and, with --run, the paired comparison')
  .addHelpText(
    'after',
    `
Prints mean, median, best and valid share of the samples' train objectives (natural sign). With --run, also
tuned minus base over the pairs valid in both, its paired standard error, and the share of identical answers.

Examples:
  ahd probe --problem tsp50 --samples 200
  ahd probe --run runs/tsp50-sample-es-b1000-s0 --samples 200 --json`,
  )
  .action(probeAction);

const count = (min: number) => z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(min, `must be >= ${min}`);

const probeOptionsSchema = z.object({
  run: z.string().min(1).optional(),
  updates: count(0).optional(),
  model: z.string().min(1).optional(),
  problem: z.string().min(1).optional(),
  samples: count(1).default(200),
  seed: count(0).default(0),
  replicas: count(1).optional(),
  json: z.boolean().optional(),
});

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function probeAction(raw: unknown): Promise<void> {
  const options = parseOptions(probeOptionsSchema, raw);
  const { pairedComparison, probe, runModel } = await import('../probe/index.ts');
  const { SandboxPool } = await import('../sandbox/pool.ts');
  const { bundledModelDir } = await import('../llm/onnx/bundled-model.ts');
  if (options.updates !== undefined && !options.run) throw usageError('--updates needs --run <dir>');
  const fromRun = options.run ? runModel(options.run, options.model) : undefined;
  const problem = options.problem ? getProblem(options.problem) : fromRun?.problem;
  if (!problem) throw usageError('--problem is required without --run (see ahd problems)');
  const modelDir = resolve(options.model ?? fromRun?.modelDir ?? bundledModelDir());
  const pool = new SandboxPool();
  const progress = countProgress('samples generated');
  const common = {
    problem,
    samples: options.samples,
    seed: options.seed,
    pool,
    replicas: options.replicas,
    onProgress: (done: number, total: number) => progress.update(done, total),
  };
  try {
    process.stderr.write(`probe: ${options.samples} i1 samples on ${problem.id} from ${modelDir}\n`);
    const base = await probe({ modelDir }, common);
    progress.end();
    let tuned: ProbeResult | undefined;
    if (options.run) {
      process.stderr.write(`probe: the same seeds from ${options.run} (updates replayed)\n`);
      tuned = await probe({ modelDir, run: { dir: options.run, updates: options.updates } }, common);
      progress.end();
    }
    const paired = tuned ? pairedComparison(problem, base.samples, tuned.samples) : undefined;
    if (options.json) {
      const entry = (r: ProbeResult) => ({ model: r.model, updates: r.updates, ...r.stats });
      process.stdout.write(`${JSON.stringify({ problem: problem.id, seed: options.seed, base: entry(base), ...(tuned && { tuned: entry(tuned) }), ...(paired && { paired }) })}\n`);
      return;
    }
    const fmt = (v: number | null) => formatObjective(v);
    const rows = [base, ...(tuned ? [tuned] : [])].map((r) => [
      r.updates > 0 ? `tuned (${r.updates} updates)` : 'base',
      String(r.stats.n),
      `${(100 * r.stats.validShare).toFixed(1)}%`,
      fmt(r.stats.mean),
      fmt(r.stats.median),
      fmt(r.stats.best),
    ]);
    process.stdout.write(formatTable(['model', 'samples', 'valid', 'mean', 'median', 'best'], rows));
    if (paired) {
      process.stdout.write(
        `tuned - base over ${paired.pairs} pairs valid in both: ${fmt(paired.meanDiff)} (paired SE ${fmt(paired.pairedSe)}; ` +
          `${paired.improvementInSe === null ? '-' : paired.improvementInSe.toFixed(2)} SE in the better direction); ` +
          `identical answers ${(100 * paired.identicalShare).toFixed(1)}%\n`,
      );
    }
  } finally {
    await pool.close();
  }
}
