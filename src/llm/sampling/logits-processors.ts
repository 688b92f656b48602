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

/** Keeps the smallest set of most likely tokens whose probability mass reaches p (always at least one). */
export function topPProcessor(p: number): LogitsProcessor {
  return (logits) => {
    const candidates: number[] = [];
    let max = -Infinity;
    for (let i = 0; i < logits.length; i++) {
      if (logits[i] === -Infinity) continue;
      candidates.push(i);
      if (logits[i] > max) max = logits[i];
    }
    candidates.sort((a, b) => logits[b] - logits[a] || a - b);
    let total = 0;
    for (const i of candidates) total += Math.exp(logits[i] - max);
    let mass = 0;
    let kept = 0;
    while (kept < candidates.length && mass < p * total) mass += Math.exp(logits[candidates[kept++]] - max);
    for (let j = Math.max(kept, 1); j < candidates.length; j++) logits[candidates[j]] = -Infinity;
  };
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
