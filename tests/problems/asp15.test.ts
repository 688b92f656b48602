import { describe, expect, it } from 'vitest';
import { asp15 } from '../../src/problems/asp15/index.ts';
import { childCodes, expandedSize, selectAdmissible, TRIPLES } from '../../src/problems/asp15/construction.ts';
import { InvalidSolution } from '../../src/problems/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';

const rule = (body: string) => `function priority(el, n, w) { ${body} }`;

describe('asp15 golden value', () => {
  it.each(['train', 'n15w10'])('constant priority on %s (n = 15, w = 10) gives 1842', (split) => {
    const outcome = evaluateNative(asp15, split, asp15.seedCode, { seed: 0 });
    expect(outcome).toMatchObject({ status: 'ok', objective: -1842, valid: 1, count: 1 });
  });
});

describe('asp15 candidate vectors', () => {
  it('are the lexicographic code tuples of total weight w', () => {
    const codes = childCodes(5, 10);
    expect(codes.length / 5).toBe(2432);
    const [instance] = asp15.loadSplit('n12w7');
    const input = instance.input as { codes: number[]; groups: number };
    expect(input.codes.length / input.groups).toBe(448);
    // Every vector the candidate sees has length n and exactly w non-zero entries.
    // Native evaluation runs in this process, so the candidate can hand its inputs back through a global.
    const store = globalThis as { aspSeen?: number[][] };
    store.aspSeen = [];
    const spy = `function priority(el, n, w) { globalThis.aspSeen.push(el.slice()); return 0; }`;
    expect(evaluateNative(asp15, 'n12w7', spy, { seed: 0 }).status).toBe('ok');
    const seen = store.aspSeen;
    delete store.aspSeen;
    expect(seen).toHaveLength(448);
    for (const el of seen) {
      expect(el).toHaveLength(12);
      expect(el.filter((v) => v !== 0)).toHaveLength(7);
    }
    expect(seen[0]).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]); // codes (0, 1, 5, 5): first in lexicographic order
  });
});

/** Expands picked rows to all cyclic rotations of each group's triple. */
function expand(codes: Uint8Array, groups: number, picked: number[]): number[][] {
  let rows: number[][] = [];
  for (const p of picked) {
    let partial: number[][] = [[]];
    for (let g = 0; g < groups; g++) {
      const [x, y, z] = TRIPLES[codes[p * groups + g]];
      const rotations = x === y && y === z ? [[x, y, z]] : [[x, y, z], [z, x, y], [y, z, x]];
      partial = partial.flatMap((prefix) => rotations.map((r) => [...prefix, ...r]));
    }
    rows = rows.concat(partial);
  }
  return rows;
}

/** The definition, checked by brute force: distinct supports and a good coordinate in every triple of vectors. */
function isAdmissible(rows: number[][], w: number): boolean {
  const supports = new Set(rows.map((r) => r.map((v) => (v ? 1 : 0)).join('')));
  if (supports.size !== rows.length || rows.some((r) => r.filter((v) => v).length !== w)) return false;
  const good = (a: number, b: number, c: number) => {
    const s = [a, b, c].sort().join('');
    return s === '012' || s === '001' || s === '002';
  };
  for (let i = 0; i < rows.length; i++)
    for (let j = i + 1; j < rows.length; j++)
      for (let k = j + 1; k < rows.length; k++) {
        if (!rows[i].some((_, c) => good(rows[i][c], rows[j][c], rows[k][c]))) return false;
      }
  return true;
}

describe('asp15 greedy construction', () => {
  it('builds an admissible set whose size is the expansion count (n = 9, w = 5, two priority orders)', () => {
    const codes = childCodes(3, 5);
    const count = codes.length / 3;
    for (const priorities of [new Float64Array(count).fill(1), Float64Array.from({ length: count }, (_, i) => (i * 7919) % 101)]) {
      const picked = selectAdmissible(codes, 3, priorities);
      const rows = expand(codes, 3, picked);
      expect(rows.length).toBe(expandedSize(codes, 3, picked));
      expect(rows.length).toBeGreaterThan(10);
      expect(isAdmissible(rows, 5)).toBe(true);
    }
  });

  it('picks the highest priority first and the lowest index among ties', () => {
    const codes = childCodes(3, 5);
    const count = codes.length / 3;
    const priorities = new Float64Array(count).fill(0);
    priorities[7] = 2;
    priorities[3] = 1;
    priorities[5] = 1;
    const picked = selectAdmissible(codes, 3, priorities);
    expect(picked[0]).toBe(7);
    const tiesIn = picked.filter((p) => p === 3 || p === 5);
    if (tiesIn.length === 2) expect(picked.indexOf(3)).toBeLessThan(picked.indexOf(5));
    // Infinity ranks like any number.
    priorities[9] = Infinity;
    expect(selectAdmissible(codes, 3, priorities)[0]).toBe(9);
  });

  it('priorities change the result (the greedy is driven by the candidate)', () => {
    const outcome = evaluateNative(asp15, 'train', rule('let s = 0; for (let i = 0; i < n; i++) s += el[i] * (i + 1); return -s;'), { seed: 0 });
    expect(outcome.status).toBe('ok');
    expect(outcome.status === 'ok' && outcome.objective).not.toBe(-1842);
  });
});

describe('asp15 invalid priorities', () => {
  it.each([
    ['NaN', 'return NaN;', /NaN/],
    ['a string', 'return "1";', /not a number/],
    ['undefined', 'return;', /undefined/],
    ['a throw', 'throw new Error("nope");', /nope/],
  ])('%s makes the candidate invalid', (_name, body, reason) => {
    const outcome = evaluateNative(asp15, 'train', rule(body), { seed: 0 });
    expect(outcome.status).toBe('invalid');
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(reason);
  });

  it('the scorer rejects a wrong number of priorities or a NaN', () => {
    const [instance] = asp15.loadSplit('n12w7');
    const ctx = { mode: 'test' as const, split: 'n12w7', index: 0, size: 12 };
    expect(() => asp15.score(new Float64Array(447), instance, ctx)).toThrow(InvalidSolution);
    const withNaN = new Float64Array(448);
    withNaN[3] = NaN;
    expect(() => asp15.score(withNaN, instance, ctx)).toThrow(InvalidSolution);
  });
});
