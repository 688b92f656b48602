#!/usr/bin/env python3
"""Amendment 25's first reading: I's aco-bpp500 EoH budget-1000 seeds 0-2 beside H's, paired by seed.

    python3 benchmarks/results/model-headroom/i-bpp/read.py <I's table dir> <H's table dir> [seeds, default 0,1,2]

Each directory holds runs/aco-bpp500-eoh-b1000-r<seed>/summary.json. Bins: lower is better; a positive gain is I
using fewer bins than H on the same seed. The reference's evolved program, through the sandbox with the reference's
test seeds (`../../bpp-seed-spread/eval-evolved.txt`), is the line to reach.
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from search import SENSE, paired  # noqa: E402

REFERENCE = {'test500': 202.9375, 'test1000': 404.9531}


def summaries(table_dir, seeds):
    return [json.load(open(f'{table_dir}/runs/aco-bpp500-eoh-b1000-r{s}/summary.json')) for s in seeds]


def main():
    seeds = [int(s) for s in (sys.argv[3] if len(sys.argv) > 3 else '0,1,2').split(',')]
    cand, dflt = summaries(sys.argv[1], seeds), summaries(sys.argv[2], seeds)
    print(f'Seeds {", ".join(map(str, seeds))}.\n')
    print('| split | H (per seed) | I (per seed) | H mean | I mean | gain (H - I) | SE | reference |')
    print('|---|---|---|---:|---:|---:|---:|---:|')
    for split, ref in REFERENCE.items():
        h = [r['best']['test'][split] for r in dflt]
        i = [r['best']['test'][split] for r in cand]
        gain, se, _ = paired(dict(zip(seeds, i)), dict(zip(seeds, h)), SENSE['aco-bpp500'])
        per = lambda xs: ', '.join(f'{x:.4f}' for x in xs)
        print(f'| {split} | {per(h)} | {per(i)} | {statistics.mean(h):.4f} | {statistics.mean(i):.4f} '
              f'| {gain:+.4f} | {se:.4f} | {ref} |')
    for name, runs in (('H', dflt), ('I', cand)):
        valid, samples = sum(r['valid'] for r in runs), sum(r['samples'] for r in runs)
        train = ', '.join(f"{r['best']['objective']}" for r in runs)
        minutes = ', '.join(f"{r['seconds'] / 60:.1f}" for r in runs)
        print(f'\n{name}: {valid} of {samples} samples valid ({100 * valid / samples:.1f}%); train {train}; '
              f'minutes {minutes}', end='')
    print()


if __name__ == '__main__':
    main()
