// Deterministic time for candidate code, shared by the isolate's trusted prelude (src/sandbox/isolate.ts) and the
// native evaluator's shadow globals (src/sandbox/native.ts), so both see the same clock. Real time would make a
// heuristic that reads it unreproducible. The clock starts at a fixed epoch and every reading advances it by 1 ms,
// so code that waits for time to pass still ends (or runs into the time limit) the same way on every run.
// An expression `(RealDate, RealIntl) => { Date, performance, DateTimeFormat, restart }`; each caller installs the
// first three and calls restart() before every instance (each instance starts at the epoch).
(RealDate, RealIntl) => {
  'use strict';
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const create = Object.create;
  const defineProperties = Object.defineProperties;
  const setPrototypeOf = Object.setPrototypeOf;
  const RealDateTimeFormat = RealIntl.DateTimeFormat;
  const formatToParts = RealDateTimeFormat.prototype.formatToParts;
  const EPOCH_MS = 1704067200000; // 2024-01-01T00:00:00Z
  let elapsedMs = 0;
  const tick = () => ++elapsedMs;
  const now = () => EPOCH_MS + tick();

  // `new Date()` and `Date()` read the clock; every other form builds the date it is given.
  function Date(year, monthIndex, day, hours, minutes, seconds, ms) {
    if (new.target === undefined) return new RealDate(now()).toString();
    return construct(RealDate, arguments.length === 0 ? [now()] : arguments, new.target);
  }
  // Own prototypes (inheriting the real ones) make `date.constructor` this clock's, without touching the real ones.
  Date.prototype = create(RealDate.prototype, { constructor: { value: Date, writable: true, configurable: true } });
  Date.now = now;
  Date.parse = RealDate.parse;
  Date.UTC = RealDate.UTC;

  // A formatter's format()/formatToParts() without a date read the current time too.
  function DateTimeFormat(locales, options) {
    const formatter = setPrototypeOf(new RealDateTimeFormat(locales, options), DateTimeFormat.prototype);
    const format = formatter.format;
    return defineProperties(formatter, {
      format: { value: (date) => format(date === undefined ? now() : date) },
      formatToParts: { value: (date) => apply(formatToParts, formatter, [date === undefined ? now() : date]) },
    });
  }
  DateTimeFormat.prototype = create(RealDateTimeFormat.prototype, {
    constructor: { value: DateTimeFormat, writable: true, configurable: true },
  });
  DateTimeFormat.supportedLocalesOf = RealDateTimeFormat.supportedLocalesOf;

  const restart = () => {
    elapsedMs = 0;
  };
  return { Date, performance: { now: tick }, DateTimeFormat, restart };
};
