import { Command } from 'commander';

/** `ahd replay <run-dir> --out <model-dir>`: the ES-tuned model of a run, rebuilt from base model + history. */
export const replayCommand = new Command('replay')
  .description("rebuild a run's ES-tuned model from its base model and history.json")
  .argument('<run-dir>', 'run directory of an --es run (runs/<name>)')
  .requiredOption('--out <model-dir>', 'write the tuned model dir here')
  .addHelpText('after', `\nExample:\n  ahd replay runs/tsp50-sample-es-b1000-s0 --out models/tuned`)
  .action(async (runDir: string, raw: unknown) => (await import('./actions/replay.ts')).replayFromFlags(runDir, raw));
