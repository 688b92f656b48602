/** Summary statistics shared by the table and the reports (one definition, so their figures agree). */

/** Arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Sample standard deviation (n - 1 in the denominator); null with fewer than two values. */
export function sampleSd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

/** Standard error of the mean, sd / sqrt(n); null with fewer than two values. */
export function standardError(values: readonly number[]): number | null {
  const sd = sampleSd(values);
  return sd === null ? null : sd / Math.sqrt(values.length);
}

/** Median (the mean of the middle two for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
