"""The screen's rule (README.md): per lever, the per-seed gain over the baseline averaged over test20 and test50, its
mean and SE over seeds 0-4, the valid shares, and the distinct-answer share per window of 200 samples.

    python3 benchmarks/results/es-levers-tsp50/verdict.py
"""
import math
import pathlib
import statistics as st
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
from importlib import import_module

tails = import_module('es-candidate-tails')
summary = import_module('paired-gain').summary
BASE = HERE.parent / 'es-sample-no-crn' / 'runs' / 'tsp50-sample-es-nocrn-b1000-r'
SEEDS = range(5)


def distinct(prefix, seed):
    c = tails.candidates(f'{prefix}{seed}')
    return [tails.window_stats(c[i:i + 200])['distinct'] for i in range(0, 1000, 200)]


print('| lever | gain over both splits, per seed | mean (SE) | in SE | valid share (baseline) | distinct answers per window, mean over seeds | verdict |')
print('|---|---|---|---|---|---|---|')
base = {s: summary(BASE, s) for s in SEEDS}
for lever in ('no-antithetic', 'zscore', 'sigma-floor', 'samples-1'):
    prefix = HERE / 'runs' / f'{lever}-r'
    runs = {s: summary(prefix, s) for s in SEEDS}
    gains = [-st.mean(runs[s]['best']['test'][k] - base[s]['best']['test'][k] for k in ('test20', 'test50')) for s in SEEDS]
    mean, se = st.mean(gains), st.stdev(gains) / math.sqrt(len(gains))
    valid = sum(r['valid'] for r in runs.values()) / sum(r['samples'] for r in runs.values())
    base_valid = sum(r['valid'] for r in base.values()) / sum(r['samples'] for r in base.values())
    windows = [distinct(prefix, s) for s in SEEDS]
    shares = ' '.join(f'{st.mean(w[i] for w in windows):.2f}' for i in range(5))
    adopt = mean > 0 and mean > 2 * se and valid >= base_valid - 0.05
    verdict = 'adopted' if adopt else ('worse beyond 2 SE' if mean < -2 * se else 'no measurable effect')
    print(f"| {lever} | {' '.join(f'{g:+.4f}' for g in gains)} | {mean:+.4f} ({se:.4f}) | {mean / se:+.2f} | {valid:.3f} ({base_valid:.3f}) | {shares} | {verdict} |")
