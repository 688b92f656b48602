/**
 * Typed errors. Every failure a user can cause (flags, files, models, histories) is an AhdError with a code;
 * the CLI renders it as one line on stderr and maps the code to an exit status (usage -> 2).
 */
export const ErrorCode = {
  Usage: 'usage', // bad flags, unknown problem/split, missing files named on the command line
  Data: 'data', // malformed instance file, wrong shape
  Model: 'model', // model directory missing/corrupt, not a causal LM, tokenizer missing
  Llm: 'llm', // HTTP backend failures after retries
  Sandbox: 'sandbox', // sandbox infrastructure failure (never a candidate's fault)
  History: 'history', // corrupt or mismatched ES history
  Run: 'run', // run directory problems (resume of a different config, ...)
  Problem: 'problem', // a bug in a problem module (its scorer threw something other than InvalidSolution)
  Heuristic: 'heuristic', // the heuristic under evaluation has no valid result on a split (ahd eval)
  Conformance: 'conformance', // a model server failed a protocol check (ahd check-server)
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class AhdError extends Error {
  readonly code: ErrorCode;
  readonly context: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, options: { context?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AhdError';
    this.code = code;
    this.context = options.context ?? {};
  }
}

/**
 * A bug in a problem module: its trusted scorer threw something other than InvalidSolution. Not the candidate's
 * fault nor the model's, so it ends the evaluation (and a run) instead of marking the candidate invalid. The
 * message names the problem and the frame that threw; `context.stack` holds the scorer's whole stack.
 */
export function problemFault(problemId: string, thrown: unknown): AhdError {
  const error = thrown instanceof Error ? thrown : undefined;
  const stack = error?.stack ?? String(thrown);
  const frame = stack.split('\n').find((line) => /^\s+at /.test(line))?.trim();
  const what = error ? `${error.name}: ${error.message}` : `threw ${String(thrown)}`;
  return new AhdError(
    ErrorCode.Problem,
    `problem ${problemId}: its score() threw ${what}${frame ? ` (${frame})` : ''}: a bug in the problem module, not the candidate's or the model's`,
    { context: { problem: problemId, stack } },
  );
}

export const isProblemFault = (error: unknown): error is AhdError => error instanceof AhdError && error.code === ErrorCode.Problem;

export const usageError = (message: string, context?: Record<string, unknown>) =>
  new AhdError(ErrorCode.Usage, message, { context });

/**
 * A bad value of one run setting, named by its path (`io.out: ...`), as the library speaks: the CLI shows the
 * same error under the setting's flag (`--out: ...`), since `context.setting` says which setting it was.
 */
export const settingError = (setting: string, message: string, code: ErrorCode = ErrorCode.Usage) =>
  new AhdError(code, `${setting}: ${message}`, { context: { setting } });

/** Exit status for an error: 2 for usage errors (as CLIs conventionally do), 1 otherwise. */
export function exitCodeFor(error: unknown): number {
  return error instanceof AhdError && error.code === ErrorCode.Usage ? 2 : 1;
}
