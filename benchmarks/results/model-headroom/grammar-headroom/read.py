#!/usr/bin/env python3
"""Amendment 8's reading: refined over sampled, paired by seed, per task and split, beside the model searches.

    python3 benchmarks/results/model-headroom/grammar-headroom/read.py [folder of seed files; default: this one]

Reads every seed-<S>.json and seed-<S>-<task>.json here (headroom.ts --json; Amendment 10 wrote one file per seed and
task); positive gain = the refined program is better (shorter tour, more value). The model columns are measure 2's EoH budget-1000 means over seeds 0-2 (table.json of measure2-lm-5 and
measure2-lm-7), for scale: the grammar's best programs beside what a search with a model of that grammar found.
"""
import glob
import json
import os
import statistics
import sys
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from search import SEEDS, SENSE, cells, complete, first_test_splits, load, paired, splits  # noqa: E402

Verdict = namedtuple('Verdict', 'problem split seeds gain se room')


def model_means(folder):
    """(problem, split) -> the EoH budget-1000 mean over seeds 0-2, where the table holds all three."""
    table = cells(load(os.path.join(HERE, '..', folder)))
    return {(problem, split): statistics.mean(values[s] for s in SEEDS)
            for (problem, split, budget, scaffold), values in table.items()
            if scaffold == 'eoh' and budget == 1000 and complete(values)}


def by_task(folder):
    """task -> {seed: headroom.ts's record}, from every seed file in folder."""
    tasks = {}
    for path in sorted(glob.glob(os.path.join(folder, 'seed-*.json'))):
        seed = os.path.basename(path)[len('seed-'):-len('.json')].split('-', 1)[0]
        for record in json.load(open(path)):
            tasks.setdefault(record['problem'], {})[seed] = record
    return tasks


def main():
    tasks = by_task(sys.argv[1] if len(sys.argv) > 1 else HERE)
    models = {name: model_means(folder) for name, folder in (('-5', 'measure2-lm-5'), ('-7', 'measure2-lm-7'))}
    print('| task | seeds | split | sampled (best of 1,000) | refined (+1,000 m1/m2 edits) | gain | SE | beyond two SE '
          '| model -5, EoH b1000 | model -7, EoH b1000 |')
    print('|---|---|---|---:|---:|---:|---:|---|---:|---:|')
    # The decision reads the first test split of the search table (the reference's splits; headroom.ts also scores
    # the problem's other standard splits, such as the ACO tasks' test20), as every line of this study does.
    first_test = first_test_splits(splits(load(os.path.join(HERE, '..', 'measure2-lm-7'))))
    verdicts = []
    for problem in (p for p in SENSE if p in tasks):
        runs = tasks[problem]
        for split in ['train'] + list(next(iter(runs.values()))['sampled']['test']):
            def pick(which):
                return {seed: r[which]['train'] if split == 'train' else r[which]['test'][split] for seed, r in runs.items()}
            sampled, refined = pick('sampled'), pick('refined')
            gain, se, _ = paired(refined, sampled, SENSE[problem])
            beyond = 'yes' if gain is not None and gain > 2 * se else 'no'
            if split == first_test[problem]:
                verdicts.append(Verdict(problem, split, len(runs), gain, se, beyond == 'yes'))
            shown = ' | '.join('-' if v is None else f'{v:.4f}' for v in (models[m].get((problem, split)) for m in ('-5', '-7')))
            print(f'| {problem} | {", ".join(sorted(runs))} | {split} | {statistics.mean(sampled.values()):.4f} | {statistics.mean(refined.values()):.4f} '
                  f'| {"-" if gain is None else f"{gain:+.4f}"} | {"-" if se is None else f"{se:.4f}"} | {beyond} | {shown} |')
    print()
    for v in verdicts:
        if v.gain is None:
            print(f'- {v.problem} {v.split}: not read ({v.seeds} seed)')
        else:
            print(f'- {v.problem} {v.split}: {"room" if v.room else "no room"} ({v.gain:+.4f}, SE {v.se:.4f}, '
                  f'{v.seeds} seeds{"" if v.seeds >= 3 else ", fewer than three"})')
    read = [v for v in verdicts if v.gain is not None]
    print(f'\nroom on the first test split: {sum(v.room for v in read)} of {len(read)} tasks read '
          f'({", ".join(v.problem for v in read if v.room) or "none"})')


if __name__ == '__main__':
    main()
