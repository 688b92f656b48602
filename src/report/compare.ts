import { getProblem } from '../problems/index.ts';
import { naturalSign } from '../ground/natural-sign.ts';
import { mean, sampleSd } from '../ground/stats.ts';
import { requestedBaselines, tableBaselineRequests, type BaselineEntry } from '../compare/baselines.ts';
import { TRAIN, compareEs, formCells, formatValue } from '../compare/cells.ts';
import type { FinishedRun } from '../engine/run-dir/index.ts';
import { countImprovements, improvementLine } from '../compare/improvements.ts';
import { methodName, tableSplits } from '../compare/methods.ts';
import { referenceRow } from '../compare/reference.ts';
import type { ReportTable } from './analysis.ts';
import { levelLines } from './baselines.ts';
import { levelDatasets, type ChartSpec } from './charts.ts';
import type { ReportPage } from './html.ts';
import { readRun } from '../engine/run-dir/index.ts';

const PALETTE = ['#1f6feb', '#cf222e', '#2da44e', '#8957e5', '#d29922', '#6e7781'];

export interface ComparePageOptions {
  readonly generatedAt?: string;
  /** Classical baselines as a table directory's baselines.json holds them (the ones for these runs are shown). */
  readonly baselines?: readonly BaselineEntry[];
}

/**
 * One page over many finished runs (several run dirs, or a table dir): the comparison table (ES against its
 * matched baseline, wins marked, the reference's number beside each cell), the classical baselines, and per
 * problem and budget the best objective against samples for every method (mean over seeds, dashed: mean ± sd;
 * the baselines' train objectives across it), and the ES methods' mean reward per update.
 */
export function comparePage(runs: readonly FinishedRun[], options: ComparePageOptions = {}): ReportPage {
  const cells = formCells(runs, (p) => tableSplits(getProblem(p)));
  const comparisons = compareEs(cells, (p) => getProblem(p).sense);
  const baselines = requestedBaselines(tableBaselineRequests(cells), options.baselines ?? []);
  const rows = cells
    .filter((c) => c.mean !== null)
    .map((c) => {
      const comparison = c.es && !c.mode ? comparisons.find((x) => x.problem === c.problem && x.split === c.split && x.budget === c.budget && x.scaffold === c.scaffold) : undefined;
      const outcome = comparison?.outcome;
      const paired = comparison?.paired;
      const value = `${formatValue(c.mean!)}${c.sd !== null ? ` ± ${formatValue(c.sd)}` : ''}`;
      const reference = referenceRow(c.problem, c.split, c.budget).find((r) => !c.mode && r.scaffold === c.scaffold && r.es === c.es);
      return [
        c.problem,
        c.split,
        String(c.budget),
        methodName(c.scaffold, c.es, c.mode),
        String(c.values.length),
        outcome === 'improved' ? `${value} (wins)` : value,
        outcome ?? '',
        paired ? `${formatValue(paired.mean)} ± ${formatValue(paired.se)}, ${paired.verdict} (${paired.seeds.length} seeds)` : '',
        reference ? `${formatValue(reference.value)} (${reference.source})` : '-',
      ];
    });
  const table: ReportTable = {
    id: 'table-compare',
    title:
      'Cells: mean over seeds of the best heuristic (natural sign); ES against its matched baseline, also run by run at the same seeds ' +
      '(gain: positive when ES is better; better / worse beyond two standard errors); the reference\'s number',
    header: ['problem', 'split', 'budget', 'method', 'seeds', 'mean ± sd', 'ES vs baseline', 'paired gain ± SE', 'reference'],
    rows,
  };
  const baselineTable: ReportTable = {
    id: 'table-baselines',
    title: 'Classical baselines (natural sign; from the table directory\'s baselines.json)',
    header: ['problem', 'split', 'baseline', 'mean', 'valid', 'eval seed'],
    rows: baselines.map((b) => [b.problem, b.split, b.baseline, b.mean === null ? 'no valid' : formatValue(b.mean), `${b.valid} of ${b.count}`, String(b.evalSeed)]),
  };
  const improved = comparisons.filter((c) => c.outcome === 'improved').length;
  return {
    title: `ahd report: ${runs.length} runs`,
    notes: runs.length === 0 ? ['No finished run found.'] : [],
    summary: [
      { label: 'runs', value: String(runs.length) },
      { label: 'ES comparisons', value: `${improved} improved, ${comparisons.filter((c) => c.outcome === 'tied').length} tied, ${comparisons.filter((c) => c.outcome === 'worse').length} worse` },
      { label: 'table headline', value: improvementLine(countImprovements(comparisons), comparisons) },
    ],
    charts: [...objectiveCharts(runs, baselines), ...rewardCharts(runs)],
    tables: [table, baselineTable],
    generatedAt: options.generatedAt ?? new Date().toISOString(),
  };
}

/**
 * Per problem and budget: best objective after each generation against samples, per method (mean, mean ± sd),
 * with the problem's baselines on train across it.
 */
function objectiveCharts(runs: readonly FinishedRun[], baselines: readonly BaselineEntry[]): ChartSpec[] {
  const groups = groupBy(runs, (r) => `${r.problem} ${r.budget}`);
  return [...groups.entries()].map(([key, group], g) => {
    const problem = getProblem(group[0].problem);
    const methods = groupBy(byMethod(group), (r) => methodName(r.scaffold, r.es, r.mode));
    const curves = [...methods.entries()].map(([name, rs]) => {
      const perRun = rs.map((r) => readRun(r.dir).snapshots.map((s) => ({ samples: s.samples, best: s.population.length ? naturalSign(problem.sense, s.population[0].objective) : null })));
      const steps = Math.min(...perRun.map((c) => c.length));
      const at = (k: number) => perRun.map((c) => c[k].best).filter((v): v is number => v !== null);
      return {
        name,
        samples: Array.from({ length: steps }, (_, k) => Math.round(mean(perRun.map((c) => c[k].samples)))),
        mean: Array.from({ length: steps }, (_, k) => (at(k).length ? mean(at(k)) : null)),
        sd: Array.from({ length: steps }, (_, k) => (at(k).length ? (sampleSd(at(k)) ?? 0) : null)),
      };
    });
    // Methods record their snapshots at different sample counts (EoH per generation, Sample per batch): one axis
    // of every count, each curve null where it has no snapshot (the page draws across the gaps).
    const labels = [...new Set(curves.flatMap((c) => c.samples))].sort((a, b) => a - b);
    const onAxis = (c: (typeof curves)[number], values: readonly (number | null)[]) =>
      labels.map((x) => {
        const k = c.samples.indexOf(x);
        return k < 0 ? null : values[k];
      });
    return {
      id: `chart-compare-${g}`,
      title: `${key.replace(' ', ', budget ')}: best objective against samples (mean over seeds; dashed: ± sd)`,
      xLabel: 'samples',
      yLabel: problem.sense === 'max' ? 'objective (higher is better)' : 'objective (lower is better)',
      labels,
      datasets: [
        ...curves.flatMap((c, i) => {
          const color = PALETTE[i % PALETTE.length];
          const band = (sign: number) => c.mean.map((m, k) => (m === null || c.sd[k] === null ? null : m + sign * c.sd[k]!));
          return [
            { label: c.name, data: onAxis(c, c.mean), color },
            { label: `${c.name} + sd`, data: onAxis(c, band(1)), color, dashed: true },
            { label: `${c.name} - sd`, data: onAxis(c, band(-1)), color, dashed: true },
          ];
        }),
        ...levelDatasets(levelLines(baselines.filter((b) => b.problem === problem.id && b.split === TRAIN)), labels),
      ],
    };
  });
}

/** Per problem and budget with ES runs: each ES method's mean shaped reward per update, averaged over seeds. */
function rewardCharts(runs: readonly FinishedRun[]): ChartSpec[] {
  const es = runs.filter((r) => r.es);
  const groups = groupBy(es, (r) => `${r.problem} ${r.budget}`);
  return [...groups.entries()].map(([key, group], g) => {
    const methods = groupBy(byMethod(group), (r) => methodName(r.scaffold, r.es, r.mode));
    const curves = [...methods.entries()].map(([name, rs]) => {
      const perRun = rs.map((r) => readRun(r.dir).updates.map((u) => mean(u.rewards)));
      const steps = Math.min(...perRun.map((c) => c.length));
      return { name, values: Array.from({ length: steps }, (_, k) => mean(perRun.map((c) => c[k]))), sigma: readRun(rs[0].dir).updates.slice(0, steps).map((u) => u.sigma) };
    });
    const steps = Math.max(0, ...curves.map((c) => c.values.length));
    return {
      id: `chart-rewards-${g}`,
      title: `${key.replace(' ', ', budget ')}: ES mean reward and sigma per update (mean over seeds)`,
      xLabel: 'update',
      yLabel: 'mean reward',
      y2Label: 'sigma',
      labels: Array.from({ length: steps }, (_, k) => k),
      datasets: curves.flatMap((c, i) => [
        { label: `${c.name} reward`, data: c.values, color: PALETTE[i % PALETTE.length] },
        { label: `${c.name} sigma`, data: c.sigma, color: PALETTE[i % PALETTE.length], axis: 'y2' as const, dashed: true },
      ]),
    };
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Runs in the table's method order: EoH, ES+EoH, Sample, ES+Sample. */
const byMethod = (runs: readonly FinishedRun[]) =>
  [...runs].sort((a, b) => a.scaffold.localeCompare(b.scaffold) || Number(a.es) - Number(b.es) || (a.mode ?? '').localeCompare(b.mode ?? '') || a.seed - b.seed);
