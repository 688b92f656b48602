import seedrandom from 'seedrandom';

/**
 * Seeded random streams. Every random choice in ahd draws from an Rng made here, so the same seed gives the
 * same run. States serialise to JSON so a resumed run continues the exact stream.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Snapshot of the generator state (JSON-serialisable). */
  state(): RngState;
}
export type RngState = { readonly kind: 'alea'; readonly s: unknown };

export function createRng(seed: number | string, state?: RngState): Rng {
  const prng = seedrandom.alea(String(seed), { state: state ? (state.s as seedrandom.State.Alea) : true });
  return {
    next: () => prng(),
    int: (n: number) => {
      if (!Number.isInteger(n) || n <= 0) throw new RangeError(`Rng.int: n must be a positive integer, got ${n}`);
      return Math.floor(prng() * n);
    },
    state: () => ({ kind: 'alea', s: prng.state() }),
  };
}

/** 32-bit FNV-1a hash of a string: stable across platforms, used to derive named seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seed for a named sub-stream: deriveSeed(runSeed, 'llm') is independent of deriveSeed(runSeed, 'es'). */
export function deriveSeed(seed: number, name: string): number {
  return hash32(`${seed >>> 0}:${name}`);
}
