#!/usr/bin/env python3
"""Amendment 18's reading: a search with the corpus's operators against random draws, both at budget 1000.

    python3 benchmarks/results/model-headroom/grammar-headroom/eoh-vs-sample/read.py [search folder] [sample folder]

Search arm: the `refined` best of headroom.ts --n 100 --refine 900 (this folder's seed files); Sample arm: the
`sampled` best of --n 1000 (Amendments 8 and 10's seed files, one folder up). Paired by seed on every split both
hold; positive gain = the search arm is better. The decision reads each task's first test split (as read.py).
"""
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
from read import by_task  # noqa: E402
from search import SENSE, first_test_splits, load, paired, splits  # noqa: E402


def main():
    search = by_task(sys.argv[1] if len(sys.argv) > 1 else HERE)
    sample = by_task(sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(HERE))
    first_test = first_test_splits(splits(load(os.path.join(HERE, '..', '..', 'measure2-lm-7'))))
    print('| task | seeds | split | Sample arm (best of 1,000) | search arm (100 + 900 edits) | gain | SE | beyond two SE |')
    print('|---|---|---|---:|---:|---:|---:|---|')
    verdicts = []
    for problem in (p for p in SENSE if p in search and p in sample):
        seeds = sorted(set(search[problem]) & set(sample[problem]))
        if not seeds:
            continue
        for split in ['train'] + list(search[problem][seeds[0]]['refined']['test']):
            def pick(runs, which):
                return {s: runs[s][which]['train'] if split == 'train' else runs[s][which]['test'].get(split) for s in seeds}
            a, b = pick(search[problem], 'refined'), pick(sample[problem], 'sampled')
            if any(v is None for v in (*a.values(), *b.values())):
                continue
            gain, se, _ = paired(a, b, SENSE[problem])
            beyond = gain is not None and gain > 2 * se
            if split == first_test[problem]:
                verdicts.append((problem, split, len(seeds), gain, se, beyond))
            print(f'| {problem} | {", ".join(seeds)} | {split} | {statistics.mean(b.values()):.4f} | {statistics.mean(a.values()):.4f} '
                  f'| {"-" if gain is None else f"{gain:+.4f}"} | {"-" if se is None else f"{se:.4f}"} | {"yes" if beyond else "no"} |')
    print()
    for problem, split, n, gain, se, beyond in verdicts:
        if gain is None:
            print(f'- {problem} {split}: not read ({n} seed)')
        else:
            print(f'- {problem} {split}: {"search beats Sample" if beyond else "no"} ({gain:+.4f}, SE {se:.4f}, {n} seeds'
                  f'{"" if n >= 3 else ", fewer than three"})')
    read = [v for v in verdicts if v[3] is not None]
    print(f'\nsearch over Sample beyond two SE on the first test split: {sum(v[5] for v in read)} of {len(read)} tasks read '
          f'({", ".join(v[0] for v in read if v[5]) or "none"})')


if __name__ == '__main__':
    main()
