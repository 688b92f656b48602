import { createHash } from 'node:crypto';
import type { EvalRequest } from './types.ts';

/**
 * The result-cache key of a request: everything that can change its outcome (limits included), hashed. The code
 * counts as written, only trimmed: candidates that differ in comments or layout alone are evaluated apart. Such
 * pairs did not occur in 9,420 parsed candidates of eight runs of the first bundled model, ahd-heuristic-lm (1,125
 * exact repeats did), while normalising the layout first (esbuild) cost 2-4 ms per candidate before its evaluation
 * could start.
 */
export function evaluationKey(request: EvalRequest, timeoutMs: number, memoryLimitMb: number): string {
  const parts = [request.problem, request.split, request.seed, timeoutMs, memoryLimitMb, request.dataDir ?? '', request.code.trim()];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
