"""ES+Sample with and without common random numbers, each against plain Sample, at the seeds both have (0-2; tsp50
budget 1000: 0-9), on the table's two test splits per task: the mean over seeds of the paired gain (positive = ES
better) with its SE, and no CRN against CRN directly. An observation from the table's two ES+Sample columns, not
a pre-registered study (the default changed by `../es-sample-no-crn/`, on tsp50 alone).

    python3 benchmarks/results/table-es-sample-crn/compare.py
"""
import math
import pathlib
import statistics as st
import sys
from importlib import import_module

R = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(R.parent))
SIGN = import_module('es-probe-tails').SIGN
read_json = import_module('runfiles').read_json
SPLITS = {'tsp50': ['test20', 'test50'], 'kp100': ['test100', 'test200'], 'asp15': ['n12w7', 'n15w10'],
          'aco-tsp50': ['test50', 'test100'], 'aco-cvrp50': ['test50', 'test100'], 'aco-bpp500': ['test500', 'test1000']}
RUNS = {'sample': R / 'table/runs', 'nocrn': R / 'table/runs', 'crn': R / 'table-es-sample-crn/runs'}


def test_mean(kind, task, budget, seed, split):
    name = f"{task}-sample{'' if kind == 'sample' else '-es'}-b{budget}-r{seed}"
    summary = read_json(RUNS[kind] / name / 'summary.json')
    return summary and summary['best']['test'][split]


def paired(task, budget, split, a, b):
    gains = []
    for seed in range(10):
        x, y = test_mean(a, task, budget, seed, split), test_mean(b, task, budget, seed, split)
        if x is not None and y is not None:
            gains.append(SIGN[task] * (x - y))
    if len(gains) < 2:
        return None
    return st.mean(gains), st.stdev(gains) / math.sqrt(len(gains)), len(gains)


def cell(result):
    return '-' if result is None else f'{result[0]:+.4g} ({result[1]:.2g}), n={result[2]}'


print('| task | split | budget | no CRN vs Sample | CRN vs Sample | no CRN vs CRN |')
print('|---|---|---:|---|---|---|')
tally = {'nocrn': [0, 0], 'crn': [0, 0]}
head = [0, 0, 0, 0]  # no CRN vs CRN: better in the mean, better beyond two SE, worse beyond two SE, settings
for task, splits in SPLITS.items():
    for budget in (1000, 2000):
        for split in splits:
            rows = {k: paired(task, budget, split, k, 'sample') for k in ('nocrn', 'crn')}
            if rows['nocrn'] is None and rows['crn'] is None:
                continue
            for kind, result in rows.items():
                if result is not None and rows['nocrn'] is not None and rows['crn'] is not None:
                    tally[kind][0] += result[0] > 0
                    tally[kind][1] += 1
            direct = paired(task, budget, split, 'nocrn', 'crn')
            if direct is not None:
                head[0] += direct[0] > 0
                head[1] += direct[0] > 2 * direct[1]
                head[2] += direct[0] < -2 * direct[1]
                head[3] += 1
            print(f"| {task} | {split} | {budget} | {cell(rows['nocrn'])} | {cell(rows['crn'])} | {cell(direct)} |")
print()
for kind, (better, total) in tally.items():
    print(f"- {'no CRN' if kind == 'nocrn' else 'CRN'}: ES+Sample better than Sample in the mean in {better} of the {total} settings both columns have")
print(f'- no CRN against CRN, paired: better in the mean in {head[0]} of {head[3]}, better beyond two SE in {head[1]}, worse beyond two SE in {head[2]}')
