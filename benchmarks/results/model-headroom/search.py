#!/usr/bin/env python3
"""Measure 2 of the model-headroom design (README.md): a candidate's search table beside the default's, and the lines.

    python3 benchmarks/results/model-headroom/search.py --candidate <table dir> [--default benchmarks/results/table]

Reads each directory's table.json (written by `ahd table`, also on partial runs), pairs the candidate's runs with the
default's by seed (the default's table holds seeds 0-2, and 0-9 on tsp50 budget 1000), and prints markdown: every
cell on the seeds both hold, then the issue's lines and the replacement rule, each read only where the candidate has
all three seeds 0-2 of what it names (Amendment 2: partial results decide nothing). Gains are signed so that
positive means the first named is better (shorter tour, more value). How the lines are read (fixed in Amendment 2,
before any measure-2 run):
- beats the textbook rules: EoH at budget 1000, mean over seeds 0-2, on each test split, against the best of the
  task's baselines on that split (baselines.json of the candidate's table, scored with the same evaluation seed);
- the reference (aco-cvrp50, aco-bpp500): EoH and Sample at budgets 1000 and 2000 on train, where the reference
  reports them (its run logs);
- headroom: budget 2000 over 1000 (EoH) and EoH over Sample (budget 1000), paired by seed on the task's first test
  split, beyond two SE;
- replacement: the candidate's EoH budget-1000 mean on the first test split better than the default's on at least
  four of six tasks, and worse beyond two paired SE on none.
"""
import argparse
import json
import math
import os
import statistics

SENSE = {'tsp50': -1, 'kp100': 1, 'asp15': 1, 'aco-tsp50': -1, 'aco-cvrp50': -1, 'aco-bpp500': -1}  # +1: higher is better
SEEDS = [0, 1, 2]
METHOD = {'eoh': 'EoH', 'sample': 'Sample'}


def load(folder):
    return json.load(open(os.path.join(folder, 'table.json')))


def cells(table):
    """(problem, split, budget, scaffold) -> {seed: value}, runs without ES only."""
    out = {}
    for c in table['cells']:
        if c['es']:
            continue
        out[(c['problem'], c['split'], c['budget'], c['scaffold'])] = {
            s: v for s, v in zip(c['seeds'], c['values']) if isinstance(v, (int, float))}
    return out


def splits(table):
    """problem -> its splits in the table's order (train first)."""
    out = {}
    for c in table['cells']:
        out.setdefault(c['problem'], [])
        if c['split'] not in out[c['problem']]:
            out[c['problem']].append(c['split'])
    return out


def paired(a, b, sense):
    """Mean and SE of sense * (a - b) over the seeds both hold; (None, None, 0) below two seeds."""
    seeds = sorted(set(a) & set(b))
    gains = [sense * (a[s] - b[s]) for s in seeds]
    if len(gains) < 2:
        return None, None, len(gains)
    return statistics.mean(gains), statistics.stdev(gains) / math.sqrt(len(gains)), len(gains)


def mean_sd(values):
    if not values:
        return '-'
    if len(values) == 1:
        return f'{values[0]:.4f}'
    return f'{statistics.mean(values):.4f} ± {statistics.stdev(values):.4f}'


def fmt(x):
    return '-' if x is None else f'{x:+.4f}'


def complete(values):
    return all(s in values for s in SEEDS)


def best_baseline(table, problem, split):
    sense = SENSE[problem]
    rows = [b for b in table['baselines'] if b['problem'] == problem and b['split'] == split and b['valid'] == b['count']]
    return max(rows, key=lambda b: sense * b['mean']) if rows else None


def first_test_splits(order):
    """problem -> its first test split (the first split after train in the table's order)."""
    return {p: [s for s in order[p] if s != 'train'][0] for p in SENSE}


def replacement(cand, dflt, first_test, seeds):
    """The replacement rule on `seeds`, EoH budget 1000 on each task's first test split, read only on the tasks where
    both tables hold every seed: (rows, tasks better, tasks worse beyond two paired SE), a row per task read as
    (problem, split, candidate mean, default mean, gain, SE)."""
    rows = []
    for problem in SENSE:
        split = first_test[problem]
        a, b = cand.get((problem, split, 1000, 'eoh'), {}), dflt.get((problem, split, 1000, 'eoh'), {})
        if not all(s in a and s in b for s in seeds):
            continue
        gain, se, _ = paired({s: a[s] for s in seeds}, {s: b[s] for s in seeds}, SENSE[problem])
        rows.append((problem, split, statistics.mean(a[s] for s in seeds), statistics.mean(b[s] for s in seeds), gain, se))
    return rows, sum(r[4] > 0 for r in rows), [r[0] for r in rows if r[4] < -2 * r[5]]


def replacement_verdict(better, worse):
    """The rule's verdict once every task is read: better on at least four of six, worse beyond two SE on none."""
    return 'replaces the default' if better >= 4 and not worse else 'does not replace the default'


def search_validity(folder):
    """problem -> valid share of its EoH budget-1000 searches without ES, samples pooled over the runs under
    <folder>/runs (their summary.json)."""
    valid, samples = {}, {}
    runs = os.path.join(folder, 'runs')
    for name in sorted(os.listdir(runs)):
        path = os.path.join(runs, name, 'summary.json')
        if not os.path.exists(path):
            continue
        s = json.load(open(path))
        if s['scaffold'] == 'eoh' and s['budget'] == 1000 and not s['es']:
            valid[s['problem']] = valid.get(s['problem'], 0) + s['valid']
            samples[s['problem']] = samples.get(s['problem'], 0) + s['samples']
    return {p: valid[p] / samples[p] for p in samples}


def validity_verdict(validity, worse, floor=0.8):
    """Amendment 23's rule: at least `floor` valid in search on every task and worse beyond two SE on none."""
    return 'replaces the default' if all(validity.get(p, 0) >= floor for p in SENSE) and not worse else \
        'does not replace the default'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--candidate', required=True, help="the candidate's table directory (table.json)")
    ap.add_argument('--default', default='benchmarks/results/table', help="the default model's table directory")
    args = ap.parse_args()
    cand_table, def_table = load(args.candidate), load(args.default)
    cand, dflt, order = cells(cand_table), cells(def_table), splits(def_table)
    print(f'## Measure 2: the candidate ({args.candidate}) beside the default ({args.default})\n')
    print('Cells on the seeds both tables hold (the default: its runs at those seeds only); gain: candidate over the')
    print('default, paired by seed, positive = better.\n')
    print('| task | split | budget | method | seeds | default | candidate | gain | SE | best baseline |')
    print('|---|---|---:|---|---|---:|---:|---:|---:|---|')
    for (problem, split, budget, scaffold), values in sorted(cand.items(), key=lambda kv: (
            list(SENSE).index(kv[0][0]), order[kv[0][0]].index(kv[0][1]), kv[0][2], kv[0][3])):
        base = dflt.get((problem, split, budget, scaffold), {})
        seeds = sorted(set(values) & set(base))
        gain, se, _ = paired(values, base, SENSE[problem])
        bl = best_baseline(cand_table, problem, split)
        print(f'| {problem} | {split} | {budget} | {METHOD[scaffold]} | {",".join(map(str, seeds)) or "-"} | '
              f'{mean_sd([base[s] for s in seeds])} | {mean_sd([values[s] for s in seeds])} | {fmt(gain)} | '
              f'{"-" if se is None else f"{se:.4f}"} | {bl["baseline"] + " " + format(bl["mean"], ".4f") if bl else "-"} |')

    print('\n### The lines (read only where the candidate has seeds 0-2 of what a line names)\n')
    first_test = first_test_splits(order)
    for problem in SENSE:
        verdicts = []
        for split in [s for s in order[problem] if s != 'train']:
            values = cand.get((problem, split, 1000, 'eoh'), {})
            bl = best_baseline(cand_table, problem, split)
            if not complete(values) or bl is None:
                verdicts.append(f'{split}: not read')
                continue
            m = statistics.mean(values[s] for s in SEEDS)
            verdicts.append(f'{split}: {m:.4f} vs {bl["baseline"]} {bl["mean"]:.4f}: '
                            f'{"beats" if SENSE[problem] * (m - bl["mean"]) > 0 else "does not beat"}')
        print(f'- beats the textbook rules, {problem} (EoH, budget 1000): ' + '; '.join(verdicts))
    for problem in ('aco-cvrp50', 'aco-bpp500'):
        for ref in (r for r in cand_table['reference'] if r['problem'] == problem and not r['es'] and r['split'] == 'train'):
            values = cand.get((problem, 'train', ref['budget'], ref['scaffold']), {})
            if not complete(values):
                print(f'- the reference, {problem} {METHOD[ref["scaffold"]]} budget {ref["budget"]} (train): not read')
                continue
            m = statistics.mean(values[s] for s in SEEDS)
            ok = SENSE[problem] * (m - ref['value']) >= 0
            print(f'- the reference, {problem} {METHOD[ref["scaffold"]]} budget {ref["budget"]} (train): {m:.4f} vs '
                  f'{ref["value"]}: {"matches or beats" if ok else "worse"}')
    for label, pick in (('budget 2000 over 1000 (EoH)', lambda p, s: (cand.get((p, s, 2000, 'eoh'), {}), cand.get((p, s, 1000, 'eoh'), {}))),
                        ('EoH over Sample (budget 1000)', lambda p, s: (cand.get((p, s, 1000, 'eoh'), {}), cand.get((p, s, 1000, 'sample'), {})))):
        met, read = [], 0
        for problem in SENSE:
            a, b = pick(problem, first_test[problem])
            if not (complete(a) and complete(b)):
                print(f'- {label}, {problem} {first_test[problem]}: not read')
                continue
            read += 1
            gain, se, _ = paired({s: a[s] for s in SEEDS}, {s: b[s] for s in SEEDS}, SENSE[problem])
            beyond = gain > 2 * se
            met += [problem] if beyond else []
            print(f'- {label}, {problem} {first_test[problem]}: {gain:+.4f} (SE {se:.4f}): '
                  f'{"beyond two SE" if beyond else "not beyond two SE"}')
        print(f'  - {label}: beyond two SE on {len(met)} of {read} tasks read ({", ".join(met) or "none"})')
    rows, better, worse = replacement(cand, dflt, first_test, SEEDS)
    read = len(rows)
    verdict = 'not read (a task lacks seeds 0-2)' if read < len(SENSE) else replacement_verdict(better, worse)
    print(f'- replacement (EoH budget 1000, first test split, seeds 0-2): better on {better} of {read} tasks read, '
          f'worse beyond two SE on {", ".join(worse) or "none"}: {verdict}')


if __name__ == '__main__':
    main()
