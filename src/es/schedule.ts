/** Sigma schedules over the generations g = 0 .. T-1 of a run (one step per generation / batch). */

export type SigmaSchedule = 'cosine' | 'constant';

/**
 * cosine: sigma(g) = s0 + (sEnd - s0) * 0.5 * (1 - cos(pi * g / (T - 1))), from s0 at g = 0 to sEnd at g = T-1
 * (T = 1: s0). constant: s0. No warm-up, as the reference runs.
 */
export function sigmaAt(schedule: SigmaSchedule, g: number, T: number, s0: number, sEnd: number): number {
  if (!Number.isInteger(T) || T < 1) throw new RangeError(`sigma schedule: T must be a positive integer, got ${T}`);
  if (!Number.isInteger(g) || g < 0 || g >= T) throw new RangeError(`sigma schedule: generation ${g} outside 0..${T - 1}`);
  if (schedule === 'constant' || T === 1) return s0;
  return s0 + (sEnd - s0) * 0.5 * (1 - Math.cos((Math.PI * g) / (T - 1)));
}
