/** Fake but well-formed finished run directories (config.json + summary.json) for table tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FakeRun {
  readonly problem: string;
  readonly scaffold: 'eoh' | 'sample';
  readonly es: boolean;
  readonly budget: number;
  readonly seed: number;
  /** Best train objective, natural sign. */
  readonly train: number;
  readonly test: Readonly<Record<string, number | null>>;
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
