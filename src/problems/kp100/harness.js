// Constructive 0-1 knapsack harness (runs inside the sandbox, before the candidate). Repeatedly offers the
// remaining capacity and the still-unselected items (fresh copies) and takes the item the candidate names;
// a taken item is removed, so indices shift. Returns the original indices of the taken items, in order; the
// trusted scorer replays them and checks that each fitted.
// Search and test differ as in the reference: in search an unusable answer (not an index, out of range, or an
// item that does not fit) is invalid; in test a missing answer (null/undefined) or an item that does not fit
// ends the construction, and only a non-index answer (or a throw) is invalid.
// Only `solve` is global, and builtins are captured now, before candidate code can replace them.
var solve = (() => {
  const isInteger = Number.isInteger;
  const isArray = Array.isArray;
  const HarnessError = Error;
  const HarnessArray = Array;
  const TOLERANCE = 1e-12;

  function invalid(message) {
    const error = new HarnessError(message);
    error.name = 'InvalidSolution';
    return error;
  }

  function min(a) {
    let m = a[0];
    for (let i = 1; i < a.length; i++) if (a[i] < m) m = a[i];
    return m;
  }

  function copy(a) {
    const out = new HarnessArray(a.length);
    for (let i = 0; i < a.length; i++) out[i] = a[i];
    return out;
  }

  function removeAt(a, at) {
    for (let i = at; i + 1 < a.length; i++) a[i] = a[i + 1];
    a.length = a.length - 1;
  }

  return function solve(candidate, input, ctx) {
    const search = ctx.mode === 'search';
    const weights = copy(input.weights);
    const values = copy(input.values);
    const ids = new HarnessArray(weights.length);
    for (let i = 0; i < ids.length; i++) ids[i] = i;
    let remaining = input.capacity;
    const taken = [];
    while (weights.length > 0 && remaining + TOLERANCE >= min(weights)) {
      let pick = candidate(remaining, copy(weights), copy(values));
      if (isArray(pick) && pick.length === 1) pick = pick[0]; // a one-element array is accepted
      if (!search && (pick === null || pick === undefined)) break;
      if (typeof pick !== 'number' || !isInteger(pick) || pick < 0 || pick >= weights.length) {
        throw invalid(`item index ${String(pick)} is not in 0..${weights.length - 1}`);
      }
      if (weights[pick] > remaining + TOLERANCE) {
        if (!search) break;
        throw invalid(`item ${pick} (weight ${weights[pick]}) does not fit in the remaining capacity ${remaining}`);
      }
      remaining -= weights[pick];
      taken[taken.length] = ids[pick];
      removeAt(weights, pick);
      removeAt(values, pick);
      removeAt(ids, pick);
    }
    return taken;
  };
})();
