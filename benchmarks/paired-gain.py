#!/usr/bin/env python3
"""Paired comparison of two sets of runs at the same seeds: per seed and in the mean (with its standard error),
the gain of the candidate runs over the baseline runs on each test split of the best heuristic, signed so that
positive means the candidate is better; plus each set's valid share and wall seconds.

    benchmarks/paired-gain.py <candidate-prefix> <baseline-prefix> <seeds, e.g. 0-9> <split> [<split> ...] [--higher-better]

A prefix is a run-dir path without its seed suffix, e.g. benchmarks/results/table/runs/tsp50-sample-b1000-r
(the seed is appended). Reads each run's summary.json. Prints markdown.
"""
import math
import statistics as st
import sys

import runfiles


def summary(prefix, seed):
    path = f'{prefix}{seed}/summary.json'
    found = runfiles.read_json(path)
    if found is None:
        sys.exit(f'{path}: no such file (on disk or in a runs.zip above it)')
    return found


def main():
    args = [a for a in sys.argv[1:] if a != '--higher-better']
    sign = 1 if '--higher-better' in sys.argv else -1
    candidate, baseline, seed_range, *splits = args
    first, last = (int(s) for s in seed_range.split('-'))
    seeds = list(range(first, last + 1))
    runs = {name: [summary(prefix, s) for s in seeds] for name, prefix in (('candidate', candidate), ('baseline', baseline))}
    print(f'candidate `{candidate}*`, baseline `{baseline}*`, seeds {seed_range} ({len(seeds)} pairs); '
          'gain = candidate better by, per seed, then mean (SE)\n')
    print('| split | per seed | mean gain | SE | candidate better in | candidate mean | baseline mean |')
    print('|---|---|---:|---:|---|---:|---:|')
    gains_by_split = []
    for split in splits:
        values = {name: [r['best']['test'][split] for r in rs] for name, rs in runs.items()}
        gains = [sign * (c - b) for c, b in zip(values['candidate'], values['baseline'])]
        gains_by_split.append(gains)
        se = st.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.nan
        print(f"| {split} | {' '.join(f'{g:+.4f}' for g in gains)} | {st.mean(gains):+.4f} | {se:.4f} | "
              f"{sum(g > 0 for g in gains)} of {len(gains)} | {st.mean(values['candidate']):.4f} | {st.mean(values['baseline']):.4f} |")
    print(f'\nmean gain over the splits: {st.mean(st.mean(g) for g in gains_by_split):+.4f}')
    for name, rs in runs.items():
        valid = sum(r['valid'] for r in rs) / sum(r['samples'] for r in rs)
        print(f"{name}: valid share {valid:.3f}, seconds per run {st.mean(r['seconds'] for r in rs):.0f}")


if __name__ == '__main__':
    main()
