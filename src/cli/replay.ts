import { Command } from 'commander';
import { z } from 'zod';
import { replayRunToModelDir } from '../es/replay-run.ts';
import { parseOptions } from './parse-options.ts';

const replayOptionsSchema = z.object({ out: z.string().min(1) });

/** `ahd replay <run-dir> --out <model-dir>`: the ES-tuned model of a run, rebuilt from base model + history. */
export const replayCommand = new Command('replay')
  .description("rebuild a run's ES-tuned model from its base model and history.json")
  .argument('<run-dir>', 'run directory of an --es run (runs/<name>)')
  .requiredOption('--out <model-dir>', 'write the tuned model dir here')
  .action((runDir: string, raw: unknown) => {
    const options = parseOptions(replayOptionsSchema, raw);
    const r = replayRunToModelDir(runDir, options.out);
    process.stdout.write(
      `replayed ${r.applied} updates (${r.skipped} not applied) onto ${r.baseDir}; wrote ${r.outDir} (weights ${r.fingerprint})\n`,
    );
  });
