#!/usr/bin/env python3
"""What the search's own candidates look like with and without ES, paired by seed: from the event logs of
matched runs (a baseline run dir and its ES run dir at the same seed), per window of samples, the valid share,
the share of distinct answers, the mean, the 10th percentile and the best of the valid candidates' training
objectives. Answers whether ES's perturbed (and tuned) models write worse or fewer distinct candidates while the
search runs, which the probe (the final model, unperturbed) cannot see.

    benchmarks/es-candidate-tails.py <runs-dir> <baseline-prefix> <es-prefix> <seeds> [<window> (default 200)]

e.g. `benchmarks/es-candidate-tails.py benchmarks/results/table/runs tsp50-sample-b1000 tsp50-sample-es-b1000 5-9`.
Objectives are signed so that lower is better (tsp50's tour length as is). Prints markdown.
"""
import json
import math
import statistics as st
import sys

import runfiles


def candidates(run_dir):
    """(text, objective or None) per sample index, in index order."""
    texts, objectives = {}, {}
    path = f'{run_dir}/events.jsonl'
    log = runfiles.read_text(path)
    if log is None:
        sys.exit(f'{path}: no such file (event logs are not committed: run the study to make them)')
    for line in log.splitlines():
        if line:
            event = json.loads(line)
            if event['type'] == 'generation':
                texts[event['index']] = ' '.join(event['text'].split())
            elif event['type'] == 'outcome':
                outcome = event['outcome']
                objectives[event['index']] = outcome['objective'] if outcome['status'] == 'ok' else None
    return [(texts[i], objectives.get(i)) for i in sorted(texts)]


def window_stats(window):
    valid = sorted(o for _, o in window if o is not None)
    return {
        'valid': len(valid) / len(window),
        'distinct': len({t for t, _ in window}) / len(window),
        'mean': st.mean(valid) if valid else math.nan,
        'p10': valid[max(0, math.ceil(0.1 * len(valid)) - 1)] if valid else math.nan,
        'best': valid[0] if valid else math.nan,
    }


def paired(values):
    mean = st.mean(values)
    se = st.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return f'{mean:+.4f} ({se:.4f})'


def main():
    runs, base_prefix, es_prefix, seed_range = sys.argv[1:5]
    size = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    first, last = (int(s) for s in seed_range.split('-'))
    seeds = range(first, last + 1)
    pairs = [(candidates(f'{runs}/{base_prefix}-r{s}'), candidates(f'{runs}/{es_prefix}-r{s}')) for s in seeds]
    length = min(min(len(b), len(e)) for b, e in pairs)
    print(f'{es_prefix} minus {base_prefix}, seeds {seed_range} ({len(pairs)} pairs), windows of {size} samples; '
          'mean of the paired differences (SE); negative objective differences: ES better\n')
    print('| samples | valid share | distinct answers | mean objective | 10th percentile | best in window | baseline mean / p10 / best |')
    print('|---|---|---|---|---|---|---|')
    for start in range(0, length - length % size or length, size):
        stats = [(window_stats(b[start:start + size]), window_stats(e[start:start + size])) for b, e in pairs]
        diff = {k: [e[k] - b[k] for b, e in stats] for k in ('valid', 'distinct', 'mean', 'p10', 'best')}
        base = {k: st.mean(b[k] for b, _ in stats) for k in ('mean', 'p10', 'best')}
        print(f"| {start}-{start + size} | {paired(diff['valid'])} | {paired(diff['distinct'])} | {paired(diff['mean'])} | "
              f"{paired(diff['p10'])} | {paired(diff['best'])} | {base['mean']:.4f} / {base['p10']:.4f} / {base['best']:.4f} |")


if __name__ == '__main__':
    main()
