import { firstIssue } from '../ground/zod-issue.ts';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { runPaths } from '../engine/run-dir.ts';
import { readJson } from '../ground/json-files.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { readModelWeights, writeModelDir } from '../llm/onnx/index.ts';
import { readHistory } from './history.ts';
import { replayHistory, type ReplayResult } from './replay.ts';

/** The part of a run's config.json that replay needs. */
const runConfigSchema = z.object({
  seed: z.number().int(),
  es: z.literal(true, { message: 'not an --es run (config.json has es: false)' }),
  llm: z.object({ backend: z.literal('onnx', { message: 'only onnx runs can be replayed locally' }), source: z.string().min(1) }),
});

export interface ReplayRunResult extends ReplayResult {
  readonly baseDir: string;
  readonly outDir: string;
}

/**
 * `ahd replay`: loads the base model named in <run-dir>/config.json, replays <run-dir>/history.json onto its
 * weights and writes the tuned model to outDir (a model dir that loads like any other).
 */
export function replayRunToModelDir(runDir: string, outDir: string): ReplayRunResult {
  const paths = runPaths(runDir);
  const parsed = runConfigSchema.safeParse(readJson(paths.config, 'config.json'));
  if (!parsed.success) {
    throw new AhdError(ErrorCode.Run, `${paths.config}: ${firstIssue(parsed.error, '(top level)')}`);
  }
  const config = parsed.data;
  const baseDir = resolve(config.llm.source);
  if (!existsSync(baseDir)) {
    throw new AhdError(ErrorCode.Model, `${paths.config}: base model ${config.llm.source} not found (run from the run's working directory)`);
  }
  const history = readHistory(paths.history);
  const { weights, layout } = readModelWeights(baseDir);
  const result = replayHistory(weights, layout, history, { runSeed: config.seed, source: baseDir });
  writeModelDir(baseDir, outDir, weights);
  return { ...result, baseDir, outDir: resolve(outDir) };
}
