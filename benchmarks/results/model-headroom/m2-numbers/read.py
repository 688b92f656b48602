#!/usr/bin/env python3
"""Amendment 14's reading: EoH with --m2 numbers on D beside D's Sample and plain EoH (measure 2), paired by seed.

    python3 benchmarks/results/model-headroom/m2-numbers/read.py <numbers runs: a dir of run dirs, or runs.zip files>...

D's Sample and EoH runs (budget 1000, seeds 0-2) are read from measure2-lm-7/part-*/runs.zip. A task is read only
where all three seeds of all three methods have finished; its first test split is the table's (FIRST). Gains are
positive where the first method is better.
"""
import glob
import json
import os
import sys
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from search import SENSE, SEEDS, fmt, mean_sd, paired  # noqa: E402

FIRST = {'tsp50': 'test20', 'kp100': 'test100', 'asp15': 'n12w7', 'aco-tsp50': 'test50', 'aco-cvrp50': 'test50',
         'aco-bpp500': 'test500'}
HERE = os.path.dirname(os.path.abspath(__file__))


def summaries(sources):
    """(problem, method, seed) -> summary of every finished budget-1000 run without ES in the sources."""
    found = {}

    def add(config, summary):
        if config['es']['enabled'] or config['search']['budget'] != 1000:
            return
        method = config['search']['scaffold'] + ('-numbers' if config['search'].get('m2') == 'numbers' else '')
        key = (config['problem'], method, config['search']['seed'])
        if key in found:
            raise SystemExit(f'read.py: two runs of {key}')
        found[key] = summary

    for source in sources:
        if source.endswith('.zip'):
            with zipfile.ZipFile(source) as z:
                for name in z.namelist():
                    if name.endswith('/summary.json'):
                        folder = name[: -len('summary.json')]
                        add(json.loads(z.read(folder + 'config.json')), json.loads(z.read(name)))
        else:
            for folder in sorted(glob.glob(os.path.join(source, '*', ''))):
                if os.path.exists(os.path.join(folder, 'summary.json')):
                    add(json.load(open(os.path.join(folder, 'config.json'))),
                        json.load(open(os.path.join(folder, 'summary.json'))))
    return found


def values(found, problem, method, split):
    out = {}
    for seed in SEEDS:
        s = found.get((problem, method, seed))
        if s is not None:
            out[seed] = s['best']['objective'] if split == 'train' else s['best']['test'].get(split)
    return {k: v for k, v in out.items() if v is not None}


def main():
    parts = sorted(glob.glob(os.path.join(HERE, '..', 'measure2-lm-7', 'part-*', 'runs.zip')))
    found = summaries(parts + sys.argv[1:])
    print('| task | split | seeds | Sample | EoH | EoH, m2 numbers | numbers over Sample (SE) | beyond 2 SE | '
          'numbers over EoH (SE) |')
    print('|---|---|---|---:|---:|---:|---:|---|---:|')
    met = []
    read = 0
    for problem, split in FIRST.items():
        for shown in ('train', split):
            sample, eoh, numbers = (values(found, problem, m, shown) for m in ('sample', 'eoh', 'eoh-numbers'))
            if not all(len(v) == len(SEEDS) for v in (sample, eoh, numbers)):
                print(f'| {problem} | {shown} | {len(numbers)} of {len(SEEDS)} | | | | not read | | |')
                continue
            gain, se, n = paired(numbers, sample, SENSE[problem])
            vs_eoh, se_eoh, _ = paired(numbers, eoh, SENSE[problem])
            beyond = gain > 2 * se
            if shown == split:
                read += 1
                if beyond:
                    met.append(problem)
            cells = [mean_sd(list(v.values())) for v in (sample, eoh, numbers)]
            print(f'| {problem} | {shown} | {n} | {" | ".join(cells)} | {fmt(gain)} ({se:.4f}) | '
                  f'{"yes" if beyond else "no"} | {fmt(vs_eoh)} ({se_eoh:.4f}) |')
    print()
    print(f'EoH with --m2 numbers over Sample beyond two SE on the first test split: {len(met)} of {read} tasks read'
          f' ({", ".join(met) or "none"}); the line needs two.')


if __name__ == '__main__':
    main()
