import { Command } from 'commander';
import { z } from 'zod';
import { parseOptions } from '../ground/parse-options.ts';

/** `ahd replay <run-dir> --out <model-dir>`: the ES-tuned model of a run, rebuilt from base model + history. */
export const replayCommand = new Command('replay')
  .description("rebuild a run's ES-tuned model from its base model and history.json")
  .argument('<run-dir>', 'run directory of an --es run (runs/<name>)')
  .requiredOption('--out <model-dir>', 'write the tuned model dir here')
  .addHelpText('after', `\nExample:\n  ahd replay runs/tsp50-sample-es-b1000-s0 --out models/tuned`)
  .action(replayAction);

const replayOptionsSchema = z.object({ out: z.string().min(1) });

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function replayAction(runDir: string, raw: unknown): Promise<void> {
  const options = parseOptions(replayOptionsSchema, raw);
  const { replayRunToModelDir } = await import('../engine/replay-run.ts');
  const r = replayRunToModelDir(runDir, options.out);
  process.stdout.write(
    `replayed ${r.applied} updates (${r.skipped} not applied) onto ${r.baseDir}` +
      `${r.lineage.length > 0 ? ` after the ${r.lineage.length} run(s) it was warm-started from (${r.lineage.join(' -> ')})` : ''}; ` +
      `wrote ${r.outDir} (weights ${r.fingerprint})\n`,
  );
}
