#!/usr/bin/env python3
"""Where a search's improvements come from: per task and operator, how often a child beats its parents and the run.

    python3 benchmarks/results/model-headroom/operator-gains.py <table dir>/runs/*-b1000-r[012]

Reads each run's events.jsonl (the full run directory; the packed parts keep only summaries). Objectives there are
minimised (maximising tasks are negated). For every evaluated sample: its operator, whether it is valid, whether it
beats the best of its parents (operators with parents), and whether it beats every sample evaluated before it in
the run (a new best on train); new bests are also counted in the run's second half (after half its samples), the
part a doubled budget would extend. Prints one markdown table summed over the runs given, per task, method and
operator.
"""
import collections
import json
import os
import re
import sys

from search import SENSE

NUMBER = re.compile(r'(?<![A-Za-z_$])\d+(\.\d+)?')
CODE = re.compile(r'function [\s\S]*\}')


def shape(code):
    """Code with its numbers masked. The corpus writes a weight of 1 without `1 *` and folds a weight's sign into the
    operator before it (`a - 0.3 * x`), so a change of numbers alone can change those two; they are masked too."""
    masked = NUMBER.sub('#', re.sub(r'\s+', ' ', code))
    return re.sub(r'[+-]', '±', masked.replace('# * ', ''))


def run_rows(run_dir):
    config = json.load(open(os.path.join(run_dir, 'config.json')))
    problem, scaffold = config['problem'], config['search']['scaffold']
    if config['search'].get('m2') == 'numbers':
        scaffold += ' (m2 numbers)'
    generation, objective = {}, {}
    for line in open(os.path.join(run_dir, 'events.jsonl')):
        event = json.loads(line)
        if event['type'] == 'generation':
            generation[event['index']] = event  # the last attempt is the one evaluated
        elif event['type'] == 'outcome':
            out = event['outcome']
            objective[event['index']] = out['objective'] if out['status'] == 'ok' else None
    code = {i: (g.get('parsed') or {}).get('code') for i, g in generation.items()}
    order = sorted(objective)
    half = len(order) / 2
    best = float('inf')
    for rank, index in enumerate(order):
        value = objective[index]
        gen = generation.get(index, {})
        ids = gen.get('parents', [])
        parents = [objective[p] for p in ids if objective.get(p) is not None]
        beats_parents = value is not None and bool(parents) and value < min(parents)
        new_best = value is not None and value < best
        if new_best:
            best = value
        same = None
        if len(ids) == 1 and code.get(index) and code.get(ids[0]):
            same = shape(code[index]) == shape(code[ids[0]])
        yield (problem, scaffold, gen.get('operator', '?')), value is not None, bool(parents), beats_parents, \
            new_best, new_best and rank >= half, same


def main(run_dirs):
    totals = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0, 0])
    runs = collections.Counter()
    for run_dir in run_dirs:
        seen = set()
        for key, valid, has_parents, beats, new_best, late, same in run_rows(run_dir):
            t = totals[key]
            t[0] += 1
            t[1] += valid
            t[2] += has_parents and valid
            t[3] += beats
            t[4] += new_best
            t[5] += late
            t[6] += same is not None
            t[7] += bool(same)
            seen.add(key[:2])
        for task_method in seen:
            runs[task_method] += 1
    print('| task | method | runs | operator | samples | valid | beats its best parent (of valid with parents) '
          '| new bests | of them in the second half | same shape as its parent (one-parent operators) |')
    print('|---|---|---:|---|---:|---:|---:|---:|---:|---:|')
    for (problem, scaffold, op), (n, valid, with_parents, beats, new_best, late, pairs, same) in sorted(totals.items()):
        share = f'{100 * beats / with_parents:.1f}%' if with_parents else '-'
        print(f'| {problem} | {scaffold} | {runs[(problem, scaffold)]} | {op} | {n} | {100 * valid / n:.1f}% | {share} '
              f'| {new_best} | {late} | {percent(same, pairs)} |')


def percent(part, whole):
    return f'{100 * part / whole:.1f}%' if whole else '-'


def corpus(path):
    """The corpus's own m1/m2 examples of the six tasks: the share whose answer has its parent's shape."""
    counts = collections.defaultdict(lambda: [0, 0])
    for line in open(path):
        example = json.loads(line)
        if example['operator'] not in ('m1', 'm2') or example['problem'] not in SENSE:
            continue
        parent, child = CODE.search(example['prompt']), CODE.search(example['answer'])
        if not parent or not child:
            continue
        t = counts[(example['problem'], example['operator'])]
        t[0] += 1
        t[1] += shape(parent.group(0)) == shape(child.group(0))
    print('| task | operator | examples | same shape as its parent |')
    print('|---|---|---:|---:|')
    for (problem, op), (n, same) in sorted(counts.items()):
        print(f'| {problem} | {op} | {n} | {percent(same, n)} |')


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit('usage: operator-gains.py <run dir>... | --corpus <corpus.jsonl>')
    if sys.argv[1] == '--corpus':
        if len(sys.argv) != 3:
            sys.exit('usage: operator-gains.py --corpus <corpus.jsonl>')
        corpus(sys.argv[2])
    else:
        main(sys.argv[1:])
