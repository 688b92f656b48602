"""The probe table of results.md: per task, seed 0's paired probe gain on the no-CRN default beside the same seed's
with CRN (the scope study's runs).

    python3 benchmarks/results/es-probe-nocrn/table.py
"""
import pathlib
import sys
from importlib import import_module

R = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(R.parent))
SIGN = import_module('es-probe-tails').SIGN
probe = import_module('runfiles').read_json


print('| task | no CRN: gain (paired SE), in SE | identical answers | valid share tuned / base | CRN (same seed): gain (SE), in SE |')
print('|---|---|---|---|---|')
better = beyond = 0
for task, sign in SIGN.items():
    no_crn = probe(R / 'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r0/probe.json' if task == 'tsp50' else R / f'es-probe-nocrn/runs/{task}-r0/probe.json')
    crn = probe(R / f'es-scope-six/scope-{task}/runs/es-late-s0/probe.json')
    n, c = no_crn['paired'], crn['paired']
    gain_n, gain_c = sign * n['meanDiff'], sign * c['meanDiff']
    better += gain_n > 0
    beyond += gain_n > 2 * n['pairedSe']
    print(f"| {task} | {gain_n:+.4g} ({n['pairedSe']:.3g}), {gain_n / n['pairedSe']:+.2f} | {n['identicalShare']:.1%} | "
          f"{no_crn['tuned']['validShare']:.3f} / {no_crn['base']['validShare']:.3f} | {gain_c:+.4g} ({c['pairedSe']:.3g}), {gain_c / c['pairedSe']:+.2f} |")
print(f'\nno CRN, seed 0: tuned better than base on {better} of 6 tasks, beyond two paired SE on {beyond}')
