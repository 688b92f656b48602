"""The tables of a Sample+ES setting's probe study (benchmarks/probe-study.sh): the probe line per seed, the probe
gain against a baseline's at the same seeds, the probes' and the runs' valid share, and the best heuristic's test
objectives. The baseline is the default (its budget-1000 probes, ../es-probe-nocrn-seeds/table.py's probe_path,
and its runs), or with --against another probe study's setting. Reads the committed files; a missing one is shown
as such.

    python3 benchmarks/probe-study.py <study dir> <setting name> [--against <study dir> <setting name>] [--seeds 3,4,5]
"""
import argparse
import pathlib
import sys
from importlib import import_module
from typing import Callable, NamedTuple

R = pathlib.Path(__file__).resolve().parent / 'results'
sys.path.insert(0, str(R.parent))
sys.path.insert(0, str(R / 'es-probe-nocrn-seeds'))
tails = import_module('es-probe-tails')
SIGN, signed_gain, mean_se = tails.SIGN, tails.signed_gain, tails.mean_se
default_probe_path = import_module('table').probe_path
read = import_module('runfiles').read_json
SEEDS = (0, 1, 2)


class Setting(NamedTuple):
    name: str
    run: Callable[[str, int], pathlib.Path]
    probe: Callable[[str, int], pathlib.Path]


def study_setting(study, name):
    run = lambda task, seed: study / f'runs/{task}-{name}-s{seed}'
    return Setting(name, run, lambda task, seed: run(task, seed).with_name(run(task, seed).name + '.probe.json'))


def default_run(task, seed):
    if task == 'tsp50':
        return R / f'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r{seed}'
    return R / f'table/runs/{task}-sample-es-b1000-r{seed}'


DEFAULT = Setting('default', default_run, default_probe_path)


def fmt(m, se, digits=4):
    return f'{m:+.{digits}g}' + (f' ({se:.3g})' if se is not None else '')


def probe_tables(s, b, seeds=SEEDS):
    print('Probe gain (tuned minus base, 200 paired i1 samples, positive = better), paired SE, in SE:\n')
    print(f"| task | {' | '.join(f'seed {seed} {s.name} / {b.name}' for seed in seeds)} | {s.name} minus {b.name} over seeds (SE) | {s.name} above {b.name} |")
    print('|---' * (len(seeds) + 3) + '|')
    counts = {seed: [0, 0, 0] for seed in seeds}  # better, beyond two SE, probed
    tasks_above = 0
    for task in SIGN:
        cells, diffs = [], []
        for seed in seeds:
            g, h = signed_gain(task, s.probe(task, seed)), signed_gain(task, b.probe(task, seed))
            cell = 'not yet' if g is None else f'{g[0]:+.4g} ({g[1]:.3g}), {g[0] / g[1]:+.2f}'
            cells.append(cell + ' / ' + ('-' if h is None else f'{h[0]:+.4g}'))
            if g is not None:
                counts[seed][0] += g[0] > 0
                counts[seed][1] += g[0] > 2 * g[1]
                counts[seed][2] += 1
                if h is not None:
                    diffs.append(g[0] - h[0])
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
    print(f"- probe line met on {met} of {len(seeds)} seeds; mean gain above {b.name}'s on {tasks_above} of {len(SIGN)} tasks")


def per_seed_table(title, s, b, cell, seeds=SEEDS):
    print(f'\n{title}:\n')
    print(f"| task | {' | '.join(f'seed {seed} {s.name} / {b.name}' for seed in seeds)} |")
    print('|---' * (len(seeds) + 1) + '|')
    for task in SIGN:
        print(f"| {task} | {' | '.join(' / '.join(cell(x, task, seed) for x in (s, b)) for seed in seeds)} |")


def probe_validity(x, task, seed):
    probe = read(x.probe(task, seed))
    return '-' if probe is None else f"{probe['tuned']['validShare'] - probe['base']['validShare']:+.3f}"


def run_validity(x, task, seed):
    summary = read(x.run(task, seed) / 'summary.json')
    return '-' if summary is None else f"{summary['valid'] / summary['samples']:.3f}"


def best_tables(s, b, seeds=SEEDS):
    print(f'\nBest heuristic of the run, test objectives, {s.name} minus {b.name} at the same seed (positive = {s.name} better):\n')
    print(f'| task | split | {s.name}: mean over seeds | {b.name}: mean | {s.name} minus {b.name} (SE), n | {s.name} better |')
    print('|---|---|---|---|---|---|')
    for task, sign in SIGN.items():
        pairs = [(read(s.run(task, seed) / 'summary.json'), read(b.run(task, seed) / 'summary.json')) for seed in seeds]
        pairs = [(x['best'], y['best']) for x, y in pairs if x and y]
        if not pairs:
            print(f'| {task} | - | not yet | | | |')
            continue
        for split in pairs[0][0]['test']:
            xs = [(x['test'][split], y['test'][split]) for x, y in pairs if x['test'].get(split) is not None and y['test'].get(split) is not None]
            if not xs:
                continue
            diffs = [sign * (x - y) for x, y in xs]
            m, se = mean_se(diffs)
            print(f'| {task} | {split} | {sum(x for x, _ in xs) / len(xs):.6g} | {sum(y for _, y in xs) / len(xs):.6g} | {fmt(m, se)}, {len(xs)} | {sum(d > 0 for d in diffs)} of {len(xs)} |')


def main(argv):
    parser = argparse.ArgumentParser(description='The tables of a Sample+ES setting\'s probe study.')
    parser.add_argument('study', type=pathlib.Path)
    parser.add_argument('name')
    parser.add_argument('--against', nargs=2, metavar=('STUDY', 'NAME'), help='compare with this study\'s setting, not the default')
    parser.add_argument('--seeds', default='0,1,2', help='run seeds, comma-separated (default 0,1,2)')
    args = parser.parse_args(argv)
    seeds = tuple(int(x) for x in args.seeds.split(','))
    s = study_setting(args.study.resolve(), args.name)
    b = study_setting(pathlib.Path(args.against[0]).resolve(), args.against[1]) if args.against else DEFAULT
    probe_tables(s, b, seeds)
    per_seed_table('Valid share of the probe samples, tuned model minus base (the base: the bundled model on the same probe seed)', s, b, probe_validity, seeds)
    per_seed_table("Valid share of the run's own 1000 samples", s, b, run_validity, seeds)
    best_tables(s, b, seeds)


if __name__ == '__main__':
    main(sys.argv[1:])
