#!/usr/bin/env python3
"""Amendment 8's reading: refined over sampled, paired by seed, per task and split, beside the model searches.

    python3 benchmarks/results/model-headroom/grammar-headroom/read.py

Reads every seed-<S>.json here (headroom.ts --json); positive gain = the refined program is better (shorter tour, more
value). The model columns are measure 2's EoH budget-1000 means over seeds 0-2 (table.json of measure2-lm-5 and
measure2-lm-7), for scale: the grammar's best programs beside what a search with a model of that grammar found.
"""
import glob
import json
import math
import os
import statistics

HERE = os.path.dirname(os.path.abspath(__file__))
SENSE = {'tsp50': -1, 'kp100': 1, 'asp15': 1}


def model_means(folder):
    table = json.load(open(os.path.join(HERE, '..', folder, 'table.json')))
    return {(c['problem'], c['split']): statistics.mean(v for v in c['values'] if isinstance(v, (int, float)))
            for c in table['cells']
            if not c['es'] and c['scaffold'] == 'eoh' and c['budget'] == 1000 and c['seeds'] == [0, 1, 2]}


def main():
    seeds = {}
    for path in sorted(glob.glob(os.path.join(HERE, 'seed-*.json'))):
        seeds[os.path.basename(path)[5:-5]] = {r['problem']: r for r in json.load(open(path))}
    models = {name: model_means(folder) for name, folder in (('-5', 'measure2-lm-5'), ('-7', 'measure2-lm-7'))}
    print(f'seeds: {", ".join(sorted(seeds))}\n')
    print('| task | split | sampled (best of 1,000) | refined (+1,000 m1/m2 edits) | gain | SE | beyond two SE '
          '| model -5, EoH b1000 | model -7, EoH b1000 |')
    print('|---|---|---:|---:|---:|---:|---|---:|---:|')
    for problem, sense in SENSE.items():
        runs = [s[problem] for s in seeds.values() if problem in s]
        for split in ['train'] + list(runs[0]['sampled']['test']):
            pick = (lambda r, which: r[which]['train']) if split == 'train' else (lambda r, which: r[which]['test'][split])
            a = [pick(r, 'sampled') for r in runs]
            b = [pick(r, 'refined') for r in runs]
            gains = [sense * (y - x) for x, y in zip(a, b)]
            mean = statistics.mean(gains)
            se = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else float('nan')
            beyond = 'yes' if len(gains) > 1 and mean > 2 * se else 'no'
            cells = [models[m].get((problem, split)) for m in ('-5', '-7')]
            shown = ' | '.join('-' if v is None else f'{v:.4f}' for v in cells)
            print(f'| {problem} | {split} | {statistics.mean(a):.4f} | {statistics.mean(b):.4f} | {mean:+.4f} '
                  f'| {se:.4f} | {beyond} | {shown} |')


if __name__ == '__main__':
    main()
