import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../src/table/time-left.ts';
import type { Setting } from '../../src/table/settings.ts';

const run = (problem: string, scaffold: 'eoh' | 'sample', es: boolean, budget: number, seconds: number) =>
  ({ problem, scaffold, es, budget, summary: { seconds } }) as Parameters<typeof secondsLeft>[0][number];
const setting = (problem: Setting['problem'], scaffold: 'eoh' | 'sample', es: boolean, budget: number): Setting =>
  ({ problem, scaffold, es, budget, rep: 0 });

describe('secondsLeft (the table time left)', () => {
  const finished = [run('tsp50', 'eoh', false, 1000, 4320), run('tsp50', 'eoh', false, 1000, 4000), run('kp100', 'sample', false, 1000, 360)];

  it('prices each setting at its task and method pace, else its task, else all, per budgeted sample', () => {
    // tsp50 EoH: 8320 s over 2000 samples; tsp50 as a whole the same; all runs: 8680 s over 3000.
    expect(secondsLeft(finished, [setting('tsp50', 'eoh', false, 2000)], 1)).toBeCloseTo(8320);
    expect(secondsLeft(finished, [setting('tsp50', 'sample', true, 1000)], 1)).toBeCloseTo(4160);
    expect(secondsLeft(finished, [setting('asp15', 'eoh', false, 1000)], 1)).toBeCloseTo(8680 / 3);
    expect(secondsLeft(finished, [setting('kp100', 'sample', false, 1000)], 1)).toBeCloseTo(360);
  });

  it('an ES run is not priced at its scaffold without ES where its own method has finished runs', () => {
    const withEs = [...finished, run('kp100', 'sample', true, 1000, 720)];
    expect(secondsLeft(withEs, [setting('kp100', 'sample', true, 1000)], 1)).toBeCloseTo(720);
  });

  it('divides by the runs side by side, never by more lanes than runs left; unknown before any run finished', () => {
    const left = [setting('tsp50', 'eoh', false, 1000), setting('kp100', 'sample', false, 1000)];
    expect(secondsLeft(finished, left, 2)).toBeCloseTo((4160 + 360) / 2);
    expect(secondsLeft(finished, left.slice(0, 1), 4)).toBeCloseTo(4160);
    expect(secondsLeft([], left, 2)).toBeNaN();
  });
});
