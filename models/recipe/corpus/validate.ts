import { fileURLToPath } from 'node:url';
import { PROBLEM_IDS, type ProblemId } from '../../../src/problems/types.ts';
import { hash32 } from '../../../src/ground/rng.ts';
import { SandboxPool } from '../../../src/sandbox/pool.ts';

/**
 * The corpus generator's validity check: the real sandbox (isolated-vm in the piscina pool) on the train split,
 * read from the cut-down copies in check-data/ (make_check_data.py: 2 constructive instances, 1 small ACO
 * instance), because validity does not depend on instance count or size and full ACO evaluations would take
 * hours for the whole corpus. ASP generates its instances (n=15, w=10) and is checked on its real train split, and
 * so is a loaded problem (signature-check.ts's, for the generic grammar), which needs no data files.
 */
export const CHECK_DATA = fileURLToPath(new URL('../check-data/', import.meta.url));
const CHECK_TIMEOUT_MS = 5_000;

export interface ValidatorStats {
  checked: number;
  rejected: number;
  reasons: Record<string, number>;
}

export interface CorpusValidator {
  /** `problem`: a built-in task, or a problem loaded with loadProblem (a signature check). */
  validate(problem: string, code: string): Promise<boolean>;
  stats(problem: string): ValidatorStats;
  close(): Promise<void>;
}

/**
 * `timeoutMs` is a wall-clock limit per check: tests on a loaded machine pass a longer one, since they check
 * validity, and a starved process can take seconds of wall time for milliseconds of work.
 */
export function createSandboxValidator(threads = 2, timeoutMs = CHECK_TIMEOUT_MS): CorpusValidator {
  const pool = new SandboxPool({ threads });
  const stats = new Map<string, ValidatorStats>();
  const statsOf = (p: string) => {
    let s = stats.get(p);
    if (!s) stats.set(p, (s = { checked: 0, rejected: 0, reasons: {} }));
    return s;
  };
  const known = new Map<string, boolean>();
  return {
    async validate(problem, code) {
      const key = `${problem}\u0000${code}`;
      const cached = known.get(key);
      if (cached !== undefined) return cached;
      const outcome = await pool.evaluate({
        problem,
        split: 'train',
        code,
        seed: hash32(code),
        timeoutMs,
        dataDir: PROBLEM_IDS.includes(problem as ProblemId) && problem !== 'asp15' ? `${CHECK_DATA}${problem}` : undefined,
      });
      const s = statsOf(problem);
      s.checked++;
      const ok = outcome.status === 'ok';
      if (!ok) {
        s.rejected++;
        const reason = outcome.status === 'invalid' ? outcome.reason.slice(0, 80) : outcome.status === 'error' ? outcome.message.slice(0, 80) : outcome.status;
        s.reasons[reason] = (s.reasons[reason] ?? 0) + 1;
      }
      known.set(key, ok);
      return ok;
    },
    stats: statsOf,
    close: () => pool.close(),
  };
}
