"""A probe study's Sample+ES setting end to end on tsp50: the best heuristic's test objectives over run seeds 0-9,
paired by seed with the no-CRN default (../results/es-sample-no-crn) and plain Sample (the table's runs); tour
length, so a positive gain means the setting's tour is shorter. Reads runs/tsp50-<name>-s<seed> of the study dir
(benchmarks/probe-study.sh's layout; seeds 3-9 by SEEDS="3 4 5 6 7 8 9" TASKS=tsp50).

    python3 benchmarks/end-to-end-tsp50.py <study dir> <setting name>
"""
import math
import pathlib
import sys
from importlib import import_module

R = pathlib.Path(__file__).resolve().parent / 'results'
sys.path.insert(0, str(R.parent))
mean_sd = import_module('es-probe-tails').mean_sd
read_json = import_module('runfiles').read_json
SEEDS = range(10)
OTHERS = {
    'default (no CRN)': lambda s: R / f'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r{s}',
    'Sample (no ES)': lambda s: R / f'table/runs/tsp50-sample-b1000-r{s}',
}


def test(run):
    summary = read_json(run / 'summary.json')
    return summary and summary['best']['test']


def main(study, name):
    mine = lambda s: study / f'runs/tsp50-{name}-s{s}'
    print(f'| against | split | {name}: mean ± sd | other: mean ± sd | gain (SE), seeds | {name} better |')
    print('|---|---|---|---|---|---|')
    for other, theirs in OTHERS.items():
        both = []
        for split in ('test20', 'test50'):
            pairs = [(a[split], b[split]) for a, b in ((test(mine(s)), test(theirs(s))) for s in SEEDS) if a and b]
            if not pairs:
                continue
            gains = [b - a for a, b in pairs]
            (ma, sa), (mb, sb), (mg, sg) = mean_sd([a for a, _ in pairs]), mean_sd([b for _, b in pairs]), mean_sd(gains)
            both.append(gains)
            print(f'| {other} | {split} | {ma:.4f} ± {sa:.4f} | {mb:.4f} ± {sb:.4f} | {mg:+.4f} ({sg / math.sqrt(len(gains)):.4f}), {len(gains)} | {sum(g > 0 for g in gains)} of {len(gains)} |')
        if len(both) == 2 and len(both[0]) == len(both[1]):
            avg = [(x + y) / 2 for x, y in zip(*both)]
            m, sd = mean_sd(avg)
            print(f'| {other} | both splits averaged | | | {m:+.4f} ({sd / math.sqrt(len(avg)):.4f}), {len(avg)} | {sum(g > 0 for g in avg)} of {len(avg)} |')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: end-to-end-tsp50.py <study dir> <setting name>')
    main(pathlib.Path(sys.argv[1]).resolve(), sys.argv[2])
