import { join } from 'node:path';
import type { Individual } from '../../core/types.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { formatObjective } from '../../ground/format-objective.ts';
import { naturalSign } from '../../ground/natural-sign.ts';
import type { Problem } from '../../problems/types.ts';
import { lastSnapshot, runPaths } from './layout.ts';
import { readRunFile } from './run-source.ts';

/**
 * best.js: the run's best heuristic as plain JavaScript (`ahd eval --heuristic` reads it), under two comment lines
 * saying where it came from. Written beside every population snapshot, so it is also the best heuristic of a
 * committed run, whose runs.zip keeps no snapshots (benchmarks/pack-runs.mjs): the writer and its reader live here
 * together, so that the format is said once.
 */
export function bestSource(problem: Problem, generation: number, best: Individual): string {
  const natural = naturalSign(problem.sense, best.objective);
  return (
    `// ahd: best heuristic for ${problem.id} after generation ${generation} ` +
    `(candidate ${best.id}, ${best.operator}; train objective ${formatObjective(natural)})\n` +
    `// ${best.description.replace(/\s+/g, ' ')}\n${best.code}\n`
  );
}

/** A run's best heuristic as export shows it, from the last population snapshot or, without one, from best.js. */
export interface RunBest {
  readonly generation: number;
  /** The run's generations at that snapshot; absent when read from best.js, which does not record it. */
  readonly total?: number;
  readonly id: number;
  readonly operator: string;
  /** Train objective, natural sign, formatted: best.js keeps only its printed form (older runs: four decimals). */
  readonly objective: string;
  readonly description: string;
  readonly code: string;
}

const HEADER = /^\/\/ ahd: best heuristic for \S+ after generation (\d+) \(candidate (\d+), (\S+); train objective (\S+)\)$/;

/**
 * The best heuristic of a run on disk or packed in a study's runs.zip (run-source.ts): its last population snapshot
 * when it has one (a run as ahd run left it), else its best.js (a committed run, packed or unzipped, keeps no
 * snapshots); undefined when there is no valid heuristic yet.
 */
export function readRunBest(dir: string, problem: Problem): RunBest | undefined {
  const snapshot = lastSnapshot(runPaths(dir));
  if (snapshot) {
    const best = snapshot.population[0];
    if (!best) return undefined;
    const { generation, total } = snapshot;
    const { id, operator, description, code } = best;
    return { generation, total, id, operator, description, code, objective: formatObjective(naturalSign(problem.sense, best.objective)) };
  }
  const text = readRunFile(dir, 'best.js');
  return text === undefined ? undefined : parseBestSource(text, join(dir, 'best.js'));
}

/** best.js back into its parts (bestSource's inverse); `path` names the file when it is not in that form. */
export function parseBestSource(text: string, path: string): RunBest {
  const [header = '', idea = '', ...code] = text.split('\n');
  const match = HEADER.exec(header);
  if (!match || !idea.startsWith('// ')) {
    throw new AhdError(ErrorCode.Run, `${path}: not a best.js ahd wrote (its first two lines should say where the heuristic came from)`);
  }
  const [, generation, id, operator, objective] = match;
  return {
    generation: Number(generation),
    id: Number(id),
    operator,
    objective,
    description: idea.slice(3),
    // bestSource ends the code with one newline of its own.
    code: code.join('\n').replace(/\n$/, ''),
  };
}
