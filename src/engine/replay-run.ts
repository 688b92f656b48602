import { resolve } from 'node:path';
import { llmSource } from '../config/stored.ts';
import { readRunConfig, readRunHistory, runPaths } from './run-dir/index.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { recordedModelDir } from '../llm/onnx/bundled-model.ts';
import { readModelWeights, writeModelDir } from '../llm/onnx/index.ts';
import { replayHistory, type ReplayResult } from '../es/replay.ts';
import { lineage } from './warm-start.ts';

export interface ReplayRunResult extends ReplayResult {
  readonly baseDir: string;
  readonly outDir: string;
  /** Warm start: the runs replayed before this one's history, root first (empty: none). */
  readonly lineage: readonly string[];
}

/**
 * `ahd replay`: loads the base model named in <run-dir>/config.json, replays <run-dir>/history.json onto its
 * weights (after the histories of the runs it was warm-started from) and writes the tuned model to outDir (a model dir that loads like any other).
 * The run is read on disk or packed in a study's runs.zip (run-source.ts); only outDir is written.
 */
export function replayRunToModelDir(runDir: string, outDir: string): ReplayRunResult {
  const paths = runPaths(runDir);
  const config = readRunConfig(runDir);
  if (!config.es.enabled) throw new AhdError(ErrorCode.Run, `${paths.config}: es.enabled: not an --es run (config.json has es.enabled: false)`);
  if (config.llm.backend !== 'onnx') throw new AhdError(ErrorCode.Run, `${paths.config}: llm.backend: only onnx runs can be replayed locally`);
  const baseDir = recordedModelDir(llmSource(config), config.recorded.model, 'put that model back there to replay the run');
  const history = readRunHistory(runDir);
  const { weights, layout } = readModelWeights(baseDir);
  // A warm-started run: the runs it started from first, root first (the lineage of its initFrom).
  const from = config.es.initFrom;
  const links = from ? lineage(from) : [];
  const before = links.map((link) => ({ history: link.history, runSeed: link.config.search.seed }));
  const result = replayHistory(weights, layout, history, { runSeed: config.search.seed, source: baseDir, before });
  writeModelDir(baseDir, outDir, weights);
  return { ...result, baseDir, outDir: resolve(outDir), lineage: links.map((link) => link.dir) };
}
