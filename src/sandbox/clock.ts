import { readFileSync } from 'node:fs';

/**
 * The deterministic clock candidates see instead of real time (clock-prelude.js): a fixed epoch, advanced 1 ms per reading.
 * The isolate evaluates CLOCK_SOURCE in its trusted prelude; the native evaluator builds the same clock here.
 */
export interface Clock {
  readonly Date: DateConstructor;
  readonly performance: { readonly now: () => number };
  readonly DateTimeFormat: typeof Intl.DateTimeFormat;
  /** Back to the epoch (before every instance). */
  readonly restart: () => void;
}

/** An expression evaluating to `(RealDate, RealIntl) => Clock`; begins with comments, so bind it before use. */
export const CLOCK_SOURCE = readFileSync(new URL('clock-prelude.js', import.meta.url), 'utf8');

const makeClock = new Function(`const make = ${CLOCK_SOURCE}\nreturn make;`)() as (
  realDate: DateConstructor,
  realIntl: typeof Intl,
) => Clock;

/** A fresh clock in this realm, starting at the epoch. */
export function createClock(): Clock {
  return makeClock(Date, Intl);
}
