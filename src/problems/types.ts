/**
 * The contract between a task (src/problems/<id>/) and the sandbox.
 *
 * Evaluation of one candidate on one split:
 *   1. the sandbox worker loads the split (`problem.loadSplit`) once and caches it;
 *   2. inside an isolated-vm isolate it evaluates the problem's harness source, then the candidate code;
 *   3. per instance it calls the harness's `solve(candidate, input, ctx)` with the instance's `input`
 *      (plain arrays, copied into the isolate) and gets back a flat array of numbers (the "raw output":
 *      a route, chosen item ids, priority scores, or an n x n heuristic matrix, row-major);
 *   4. outside the isolate, the trusted `problem.score(raw, instance, ctx)` checks the raw output
 *      (never trusting it) and returns the instance objective (minimised sign), or throws InvalidSolution.
 * The harness is plain JavaScript with no imports; it must not rely on builtins the candidate can poison
 * after load (capture what it needs at load time).
 */
export type ProblemId = 'tsp50' | 'kp100' | 'asp15' | 'aco-tsp50' | 'aco-cvrp50' | 'aco-bpp500';
export const PROBLEM_IDS: readonly ProblemId[] = ['tsp50', 'kp100', 'asp15', 'aco-tsp50', 'aco-cvrp50', 'aco-bpp500'];

/**
 * What a parameter or output of the heuristic holds, as a prompt that shows the function's signature tells it
 * (compact-sig headers): a number, an index into the array parameters (which then share one length), an array of
 * numbers, or an array of equal-length number arrays (a matrix). A name without a kind is a number.
 */
export const VALUE_KINDS = ['number', 'index', 'array', 'matrix'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** 'search': the training evaluation used during search; 'test': the reference's test-set evaluator. */
export type EvalMode = 'search' | 'test';

export interface SplitSpec {
  readonly name: string; // 'train', 'test20', 'n12w7', ...
  readonly mode: EvalMode;
  readonly count: number; // instances
  readonly size: number; // nodes / items / n
  /** Data file relative to problems/<id>/data/, or undefined for generated instances (ASP). */
  readonly file?: string;
  /**
   * Wall-time limit for one candidate on this split, ms, where the sandbox's default (the train limit scaled by
   * count x size^2, src/sandbox/limits.ts) does not fit how the task's work grows (ASP grows exponentially in n).
   */
  readonly timeoutMs?: number;
}

export interface Instance {
  /** Plain data handed to the harness inside the isolate (structured-cloneable). */
  readonly input: unknown;
  /** Anything the trusted scorer needs (typed arrays allowed); never enters the isolate. */
  readonly data: unknown;
}

export interface ScoreContext {
  readonly mode: EvalMode;
  readonly split: string;
  readonly index: number; // instance index in the split
  readonly size: number; // split size (N), used by the reference's seed formulas
}

/** Thrown by harnesses (as an Error with name 'InvalidSolution') and scorers for an invalid result. */
export class InvalidSolution extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidSolution';
  }
}

/**
 * How an invalid instance affects the candidate: 'candidate' = the whole candidate is invalid
 * (search mode in the reference), 'drop' = the instance is dropped from the mean and counted (test mode).
 */
export type InvalidPolicy = 'candidate' | 'drop';

export interface Problem {
  /** One of PROBLEM_IDS for the built-in tasks; any id for a problem of your own (define.ts). */
  readonly id: string;
  readonly title: string;
  /** Sense of the natural objective users see. Internally everything is minimised (max tasks negated). */
  readonly sense: 'min' | 'max';
  readonly kind: 'construct' | 'aco';
  /** Name of the function the model writes, its parameter names and output names. */
  readonly fnName: string;
  readonly params: readonly string[];
  readonly outputs: readonly string[];
  /** Optional: the kind of a parameter or output by name (absent names are numbers); only signature headers read it. */
  readonly kinds?: Readonly<Record<string, ValueKind>>;
  /** Task description shown to the model (reference wording adapted to JavaScript). */
  readonly taskText: string;
  /** Inputs/outputs explanation shown to the model. */
  readonly ioText: string;
  /** Seed heuristic (JavaScript function declaration named fnName). */
  readonly seedCode: string;
  /** Classical baselines: name -> JavaScript function declaration named fnName. */
  readonly baselines: Readonly<Record<string, string>>;
  readonly splits: readonly SplitSpec[];
  /** The standard test splits used when the user names none. */
  readonly testSplits: readonly string[];
  /** Wall-time limit for one candidate on the train split, milliseconds (reference: 20 s TSP, 30 s others). */
  readonly timeoutMs: number;
  /** Plain-JS harness source evaluated in the isolate; defines `function solve(candidate, input, ctx)`. */
  readonly harnessSource: string;
  invalidPolicy(mode: EvalMode): InvalidPolicy;
  /** Loads a split's instances (from the problem's shipped data or generated). Throws AhdError('usage') for unknown splits. */
  loadSplit(split: string, dataDir?: string): Instance[];
  /** Trusted scoring of the raw output; returns the instance objective in minimised sign. May be expensive (ACO). */
  score(raw: Float64Array, instance: Instance, ctx: ScoreContext): number;
}
