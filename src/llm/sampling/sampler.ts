import type { Rng } from '../../ground/rng.ts';

/** Picks the next token from processed logits. */
export type Sampler = (logits: Float32Array) => number;

/** Highest logit; the lowest index wins ties. */
export const greedySampler: Sampler = (logits) => {
  let best = 0;
  for (let i = 1; i < logits.length; i++) if (logits[i] > logits[best]) best = i;
  return best;
};

/** Draws from softmax(logits) with one uniform of the seeded stream per token. */
export function multinomialSampler(rng: Rng): Sampler {
  return (logits) => {
    let max = -Infinity;
    for (let i = 0; i < logits.length; i++) if (logits[i] > max) max = logits[i];
    // Masked tokens add exactly 0 to the total: skipping them (most of the vocabulary after top-p) changes nothing.
    let total = 0;
    for (let i = 0; i < logits.length; i++) if (logits[i] !== -Infinity) total += Math.exp(logits[i] - max);
    let u = rng.next() * total;
    let last = 0;
    for (let i = 0; i < logits.length; i++) {
      if (logits[i] === -Infinity) continue;
      u -= Math.exp(logits[i] - max);
      if (u < 0) return i;
      last = i;
    }
    return last; // rounding left a sliver of mass: the last allowed token takes it
  };
}

export const samplerFor = (temperature: number, rng: Rng): Sampler =>
  temperature === 0 ? greedySampler : multinomialSampler(rng);
