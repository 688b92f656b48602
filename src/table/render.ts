import { TRAIN, isBetter, type Cell, type Comparison } from './cells.ts';
import { TABLE_SCAFFOLDS, methodName } from './settings.ts';

type SenseOf = (problem: string) => 'min' | 'max';

/** How many ES cells beat their matched baseline, overall and per scaffold. */
export interface ImprovementCount {
  readonly improved: number;
  readonly settings: number;
  readonly byScaffold: Readonly<Record<string, { readonly improved: number; readonly settings: number }>>;
}

export function countImprovements(comparisons: readonly Comparison[]): ImprovementCount {
  const byScaffold: Record<string, { improved: number; settings: number }> = {};
  for (const c of comparisons) {
    const entry = (byScaffold[c.scaffold] ??= { improved: 0, settings: 0 });
    entry.settings++;
    if (c.improves) entry.improved++;
  }
  return { improved: comparisons.filter((c) => c.improves).length, settings: comparisons.length, byScaffold };
}

/** "ES improves on its matched baseline in 28 of 36 settings (...)": the table's headline. */
export function improvementLine(count: ImprovementCount): string {
  const parts = Object.entries(count.byScaffold).map(([s, c]) => `${methodName(s, false)} ${c.improved} of ${c.settings}`);
  return (
    `ES improves on its matched baseline in ${count.improved} of ${count.settings} settings ` +
    `(problem x test split x budget x scaffold${parts.length ? `; ${parts.join(', ')}` : ''})`
  );
}

/** A cell value: integers as they are, others to 4 decimals (trailing zeros dropped). */
export function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

/**
 * The Markdown table: one row per problem, budget and split (train objective first), one column per method.
 * Bold marks an ES cell that beats its matched baseline; "(n reps)" a cell with fewer repetitions than `reps`.
 */
export function renderMarkdown(cells: readonly Cell[], reps: number, senseOf: SenseOf, headline: string): string {
  const methods = TABLE_SCAFFOLDS.flatMap((s) => [false, true].map((es) => ({ scaffold: s, es })));
  const rows = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.problem, cell.budget, cell.split]);
    rows.set(key, [...(rows.get(key) ?? []), cell]);
  }
  const find = (row: Cell[], scaffold: string, es: boolean) => row.find((c) => c.scaffold === scaffold && c.es === es);
  const lines = [
    '# ahd: ES against its matched baseline',
    '',
    headline,
    '',
    `Each cell is the mean over repetitions (run seeds 0..${reps - 1}) of the best heuristic's mean on the split, ` +
      'in the natural sign (tour length and bins: lower is better; value and set size: higher is better). ' +
      `"${TRAIN}" is the best train objective. Bold: ES beats its matched baseline.`,
    '',
    `| problem | split | budget | ${methods.map((m) => methodName(m.scaffold, m.es)).join(' | ')} |`,
    `|---|---|---:|${methods.map(() => '---:').join('|')}|`,
  ];
  for (const row of rows.values()) {
    const { problem, split, budget } = row[0];
    const texts = methods.map(({ scaffold, es }) => {
      const cell = find(row, scaffold, es);
      if (!cell) return '-';
      if (cell.mean === null) return 'no valid';
      let text = formatValue(cell.mean);
      if (cell.values.length < reps) text += ` (${cell.values.length} rep${cell.values.length === 1 ? '' : 's'})`;
      const baseline = es ? find(row, scaffold, false) : undefined;
      const beats = baseline?.mean != null && isBetter(senseOf(problem), cell.mean, baseline.mean);
      return beats ? `**${text}**` : text;
    });
    lines.push(`| ${problem} | ${split} | ${budget} | ${texts.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** One CSV row per cell, with the per-repetition values (";"-separated, in seed order). */
export function renderCsv(cells: readonly Cell[]): string {
  const header = 'problem,split,budget,scaffold,es,method,reps,mean,values,seeds,no_valid';
  const rows = cells.map((c) =>
    [
      c.problem,
      c.split,
      c.budget,
      c.scaffold,
      c.es,
      methodName(c.scaffold, c.es),
      c.values.length,
      c.mean ?? '',
      c.values.join(';'),
      c.seeds.join(';'),
      c.noValid,
    ].join(','),
  );
  return `${[header, ...rows].join('\n')}\n`;
}
