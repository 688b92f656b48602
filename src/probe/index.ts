import { getProblem } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { buildPrompt } from '../scaffolds/eoh/operators.ts';
import { llmSource } from '../config/stored.ts';
import { readRunConfig, readRunHistory } from '../engine/run-dir/index.ts';
import { deriveSeed } from '../ground/rng.ts';
import { mean, median, standardError } from '../ground/stats.ts';
import { requestSeed } from '../engine/generate.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { historyScope } from '../es/history.ts';
import { replaySteps } from '../es/replay.ts';
import { DEFAULT_SCOPE } from '../es/scope.ts';
import { recordedModelDir } from '../llm/onnx/bundled-model.ts';
import { loadOnnxModel } from '../llm/onnx/index.ts';
import { parseResponse } from '../extract/parse.ts';
import { generateAll } from '../llm/generate-all.ts';
import type { GenerateRequest } from '../llm/types.ts';
import type { SandboxPool } from '../sandbox/pool.ts';
import { naturalSign } from '../ground/natural-sign.ts';

/**
 * The probe: what a model writes, measured directly. N plain i1 answers with fixed sampler seeds (sample j of
 * every probe with the same seed uses the same sampler seed), each parsed and scored on the train split. Run on
 * the base model and on a run's tuned model (replayed from history.json to update k), the samples pair up by j:
 * tuned minus base, with a paired standard error, is the direct test that ES taught the model something.
 */
export interface ProbeTarget {
  /** Model dir of the onnx backend. */
  readonly modelDir: string;
  /** A run whose ES updates are replayed onto modelDir first (its first `updates`, default all). */
  readonly run?: { readonly dir: string; readonly updates?: number };
}

export interface ProbeOptions {
  readonly problem: Problem;
  readonly samples: number;
  /** Probe seed: sample j's sampler seed derives from it and j. */
  readonly seed: number;
  readonly pool: SandboxPool;
  readonly replicas?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ProbeSample {
  readonly text: string;
  /** Train objective in the natural sign; null when the answer is invalid (unparseable or failed evaluation). */
  readonly objective: number | null;
}

export interface ProbeResult {
  readonly model: string;
  /** Updates replayed (0 for a base model). */
  readonly updates: number;
  readonly samples: readonly ProbeSample[];
  readonly stats: ProbeStats;
}

export interface ProbeStats {
  readonly n: number;
  readonly validShare: number;
  readonly mean: number | null;
  readonly median: number | null;
  /** Best in the task's sense (lowest tour, highest value). */
  readonly best: number | null;
}

export async function probe(target: ProbeTarget, options: ProbeOptions): Promise<ProbeResult> {
  const { problem } = options;
  const history = target.run ? readRunHistory(target.run.dir) : undefined;
  const model = await loadOnnxModel(target.modelDir, {
    replicas: options.replicas,
    esScope: history ? historyScope(history) : DEFAULT_SCOPE,
  });
  try {
    let updates = 0;
    if (target.run && history) {
      const runSeed = readRunConfig(target.run.dir).search.seed;
      if (history.model.base_fingerprint !== (await model.es.fingerprint())) {
        throw new AhdError(ErrorCode.History, `${target.run.dir}: history.json was recorded on another base model than ${target.modelDir}`);
      }
      const limit = target.run.updates ?? Infinity;
      let last: string | undefined;
      for (const step of { [Symbol.iterator]: () => replaySteps(history, runSeed) }) {
        if (step.index >= limit) break;
        await model.es.update(step.record.seeds, step.z, step.record.alpha);
        last = step.record.weights_fingerprint;
        updates++;
      }
      if (last !== undefined && last !== (await model.es.fingerprint())) {
        throw new AhdError(ErrorCode.History, `${target.run.dir}: the replayed weights differ from the run's after update ${updates - 1}`);
      }
    }
    const messages = buildPrompt(model.promptStyle, problem, 'i1', []);
    const llmSeed = deriveSeed(options.seed, 'probe');
    const requests: GenerateRequest[] = Array.from({ length: options.samples }, (_, j) => ({
      messages,
      sampling: model.defaults,
      seed: requestSeed(llmSeed, j, 0),
    }));
    const texts = await generateAll(model, requests, options.signal, options.onProgress);
    const samples = await Promise.all(texts.map((g) => score(problem, g.text, options)));
    return { model: target.modelDir, updates, samples, stats: probeStats(problem, samples) };
  } finally {
    await model.close();
  }
}

async function score(problem: Problem, text: string, options: ProbeOptions): Promise<ProbeSample> {
  const parsed = parseResponse(text, problem.fnName);
  if (!parsed.ok) return { text, objective: null };
  const outcome = await options.pool.evaluate({ problem: problem.id, split: 'train', code: parsed.code, seed: 0 }, options.signal);
  if (outcome.status !== 'ok') return { text, objective: null };
  return { text, objective: naturalSign(problem.sense, outcome.objective) };
}

export function probeStats(problem: Problem, samples: readonly ProbeSample[]): ProbeStats {
  const valid = samples.map((s) => s.objective).filter((v): v is number => v !== null);
  const sorted = [...valid].sort((a, b) => a - b);
  return {
    n: samples.length,
    validShare: samples.length ? valid.length / samples.length : 0,
    mean: valid.length ? mean(valid) : null,
    median: median(valid),
    best: valid.length ? (problem.sense === 'max' ? sorted[sorted.length - 1] : sorted[0]) : null,
  };
}

/**
 * Tuned minus base over the samples valid in both (natural sign: negative is better for a min task), with the
 * paired standard error sd(d) / sqrt(n), the share of pairs with identical answers, and how often the tuned
 * sample was the valid one of a pair where only one was.
 */
export interface PairedComparison {
  readonly pairs: number;
  readonly meanDiff: number | null;
  readonly pairedSe: number | null;
  /** meanDiff in units of its standard error, signed so that positive means the tuned model is better. */
  readonly improvementInSe: number | null;
  readonly identicalShare: number;
  readonly validDiff: number;
}

export function pairedComparison(problem: Problem, base: readonly ProbeSample[], tuned: readonly ProbeSample[]): PairedComparison {
  if (base.length !== tuned.length) throw new AhdError(ErrorCode.Internal, 'paired probes need the same number of samples');
  const diffs: number[] = [];
  let identical = 0;
  base.forEach((b, j) => {
    const t = tuned[j];
    if (b.text === t.text) identical++;
    if (b.objective !== null && t.objective !== null) diffs.push(t.objective - b.objective);
  });
  const n = diffs.length;
  const meanDiff = n ? mean(diffs) : null;
  const pairedSe = standardError(diffs);
  const better = problem.sense === 'min' ? -1 : 1;
  const validOf = (xs: readonly ProbeSample[]) => xs.filter((s) => s.objective !== null).length;
  return {
    pairs: n,
    meanDiff,
    pairedSe,
    improvementInSe: meanDiff !== null && pairedSe ? (better * meanDiff) / pairedSe : null,
    identicalShare: base.length ? identical / base.length : 0,
    validDiff: validOf(tuned) - validOf(base),
  };
}

/** The base model dir (`model` when given, else where the recorded one is now) and problem of a run, for `ahd probe --run`. */
export function runModel(runDir: string, model?: string): { modelDir: string; problem: Problem } {
  const config = readRunConfig(runDir);
  if (!config.es.enabled) throw new AhdError(ErrorCode.Usage, `${runDir} is not an --es run: nothing to replay`);
  if (config.llm.backend !== 'onnx') throw new AhdError(ErrorCode.Usage, `${runDir} ran on ${config.llm.backend}: only onnx runs can be probed locally`);
  const modelDir = model ?? recordedModelDir(llmSource(config), config.recorded.model, `name it for ${runDir} with --model <dir>`);
  return { modelDir, problem: getProblem(config.problem) };
}
