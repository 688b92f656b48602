import type { EsParams } from '../es/optimizer.ts';
import type { Problem } from '../problems/types.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { Perturbation } from '../es/types.ts';
import type { ChatMessage, PromptStyle } from '../llm/types.ts';
import type { Rng } from '../ground/rng.ts';

/** EoH operators: i1 initialise; e1/e2 explore from two parents; m1/m2 modify one parent (form / parameters). */
export type OperatorId = 'i1' | 'e1' | 'e2' | 'm1' | 'm2';
export const OPERATOR_IDS: readonly OperatorId[] = ['i1', 'e1', 'e2', 'm1', 'm2'];

/** A heuristic in the population (JSON as written in snapshots). `id` is the candidate index in the run. */
export interface Individual {
  readonly id: number;
  readonly description: string;
  readonly code: string;
  /** Minimised objective on the train split; only finite values live in a population. */
  readonly objective: number;
  readonly operator: OperatorId;
  readonly parents: readonly number[];
}

/** What a scaffold asks the engine to produce: one candidate from one operator. */
export interface CandidateSpec {
  readonly operator: OperatorId;
  readonly parents: readonly Individual[];
  /** The prompt, built by the scaffold in the model's prompt style. */
  readonly messages: readonly ChatMessage[];
  /** ES: generate this candidate from theta + sigma * eps(seed). */
  readonly perturbation?: Perturbation;
  /** Numbers-only decoding (--m2 numbers): the answer is this text with its decimals written anew by the model. */
  readonly numbersOf?: string;
  /** Plain EoH: a code string equal to one of these is generated once more. */
  readonly avoidCodes?: ReadonlySet<string>;
  /**
   * Names the sampler seed instead of the candidate index: candidates with the same key draw the same sampler
   * stream (ES common random numbers).
   */
  readonly samplerKey?: string;
  /** The update-only control's perturbed sample: scored for the ES update only, never a member, so never the run's best. */
  readonly probe?: boolean;
}

/** A generated and evaluated candidate. `objective` is Infinity unless the outcome is ok. */
export interface Candidate {
  readonly index: number;
  readonly operator: OperatorId;
  readonly parents: readonly number[];
  readonly description: string;
  readonly code: string;
  readonly outcome: Outcome;
  readonly objective: number;
  /** ES diagnostics (--es-diagnostics): the first answer equals the unperturbed one for its sampler seed. */
  readonly unperturbedSame?: boolean;
}

/** One ES weight update as a scaffold describes it; the engine normalises, applies and records it. */
export interface EsUpdateRequest {
  readonly generation: number;
  readonly operator: OperatorId;
  /** The directions as directions() gave them (one reward each). */
  readonly directions: Directions;
  /** Shaped rewards, before normalisation (finite), one per direction. */
  readonly rewards: readonly number[];
  readonly sigma: number;
  /** Minimised train objectives of the perturbed candidates (Infinity = invalid), for the update's statistics. */
  readonly objectives: readonly number[];
  /** The perturbed candidates themselves: their `unperturbedSame` flags give the update's differ share. */
  readonly candidates?: readonly Candidate[];
  /** Candidates sampled per direction, their rewards averaged into the direction's (default 1). */
  readonly samplesPerDirection?: number;
}

/** Direction seeds and their signs (-1: the mirrored half of an antithetic pair). */
export interface Directions {
  readonly seeds: readonly number[];
  readonly signs: readonly number[];
}

/** The ES services a scaffold uses (present only for --es runs). */
export interface EsSession {
  /** Sigma of step `step` (0-based) out of `total` steps of the schedule. */
  sigma(step: number, total: number): number;
  /** The next `count` directions (one seeded stream across the run; antithetic: mirrored pairs). */
  directions(count: number): Directions;
  /** The run's ES settings (scaffolds read samplesPerDirection, commonRandomNumbers, antithetic). */
  readonly params: EsParams;
  update(request: EsUpdateRequest): Promise<void>;
}

/** The engine services a scaffold drives: everything with I/O, caching or concurrency lives behind this. */
export interface RunContext {
  readonly problem: Problem;
  /** How the model wants its prompts worded. */
  readonly promptStyle: PromptStyle;
  /** How EoH's m2 writes a child (M2_MODES). */
  readonly m2: M2Mode;
  /** Parent selection stream. */
  readonly select: Rng;
  readonly es?: EsSession;
  /**
   * Generates and evaluates one candidate per spec (each evaluated as soon as it is generated); results come back
   * in spec order.
   */
  produce(specs: readonly CandidateSpec[]): Promise<Candidate[]>;
  /** The finite train objectives of every candidate produced so far (exceedance rewards measure from them). */
  validObjectives(): readonly number[];
  /** Records the population after a generation (or batch); `total` is the planned number of them. */
  snapshot(generation: number, total: number, population: readonly Individual[]): Promise<void>;
}

/**
 * EoH's m2 (new parameters for the parent's algorithm): free, the model writes the whole answer (the reference); or
 * numbers, the parent's answer with each decimal literal written anew by the model (numbers-only decoding).
 */
export const M2_MODES = ['free', 'numbers'] as const;
export type M2Mode = (typeof M2_MODES)[number];

export type ScaffoldId = 'eoh' | 'sample';
export const SCAFFOLD_IDS: readonly ScaffoldId[] = ['eoh', 'sample'];
/** The smallest budget any scaffold accepts (one Sample batch, one small EoH generation). */
export const MIN_BUDGET = 20;
/**
 * The largest budget a scaffold plans. An operator call (EoH) or batch plan (Sample) is held in memory whole:
 * at this budget an EoH m1/m2 call builds ~20,000 prompts (~40 MB), at 100 times more it ran the host out of heap.
 */
export const MAX_BUDGET = 1_000_000;

export interface Scaffold {
  readonly id: ScaffoldId;
  /** Checks a budget and returns its number of generations (the ES schedule length). Throws AhdError('usage'). */
  generations(budget: number): number;
  /** Runs the search; resolves to the final population, best first. */
  run(ctx: RunContext, budget: number): Promise<Individual[]>;
}
