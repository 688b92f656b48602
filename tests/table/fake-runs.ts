/** Fake but well-formed finished run directories (config.json + summary.json) for table tests; a fake baseline evaluator. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineEvaluator } from '../../src/compare/baselines.ts';

export interface FakeRun {
  readonly problem: string;
  readonly scaffold: 'eoh' | 'sample';
  readonly es: boolean;
  readonly budget: number;
  readonly seed: number;
  /** Best train objective, natural sign. */
  readonly train: number;
  readonly test: Readonly<Record<string, number | null>>;
  /** ES runs: the ES settings written into config.json (default none, as an ES server's runs). */
  readonly esSettings?: object;
}

export function writeFakeRun(dir: string, run: FakeRun, finished = true): string {
  mkdirSync(join(dir, 'population'), { recursive: true });
  const config = {
    problem: run.problem,
    scaffold: run.scaffold,
    es: run.es,
    budget: run.budget,
    seed: run.seed,
    llm: { backend: 'onnx', source: 'models/ahd-tiny', model: 'ahd-tiny', promptStyle: 'compact' },
    sampling: { temperature: 1, topP: 0.98, topK: 0, maxNewTokens: 768, stop: [] },
    ...(run.esSettings && { esSettings: { ...run.esSettings, baseFingerprint: '0123456789abcdef' } }),
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(dir, 'events.jsonl'), '');
  if (finished) {
    const summary = {
      problem: run.problem,
      scaffold: run.scaffold,
      es: run.es,
      budget: run.budget,
      samples: run.budget + 10,
      valid: run.budget,
      best: { objective: run.train, test: run.test },
      runDir: dir,
      seconds: 12.5,
    };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 2));
  }
  return dir;
}

/** One call of a fake baseline evaluator. */
export interface BaselineCall {
  readonly problem: string;
  readonly splits: readonly string[];
  readonly seed: number;
}

/**
 * A baseline evaluator that scores without the sandbox and records its calls: every split is valid on 2 of 2
 * instances with the minimised objective `objective(problem, split)` (default: 1 + the split name's length / 100).
 */
export function fakeBaselineEvaluator(
  calls: BaselineCall[] = [],
  objective = (problem: string, split: string) => 1 + split.length / 100,
): BaselineEvaluator {
  return async (problem, _code, splits, seed) => {
    calls.push({ problem: problem.id, splits, seed });
    return splits.map((split) => {
      const value = objective(problem.id, split);
      return { status: 'ok' as const, objective: value, values: [value, value], valid: 2, count: 2, ms: 1 };
    });
  };
}
