#!/usr/bin/env python3
"""Amendment 11's measure M1, read: m2 on held-out grown parents, candidate E against A, paired by sample.

    python3 benchmarks/results/model-headroom/copy-m2/read.py <A's answers.jsonl> <E's answers.jsonl>

Each file is `measure.ts --operators m2 --answers` output; sample k of a task has the same parent and seed in both,
so the pairs are (problem, seed). Per task: the valid share and the share of children with their parent's shape,
each with E minus A and the SE of the paired difference (sd of the per-sample differences / sqrt(n)). The decision
is the amendment's: E's same-shape share beyond two SE above A's on tsp50 and kp100, and E's valid share below A's
beyond two SE on no task.
"""
import json
import math
import sys

TASKS = ['tsp50', 'kp100', 'asp15', 'aco-tsp50', 'aco-cvrp50', 'aco-bpp500']
MUST_RISE = ('tsp50', 'kp100')


def answers(path):
    out = {}
    for line in open(path):
        a = json.loads(line)
        if a['operator'] == 'm2':
            out[(a['problem'], a['seed'])] = (bool(a['valid']), bool(a.get('sameShape')))
    return out


def paired(xs, ys):
    """Mean of y - x and its SE over pairs of 0/1 outcomes."""
    d = [y - x for x, y in zip(xs, ys)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1)) if n > 1 else 0.0
    return mean, sd / math.sqrt(n)


def main(path_a, path_e):
    a, e = answers(path_a), answers(path_e)
    print('| task | pairs | valid A | valid E | E - A (SE) | same shape A | same shape E | E - A (SE) |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    rises, drops = {}, []
    for task in TASKS:
        keys = sorted(k for k in a if k[0] == task and k in e)
        if not keys:
            print(f'| {task} | 0 | | | | | | |')
            continue
        va, ve = [a[k][0] for k in keys], [e[k][0] for k in keys]
        sa, se_ = [a[k][1] for k in keys], [e[k][1] for k in keys]
        dv, sv = paired(va, ve)
        ds, ss = paired(sa, se_)
        pct = lambda xs: f'{100 * sum(xs) / len(xs):.1f}%'
        print(f'| {task} | {len(keys)} | {pct(va)} | {pct(ve)} | {100 * dv:+.1f} ({100 * sv:.1f}) '
              f'| {pct(sa)} | {pct(se_)} | {100 * ds:+.1f} ({100 * ss:.1f}) |')
        rises[task] = ds > 2 * ss
        if dv < -2 * sv:
            drops.append(task)
    print()
    for task in MUST_RISE:
        print(f'- same shape on {task}: {"rises beyond two SE" if rises.get(task) else "does not rise beyond two SE"}')
    print(f'- valid share lower beyond two SE on: {", ".join(drops) if drops else "no task"}')
    passed = all(rises.get(t) for t in MUST_RISE) and not drops
    print(f'\nM1: {"pass" if passed else "fail"}')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: read.py <A answers.jsonl> <E answers.jsonl>')
    main(sys.argv[1], sys.argv[2])
