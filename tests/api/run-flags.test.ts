import { describe, expect, it, vi } from 'vitest';
import { parseRunSpec, resolveRunSettings } from '../../src/api/run-spec.ts';

/** The ahd run flags as commander reads them (a fresh command each time), through the spec to the ES settings. */
async function esOf(...argv: string[]) {
  vi.resetModules();
  const { runCommand } = await import('../../src/cli/run.ts');
  let opts: Record<string, unknown> = {};
  runCommand.exitOverride().action(function (this: typeof runCommand) {
    opts = this.opts();
  });
  runCommand.parse(['--problem', 'tsp50', '--scaffold', 'sample', '--es', '--model', '/m', ...argv], { from: 'user' });
  return resolveRunSettings(parseRunSpec(opts)).es!;
}

describe('ahd run ES switches', () => {
  it('default-on switches have a --no- form that turns them off; common random numbers are off unless asked', async () => {
    expect(await esOf()).toMatchObject({ antithetic: true, commonRandomNumbers: false, skipZeroSigmaUpdate: true });
    expect(await esOf('--no-es-antithetic', '--no-es-crn', '--no-es-skip-zero-sigma')).toMatchObject({
      antithetic: false,
      commonRandomNumbers: false,
      skipZeroSigmaUpdate: false,
    });
    expect(await esOf('--es-crn')).toMatchObject({ commonRandomNumbers: true });
    expect(await esOf('--es-crn', 'all')).toMatchObject({ commonRandomNumbers: true });
    expect(await esOf('--alpha-schedule', 'sigma')).toMatchObject({ alphaSchedule: 'sigma' });
    expect((await esOf()).alphaSchedule).toBeUndefined();
    expect(await esOf('--es-sample-reward', 'rank')).toMatchObject({ sampleReward: 'rank' });
    expect((await esOf()).sampleReward).toBeUndefined();
    await expect(esOf('--es-sample-reward', 'median')).rejects.toThrow(/objective or rank/);
    expect(await esOf('--es-crn', 'pairs')).toMatchObject({ commonRandomNumbers: 'pairs' });
    await expect(esOf('--es-crn', 'some')).rejects.toThrow(/esCrn|es-crn/);
    expect(await esOf('--es-preset', 'reference', '--es-antithetic')).toMatchObject({ antithetic: true, commonRandomNumbers: false });
  });
});
