// Constructive 0-1 knapsack harness (runs inside the sandbox with the candidate). Repeatedly offers the
// remaining capacity and the still-unselected items (fresh copies) and takes the item the candidate names;
// a taken item is removed, so indices shift. Returns the original indices of the taken items, in order; the
// trusted scorer replays them and checks that each fitted.
// Search and test differ as in the reference: in search an unusable answer (not an index, out of range, or an
// item that does not fit) is invalid; in test a missing answer (null/undefined) or an item that does not fit
// ends the construction, and only a non-index answer is invalid.
const kpIsInteger = Number.isInteger;
const kpIsArray = Array.isArray;
const KpError = Error;
const KP_TOLERANCE = 1e-12;

function kpInvalid(message) {
  const error = new KpError(message);
  error.name = 'InvalidSolution';
  return error;
}

function solve(candidate, input, ctx) {
  const search = ctx.mode === 'search';
  const weights = [];
  const values = [];
  const ids = [];
  for (let i = 0; i < input.weights.length; i++) {
    weights[i] = input.weights[i];
    values[i] = input.values[i];
    ids[i] = i;
  }
  let remaining = input.capacity;
  const taken = [];
  while (weights.length > 0 && remaining + KP_TOLERANCE >= kpMin(weights)) {
    let pick = candidate(remaining, kpCopy(weights), kpCopy(values));
    if (kpIsArray(pick) && pick.length === 1) pick = pick[0]; // a one-element array is accepted
    if (!search && (pick === null || pick === undefined)) break;
    if (typeof pick !== 'number' || !kpIsInteger(pick) || pick < 0 || pick >= weights.length) {
      throw kpInvalid(`item index ${String(pick)} is not in 0..${weights.length - 1}`);
    }
    if (weights[pick] > remaining + KP_TOLERANCE) {
      if (!search) break;
      throw kpInvalid(`item ${pick} (weight ${weights[pick]}) does not fit in the remaining capacity ${remaining}`);
    }
    remaining -= weights[pick];
    taken[taken.length] = ids[pick];
    kpRemove(weights, pick);
    kpRemove(values, pick);
    kpRemove(ids, pick);
  }
  return taken;
}

function kpMin(a) {
  let m = a[0];
  for (let i = 1; i < a.length; i++) if (a[i] < m) m = a[i];
  return m;
}

function kpCopy(a) {
  const out = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  return out;
}

function kpRemove(a, at) {
  for (let i = at; i + 1 < a.length; i++) a[i] = a[i + 1];
  a.length = a.length - 1;
}
