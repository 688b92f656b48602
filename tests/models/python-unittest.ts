import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** The recipe's Python tests run on Debian's interpreter, whose python3-torch and friends `.ci/run` installs. */
const PYTHON = '/usr/bin/python3';

/** Whether /usr/bin/python3 imports every module named (`torch, numpy`); the tests that need them skip otherwise. */
export const pythonHas = (modules: string): boolean => spawnSync(PYTHON, ['-c', `import ${modules}`], { encoding: 'utf8' }).status === 0;

/** Runs a unittest script and expects it to end OK. The limit only catches a hang (a starved machine takes minutes). */
export function expectUnittestPasses(script: string): void {
  const result = spawnSync(PYTHON, [script], { encoding: 'utf8', timeout: 600_000 });
  expect(result.stderr).toMatch(/\nOK( \(skipped=\d+\))?\s*$/);
  expect(result.status).toBe(0);
}
