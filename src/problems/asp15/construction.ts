/**
 * The symmetric admissible-set construction used by the reference (the FunSearch/ReEvo variant): n coordinates
 * form n/3 groups; each group takes one of 7 codes standing for a triple of values. Candidate vectors are the
 * code tuples of total weight w; a greedy picks them by priority, and each picked row expands to all cyclic
 * rotations of its groups.
 */
export const TRIPLES: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [0, 0, 1],
  [0, 0, 2],
  [0, 1, 2],
  [0, 2, 1],
  [1, 1, 1],
  [2, 2, 2],
];
const CODES = TRIPLES.length;
/** Number of non-zero entries of each code's triple. */
const GROUP_WEIGHT = [0, 1, 1, 2, 2, 3, 3];
/** Distinct cyclic rotations of each code's triple (1 when all three values are equal). */
const ROTATIONS = [1, 3, 3, 3, 3, 1, 1];

/** Code triples (as sorted multisets) that break admissibility when they appear in every group. */
const BAD = ((): Uint8Array => {
  const bad = new Uint8Array(CODES * CODES * CODES);
  const sortedBad: [number, number, number][] = [[1, 1, 2], [1, 2, 3], [1, 2, 4], [3, 3, 4], [3, 4, 5], [3, 4, 6], [5, 5, 6]];
  for (let b = 0; b < CODES; b++) for (let a = 0; a <= b; a++) sortedBad.push([a, b, b]);
  for (const [a, b, c] of sortedBad) {
    for (const [i, j, k] of [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]) {
      bad[(i * CODES + j) * CODES + k] = 1;
    }
  }
  return bad;
})();

/** All code tuples of `groups` codes with total weight w, in lexicographic order, flattened. */
export function childCodes(groups: number, w: number): Uint8Array {
  const out: number[] = [];
  const tuple = new Array<number>(groups).fill(0);
  const visit = (g: number, weight: number): void => {
    if (g === groups) {
      if (weight === w) out.push(...tuple);
      return;
    }
    for (let code = 0; code < CODES; code++) {
      tuple[g] = code;
      visit(g + 1, weight + GROUP_WEIGHT[code]);
    }
  };
  visit(0, 0);
  return Uint8Array.from(out);
}

/**
 * Greedy selection by priority (highest first, lowest index on ties); returns the picked children in order.
 * After each pick e, a remaining child c survives only if its group-weight profile is incomparable with e's and
 * no earlier pick x makes (x, e, c) bad in every group.
 */
export function selectAdmissible(codes: Uint8Array, groups: number, priorities: Float64Array): number[] {
  const count = priorities.length;
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => (priorities[a] > priorities[b] ? -1 : priorities[a] < priorities[b] ? 1 : a - b));
  const alive = new Uint8Array(count).fill(1);
  const picked: number[] = [];
  // badMasks[p * groups + g]: bit c set when (picked[p]_g, e_g, c) is bad, for the current pick e.
  const badMasks: number[] = [];

  for (const e of order) {
    if (!alive[e]) continue;
    alive[e] = 0;
    const eBase = e * groups;
    badMasks.length = 0;
    for (const x of picked) {
      for (let g = 0; g < groups; g++) {
        const pair = (codes[x * groups + g] * CODES + codes[eBase + g]) * CODES;
        let mask = 0;
        for (let c = 0; c < CODES; c++) if (BAD[pair + c]) mask |= 1 << c;
        badMasks.push(mask);
      }
    }
    for (let c = 0; c < count; c++) {
      if (alive[c] && !(incomparable(codes, eBase, c * groups, groups) && !badWithEarlier(codes, c * groups, groups, badMasks))) {
        alive[c] = 0;
      }
    }
    picked.push(e);
  }
  return picked;
}

/** Size of the set after expanding every picked row to all cyclic rotations of its groups. */
export function expandedSize(codes: Uint8Array, groups: number, picked: readonly number[]): number {
  let size = 0;
  for (const row of picked) {
    let expanded = 1;
    for (let g = 0; g < groups; g++) expanded *= ROTATIONS[codes[row * groups + g]];
    size += expanded;
  }
  return size;
}

function incomparable(codes: Uint8Array, a: number, b: number, groups: number): boolean {
  let less = false;
  let greater = false;
  for (let g = 0; g < groups; g++) {
    const wa = GROUP_WEIGHT[codes[a + g]];
    const wb = GROUP_WEIGHT[codes[b + g]];
    if (wa < wb) less = true;
    else if (wa > wb) greater = true;
  }
  return less && greater;
}

function badWithEarlier(codes: Uint8Array, c: number, groups: number, badMasks: readonly number[]): boolean {
  for (let p = 0; p < badMasks.length; p += groups) {
    let allBad = true;
    for (let g = 0; g < groups && allBad; g++) allBad = (badMasks[p + g] & (1 << codes[c + g])) !== 0;
    if (allBad) return true;
  }
  return false;
}
