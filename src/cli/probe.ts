import { Command } from 'commander';

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
  .action(async (raw: unknown) => (await import('./actions/probe.ts')).probeFromFlags(raw));
