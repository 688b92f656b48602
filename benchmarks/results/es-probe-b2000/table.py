"""Per task: the probe gains of the budget-2000 Sample+ES runs beside the budget-1000 ones, per seed and in the mean
over the seeds probed at both budgets (README.md).

    python3 benchmarks/results/es-probe-b2000/table.py
"""
import importlib.util
import pathlib
import sys
from importlib import import_module

HERE = pathlib.Path(__file__).resolve().parent
R = HERE.parent
sys.path.insert(0, str(R.parent))
tails = import_module('es-probe-tails')
signed_gain, mean_se = tails.signed_gain, tails.mean_se
TASKS = ['tsp50', 'kp100', 'aco-tsp50', 'asp15', 'aco-cvrp50', 'aco-bpp500']


def load_probe_path():
    """probe_path of ../es-probe-nocrn-seeds/table.py: where a budget-1000 Sample+ES probe lives."""
    spec = importlib.util.spec_from_file_location('nocrn_seeds_table', R / 'es-probe-nocrn-seeds/table.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.probe_path


b1000 = load_probe_path()


print('| task | seed | budget 1000: gain (paired SE), in SE | budget 2000 | larger at 2000 |')
print('|---|---|---|---|---|')
summary = []
for task in TASKS:
    pairs = []
    for seed in range(3):
        a, b = signed_gain(task, b1000(task, seed)), signed_gain(task, HERE / f'runs/{task}-r{seed}.probe.json')
        if b is None:
            continue
        fmt = lambda g: 'not probed' if g is None else f'{g[0]:+.4g} ({g[1]:.3g}), {g[0] / g[1]:+.2f} SE'
        print(f"| {task} | {seed} | {fmt(a)} | {fmt(b)} | {'-' if a is None else ('yes' if b[0] > a[0] else 'no')} |")
        if a is not None:
            pairs.append((a[0], b[0]))
    if pairs:
        diff = mean_se([b - a for a, b in pairs])
        summary.append(f'| {task} | {len(pairs)} | {mean_se([a for a, _ in pairs])[0]:+.4g} | {mean_se([b for _, b in pairs])[0]:+.4g} | {diff[0]:+.4g} ({diff[1]:.3g}) |')
print()
print('| task | seeds | mean gain, budget 1000 | mean gain, budget 2000 | 2000 minus 1000 (SE over seeds) |')
print('|---|---|---|---|---|')
print('\n'.join(summary))
