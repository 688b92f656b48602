#!/usr/bin/env python3
"""Where in the distribution ES moves what the model writes: from the probe.json files of a study's runs
(`ahd probe --run`, 200 paired i1 samples from the base and the tuned model), the tuned-minus-base change of the
mean, the median and the best of the samples, per task, signed so that positive is better for the task.

    benchmarks/es-probe-tails.py <study-dir> [<run-glob> (default es-late-s*)]

<study-dir> holds scope-<task>/runs/<run>/probe.json (benchmarks/results/es-scope-six/). Prints a markdown table.
Also the probe readers the other probe tables import: SIGN, signed_gain, mean_sd, mean_se.
"""
import math
import statistics as st
import sys

import runfiles

SIGN = {'tsp50': -1, 'kp100': 1, 'asp15': 1, 'aco-tsp50': -1, 'aco-cvrp50': -1, 'aco-bpp500': -1}


def signed_gain(task, path):
    """A probe file's tuned-minus-base mean, positive when better for the task, and its paired SE; None if absent."""
    probe = runfiles.read_json(path)
    if probe is None:
        return None
    paired = probe['paired']
    return SIGN[task] * paired['meanDiff'], paired['pairedSe']


def mean_sd(xs):
    """Mean and sample standard deviation (nan for one value)."""
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else float('nan')


def mean_se(xs):
    """Mean and standard error of the mean (None for one value)."""
    m, sd = mean_sd(xs)
    return m, sd / math.sqrt(len(xs)) if len(xs) > 1 else None


def summary(values):
    se = st.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float('nan')
    return f'{st.mean(values):+.4g} (SE {se:.2g})'


def main():
    study = sys.argv[1]
    pattern = sys.argv[2] if len(sys.argv) > 2 else 'es-late-s*'
    print('| task | runs | mean gain | median gain | median unchanged | best-of-200 gain | best better / worse / same | valid share change |')
    print('|---|---|---|---|---|---|---|---|')
    for task, sign in SIGN.items():
        rows = []
        for path in runfiles.glob(study, f'scope-{task}/runs/{pattern}/probe.json'):
            probe = runfiles.read_json(path)
            base, tuned = probe['base'], probe['tuned']
            rows.append({key: sign * (tuned[key] - base[key]) for key in ('mean', 'median', 'best')} | {'valid': tuned['validShare'] - base['validShare']})
        if not rows:
            continue
        best = [r['best'] for r in rows]
        better, worse = sum(b > 0 for b in best), sum(b < 0 for b in best)
        print(f"| {task} | {len(rows)} | {summary([r['mean'] for r in rows])} | {summary([r['median'] for r in rows])} | "
              f"{sum(r['median'] == 0 for r in rows)} of {len(rows)} | {summary(best)} | {better} / {worse} / {len(rows) - better - worse} | "
              f"{st.mean(r['valid'] for r in rows):+.3f} |")


if __name__ == '__main__':
    main()
