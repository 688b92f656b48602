/**
 * Logits processors: each edits next-token logits in place (masked tokens become -Infinity). Applied in order
 * temperature, top-k, top-p, as Hugging Face's samplers do.
 */
export type LogitsProcessor = (logits: Float32Array) => void;

export function temperatureProcessor(temperature: number): LogitsProcessor {
  const inverse = 1 / temperature;
  return (logits) => {
    for (let i = 0; i < logits.length; i++) logits[i] *= inverse;
  };
}

/** Keeps the k highest logits (ties at the k-th value are all kept). */
export function topKProcessor(k: number): LogitsProcessor {
  return (logits) => {
    if (k >= logits.length) return;
    const threshold = Float32Array.from(logits).sort()[logits.length - k];
    for (let i = 0; i < logits.length; i++) if (logits[i] < threshold) logits[i] = -Infinity;
  };
}

/**
 * Keeps the smallest set of most likely tokens whose probability mass reaches p (always at least one). Tokens are
 * ranked by logit, then by id, and their probabilities summed in that order; the ranking runs once per token
 * step, so it sorts packed numeric keys natively (rankByLogit) instead of calling a comparator ~10^4 times.
 */
export function topPProcessor(p: number): LogitsProcessor {
  return (logits) => {
    const ranked = rankByLogit(logits);
    let max = -Infinity;
    for (const i of ranked) if (logits[i] > max) max = logits[i];
    const weights = new Float64Array(ranked.length);
    let total = 0;
    for (let k = 0; k < ranked.length; k++) total += weights[k] = Math.exp(logits[ranked[k]] - max);
    let mass = 0;
    let kept = 0;
    while (kept < ranked.length && mass < p * total) mass += weights[kept++];
    for (let j = Math.max(kept, 1); j < ranked.length; j++) logits[ranked[j]] = -Infinity;
  };
}

/**
 * The ids of the tokens that are not masked, by logit descending, ties by id ascending (-0 and +0 tie). Each key
 * packs a float32 logit's order-preserving bits above its id's complement into one exact integer below 2^53, so a
 * plain numeric sort gives that order. A NaN logit has no place in it: then the comparator decides, as it did.
 */
export function rankByLogit(logits: Float32Array): Uint32Array {
  const idBits = Math.max(1, Math.ceil(Math.log2(logits.length)));
  const span = 2 ** idBits;
  if (idBits > 21) return rankByComparator(logits); // 32 + 21 bits: the most a double holds exactly
  const bits = new Uint32Array(1);
  const value = new Float32Array(bits.buffer);
  const keys = new Float64Array(logits.length);
  let m = 0;
  for (let i = 0; i < logits.length; i++) {
    const logit = logits[i];
    if (logit === -Infinity) continue;
    if (logit !== logit) return rankByComparator(logits);
    value[0] = logit === 0 ? 0 : logit; // -0 as +0
    const b = bits[0];
    const ordered = b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
    keys[m++] = ordered * span + (span - 1 - i);
  }
  const sorted = keys.subarray(0, m).sort();
  const ranked = new Uint32Array(m);
  for (let k = 0; k < m; k++) ranked[k] = span - 1 - (sorted[m - 1 - k] % span);
  return ranked;
}

function rankByComparator(logits: Float32Array): Uint32Array {
  const ids: number[] = [];
  for (let i = 0; i < logits.length; i++) if (logits[i] !== -Infinity) ids.push(i);
  ids.sort((a, b) => logits[b] - logits[a] || a - b);
  return Uint32Array.from(ids);
}

/** The processors for a sampling configuration (none when decoding is greedy). */
export function logitsProcessors(options: { temperature: number; topK: number; topP: number }): LogitsProcessor[] {
  if (options.temperature === 0) return [];
  const processors: LogitsProcessor[] = [];
  if (options.temperature !== 1) processors.push(temperatureProcessor(options.temperature));
  if (options.topK > 0) processors.push(topKProcessor(options.topK));
  if (options.topP < 1) processors.push(topPProcessor(options.topP));
  return processors;
}
