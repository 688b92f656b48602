/**
 * A small, fast seeded generator for the ACO solvers' inner loops (xoshiro128**, seeded through splitmix32).
 * The engine's createRng (seedrandom alea) is the project-wide stream; the solvers draw millions of numbers per
 * candidate, so they use this allocation-free generator instead. Same seed => same stream, on every platform.
 */
export interface FastRng {
  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n), n >= 1. */
  int(n: number): number;
}

export function createFastRng(seed: number): FastRng {
  // splitmix32 expands one 32-bit seed into four well-mixed, not-all-zero state words.
  let s = seed >>> 0;
  const mix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  if ((a | b | c | d) === 0) a = 1;

  const nextUint32 = (): number => {
    const t = b << 9;
    let r = Math.imul(b, 5);
    r = Math.imul((r << 7) | (r >>> 25), 9);
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return r >>> 0;
  };
  return {
    next: () => nextUint32() / 4294967296,
    int: (n: number) => Math.floor((nextUint32() / 4294967296) * n),
  };
}
