import { readFileSync } from 'node:fs';
import { readHarness } from '../shared/splits.ts';

const SHARED = readFileSync(new URL('matrix-harness.js', import.meta.url), 'utf8');

/** An ACO task's harness source: the shared matrix helpers followed by the task's own harness.js. */
export function acoHarnessSource(problemDir: URL): string {
  return `${SHARED}\n${readHarness(problemDir)}`;
}
