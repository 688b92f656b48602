"""Per task: the probe gain of the budget-2000 seed-0 Sample+ES run beside the budget-1000 one (README.md).

    python3 benchmarks/results/es-probe-b2000/table.py
"""
import json
import pathlib
import sys
from importlib import import_module

HERE = pathlib.Path(__file__).resolve().parent
R = HERE.parent
sys.path.insert(0, str(R.parent))
SIGN = import_module('es-probe-tails').SIGN


def b1000(task):
    if task == 'tsp50':
        return R / 'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r0/probe.json'
    return R / f'es-probe-nocrn/runs/{task}-r0/probe.json'


def cell(path, task):
    if not path.exists():
        return 'not probed', None
    p = json.loads(path.read_text())['paired']
    g = SIGN[task] * p['meanDiff']
    return f"{g:+.4g} ({p['pairedSe']:.3g}), {g / p['pairedSe']:+.2f} SE", g


print('| task | budget 1000: gain (paired SE), in SE | budget 2000 | larger at 2000 |')
print('|---|---|---|---|')
for task in ['tsp50', 'kp100', 'aco-tsp50', 'asp15', 'aco-cvrp50', 'aco-bpp500']:
    a, ga = cell(b1000(task), task)
    b, gb = cell(HERE / f'runs/{task}-r0.probe.json', task)
    larger = '-' if ga is None or gb is None else ('yes' if gb > ga else 'no')
    print(f'| {task} | {a} | {b} | {larger} |')
