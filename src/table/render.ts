import { describeEs, esParamsKey } from '../es/describe.ts';
import { mean } from '../ground/stats.ts';
import { machineLine, type MachineInfo } from '../ground/machine.ts';
import type { BaselineEntry } from '../compare/baselines.ts';
import { PAIRED_RULE, TRAIN, compareMeans, formatValue, type Cell, type Comparison } from '../compare/cells.ts';
import type { FinishedRun } from '../engine/run-dir/index.ts';
import { methodName, type ControlMode, type Method } from '../compare/methods.ts';
import { referenceRow, type ReferenceValue } from '../compare/reference.ts';
import { TABLE_SCAFFOLDS } from './settings.ts';

type SenseOf = (problem: string) => 'min' | 'max';

/**
 * Every comparison run by run: ES's gain over its baseline at each shared seed (positive: ES better, in the task's
 * natural units), the mean gain and its standard error, and the verdict of PAIRED_RULE.
 */
export function renderPaired(comparisons: readonly Comparison[]): string {
  const rows = comparisons.map((c) => {
    const p = c.paired;
    const figures = p
      ? [p.seeds.length, p.gains.map(formatValue).join(' '), formatValue(p.mean), formatValue(p.se), p.verdict]
      : ['< 2', '-', '-', '-', '-'];
    return `| ${c.problem} | ${c.split} | ${c.budget} | ${methodName(c.scaffold, true)} | ${figures.join(' | ')} |`;
  });
  return [
    '',
    '## Paired by seed',
    '',
    `ES's gain over its matched baseline at the same run seed (positive: ES is better; the task's natural units), ` +
      `per seed in seed order, then the mean gain and its standard error over the seeds. ${PAIRED_RULE}.`,
    '',
    '| problem | split | budget | method | seeds | gain per seed | mean gain | SE | verdict |',
    '|---|---|---:|---|---:|---|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * The method columns of the table, in order: EoH, ES+EoH, Sample, ES+Sample, each scaffold's ES control arms
 * (noise-only, update-only) after its ES column when the cells hold any.
 */
function methodColumns(cells: readonly Cell[]): Method[] {
  const controls: readonly ControlMode[] = ['noise-only', 'update-only'];
  return TABLE_SCAFFOLDS.flatMap((scaffold): Method[] => [
    { scaffold, es: false },
    { scaffold, es: true },
    ...controls.filter((mode) => cells.some((c) => c.scaffold === scaffold && c.mode === mode)).map((mode) => ({ scaffold, es: true, mode })),
  ]);
}

/**
 * The Markdown table: one row per problem, budget and split (train objective first), one column per method.
 * Bold marks an ES cell that beats its matched baseline; "(n reps)" a cell with fewer repetitions than `reps`.
 * Under a row, the reference's numbers for it where it has any (compare/reference.ts); under a problem's rows, its
 * classical baselines (`baselines`, in the order given) on the splits the rows show.
 */
export function renderMarkdown(cells: readonly Cell[], reps: number, senseOf: SenseOf, headline: string, baselines: readonly BaselineEntry[] = []): string {
  const rows = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.problem, cell.budget, cell.split]);
    rows.set(key, [...(rows.get(key) ?? []), cell]);
  }
  const columns = methodColumns(cells);
  const find = (row: Cell[], scaffold: string, es: boolean, mode?: ControlMode) =>
    row.find((c) => c.scaffold === scaffold && c.es === es && c.mode === mode);
  const lines = [
    '# ahd: ES against its matched baseline',
    '',
    headline,
    '',
    `Each cell is the mean over repetitions (run seeds 0..${reps - 1}) of the best heuristic's mean on the split, ` +
      'in the natural sign (tour length and bins: lower is better; value and set size: higher is better), ± the ' +
      `sample standard deviation over repetitions. "${TRAIN}" is the best train objective. Bold: ES beats its matched baseline.`,
    '',
  ];
  const body: string[] = [];
  const shown = { reference: false, baseline: false };
  const groups = [...rows.values()];
  groups.forEach((row, i) => {
    const { problem, split, budget } = row[0];
    const texts = columns.map(({ scaffold, es, mode }) => {
      const cell = find(row, scaffold, es, mode);
      if (!cell) return '-';
      if (cell.mean === null) return 'no valid';
      let text = cell.sd === null ? formatValue(cell.mean) : `${formatValue(cell.mean)} ± ${formatValue(cell.sd)}`;
      if (cell.values.length < reps) text += ` (${cell.values.length} rep${cell.values.length === 1 ? '' : 's'})`;
      const baseline = es && !mode ? find(row, scaffold, false) : undefined;
      const beats = baseline?.mean != null && compareMeans(senseOf(problem), cell.mean, baseline.mean) === 'improved';
      return beats ? `**${text}**` : text;
    });
    body.push(`| ${problem} | ${split} | ${budget} | ${texts.join(' | ')} |`);
    const reference = referenceRow(problem, split, budget);
    if (reference.length > 0) {
      body.push(referenceLine(reference, columns));
      shown.reference = true;
    }
    if (groups[i + 1]?.[0].problem === problem) return;
    const own = baselines.filter((b) => b.problem === problem);
    body.push(...own.map((entry) => baselineLine(entry, columns.length)));
    shown.baseline ||= own.length > 0;
  });
  const notes = [...(shown.reference ? [REFERENCE_NOTE] : []), ...(shown.baseline ? [BASELINE_NOTE] : [])];
  if (notes.length > 0) lines.push(notes.join(' '), '');
  lines.push(
    `| problem | split | budget | ${columns.map((m) => methodName(m.scaffold, m.es, m.mode)).join(' | ')} |`,
    `|---|---|---:|${columns.map(() => '---:').join('|')}|`,
    ...body,
  );
  return `${lines.join('\n')}\n`;
}

// The path is the one the committed tables print (a rebuild must match them byte for byte); the numbers live in
// src/compare/reference.ts now.
const REFERENCE_NOTE =
  'A "reference" line under a row holds the reference\'s own numbers for it ("-" where it has none; sources in ' +
  'src/table/reference.ts): "paper", its paper\'s construct-TSP table (TSP20 / TSP50 = test20 / test50); "run logs", ' +
  'the training objectives of its runs (mean of 3 reps); "recomputed", its programs re-scored with its own evaluator, ' +
  'not published by it.';
const BASELINE_NOTE =
  'A "baseline" line under a problem\'s rows is a textbook heuristic of the task on the split (no search, so no ' +
  'budget, and one value for every method), scored once with the evaluation seed of repetition 0\'s runs and kept ' +
  'in baselines.json.';

/** The reference's numbers for a row, in the method columns (one source per row). */
function referenceLine(reference: readonly ReferenceValue[], columns: readonly Method[]): string {
  const { split, budget, source } = reference[0];
  const texts = columns.map(({ scaffold, es, mode }) => {
    const value = mode ? undefined : reference.find((r) => r.scaffold === scaffold && r.es === es)?.value;
    return value === undefined ? '-' : formatValue(value);
  });
  return `| reference (${source}) | ${split} | ${budget} | ${texts.join(' | ')} |`;
}

/** A baseline's mean on a split, once, in the first method column (it is no method's). */
function baselineLine(entry: BaselineEntry, columns: number): string {
  const value = entry.mean === null ? 'no valid' : `${formatValue(entry.mean)}${entry.valid < entry.count ? ` (${entry.valid} of ${entry.count} valid)` : ''}`;
  return `| baseline: ${entry.baseline} | ${entry.split} | - | ${value} |${' |'.repeat(columns - 1)}`;
}

/** One CSV row per cell, with the per-repetition values (";"-separated, in seed order) and the reference's number. */
export function renderCsv(cells: readonly Cell[]): string {
  const header = 'problem,split,budget,scaffold,es,method,reps,mean,values,seeds,no_valid,reference,reference_source';
  const rows = cells.map((c) => {
    const reference = referenceRow(c.problem, c.split, c.budget).find((r) => !c.mode && r.scaffold === c.scaffold && r.es === c.es);
    return [
      c.problem,
      c.split,
      c.budget,
      c.scaffold,
      c.es,
      methodName(c.scaffold, c.es, c.mode),
      c.values.length,
      c.mean ?? '',
      c.values.join(';'),
      c.seeds.join(';'),
      c.noValid,
      reference?.value ?? '',
      reference?.source ?? '',
    ].join(',');
  });
  return `${[header, ...rows].join('\n')}\n`;
}

/**
 * Compute per method and budget: mean wall time, samples, valid share and samples per minute of its runs, and the
 * machines `ahd table` ran them on (machine.json).
 */
export function renderCompute(runs: readonly FinishedRun[], machines: readonly MachineInfo[]): string {
  const groups = new Map<string, FinishedRun[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.problem, run.budget, run.scaffold, run.es, run.mode ?? '']);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const where =
    machines.length === 0
      ? 'The machine is not recorded (no machine.json: the runs were made by an `ahd table` older than that file, or copied in).'
      : `Run by \`ahd table\` on: ${machines.map(machineLine).join('; ')} (machine.json).`;
  const lines = ['', '## Compute', '', where, '', '| problem | budget | method | runs | seconds | samples | valid share | samples/min |', '|---|---:|---|---:|---:|---:|---:|---:|'];
  for (const group of [...groups.values()].sort((a, b) => a[0].problem.localeCompare(b[0].problem) || a[0].budget - b[0].budget || a[0].scaffold.localeCompare(b[0].scaffold) || Number(a[0].es) - Number(b[0].es) || (a[0].mode ?? '').localeCompare(b[0].mode ?? ''))) {
    const { problem, budget, scaffold, es, mode } = group[0];
    const s = group.map((r) => r.summary);
    lines.push(
      `| ${problem} | ${budget} | ${methodName(scaffold, es, mode)} | ${group.length} | ${mean(s.map((x) => x.seconds)).toFixed(0)} | ` +
        `${mean(s.map((x) => x.samples)).toFixed(0)} | ${(100 * mean(s.map((x) => x.valid / x.samples))).toFixed(1)}% | ` +
        `${mean(s.map((x) => (60 * x.samples) / x.seconds)).toFixed(0)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Which ES settings the ES runs ran with, per scaffold: one line per distinct setting, and a warning when they differ. */
export function renderEsSettings(runs: readonly FinishedRun[]): string {
  // Per scaffold: each has its own default, and a scaffold's cells measure one method only if its runs agree.
  const byScaffold = new Map<string, Map<string, { text: string; runs: number }>>();
  for (const run of runs) {
    if (!run.es) continue;
    const groups = byScaffold.get(run.scaffold) ?? new Map<string, { text: string; runs: number }>();
    byScaffold.set(run.scaffold, groups);
    const key = run.esSettings ? esParamsKey(run.esSettings, run.scaffold) : 'unknown';
    const entry = groups.get(key) ?? { text: run.esSettings ? describeEs(run.esSettings, run.scaffold) : 'not recorded (an ES server)', runs: 0 };
    entry.runs++;
    groups.set(key, entry);
  }
  if (byScaffold.size === 0) return '';
  const lines = ['', '## ES settings'];
  for (const [scaffold, groups] of [...byScaffold].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `${methodName(scaffold, true)}:`, '');
    if (groups.size > 1) lines.push(`Its runs mix ${groups.size} settings: its cells do not measure one method.`, '');
    lines.push(...[...groups.values()].map((g) => `- ${g.runs} run${g.runs === 1 ? '' : 's'}: ${g.text}`));
  }
  return `${lines.join('\n')}\n`;
}
