/**
 * Inside ahd every objective is minimised (a maximisation task's objective is stored negated); users see the
 * natural sign (tour length, total value, set size, bins). The one place the sign flips between the two. The
 * flip is its own inverse, so it also turns a natural value into the minimised one.
 */
export type Sense = 'min' | 'max';

export function naturalSign(sense: Sense, objective: number): number {
  return sense === 'max' ? -objective : objective;
}
