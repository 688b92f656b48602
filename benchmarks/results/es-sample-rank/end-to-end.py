"""README.md's end-to-end figures: tsp50 Sample+ES with rank rewards against the no-CRN default and plain Sample,
paired by seed (0-9), the best heuristic's test objectives (tour length: positive gain = rank shorter).

    python3 benchmarks/results/es-sample-rank/end-to-end.py
"""
import json
import math
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
R = HERE.parent
SEEDS = range(10)
RUNS = {
    'rank': lambda s: HERE / f'runs/tsp50-rank-s{s}',
    'default (no CRN)': lambda s: R / f'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r{s}',
    'Sample (no ES)': lambda s: R / f'table/runs/tsp50-sample-b1000-r{s}',
}


def test(setting, seed):
    p = RUNS[setting](seed) / 'summary.json'
    return json.loads(p.read_text())['best']['test'] if p.exists() else None


def stats(xs):
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else float('nan')
    return m, sd


print('| against | split | rank: mean ± sd | other: mean ± sd | gain (SE), seeds | rank better |')
print('|---|---|---|---|---|---|')
for other in ('default (no CRN)', 'Sample (no ES)'):
    both = []
    for split in ('test20', 'test50'):
        pairs = [(a[split], b[split]) for a, b in ((test('rank', s), test(other, s)) for s in SEEDS) if a and b]
        if not pairs:
            continue
        gains = [b - a for a, b in pairs]
        (ma, sa), (mb, sb), (mg, sg) = stats([a for a, _ in pairs]), stats([b for _, b in pairs]), stats(gains)
        both.append(gains)
        print(f'| {other} | {split} | {ma:.4f} ± {sa:.4f} | {mb:.4f} ± {sb:.4f} | {mg:+.4f} ({sg / math.sqrt(len(gains)):.4f}), {len(gains)} | {sum(g > 0 for g in gains)} of {len(gains)} |')
    if len(both) == 2 and len(both[0]) == len(both[1]):
        avg = [(x + y) / 2 for x, y in zip(*both)]
        m, sd = stats(avg)
        print(f'| {other} | both splits averaged | | | {m:+.4f} ({sd / math.sqrt(len(avg)):.4f}), {len(avg)} | {sum(g > 0 for g in avg)} of {len(avg)} |')
