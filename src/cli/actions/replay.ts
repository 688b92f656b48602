import { z } from 'zod';
import { replayRunToModelDir } from '../../engine/replay-run.ts';
import { parseOptions } from '../../ground/parse-options.ts';

const replayOptionsSchema = z.object({ out: z.string().min(1) });

export function replayFromFlags(runDir: string, raw: unknown): void {
  const options = parseOptions(replayOptionsSchema, raw);
  const r = replayRunToModelDir(runDir, options.out);
  process.stdout.write(
    `replayed ${r.applied} updates (${r.skipped} not applied) onto ${r.baseDir}; wrote ${r.outDir} (weights ${r.fingerprint})\n`,
  );
}
