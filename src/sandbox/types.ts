
/** A request to evaluate one candidate on one split. */
export interface EvalRequest {
  /** A built-in task id, or the id of a problem loaded with loadProblem (the pool tells its workers the module). */
  readonly problem: string;
  readonly split: string;
  readonly code: string;
  /** Seeds Math.random inside the isolate (and anything stochastic in the solver, with the per-instance seeds). */
  readonly seed: number;
  /** Overrides the problem's wall-time limit (ms). */
  readonly timeoutMs?: number;
  /** Override of the data directory for user-supplied instance files of the same format. */
  readonly dataDir?: string;
}

/**
 * Where an invalid candidate failed: the model's answer held no code ('parse'), the code did not load or define
 * the function ('load'), or it ran and gave a wrong or unusable answer ('run').
 */
export type InvalidStage = 'parse' | 'load' | 'run';

/** Typed outcome of evaluating a candidate. Objectives are minimised (max tasks negated). */
export type Outcome =
  | {
      readonly status: 'ok';
      /** Mean over valid instances, rounded to 5 decimals as the reference does. */
      readonly objective: number;
      /** Per-instance objective (minimised sign); null where the instance was invalid (test mode). */
      readonly values: readonly (number | null)[];
      readonly valid: number;
      readonly count: number;
      readonly ms: number;
    }
  | {
      readonly status: 'invalid';
      /** Absent in event logs written before it existed. */
      readonly stage?: InvalidStage;
      readonly reason: string;
      readonly ms: number;
    }
  | { readonly status: 'timeout'; readonly ms: number }
  | { readonly status: 'oom'; readonly ms: number }
  | { readonly status: 'error'; readonly message: string; readonly ms: number };

export type OutcomeStatus = Outcome['status'];
