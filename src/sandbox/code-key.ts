import { createHash } from 'node:crypto';
import { lazyRequire } from '../ground/lazy-require.ts';
import type { EvalRequest } from './types.ts';

const esbuild = lazyRequire<typeof import('esbuild')>('esbuild');

/**
 * Code with comments removed and whitespace collapsed, so candidates that differ only in layout share one
 * evaluation. esbuild reprints the parsed program (a regex-based stripper would mangle strings, templates and
 * regex literals that contain comment markers). Code that does not parse is kept as is, trimmed. Asynchronous: the
 * service answers in about half the time of esbuild's synchronous call, and the host is free meanwhile.
 */
export async function normaliseCode(code: string): Promise<string> {
  try {
    const result = await esbuild().transform(code, { loader: 'js', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent' });
    return result.code.trim();
  } catch {
    return code.trim();
  }
}

/** The result-cache key of a request: everything that can change its outcome (limits included), hashed. */
export async function evaluationKey(request: EvalRequest, timeoutMs: number, memoryLimitMb: number): Promise<string> {
  const parts = [request.problem, request.split, request.seed, timeoutMs, memoryLimitMb, request.dataDir ?? '', await normaliseCode(request.code)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
