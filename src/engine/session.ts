import type { Problem } from '../problems/types.ts';
import type { PromptStyle } from '../llm/types.ts';
import type { EvalRequest, Outcome } from '../sandbox/types.ts';
import type { Candidate, CandidateSpec, EsSession, Individual, M2Mode, RunContext } from '../core/types.ts';
import type { EventLog, ParsedAnswer } from './events.ts';
import type { ReplayCache } from './replay-cache.ts';
import type { Rng } from '../ground/rng.ts';
import { firstAnswerText, generateCandidate, sameAsUnperturbed, type GenerateDeps } from './generate.ts';
import { forEachLimit } from './concurrency.ts';
import { RoundBatcher, canBatch } from './batcher.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { bestSource, type RunPaths, type Snapshot } from './run-dir/index.ts';
import { readJson, writeFileAtomic, writeJsonAtomic } from '../ground/json-files.ts';
import { existsSync } from 'node:fs';

/** Anything that evaluates candidates: the SandboxPool in runs, an in-memory double in tests. */
export interface Evaluator {
  evaluate(request: EvalRequest, signal?: AbortSignal): Promise<Outcome>;
}

/** Live figures of a run, for the progress display. Objectives are minimised. */
export interface RunProgress {
  readonly generation: number;
  readonly totalGenerations: number;
  readonly samples: number;
  readonly valid: number;
  /** The best of the candidates that may enter the population (the update-only control's probes never do). */
  readonly best: number | null;
  /** Candidates answered by the model in this process (not replayed from the log). */
  readonly fresh: number;
}

export interface SessionDeps {
  readonly problem: Problem;
  readonly promptStyle: PromptStyle;
  readonly m2: M2Mode;
  readonly select: Rng;
  readonly generate: GenerateDeps;
  readonly parallelism: number;
  readonly evaluator: Evaluator;
  /** Seed of every train evaluation (the 'eval' stream): the same for all candidates of a run. */
  readonly evalSeed: number;
  readonly cache: ReplayCache;
  readonly log: EventLog;
  readonly paths: RunPaths;
  readonly totalGenerations: number;
  readonly es?: EsSession;
  /** Also generate each perturbed candidate's unperturbed twin, to record the update's differ share. */
  readonly esDiagnostics?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
}

/** The engine side of a run: numbering, generation, evaluation, caching, logging and snapshots. */
export class RunSession implements RunContext {
  readonly problem: Problem;
  readonly promptStyle: PromptStyle;
  readonly m2: M2Mode;
  readonly select: Rng;
  readonly es?: EsSession;
  readonly #deps: SessionDeps;
  #nextIndex = 0;
  #samples = 0;
  #valid = 0;
  #fresh = 0;
  #best: number | null = null;
  #generation = 0;
  /** The figures last reported: onProgress hears of a change once (a snapshot with nothing new is not one). */
  #reported = '';
  readonly #validObjectives: number[] = [];

  constructor(deps: SessionDeps) {
    this.#deps = deps;
    this.problem = deps.problem;
    this.promptStyle = deps.promptStyle;
    this.m2 = deps.m2;
    this.select = deps.select;
    this.es = deps.es;
  }

  get progress(): RunProgress {
    return {
      generation: this.#generation,
      totalGenerations: this.#deps.totalGenerations,
      samples: this.#samples,
      valid: this.#valid,
      best: this.#best,
      fresh: this.#fresh,
    };
  }

  async produce(specs: readonly CandidateSpec[]): Promise<Candidate[]> {
    const first = this.#nextIndex;
    this.#nextIndex += specs.length;
    const answers: ParsedAnswer[] = new Array(specs.length);
    const outcomes: Promise<Outcome>[] = new Array(specs.length);
    const startEvaluation = (i: number) => {
      outcomes[i] = this.#outcome(first + i, answers[i]).then((outcome) => this.#count(outcome, specs[i].probe === true));
      outcomes[i].catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"
    };
    const { model, signal } = this.#deps.generate;
    // A batching backend gets the whole call at once, in deterministic rounds (batcher.ts).
    const batcher = canBatch(model) ? new RoundBatcher(model, specs.length, signal) : undefined;
    await forEachLimit(specs, batcher ? specs.length : this.#deps.parallelism, async (spec, i) => {
      answers[i] = await generateCandidate(this.#deps.generate, first + i, spec, batcher && { batcher, slot: i });
      // As soon as it is generated, also under ES (the reference waits for the last direction): an outcome does not
      // depend on when it is evaluated, and the sandbox uses the cores that decoding the last directions leaves idle.
      startEvaluation(i);
    });
    const same = this.#deps.esDiagnostics && specs.some((s) => s.perturbation) ? await this.#sameAsUnperturbed(first, specs) : undefined;
    const settled = await Promise.all(outcomes);
    return specs.map((spec, i) => ({ ...this.#record(first + i, spec, answers[i], settled[i]), ...(same && { unperturbedSame: same[i] }) }));
  }

  async #sameAsUnperturbed(first: number, specs: readonly CandidateSpec[]): Promise<boolean[]> {
    const deps = this.#deps.generate;
    const texts = specs.map((_, i) => firstAnswerText(deps, first + i) ?? '');
    return sameAsUnperturbed(deps, first, specs, texts);
  }

  validObjectives(): readonly number[] {
    return [...this.#validObjectives];
  }

  async snapshot(generation: number, total: number, population: readonly Individual[]): Promise<void> {
    const { paths, cache, log } = this.#deps;
    this.#generation = generation;
    const snapshot: Snapshot = { generation, total, samples: this.#samples, valid: this.#valid, population };
    const file = paths.snapshot(generation);
    if (existsSync(file)) {
      const stored = readJson<Snapshot>(file, 'population snapshot');
      if (JSON.stringify(stored.population) !== JSON.stringify(population)) {
        throw new AhdError(ErrorCode.Run, `resume diverged: the replayed population differs from ${file}`);
      }
    }
    log.sync(); // the events behind this snapshot are on disk before it is
    writeJsonAtomic(file, snapshot);
    if (population.length > 0) writeFileAtomic(paths.best, bestSource(this.problem, generation, population[0]));
    if (!cache.hasSnapshot(generation)) {
      const best = population.length > 0 ? population[0].objective : null;
      log.append({ type: 'snapshot', generation, total, samples: this.#samples, valid: this.#valid, best });
    }
    this.#report();
  }

  #report(): void {
    const progress = this.progress;
    const key = JSON.stringify(progress);
    if (key === this.#reported) return;
    this.#reported = key;
    this.#deps.onProgress?.(progress);
  }

  async #outcome(index: number, answer: ParsedAnswer): Promise<Outcome> {
    const { cache, log, evaluator, problem, evalSeed, signal } = this.#deps;
    const cached = cache.outcome(index);
    if (cached) return cached;
    const outcome: Outcome = answer.ok
      ? await evaluator.evaluate({ problem: problem.id, split: 'train', code: answer.code, seed: evalSeed }, signal)
      : { status: 'invalid', stage: 'parse', reason: `unparseable answer: ${answer.reason}`, ms: 0 };
    log.append({ type: 'outcome', index, outcome });
    this.#fresh++;
    return outcome;
  }

  #count(outcome: Outcome, probe: boolean): Outcome {
    this.#samples++;
    const objective = objectiveOf(outcome);
    if (Number.isFinite(objective)) {
      this.#valid++;
      this.#validObjectives.push(objective);
      if (!probe && (this.#best === null || objective < this.#best)) this.#best = objective;
    }
    this.#report();
    return outcome;
  }

  #record(index: number, spec: CandidateSpec, answer: ParsedAnswer, outcome: Outcome): Candidate {
    return {
      index,
      operator: spec.operator,
      parents: spec.parents.map((p) => p.id),
      description: answer.ok ? answer.description : '',
      code: answer.ok ? answer.code : '',
      outcome,
      objective: objectiveOf(outcome),
    };
  }
}

/** The minimised train objective of an outcome; Infinity unless it is ok (and finite). */
function objectiveOf(outcome: Outcome): number {
  return outcome.status === 'ok' && Number.isFinite(outcome.objective) ? outcome.objective : Infinity;
}
