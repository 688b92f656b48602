import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { run } from '../../src/api/run.ts';
import { readRunConfig } from '../../src/engine/run-dir/index.ts';
import { bundledModelDir, recordedModelDir } from '../../src/llm/onnx/bundled-model.ts';
import { tempDir } from './helpers.ts';

const FIXTURE = new URL('../fixtures/tiny-lm', import.meta.url).pathname;

/** A copy of the untrained fixture under `name` (its writing is noise: a run of it finds nothing valid). */
function modelCopy(name: string): string {
  const dir = join(tempDir(), 'models', 'tiny');
  cpSync(FIXTURE, dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, _name_or_path: name, ahd_prompt_style: 'compact' }));
  return dir;
}

describe('a run whose model has moved', () => {
  test('recordedModelDir: the recorded path while it exists, else the bundled model of the same name, else a usage error', () => {
    const here = modelCopy('tiny-a');
    expect(recordedModelDir(here, 'tiny-a', 'pass --model')).toBe(here);
    const gone = join(tempDir(), 'models', 'ahd-heuristic-lm-13');
    expect(recordedModelDir(gone, 'ahd-heuristic-lm-13', 'pass --model')).toBe(bundledModelDir());
    // The default is one folder by name, whatever other models are bundled beside it; a run of one of those (the
    // earlier defaults' included) finds it.
    expect(bundledModelDir()).toMatch(/models\/ahd-heuristic-lm-13$/);
    expect(recordedModelDir(join(tempDir(), 'models', 'ahd-heuristic-lm'), 'ahd-heuristic-lm', 'pass --model')).toMatch(/models\/ahd-heuristic-lm$/);
    expect(recordedModelDir(join(tempDir(), 'models', 'ahd-heuristic-lm-2'), 'ahd-heuristic-lm-2', 'pass --model')).toMatch(/models\/ahd-heuristic-lm-2$/);
    expect(recordedModelDir(join(tempDir(), 'models', 'ahd-heuristic-lm-10'), 'ahd-heuristic-lm-10', 'pass --model')).toMatch(/models\/ahd-heuristic-lm-10$/);
    expect(recordedModelDir(join(tempDir(), 'models', 'ahd-heuristic-lm-12'), 'ahd-heuristic-lm-12', 'pass --model')).toMatch(/models\/ahd-heuristic-lm-12$/);
    expect(() => recordedModelDir(gone, 'tiny-a', 'pass --model <dir>')).toThrow(
      /the run's model tiny-a was at .*ahd-heuristic-lm-13, which is not there any more, and no bundled model is tiny-a: pass --model <dir>/,
    );
  });

  test('resumes with --model at the new place (config.json keeps the recorded path); another model is refused', async () => {
    const first = modelCopy('tiny-a');
    const out = join(tempDir(), 'run');
    const io = { threads: 1, replicas: 1, out };
    await expect(run({ problem: 'tsp50', search: { scaffold: 'sample', budget: 20, seed: 1 }, llm: { model: first }, io })).rejects.toThrow(/no valid heuristic/);
    const moved = join(tempDir(), 'moved');
    renameSync(first, moved);

    await expect(run({ io: { ...io, resume: true } })).rejects.toThrow(/the run's model tiny-a was at .* not there any more.*pass llm.model <dir>/);
    // It resumes (and fails as the fixture always does: nothing valid), recording the path it started with.
    await expect(run({ io: { ...io, resume: true }, llm: { model: moved } })).rejects.toThrow(/no valid heuristic/);
    expect(readRunConfig(out).llm.model).toBe(first);

    const other = modelCopy('tiny-b');
    await expect(run({ io: { ...io, resume: true }, llm: { model: other } })).rejects.toThrow(/cannot resume .*: recorded.model was "tiny-a", this run asks "tiny-b"/);
  });
});
