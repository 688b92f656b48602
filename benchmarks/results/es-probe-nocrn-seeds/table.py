"""The tables of results.md: issue 10's probe line per seed (0-2) on the no-CRN default, and each task's gain over
the three seeds. Reads the committed probe files; a missing one is shown as such. `probe_path` is where a
budget-1000 Sample+ES probe of the no-CRN default lives (also read by power.py and ../es-probe-b2000/table.py).

    python3 benchmarks/results/es-probe-nocrn-seeds/table.py
"""
import pathlib
import sys
from importlib import import_module

R = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(R.parent))
tails = import_module('es-probe-tails')
SIGN, signed_gain, mean_se = tails.SIGN, tails.signed_gain, tails.mean_se


def probe_path(task, seed):
    if task == 'tsp50':
        return R / f'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r{seed}/probe.json'
    if seed == 0:
        return R / f'es-probe-nocrn/runs/{task}-r0/probe.json'
    return R / f'es-probe-nocrn-seeds/runs/{task}-r{seed}.probe.json'


def main():
    print('| task | seed 0: gain (paired SE), in SE | seed 1 | seed 2 | mean over seeds (SE across seeds) |')
    print('|---|---|---|---|---|')
    counts = {seed: [0, 0, 0] for seed in range(3)}  # better, beyond two SE, probed
    for task in SIGN:
        cells, gains = [], []
        for seed in range(3):
            g = signed_gain(task, probe_path(task, seed))
            if g is None:
                cells.append('not yet')
                continue
            value, se = g
            gains.append(value)
            counts[seed][0] += value > 0
            counts[seed][1] += value > 2 * se
            counts[seed][2] += 1
            cells.append(f'{value:+.4g} ({se:.3g}), {value / se:+.2f}')
        if len(gains) > 1:
            mean, se = mean_se(gains)
            summary = f'{mean:+.4g} ({se:.3g}), n={len(gains)}'
        else:
            summary = '-'
        print(f"| {task} | {' | '.join(cells)} | {summary} |")
    print()
    for seed, (better, beyond, probed) in counts.items():
        verdict = 'met' if probed == 6 and better == 6 and beyond >= 4 else ('not met' if probed == 6 else 'incomplete')
        print(f'- seed {seed}: tuned better than base on {better} of {probed} tasks probed, beyond two paired SE on {beyond}: {verdict}')


if __name__ == '__main__':
    main()
