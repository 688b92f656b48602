import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFlags, resolveLibrary } from './helpers.ts';

/** The settings of issue 29: the ES arm, the reward, its quantile, one parent per seed and the warm start. */
describe('ES arms, rewards and warm start in the run config', () => {
  const base = ['--problem', 'tsp50', '--model', '/m'];

  it('are ES settings: flags and library documents resolve into the ES parameters, the warm start as an absolute path', () => {
    const es = resolveFlags(
      ...base, '--scaffold', 'eoh', '--es', '--es-mode', 'noise-only', '--es-reward', 'exceed-quantile', '--es-reward-quantile', '0.25', '--es-same-parent', '--init-from', 'runs/a',
    ).es;
    expect(es).toMatchObject({ mode: 'noise-only', reward: 'exceed-quantile', rewardQuantile: 0.25, sameParent: true, initFrom: join(process.cwd(), 'runs/a') });
    const library = resolveLibrary({ problem: 'tsp50', search: { scaffold: 'sample' }, es: { enabled: true, mode: 'update-only', reward: 'max' } }).es;
    expect(library).toMatchObject({ mode: 'update-only', reward: 'max' });
  });

  it('refuses bad values and misuses, naming the flag', () => {
    expect(() => resolveFlags(...base, '--scaffold', 'eoh', '--es', '--es-mode', 'half')).toThrow(/--es-mode: must be one of full, noise-only, update-only/);
    expect(() => resolveFlags(...base, '--scaffold', 'eoh', '--es', '--es-reward-quantile', '2')).toThrow(/--es-reward-quantile: must be in \[0, 1\]/);
    expect(() => resolveFlags(...base, '--scaffold', 'sample', '--es', '--es-reward', 'improvement')).toThrow(/--es-reward improvement needs parents: EoH only/);
    expect(() => resolveFlags(...base, '--scaffold', 'eoh', '--init-from', 'runs/a')).toThrow(/--init-from: ES settings without ES/);
  });
});
