// Trusted glue evaluated inside the isolate after the problem's harness and BEFORE any candidate code: an
// expression `(solve, start, begin, fnName, ...) => [load, run]`; `load(code, seed)` makes the candidate the one
// that `run` calls, with that seed's random streams. Everything it needs is captured now, so a candidate that
// replaces builtins later only affects itself. It hands back to the host nothing but primitives and a fresh
// Float64Array, because copying candidate-made values out (getters, proxies) would run candidate code outside the
// time limit.
(solve, start, begin, fnName, maxRawLength, maxMessageLength) => {
  'use strict'; // no arguments.caller/callee paths into the bridge
  const apply = Reflect.apply;
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const slice = String.prototype.slice;
  const HostFunction = Function;
  const toText = String;
  const IsolateError = Error;
  const Doubles = Float64Array;
  let candidate;
  let seed;

  // Same wording as the host's describeThrown (src/sandbox/aggregate.ts); getters and toString run here, under
  // the time limit. A describer that itself throws (a hostile toString) gets a fixed text.
  function describe(error) {
    let text;
    try {
      text = error instanceof IsolateError ? `${error.name}: ${error.message}` : `threw ${toText(error)}`;
    } catch {
      text = 'threw an unprintable value';
    }
    return text.length > maxMessageLength ? apply(slice, text, [0, maxMessageLength]) : text;
  }

  // The candidate gets its own function scope (as in the native evaluator): it cannot close the scope early,
  // and its helper names never collide with the harness's.
  function load(code, candidateSeed) {
    candidate = undefined;
    seed = candidateSeed;
    begin(); // random stream and clock as a fresh context has them
    try {
      const make = new HostFunction(`${code}\n;\nreturn typeof ${fnName} === 'function' ? ${fnName} : undefined;`);
      candidate = make();
    } catch (error) {
      return `code does not load: ${describe(error)}`;
    }
    return typeof candidate === 'function' ? '' : `no function named ${fnName}`;
  }

  // One instance: a Float64Array of the harness's raw output, or a string saying why the instance is invalid. The
  // score context comes as primitives (cheaper to pass than an object copied in) and is built here.
  function run(input, mode, split, index, size) {
    let output;
    try {
      start(seed, index); // this instance's random stream, clock at the epoch
      output = solve(candidate, input, { mode, split, index, size });
    } catch (error) {
      return describe(error);
    }
    try {
      if (!isArray(output) && !isView(output)) return `Error: harness returned ${typeof output}, not an array`;
      const length = output.length;
      if (typeof length !== 'number' || !(length >= 0 && length <= maxRawLength)) {
        return `Error: harness returned an array of length ${toText(length)} (at most ${maxRawLength})`;
      }
      const raw = new Doubles(length);
      for (let i = 0; i < length; i++) {
        const value = output[i];
        raw[i] = typeof value === 'number' ? value : NaN;
      }
      return raw;
    } catch (error) {
      return describe(error);
    }
  }

  return [load, run];
};
