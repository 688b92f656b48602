/**
 * Numeric literals in a program's text, read without parsing it: a run of digits not glued to a name (`x2` is a
 * name), with an optional fraction. operator-gains.py (benchmarks) reads run logs with the same pattern.
 */
export const NUMERIC_LITERAL = /(?<![A-Za-z_$])\d+(\.\d+)?/g;

/** A decimal literal of a text: where it starts and how it is written. */
export interface DecimalLiteral {
  readonly index: number;
  readonly text: string;
}

/** The literals of `text` that have a fraction (`0.35`, not `3`): the numbers a tune changes, in text order. */
export function decimalLiterals(text: string): DecimalLiteral[] {
  return [...text.matchAll(NUMERIC_LITERAL)].filter((m) => m[1] !== undefined).map((m) => ({ index: m.index!, text: m[0] }));
}
