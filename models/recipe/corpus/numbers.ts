import type { Rng } from '../../../src/ground/rng.ts';
import { NUMERIC_LITERAL, decimalLiterals } from '../../../src/ground/numeric-literals.ts';
import { num, uniform } from './genome.ts';

/**
 * Numeric literals in a program's text, read without its grammar: a program's shape (what stays when only its
 * numbers change) and a copy of it with new numbers (m2 on a program no grammar wrote, such as a search's own).
 */

/**
 * Code with its numbers masked. The corpus writes a weight of 1 without `1 *` and folds a weight's sign into the
 * operator before it (`a - 0.3 * x`), so a change of numbers alone can change those two; they are masked too.
 */
export function shapeOf(code: string): string {
  const masked = code.replace(/\s+/g, ' ').replace(NUMERIC_LITERAL, '#');
  return masked.replaceAll('# * ', '').replace(/[+-]/g, '±');
}

/** Chance that each decimal literal changes in a copy; at least one always does. */
const CHANGE = 0.7;
const LOW = Math.log(0.5);
const HIGH = Math.log(2);

/** `old` scaled by a factor log-uniform in [0.5, 2], two significant digits, still written as a decimal. */
function scaled(old: string, rng: Rng): string {
  const text = num(Number(old) * Math.exp(uniform(rng, LOW, HIGH)));
  // A literal that prints as a plain integer would stop being a decimal for the next copy: keep its point.
  return text.includes('.') ? text : `${text}.0`;
}

/** Draws for the one literal that must change (a factor near 1 can print as the old value). */
const FORCED_DRAWS = 16;

/**
 * `code` with its decimal literals changed: each with probability CHANGE, one always (scaled()). Integers are kept:
 * they count, index and bound loops, where a new value breaks the program rather than tunes it. Undefined when the
 * code has no decimal literal.
 */
export function withNewNumbers(code: string, rng: Rng): string | undefined {
  const decimals = decimalLiterals(code);
  if (decimals.length === 0) return undefined;
  const forced = rng.int(decimals.length);
  let out = '';
  let at = 0;
  decimals.forEach((literal, i) => {
    const old = literal.text;
    let text = old;
    if (i === forced) for (let draw = 0; draw < FORCED_DRAWS && text === old; draw++) text = scaled(old, rng);
    else if (rng.next() < CHANGE) text = scaled(old, rng);
    out += code.slice(at, literal.index) + text;
    at = literal.index + old.length;
  });
  out += code.slice(at);
  return out === code ? undefined : out;
}
