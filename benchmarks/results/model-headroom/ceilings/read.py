#!/usr/bin/env python3
"""Amendment 16's reading: each first test split's ceiling beside the searches and the textbook rules.

    python3 benchmarks/results/model-headroom/ceilings/read.py [ceilings.json] [table dir]

ceilings.json is benchmarks/ceilings/ceilings.ts's --json (default: the one here); the table is D's measure 2
(default: ../measure2-lm-7). Per bound: the best textbook rule on that split, D's EoH and Sample budget-1000 means
over seeds 0-2, the room left between EoH and the bound (in the split's units, positive = the bound is better), and
the share of the rule-to-bound gap that EoH has closed. An 'upper' figure is achievable, so the room it shows is
room there is at least; a 'bound' may not be attained, so its room is room there is at most.
"""
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from search import SEEDS, SENSE, best_baseline, cells, complete, load  # noqa: E402


def main():
    ceilings = json.load(open(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, 'ceilings.json')))
    table = load(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, '..', 'measure2-lm-7'))
    means = {key: statistics.mean(v[s] for s in SEEDS) for key, v in cells(table).items() if complete(v)}
    print('| task | split | ceiling | kind | value | best textbook rule | Sample b1000 | EoH b1000 | room left | gap closed |')
    print('|---|---|---|---|---:|---:|---:|---:|---:|---:|')
    for row in ceilings['rows']:
        problem, split, bound = row['problem'], row['split'], row['mean']
        sense = SENSE[problem]
        rule = best_baseline(table, problem, split)
        eoh = means.get((problem, split, 1000, 'eoh'))
        sample = means.get((problem, split, 1000, 'sample'))
        room = sense * (bound - eoh) if eoh is not None else None
        gap = sense * (bound - rule['mean']) if rule else None
        closed = f'{100 * (1 - room / gap):.0f}%' if room is not None and gap else '-'
        f = lambda x: '-' if x is None else f'{x:.4f}'
        rule_text = f"{rule['baseline']} {rule['mean']:.4f}" if rule else '-'
        print(f"| {problem} | {split} | {row['what']} | {row['kind']} | {bound:.4f} | {rule_text} | {f(sample)} | {f(eoh)} | "
              f"{'-' if room is None else f'{room:+.4f}'} | {closed} |")


if __name__ == '__main__':
    main()
