import { readFileSync } from 'node:fs';
import { readHarness } from '../shared/splits.ts';

const SHARED = readFileSync(new URL('matrix-harness.js', import.meta.url), 'utf8');

/**
 * An ACO task's harness source. The task's harness.js is an expression `(aco) => function solve(...)`, applied to
 * the shared helpers of matrix-harness.js, so that `solve` is the script's only global (as every harness).
 */
export function acoHarnessSource(problemDir: URL): string {
  return `var solve = (\n${readHarness(problemDir)}\n)(\n${SHARED}\n);\n`;
}
