import { PROBLEM_IDS } from '../problems/types.ts';
import { mean, sampleSd, standardError } from '../ground/stats.ts';
import type { FinishedRun } from '../engine/run-dir/index.ts';
import { TABLE_DECIMALS, formatObjective } from '../ground/format-objective.ts';

/** The split name of the train objective in the table (the test splits keep their own names). */
export const TRAIN = 'train';

/**
 * One table cell: a method (scaffold, es) at a budget on one split of a problem. As in the reference, the cell
 * is the mean over repetitions of each run's best-heuristic mean on that split (natural sign).
 */
export interface Cell {
  readonly problem: string;
  readonly split: string;
  readonly budget: number;
  readonly scaffold: string;
  readonly es: boolean;
  /** An ES control arm (noise-only, update-only): its own cells, never counted as ES against the baseline. */
  readonly mode?: 'noise-only' | 'update-only';
  /** Run seeds (= repetitions) with a value, ascending, and their values. */
  readonly seeds: readonly number[];
  readonly values: readonly number[];
  /** Runs of the setting whose best heuristic had no valid instance on the split (left out of the mean). */
  readonly noValid: number;
  readonly mean: number | null;
  /** Sample standard deviation over the repetitions (null with fewer than two). */
  readonly sd: number | null;
}

/** A test-split comparison of ES against its matched baseline (same problem, split, budget, scaffold). */
export interface Comparison {
  readonly problem: string;
  readonly split: string;
  readonly budget: number;
  readonly scaffold: string;
  readonly baseline: number;
  readonly es: number;
  readonly improves: boolean;
  /** improved / tied / worse, by TIE_RULE. */
  readonly outcome: 'improved' | 'tied' | 'worse';
  /** ES against its baseline run by run at the same seeds; null with fewer than two shared seeds. */
  readonly paired: PairedSeeds | null;
}

/**
 * The paired view of a comparison: `gain` per shared run seed is ES's value minus the baseline's, signed so that
 * positive means ES is better (a shorter tour, a higher value); its mean and standard error over the seeds, and
 * the verdict of PAIRED_RULE.
 */
export interface PairedSeeds {
  readonly seeds: readonly number[];
  readonly gains: readonly number[];
  readonly mean: number;
  readonly se: number;
  readonly verdict: 'better' | 'worse' | 'within';
}

export const PAIRED_RULE = 'better / worse: the mean paired gain is beyond two of its standard errors; within: not';

function pairSeeds(sense: Sense, es: Cell, baseline: Cell): PairedSeeds | null {
  const sign = sense === 'max' ? 1 : -1;
  const seeds: number[] = [];
  const gains: number[] = [];
  es.seeds.forEach((seed, i) => {
    const j = baseline.seeds.indexOf(seed);
    if (j < 0) return;
    seeds.push(seed);
    gains.push(sign * (es.values[i] - baseline.values[j]));
  });
  const se = standardError(gains);
  if (se === null) return null;
  const m = mean(gains);
  const verdict = Math.abs(m) > 2 * se ? (m > 0 ? 'better' : 'worse') : 'within';
  return { seeds, gains, mean: m, se, verdict };
}

/** Two cell means are tied when they agree to the 4 decimals the table prints (e.g. the same best heuristic). */
export const TIE_RULE = 'tied: the two means agree to 4 decimals (as printed)';
const tied = (a: number, b: number) => formatValue(a) === formatValue(b);

/** ES's cell mean against its baseline's, by TIE_RULE and the task's sense. */
export function compareMeans(sense: Sense, es: number, baseline: number): Comparison['outcome'] {
  if (tied(es, baseline)) return 'tied';
  return isBetter(sense, es, baseline) ? 'improved' : 'worse';
}

type Sense = 'min' | 'max';

/**
 * Cells of every (problem, split, budget, scaffold, es) the runs cover: the train objective first, then the
 * test splits in `testSplits(problem)` order (other splits a run recorded are not part of the table).
 */
export function formCells(runs: readonly FinishedRun[], testSplits: (problem: string) => readonly string[]): Cell[] {
  const groups = new Map<string, FinishedRun[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.problem, run.budget, run.scaffold, run.es, run.mode ?? '']);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const cells: Cell[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => a.seed - b.seed);
    const { problem, budget, scaffold, es, mode } = sorted[0];
    const recorded = new Set(sorted.flatMap((r) => Object.keys(r.summary.best.test)));
    const splits = [TRAIN, ...testSplits(problem).filter((s) => recorded.has(s))];
    for (const split of splits) {
      const seeds: number[] = [];
      const values: number[] = [];
      let noValid = 0;
      for (const run of sorted) {
        const value = split === TRAIN ? run.summary.best.objective : run.summary.best.test[split];
        if (typeof value === 'number' && Number.isFinite(value)) {
          seeds.push(run.seed);
          values.push(value);
        } else noValid++;
      }
      cells.push({ problem, split, budget, scaffold, es, ...(mode && { mode }), seeds, values, noValid, mean: values.length > 0 ? mean(values) : null, sd: sampleSd(values) });
    }
  }
  return cells.sort(compareCells(testSplits));
}

/** Registry order of problems; ids it does not know go last. */
const problemRank = (id: string) => {
  const i = (PROBLEM_IDS as readonly string[]).indexOf(id);
  return i < 0 ? PROBLEM_IDS.length : i;
};

/** Table order: problem (registry order), budget, split (train first), scaffold, ES off before on. */
function compareCells(testSplits: (problem: string) => readonly string[]) {
  return (a: Cell, b: Cell) =>
    problemRank(a.problem) - problemRank(b.problem) ||
    a.problem.localeCompare(b.problem) ||
    a.budget - b.budget ||
    splitRank(a, testSplits) - splitRank(b, testSplits) ||
    a.split.localeCompare(b.split) ||
    a.scaffold.localeCompare(b.scaffold) ||
    Number(a.es) - Number(b.es) ||
    (a.mode ?? '').localeCompare(b.mode ?? '');
}

function splitRank(cell: Cell, testSplits: (problem: string) => readonly string[]): number {
  if (cell.split === TRAIN) return -1;
  const i = testSplits(cell.problem).indexOf(cell.split);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/** Whether `value` strictly beats `than` in a task's natural sense. */
export function isBetter(sense: Sense, value: number, than: number): boolean {
  return sense === 'max' ? value > than : value < than;
}

/**
 * ES against its matched baseline on every test split where both cells have a mean. `improves`: strictly better
 * in the task's sense (lower tour length, higher value). The train objective is not a setting of the count.
 */
export function compareEs(cells: readonly Cell[], senseOf: (problem: string) => Sense): Comparison[] {
  const baselines = new Map<string, Cell>();
  const key = (c: Cell) => JSON.stringify([c.problem, c.split, c.budget, c.scaffold]);
  for (const cell of cells) if (!cell.es) baselines.set(key(cell), cell);
  const comparisons: Comparison[] = [];
  for (const cell of cells) {
    const baseline = baselines.get(key(cell));
    if (!cell.es || cell.mode || cell.split === TRAIN || !baseline || baseline.mean === null || cell.mean === null) continue;
    const outcome = compareMeans(senseOf(cell.problem), cell.mean, baseline.mean);
    const improves = outcome === 'improved';
    comparisons.push({
      outcome,
      problem: cell.problem,
      split: cell.split,
      budget: cell.budget,
      scaffold: cell.scaffold,
      baseline: baseline.mean,
      es: cell.mean,
      improves,
      paired: pairSeeds(senseOf(cell.problem), cell, baseline),
    });
  }
  return comparisons;
}

/** A table value: TABLE_DECIMALS fixed decimals (format-objective.ts). */
export function formatValue(value: number): string {
  return formatObjective(value, TABLE_DECIMALS);
}
