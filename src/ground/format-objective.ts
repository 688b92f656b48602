/**
 * How objectives print for people, everywhere (ahd eval's table, the run's summary and progress line, probe,
 * best.js, reports, ahd table): one formatter, fixed decimals, so that a column's numbers line up and a value
 * never loses its trailing zeros (5.25780 beside 57.32041, not 5.2578). Five decimals, as the reference rounds
 * objectives; the comparison tables (ahd table and its report) show four.
 */
export const OBJECTIVE_DECIMALS = 5;
export const TABLE_DECIMALS = 4;

/** An objective (or a difference of objectives) in the natural sign; `none` when there is no value. */
export function formatObjective(value: number | null | undefined, decimals = OBJECTIVE_DECIMALS, none = '-'): string {
  if (value === null || value === undefined) return none;
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text; // no "-0.00000"
}

/** A heuristic's test-split means ("test20 4.21510, test50 6.10342"), `between` split and value. */
export function formatTestMeans(test: Readonly<Record<string, number | null>>, between = ' '): string {
  return Object.entries(test)
    .map(([split, mean]) => `${split}${between}${formatObjective(mean, OBJECTIVE_DECIMALS, 'no valid instance')}`)
    .join(', ');
}
