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
