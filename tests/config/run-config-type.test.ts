import { describe, expect, it } from 'vitest';
import type { run } from '../../src/api/run.ts';

/**
 * The library's run() input is typed (`npm run typecheck` compiles this file): numbers are numbers, the problem
 * and the scaffold are required for a new run, a resume needs only its directory. Each @ts-expect-error below
 * fails the typecheck if the type ever lets that call through.
 */
type Input = Parameters<typeof run>[0];
const accept = (input: Input) => input;

describe('the RunConfig type', () => {
  it('takes a nested config with numbers as numbers', () => {
    const ok = [
      accept({ problem: 'tsp50', search: { scaffold: 'eoh', budget: 1000, seed: 0 }, es: { enabled: true, alpha: 0.01 }, io: { out: 'runs/x' } }),
      accept({ io: { out: 'runs/x', resume: true } }),
      // @ts-expect-error a budget is a number
      accept({ problem: 'tsp50', search: { scaffold: 'eoh', budget: 'x' } }),
      // @ts-expect-error so is an ES parameter
      accept({ problem: 'tsp50', search: { scaffold: 'eoh' }, es: { enabled: true, alpha: { nonsense: true } } }),
      // @ts-expect-error the scaffold is required on a new run
      accept({ problem: 'tsp50', search: { budget: 1000 } }),
      // @ts-expect-error so is the problem
      accept({ search: { scaffold: 'eoh' } }),
      // @ts-expect-error a flat (flag-named) field is no setting
      accept({ problem: 'tsp50', search: { scaffold: 'eoh' }, budget: 1000 }),
      // @ts-expect-error one of the scaffolds
      accept({ problem: 'tsp50', search: { scaffold: 'eoh2' } }),
    ];
    expect(ok).toHaveLength(8);
  });
});
