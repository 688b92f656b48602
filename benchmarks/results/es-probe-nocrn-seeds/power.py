"""How many probe samples the probe line would need to resolve the gains measured (an after-the-fact reading of the
committed probes of seeds 0-2, not a test: it decides nothing).

For each task: the mean gain over the three seeds (mu), the per-pair standard deviation of the paired differences
(pooled over the seeds: pairedSe * sqrt(pairs)) and the share of samples valid in both models. A probe of N samples
then has an expected z of mu / (sd / sqrt(N * share)). Printed: that z at 200 samples (the line's probe), and the N at
which it reaches 2 (half the runs of that true gain would clear two SE) and 2.84 (four in five would).

    python3 benchmarks/results/es-probe-nocrn-seeds/power.py
"""
import json
import math
import pathlib
import sys
from importlib import import_module

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
SIGN = import_module('es-probe-tails').SIGN
sys.path.insert(0, str(HERE))
from table import probe_path  # noqa: E402  (table.py prints only when run as a script)


SAMPLES = 200
print('| task | mean gain over seeds | per-pair SD | valid pairs | expected z at 200 | samples for z = 2 | samples for z = 2.84 |')
print('|---|---|---|---|---|---|---|')
for task in SIGN:
    probes = [json.loads(probe_path(task, s).read_text())['paired'] for s in range(3)]
    mu = sum(SIGN[task] * p['meanDiff'] for p in probes) / 3
    sd = math.sqrt(sum(p['pairedSe'] ** 2 * p['pairs'] for p in probes) / 3)
    share = sum(p['pairs'] for p in probes) / (3 * SAMPLES)
    z = mu / (sd / math.sqrt(SAMPLES * share))
    need = lambda target: math.ceil((target * sd / mu) ** 2 / share) if mu > 0 else float('inf')
    print(f'| {task} | {mu:+.4g} | {sd:.4g} | {share:.0%} | {z:.2f} | {need(2)} | {need(2.84)} |')
