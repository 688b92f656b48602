"""The tables of a Sample+ES setting's probe study (benchmarks/probe-study.sh): the probe line per seed, the probe
gain against the default's at the same seeds (its budget-1000 probes, ../es-probe-nocrn-seeds/table.py's
probe_path), and the best heuristic's test objectives against the default's runs. Reads the committed files; a
missing one is shown as such.

    python3 benchmarks/probe-study.py <study dir> <setting name>
"""
import json
import math
import pathlib
import sys
from importlib import import_module

R = pathlib.Path(__file__).resolve().parent / 'results'
sys.path.insert(0, str(R.parent))
sys.path.insert(0, str(R / 'es-probe-nocrn-seeds'))
SIGN = import_module('es-probe-tails').SIGN
default_probe_path = import_module('table').probe_path
SEEDS = (0, 1, 2)


def signed(task, path):
    if not path.exists():
        return None
    paired = json.loads(path.read_text())['paired']
    return SIGN[task] * paired['meanDiff'], paired['pairedSe']


def mean_se(xs):
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, None
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) / math.sqrt(len(xs))


def fmt(m, se, digits=4):
    return f'{m:+.{digits}g}' + (f' ({se:.3g})' if se is not None else '')


def study_run(task, seed):
    return STUDY / f'runs/{task}-{NAME}-s{seed}'


def study_probe(task, seed):
    return study_run(task, seed).with_name(study_run(task, seed).name + '.probe.json')


def probe_tables():
    print('Probe gain (tuned minus base, 200 paired i1 samples, positive = better), paired SE, in SE:\n')
    print(f'| task | seed 0 {NAME} / default | seed 1 {NAME} / default | seed 2 {NAME} / default | {NAME} minus default over seeds (SE) | {NAME} above default |')
    print('|---|---|---|---|---|---|')
    counts = {s: [0, 0, 0] for s in SEEDS}
    tasks_above = 0
    for task in SIGN:
        cells, diffs = [], []
        for seed in SEEDS:
            r, d = signed(task, study_probe(task, seed)), signed(task, default_probe_path(task, seed))
            cell = 'not yet' if r is None else f'{r[0]:+.4g} ({r[1]:.3g}), {r[0] / r[1]:+.2f}'
            cell += ' / ' + ('-' if d is None else f'{d[0]:+.4g}')
            cells.append(cell)
            if r is not None:
                counts[seed][0] += r[0] > 0
                counts[seed][1] += r[0] > 2 * r[1]
                counts[seed][2] += 1
                if d is not None:
                    diffs.append(r[0] - d[0])
        if diffs:
            m, se = mean_se(diffs)
            tasks_above += m > 0
            print(f"| {task} | {' | '.join(cells)} | {fmt(m, se)}, n={len(diffs)} | {sum(x > 0 for x in diffs)} of {len(diffs)} |")
        else:
            print(f"| {task} | {' | '.join(cells)} | - | - |")
    print()
    met = 0
    for seed, (better, beyond, probed) in counts.items():
        verdict = 'met' if probed == 6 and better == 6 and beyond >= 4 else ('not met' if probed == 6 else 'incomplete')
        met += verdict == 'met'
        print(f'- seed {seed}: tuned better than base on {better} of {probed} tasks probed, beyond two paired SE on {beyond}: {verdict}')
    print(f'- probe line met on {met} of {len(SEEDS)} seeds; mean gain above the default\'s on {tasks_above} of {len(SIGN)} tasks')


def validity_table():
    print(f'\nValid share of the probe samples, tuned model minus base (the base: the bundled model on the same probe seed):\n')
    print(f'| task | seed 0 {NAME} / default | seed 1 {NAME} / default | seed 2 {NAME} / default |')
    print('|---|---|---|---|')
    for task in SIGN:
        cells = []
        for seed in SEEDS:
            shares = []
            for path in (study_probe(task, seed), default_probe_path(task, seed)):
                probe = json.loads(path.read_text()) if path.exists() else None
                shares.append('-' if probe is None else f"{probe['tuned']['validShare'] - probe['base']['validShare']:+.3f}")
            cells.append(' / '.join(shares))
        print(f"| {task} | {' | '.join(cells)} |")


def summary(path):
    p = path / 'summary.json'
    return json.loads(p.read_text())['best'] if p.exists() else None


def default_run(task, seed):
    if task == 'tsp50':
        return R / f'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r{seed}'
    return R / f'table/runs/{task}-sample-es-b1000-r{seed}'


def best_tables():
    print(f'\nBest heuristic of the run, test objectives, {NAME} minus default at the same seed (positive = {NAME} better):\n')
    print(f'| task | split | {NAME}: mean over seeds | default: mean | {NAME} minus default (SE), n | {NAME} better |')
    print('|---|---|---|---|---|---|')
    for task, sign in SIGN.items():
        pairs = [(summary(study_run(task, s)), summary(default_run(task, s))) for s in SEEDS]
        pairs = [(a, b) for a, b in pairs if a and b]
        if not pairs:
            print(f'| {task} | - | not yet | | | |')
            continue
        for split in pairs[0][0]['test']:
            xs = [(a['test'][split], b['test'][split]) for a, b in pairs if a['test'].get(split) is not None and b['test'].get(split) is not None]
            if not xs:
                continue
            diffs = [sign * (a - b) for a, b in xs]
            m, se = mean_se(diffs)
            print(f'| {task} | {split} | {sum(a for a, _ in xs) / len(xs):.6g} | {sum(b for _, b in xs) / len(xs):.6g} | {fmt(m, se)}, {len(xs)} | {sum(d > 0 for d in diffs)} of {len(xs)} |')


if __name__ == '__main__':
    STUDY, NAME = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2]
    probe_tables()
    validity_table()
    best_tables()
