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
 * step, so it is a radix sort (rankByLogit) rather than a comparison sort.
 */
export function topPProcessor(p: number): LogitsProcessor {
  let weights = new Float64Array(0);
  return (logits) => {
    const ranked = rankByLogit(logits);
    if (weights.length < ranked.length) weights = new Float64Array(ranked.length);
    const max = logits[ranked[0]]; // the first ranked is the largest logit
    let total = 0;
    for (let k = 0; k < ranked.length; k++) total += weights[k] = Math.exp(logits[ranked[k]] - max);
    let mass = 0;
    let kept = 0;
    while (kept < ranked.length && mass < p * total) mass += weights[kept++];
    for (let j = Math.max(kept, 1); j < ranked.length; j++) logits[ranked[j]] = -Infinity;
  };
}

/** Scratch of rankByLogit, grown to the largest vocabulary seen (one per thread: modules are per thread). */
let keys = new Uint32Array(0);
let ids = new Uint32Array(0);
let keysTmp = new Uint32Array(0);
let idsTmp = new Uint32Array(0);
const counts = new Uint32Array(256);

/**
 * The ids of the tokens that are not masked, by logit descending, ties by id ascending (-0 and +0 tie). A float32
 * logit's bits map to an unsigned key whose ascending order is the logits' descending order; a stable LSD radix
 * sort on it (four byte passes), fed the ids in ascending order, leaves ties by id: the order the comparator gives,
 * in linear time. A NaN logit has no place in it: then the comparator decides, as it did.
 */
export function rankByLogit(logits: Float32Array): Uint32Array {
  const n = logits.length;
  if (keys.length < n) [keys, ids, keysTmp, idsTmp] = [0, 1, 2, 3].map(() => new Uint32Array(n));
  const bits = new Uint32Array(logits.buffer, logits.byteOffset, n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const logit = logits[i];
    if (logit === -Infinity) continue;
    if (logit !== logit) return rankByComparator(logits);
    const b = logit === 0 ? 0 : bits[i]; // -0 as +0
    // Ascending float order as unsigned bits (negatives flipped whole, positives with the sign bit set), then negated.
    keys[m] = b & 0x80000000 ? b : ~(b | 0x80000000) >>> 0;
    ids[m++] = i;
  }
  let fromKeys = keys;
  let fromIds = ids;
  let toKeys = keysTmp;
  let toIds = idsTmp;
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let k = 0; k < m; k++) counts[(fromKeys[k] >>> shift) & 255]++;
    if (counts[(fromKeys[0] >>> shift) & 255] === m) continue; // every key shares this byte: already in order
    for (let d = 0, at = 0; d < 256; d++) {
      const c = counts[d];
      counts[d] = at;
      at += c;
    }
    for (let k = 0; k < m; k++) {
      const to = counts[(fromKeys[k] >>> shift) & 255]++;
      toKeys[to] = fromKeys[k];
      toIds[to] = fromIds[k];
    }
    const sortedKeys = toKeys;
    const sortedIds = toIds;
    toKeys = fromKeys;
    toIds = fromIds;
    fromKeys = sortedKeys;
    fromIds = sortedIds;
  }
  return fromIds.slice(0, m);
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
