import type { GenerationSeries, UpdateSeries } from './series.ts';

/** One line chart as the page script (page.js) draws it. */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Label of a right-hand axis for datasets with axis 'y2'. */
  readonly y2Label?: string;
  /** Fixed y-axis range (shares in percent); otherwise the axis fits the data. */
  readonly yRange?: readonly [number, number];
  readonly labels: readonly (number | string)[];
  readonly datasets: readonly {
    readonly label: string;
    readonly data: readonly (number | null)[];
    readonly color: string;
    readonly axis?: 'y' | 'y2';
    readonly dashed?: boolean;
    /** A horizontal line (the same value everywhere, e.g. a baseline's): drawn without points. */
    readonly constant?: boolean;
  }[];
}

/** A level to draw across a chart: a classical baseline's objective, natural sign. */
export interface LevelLine {
  readonly label: string;
  readonly value: number;
}

const LEVEL_COLORS = ['#57606a', '#bf3989', '#1b7c83', '#953800'];

/** Horizontal dashed lines at each level, over `labels`. */
export function levelDatasets(levels: readonly LevelLine[], labels: readonly unknown[]): ChartSpec['datasets'] {
  return levels.map((level, i) => ({
    label: level.label,
    data: labels.map(() => level.value),
    color: LEVEL_COLORS[i % LEVEL_COLORS.length],
    dashed: true,
    constant: true,
  }));
}

const COLORS = { best: '#1f6feb', mean: '#d29922', candidates: '#8957e5', valid: '#2da44e', sigma: '#cf222e', spread: '#6e7781' };

/**
 * The charts of a report: objective and valid share per generation (`step`: "generation", or "batch" for
 * Sample), with `levels` (the task's classical baselines on train) across the objective chart; sigma and
 * rewards per ES update.
 */
export function chartSpecs(
  generations: GenerationSeries,
  updates: UpdateSeries,
  objectiveName: string,
  step: string,
  levels: readonly LevelLine[] = [],
): ChartSpec[] {
  const charts: ChartSpec[] = [];
  if (generations.generation.length > 0) {
    charts.push({
      id: 'chart-objective',
      title: `Objective per ${step}`,
      xLabel: step,
      yLabel: objectiveName,
      labels: generations.generation,
      datasets: [
        { label: 'best (population)', data: generations.best, color: COLORS.best },
        { label: 'mean (population)', data: generations.populationMean, color: COLORS.mean },
        { label: `mean (valid candidates of the ${step})`, data: generations.candidateMean, color: COLORS.candidates, dashed: true },
        ...levelDatasets(levels, generations.generation),
      ],
    });
    charts.push({
      id: 'chart-valid',
      title: `Valid candidates per ${step}`,
      xLabel: step,
      yLabel: 'valid share (%)',
      yRange: [0, 100],
      labels: generations.generation,
      datasets: [{ label: 'valid share', data: generations.validShare, color: COLORS.valid }],
    });
  }
  if (updates.update.length > 0) {
    charts.push({
      id: 'chart-sigma',
      title: 'ES noise scale per update',
      xLabel: 'update',
      yLabel: 'sigma',
      labels: updates.update,
      datasets: [{ label: 'sigma', data: updates.sigma, color: COLORS.sigma }],
    });
    charts.push({
      id: 'chart-reward',
      title: 'ES rewards per update (before normalisation)',
      xLabel: 'update',
      yLabel: 'reward',
      y2Label: 'reward spread (std)',
      labels: updates.update,
      datasets: [
        { label: 'mean reward', data: updates.rewardMean, color: COLORS.mean },
        { label: 'best reward', data: updates.rewardBest, color: COLORS.best },
        { label: 'spread (std, right axis)', data: updates.rewardStd, color: COLORS.spread, axis: 'y2', dashed: true },
      ],
    });
    if (updates.objectiveMean.some((v) => v !== null)) {
      charts.push({
        id: 'chart-learning',
        title: 'ES learning curve: the perturbed candidates of each update',
        xLabel: 'update',
        yLabel: objectiveName,
        y2Label: 'valid share (%)',
        labels: updates.update,
        datasets: [
          { label: 'mean objective (valid)', data: updates.objectiveMean, color: COLORS.mean },
          { label: 'best objective', data: updates.objectiveBest, color: COLORS.best },
          { label: 'valid share (right axis)', data: updates.validShare, color: COLORS.valid, axis: 'y2', dashed: true },
          ...(updates.differShare.some((v) => v !== null)
            ? [{ label: 'answers unlike unperturbed (%, right axis)', data: updates.differShare, color: COLORS.sigma, axis: 'y2' as const, dashed: true }]
            : []),
        ],
      });
    }
    if (updates.stepNorm.some((v) => v !== null)) {
      charts.push({
        id: 'chart-step',
        title: 'ES step size per update (weight space)',
        xLabel: 'update',
        yLabel: '||delta theta||',
        labels: updates.update,
        datasets: [{ label: 'step norm', data: updates.stepNorm, color: COLORS.spread }],
      });
    }
  }
  return charts;
}
