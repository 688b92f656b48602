import { basename, dirname, resolve } from 'node:path';
import { isProblemPath } from '../problems/index.ts';

/** runs/<problem>-<scaffold>[-es]-b<budget>-s<seed>-<UTC yyyymmdd-hhmmss>, the run directory a run gets unless told. */
export function defaultRunName(problem: string, scaffold: string, es: boolean, budget: number, seed: number, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${runNameOf(problem)}-${scaffold}${es ? '-es' : ''}-b${budget}-s${seed}-${stamp}`;
}

/** A problem's part of a run dir name: its id, or for a module path the file or folder name. */
function runNameOf(problem: string): string {
  return isProblemPath(problem) ? basename(resolve(problem)).replace(/\.(m?js|ts)$/, '').replace(/^index$/, basename(dirname(resolve(problem)))) : problem;
}
