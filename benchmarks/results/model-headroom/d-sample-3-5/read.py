#!/usr/bin/env python3
"""Amendment 19's reading: D's EoH over its Sample, budget 1000, on each first test split, on seeds 0-5 pooled.

    python3 benchmarks/results/model-headroom/d-sample-3-5/read.py <Sample runs at seeds 3-5: a dir of run dirs or runs.zip>...

D's EoH (seeds 0-5) and Sample (seeds 0-2) runs come from measure2-lm-7/part-*/runs.zip. The pooled reading decides
and is printed only when every task has all six pairs; seeds 0-2 and 3-5 alone are printed beside it. Gains are
positive where EoH is better.
"""
import glob
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from search import SENSE, fmt, paired  # noqa: E402

_spec = importlib.util.spec_from_file_location('m2_numbers_read', os.path.join(HERE, '..', 'm2-numbers', 'read.py'))
_m2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_m2)
FIRST, summaries = _m2.FIRST, _m2.summaries

SEED_SETS = (('seeds 0-2', [0, 1, 2]), ('seeds 3-5', [3, 4, 5]), ('seeds 0-5, pooled (decides)', [0, 1, 2, 3, 4, 5]))


def values(found, problem, method, split, seeds):
    out = {}
    for seed in seeds:
        s = found.get((problem, method, seed))
        v = None if s is None else s['best']['objective'] if split == 'train' else s['best']['test'].get(split)
        if v is not None:
            out[seed] = v
    return out


def main():
    parts = sorted(glob.glob(os.path.join(HERE, '..', 'measure2-lm-7', 'part-*', 'runs.zip')))
    found = summaries(parts + sys.argv[1:])
    for label, seeds in SEED_SETS:
        print(f'### {label}\n')
        print('| task | split | pairs | Sample | EoH | EoH over Sample | SE | beyond two SE |')
        print('|---|---|---:|---:|---:|---:|---:|---|')
        met, complete = [], True
        for problem, split in FIRST.items():
            for shown in ('train', split):
                sample, eoh = (values(found, problem, m, shown, seeds) for m in ('sample', 'eoh'))
                pairs = sorted(set(sample) & set(eoh))
                if len(pairs) < len(seeds):
                    complete = False
                    print(f'| {problem} | {shown} | {len(pairs)} of {len(seeds)} | | | not read | | |')
                    continue
                gain, se, n = paired(eoh, sample, SENSE[problem])
                beyond = gain > 2 * se
                if shown == split and beyond:
                    met.append(problem)
                mean = lambda d: sum(d[s] for s in pairs) / len(pairs)
                print(f'| {problem} | {shown} | {n} | {mean(sample):.4f} | {mean(eoh):.4f} | {fmt(gain)} | {se:.4f} | '
                      f'{"yes" if beyond else "no"} |')
        print()
        if complete:
            print(f'EoH over Sample beyond two SE on the first test split ({label}): {len(met)} of {len(FIRST)} tasks'
                  f' ({", ".join(met) or "none"}); the line needs two.\n')
        else:
            print(f'({label}: not every task has every pair; nothing is read.)\n')


if __name__ == '__main__':
    main()
