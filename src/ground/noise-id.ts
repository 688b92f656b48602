/**
 * The noise an ES backend moves weights by, as history.json and /es/status name it. A history replays only onto
 * weights moved by the same noise: ahd's own (es/noise.ts on the exact grid of es/grid.ts: in-process, `ahd
 * serve`), or the reference's torch noise (per-tensor torch.Generator seeded with seed XOR blake2b-8(name), float32
 * randn added in place: servers/, and the reference's own servers, which do not say).
 */
export const AHD_NOISE = 'ctr-ziggurat-v1';
export const TORCH_NOISE = 'torch';
export const NOISE_IDS = [AHD_NOISE, TORCH_NOISE] as const;
export type NoiseId = (typeof NOISE_IDS)[number];
