#!/usr/bin/env python3
"""Amendment 9's reading: the replacement rule on fresh seeds 3-5 and on seeds 0-5 pooled.

    python3 benchmarks/results/model-headroom/replication/read.py --candidate <D's table dir> --default <the default's> \
        [--rule amendment-23]

Each directory holds a table.json (`ahd table --from <runs> --out <dir>`). Prints, per seed set (0-2, 3-5, 0-5), each
task's first test split with both models' EoH budget-1000 means, the paired gain (positive: the candidate is better)
and its SE, then the rule: better on at least four of six tasks and worse beyond two SE on none. Only the pooled
reading on seeds 0-5 decides, and only once every task has all six seeds for both models (Amendment 9).
With --rule amendment-23 the verdict is that amendment's rule instead (measures 2 from H on): the candidate's search
>= 80% valid on every task (its runs' summaries, pooled per task) and worse beyond two SE on none.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from search import (SENSE, cells, first_test_splits, load, replacement, replacement_verdict, search_validity,  # noqa: E402
                    splits, validity_verdict)

SEED_SETS = (('seeds 0-2', [0, 1, 2]), ('seeds 3-5', [3, 4, 5]), ('seeds 0-5, pooled (decides)', [0, 1, 2, 3, 4, 5]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--candidate', required=True, help="the candidate's table directory (table.json)")
    ap.add_argument('--default', required=True, help="the default model's table directory (table.json)")
    ap.add_argument('--rule', choices=('amendment-9', 'amendment-23'), default='amendment-9',
                    help="amendment-9: better on four of six, worse on none; amendment-23: >= 80%% valid on every "
                         "task, worse on none")
    args = ap.parse_args()
    validity = search_validity(args.candidate) if args.rule == 'amendment-23' else None
    cand_table, def_table = load(args.candidate), load(args.default)
    cand, dflt, order = cells(cand_table), cells(def_table), splits(def_table)
    first_test = first_test_splits(order)
    title = 'Amendment 9' if validity is None else 'Amendment 23'
    print(f'## {title}: the replacement rule, {args.candidate} beside {args.default}\n')
    if validity is not None:
        print('valid in search (EoH budget 1000, pooled over seeds): ' +
              ', '.join(f'{p} {validity.get(p, 0):.1%}' for p in SENSE) + '\n')
    for label, seeds in SEED_SETS:
        rows, better, worse = replacement(cand, dflt, first_test, seeds)
        read = len(rows)
        print(f'### {label}\n')
        print('| task | split | default | candidate | gain | SE |')
        print('|---|---|---:|---:|---:|---:|')
        for problem, split, a, b, gain, se in rows:
            print(f'| {problem} | {split} | {b:.4f} | {a:.4f} | {gain:+.4f} | {se:.4f} |')
        verdict = (f'not read ({len(SENSE) - read} task(s) lack a seed)' if read < len(SENSE) else
                   replacement_verdict(better, worse) if validity is None else validity_verdict(validity, worse))
        print(f'\nbetter on {better} of {read} tasks read, worse beyond two SE on {", ".join(worse) or "none"}: '
              f'{verdict}\n')


if __name__ == '__main__':
    main()
