import type { Problem } from '../problems/types.ts';
import type { LoggedEvent } from '../engine/events.ts';
import type { Snapshot } from '../engine/run-dir/index.ts';
import type { UpdateRecord } from '../engine/run-dir/index.ts';
import { naturalSign } from '../ground/natural-sign.ts';

/** Per-generation figures, objectives in the task's natural sign; null where there is nothing to show. */
export interface GenerationSeries {
  readonly generation: number[];
  /** Best member of the population after the generation (the best so far). */
  readonly best: (number | null)[];
  /** Mean objective of the population after the generation. */
  readonly populationMean: (number | null)[];
  /** Mean objective of the valid candidates generated in the generation. */
  readonly candidateMean: (number | null)[];
  /** Share of the generation's candidates that evaluated as valid, in percent. */
  readonly validShare: (number | null)[];
  readonly candidates: number[];
}

/** Per-update ES figures: sigma and the shaped rewards (before normalisation). */
export interface UpdateSeries {
  readonly update: number[];
  readonly generation: number[];
  readonly operator: string[];
  readonly sigma: number[];
  readonly rewardMean: (number | null)[];
  readonly rewardBest: (number | null)[];
  readonly rewardStd: (number | null)[];
  /** The perturbed candidates of each update: mean and best objective (natural sign), valid share in percent. */
  readonly objectiveMean: (number | null)[];
  readonly objectiveBest: (number | null)[];
  readonly validShare: (number | null)[];
  /** Share of perturbed answers unlike the unperturbed answer for the same sampler seed, in percent. */
  readonly differShare: (number | null)[];
  /** Norm of the weight step of each update. */
  readonly stepNorm: (number | null)[];
}

const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Minimised objective of each candidate with a recorded valid outcome, by candidate index. */
export function validObjectives(events: readonly LoggedEvent[]): Map<number, number> {
  const objectives = new Map<number, number>();
  for (const event of events) {
    if (event.type !== 'outcome') continue;
    const outcome = event.outcome;
    if (outcome?.status === 'ok' && Number.isFinite(outcome.objective)) objectives.set(event.index, outcome.objective);
  }
  return objectives;
}

/** Candidates with any recorded outcome (valid or not). */
export function countOutcomes(events: readonly LoggedEvent[]): number {
  return new Set(events.filter((e) => e.type === 'outcome').map((e) => (e as { index: number }).index)).size;
}

/**
 * Figures per snapshot. Candidates are numbered in generation order and a snapshot counts every candidate
 * produced before it, so generation g holds the indices from the previous snapshot's `samples` to its own.
 */
export function generationSeries(problem: Problem, snapshots: readonly Snapshot[], events: readonly LoggedEvent[]): GenerationSeries {
  const natural = (objective: number) => naturalSign(problem.sense, objective);
  const objectives = validObjectives(events);
  const series: GenerationSeries = {
    generation: [],
    best: [],
    populationMean: [],
    candidateMean: [],
    validShare: [],
    candidates: [],
  };
  let prevSamples = 0;
  let prevValid = 0;
  for (const snapshot of snapshots) {
    const members = snapshot.population.map((p) => p.objective).filter(Number.isFinite);
    const generated: number[] = [];
    for (let index = prevSamples; index < snapshot.samples; index++) {
      const objective = objectives.get(index);
      if (objective !== undefined) generated.push(objective);
    }
    const count = snapshot.samples - prevSamples;
    series.generation.push(snapshot.generation);
    series.best.push(members.length > 0 ? natural(Math.min(...members)) : null);
    series.populationMean.push(nullable(mean(members), natural));
    series.candidateMean.push(nullable(mean(generated), natural));
    series.validShare.push(count > 0 ? (100 * (snapshot.valid - prevValid)) / count : null);
    series.candidates.push(count);
    prevSamples = snapshot.samples;
    prevValid = snapshot.valid;
  }
  return series;
}

export function updateSeries(updates: readonly UpdateRecord[]): UpdateSeries {
  const series: UpdateSeries = {
    update: [],
    generation: [],
    operator: [],
    sigma: [],
    rewardMean: [],
    rewardBest: [],
    rewardStd: [],
    objectiveMean: [],
    objectiveBest: [],
    validShare: [],
    stepNorm: [],
    differShare: [],
  };
  for (const u of updates) {
    series.objectiveMean.push(u.stats?.objective_mean ?? null);
    series.objectiveBest.push(u.stats?.objective_best ?? null);
    series.validShare.push(u.stats ? 100 * u.stats.valid_share : null);
    series.stepNorm.push(u.stats?.step_norm ?? null);
    series.differShare.push(u.stats?.differ_share !== undefined ? 100 * u.stats.differ_share : null);
    const rewards = u.rewards.filter(Number.isFinite);
    const m = mean(rewards);
    series.update.push(u.update);
    series.generation.push(u.generation);
    series.operator.push(u.operator);
    series.sigma.push(u.sigma);
    series.rewardMean.push(m);
    series.rewardBest.push(rewards.length > 0 ? Math.max(...rewards) : null);
    // Population std (ddof 0), the spread the z-score divides by.
    series.rewardStd.push(m === null ? null : Math.sqrt(mean(rewards.map((r) => (r - m) ** 2)) ?? 0));
  }
  return series;
}

function nullable(value: number | null, f: (x: number) => number): number | null {
  return value === null ? null : f(value);
}
