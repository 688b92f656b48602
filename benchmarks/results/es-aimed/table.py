#!/usr/bin/env python3
"""The es-aimed study's tables, computed from its runs as README.md decided them (before any run):

    python3 benchmarks/results/es-aimed/table.py screen              # every screen arm, paired with EoH by seed; the pick
    python3 benchmarks/results/es-aimed/table.py confirm --picked <arm|none>   # the 20-seed t-tests and the decision
    options: --runs <dir> (repeatable, first holding a run wins; default: runs/ beside this file, then controls/runs/,
             sweep/runs/ and sample/runs/, each from disk or its folder's runs.zip); --budget <n> (smoke tests)

Values are each run's best heuristic on the task's test split (summary.json, natural sign); gains are signed so
that positive means better than the comparison (shorter tour, higher value). Needs scipy.
"""
import argparse
import json
import math
import os
import statistics
import sys

from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..'))
import runfiles  # noqa: E402

DESIGN = json.load(open(os.path.join(HERE, 'arms.json')))
SENSE = {'tsp50': -1, 'kp100': 1}  # +1: higher is better
ALPHA = 0.05
# Amendments 1 and 4 (README): arms not run on a task because they are another arm's runs by construction.
SAME_RUNS = {('kp100', 'eoh-es-best-rank'): 'eoh-es-max', ('kp100', 'sample-es-best-rank'): 'sample-es-max'}


# Where runs are read, in order: the study's runs (runs.zip, packed once), then those of Amendment 2 (the update-only
# control), Amendment 3 (the temperature sweep) and Amendment 4 (the Sample arms), each packed in its own folder's
# runs.zip: an archive is never rewritten, so runs made after one was packed get another.
RUN_ROOTS = [os.path.join(HERE, 'runs'), os.path.join(HERE, 'controls', 'runs'), os.path.join(HERE, 'sweep', 'runs'),
             os.path.join(HERE, 'sample', 'runs')]
CONTROLS = ['eoh-noise', 'eoh-update']


def summary_of(roots, phase, name):
    """The run's summary.json from the first root holding it, else None."""
    for root in roots:
        summary = runfiles.read_json(os.path.join(root, phase, name, 'summary.json'))
        if summary:
            return summary
    return None


def values(roots, phase, task, arm, budget, seeds):
    """seed -> the run's test value, for the runs that finished (a missing run is left out and reported)."""
    split = DESIGN['tasks'][task]
    out = {}
    for seed in seeds:
        summary = summary_of(roots, phase, f'{task}-{arm}-b{budget}-s{seed}')
        value = summary and summary['best']['test'].get(split)
        if isinstance(value, (int, float)):
            out[seed] = value
    return out


def sd(xs):
    return statistics.stdev(xs) if len(xs) > 1 else float('nan')


def paired(task, arm, base):
    """Gains of arm over base at the seeds both have (positive: arm better), their mean and standard error."""
    seeds = sorted(set(arm) & set(base))
    gains = [SENSE[task] * (arm[s] - base[s]) for s in seeds]
    mean = statistics.mean(gains) if gains else float('nan')
    se = sd(gains) / math.sqrt(len(gains)) if len(gains) > 1 else float('nan')
    return seeds, gains, mean, se


def two_sample(task, a_mean, a_sd, a_n, b_mean, b_sd, b_n):
    """One-sided two-sample t-test (pooled variance, Student), H1: a better than b; as the reference reports it."""
    alternative = 'greater' if SENSE[task] > 0 else 'less'
    return stats.ttest_ind_from_stats(a_mean, a_sd, a_n, b_mean, b_sd, b_n, equal_var=True, alternative=alternative).pvalue


def check_reference():
    """The test above reproduces the reference's p-values from its own summaries (README, 'The test')."""
    tsp = two_sample('tsp50', 6.5007, 0.0868, 20, 6.5517, 0.0729, 20)
    kp = two_sample('kp100', 40.1578, 0.0017, 20, 40.1562, 0.0024, 20)
    assert abs(tsp - 0.026) < 0.001 and abs(kp - 0.010) < 0.001, (tsp, kp)
    return tsp, kp


def fmt(x, digits=4):
    return '-' if x is None or (isinstance(x, float) and math.isnan(x)) else f'{x:.{digits}f}'


def screen(roots, budget):
    seeds = DESIGN['seeds']['screen']
    print(f'## Screen (seeds {seeds[0]}-{seeds[-1]}, budget {budget}): every arm against its scaffold\'s frozen baseline '
          '(EoH arms against eoh, Sample arms against sample) at the same seed\n')
    standardised = {}
    incomplete = []
    for task, split in DESIGN['tasks'].items():
        bases = {b: values(roots, 'screen', task, b, budget, seeds) for b in ('eoh', 'sample')}
        spreads = {b: sd(list(v.values())) for b, v in bases.items()}
        print(f'### {task} ({split}); baseline sd over seeds: eoh {fmt(spreads["eoh"])}, sample {fmt(spreads["sample"])}\n')
        print('| arm | runs | mean | sd | gain per seed | mean gain | SE | gain / sd(baseline) |')
        print('|---|---:|---:|---:|---|---:|---:|---:|')
        for arm in DESIGN['screen']:
            baseline = DESIGN['arms'][arm]['scaffold']
            same = SAME_RUNS.get((task, arm))
            v = values(roots, 'screen', task, same or arm, budget, seeds)
            if len(v) < len(seeds) and arm in ['eoh', *DESIGN['eligible']]:
                incomplete.append(f'{task} {arm}: {len(v)} of {len(seeds)} runs')
            if not v:
                print(f'| {arm} | 0 | - | - | - | - | - | - |')
                continue
            label = f'{arm} (= {same}, by construction)' if same else arm
            _, gains, mean, se = paired(task, v, bases[baseline]) if arm != baseline else ([], [], float('nan'), float('nan'))
            spread = spreads[baseline]
            std = mean / spread if spread and not math.isnan(mean) else float('nan')
            standardised.setdefault(arm, {})[task] = (mean, std)
            print(f'| {label} | {len(v)} | {fmt(statistics.mean(v.values()))} | {fmt(sd(list(v.values())))} | '
                  f'{" ".join(f"{g:+.4f}" for g in gains) or "-"} | {fmt(mean)} | {fmt(se)} | {fmt(std, 3)} |')
        print()
        controls(roots, task, budget, seeds)
    sweep(roots, budget, seeds)
    pick = pick_arm(standardised)
    print('### The pick (README, rule 1)\n')
    for arm in DESIGN['eligible']:
        by_task = standardised.get(arm, {})
        complete = all(t in by_task for t in DESIGN['tasks'])
        score = statistics.mean(by_task[t][1] for t in DESIGN['tasks']) if complete else float('nan')
        positive = complete and all(by_task[t][0] > 0 for t in DESIGN['tasks'])
        print(f'- {arm}: mean standardised gain {fmt(score, 3)}; gain > 0 on both tasks: {"yes" if positive else "no"}')
    if incomplete:
        print(f'\n**Nothing picked yet: the screen is incomplete** ({"; ".join(incomplete)}).')
        return
    print(f'\n**Picked: {pick or "none"}** (confirm with `run.py confirm --picked {pick or "none"}`)')


def seeds_of(xs):
    return f'seed{"s" if len(xs) > 1 else ""} {", ".join(map(str, xs)) or "none"}'


def controls(roots, task, budget, seeds):
    """Amendment 4: on each scaffold, ES against its two controls, paired by seed (does doing both add to either?)."""
    rows = []
    for es, control in [('eoh-es', 'eoh-noise'), ('eoh-es', 'eoh-update'), ('sample-es', 'sample-noise'), ('sample-es', 'sample-update')]:
        a, b = (values(roots, 'screen', task, arm, budget, seeds) for arm in (es, control))
        common, gains, mean, se = paired(task, a, b)
        if common:
            rows.append(f'| {es} vs {control} | {seeds_of(common)} | {" ".join(f"{g:+.4f}" for g in gains)} | {fmt(mean)} | {fmt(se)} |')
    if rows:
        print(f'ES against its controls on {task} (paired; positive: ES better)\n')
        print('| contrast | seeds | gain per seed | mean | SE |')
        print('|---|---|---|---:|---:|')
        print('\n'.join(rows) + '\n')


TEMPERATURES = {'0.4': '-t0.4', '0.6': '-t0.6', '0.8 (the model\'s)': '', '1.0': '-t1.0'}


def sweep(roots, budget, seeds):
    """Amendment 3: EoH and ES+EoH by temperature, on the seeds where every arm of the sweep finished (seed-major
    order: a seed with a missing run is named, not used)."""
    print('### Temperature sweep (Amendment 3; reported, decides nothing)\n')
    for task in DESIGN['tasks']:
        runs = {(t, es): values(roots, 'screen', task, f'eoh{"-es" if es else ""}{suffix}', budget, seeds)
                for t, suffix in TEMPERATURES.items() for es in (False, True)}
        complete = [s for s in seeds if all(s in v for v in runs.values())]
        partial = [s for s in seeds if s not in complete and any(s in v for v in runs.values())]
        print(f'{task}: {seeds_of(complete)} complete'
              + (f'; {seeds_of(partial)} with not every arm run, left out' if partial else '') + '\n')
        if not complete:
            continue
        print('| temperature | EoH mean ± sd | ES+EoH mean ± sd | ES+EoH gain over EoH, per seed | mean | SE |')
        print('|---|---:|---:|---|---:|---:|')
        for t in TEMPERATURES:
            eoh = {s: runs[(t, False)][s] for s in complete}
            es = {s: runs[(t, True)][s] for s in complete}
            _, gains, mean, se = paired(task, es, eoh)
            print(f'| {t} | {fmt(statistics.mean(eoh.values()))} ± {fmt(sd(list(eoh.values())))} | '
                  f'{fmt(statistics.mean(es.values()))} ± {fmt(sd(list(es.values())))} | '
                  f'{" ".join(f"{g:+.4f}" for g in gains)} | {fmt(mean)} | {fmt(se)} |')
        print()


def pick_arm(standardised):
    """Rule 1: among the eligible arms with a positive mean gain over EoH on both tasks, the highest mean standardised
    gain (list order breaks ties); none if no arm qualifies."""
    best, best_score = None, -math.inf
    for arm in DESIGN['eligible']:
        by_task = standardised.get(arm, {})
        if not all(t in by_task and by_task[t][0] > 0 for t in DESIGN['tasks']):
            continue
        score = statistics.mean(by_task[t][1] for t in DESIGN['tasks'])
        if score > best_score:
            best, best_score = arm, score
    return best


def confirm(roots, budget, picked):
    seeds = DESIGN['seeds']['confirm']
    tsp, kp = check_reference()
    print(f'## Confirmation (fresh seeds {seeds[0]}-{seeds[-1]}, budget {budget})\n')
    print(f'The test reproduces the reference\'s p from its summaries: tsp50 {tsp:.3f} (reported 0.026), kp100 {kp:.3f} (0.010).\n')
    es_arms = ['eoh-es'] + ([picked] if picked and picked != 'none' else [])
    contrasts = ([(a, 'eoh') for a in es_arms] + [(c, 'eoh') for c in CONTROLS]
                 + [(a, c) for c in CONTROLS for a in es_arms])
    primary = []
    verdict = {}
    missing = []
    controls_missing = []
    for task, split in DESIGN['tasks'].items():
        arms = {a: values(roots, 'confirm', task, a, budget, seeds) for a in ['eoh', *CONTROLS, *es_arms]}
        print(f'### {task} ({split})\n')
        print('| arm | runs | mean ± sd |')
        print('|---|---:|---|')
        for arm, v in arms.items():
            xs = list(v.values())
            if len(xs) < len(seeds):
                # Rules 2-4 name EoH, noise-only and the ES arms; the update-only control (Amendment 2) cannot block them.
                (controls_missing if arm == 'eoh-update' else missing).append(f'{task} {arm}: {len(xs)} of {len(seeds)} runs')
            print(f'| {arm} | {len(xs)} | {fmt(statistics.mean(xs)) if xs else "-"} ± {fmt(sd(xs))} |')
        print('\n| contrast | two-sample p (one-sided) | paired mean gain | SE | paired p (one-sided) |')
        print('|---|---:|---:|---:|---:|')
        for a, b in contrasts:
            va, vb = list(arms[a].values()), list(arms[b].values())
            if len(va) < 2 or len(vb) < 2:
                print(f'| {a} vs {b} | - | - | - | - |')
                continue
            p = two_sample(task, statistics.mean(va), sd(va), len(va), statistics.mean(vb), sd(vb), len(vb))
            _, gains, mean, se = paired(task, arms[a], arms[b])
            pp = stats.ttest_1samp(gains, 0, alternative='greater').pvalue if len(gains) > 1 else float('nan')
            print(f'| {a} vs {b} | {p:.4f} | {fmt(mean)} | {fmt(se)} | {pp:.4f} |')
            if b == 'eoh' and a in es_arms:
                primary.append((f'{task}: {a} vs eoh', p))
                verdict[(task, a)] = p < ALPHA
        print()
    print('### Holm over the primary tests (ES arms vs EoH, both tasks)\n')
    for name, p, adjusted in holm(primary):
        print(f'- {name}: p {p:.4f}, Holm-adjusted {adjusted:.4f}')
    beats = [f'{a} on {t}' for (t, a), won in verdict.items() if won]
    print('\n### Decision (README, rules 2-4)\n')
    if controls_missing:
        print(f'(The update-only control is incomplete: {"; ".join(controls_missing)}; it does not enter the decision.)\n')
    if missing:
        print(f'**Not decided: the confirmation is incomplete** ({"; ".join(missing)}); the tests above are on the runs so far.')
        return
    print(f'- ES beats EoH (one-sided two-sample p < {ALPHA}, fresh seeds): {", ".join(beats) if beats else "nowhere"}.')
    print('- ' + ('Rerun the table\'s ES columns with that setting.' if beats else
                  'Say plainly in the README: on the bundled model ES does not beat its controls.'))


def holm(tests):
    ordered = sorted(tests, key=lambda t: t[1])
    out, running = [], 0.0
    for i, (name, p) in enumerate(ordered):
        running = max(running, min(1.0, (len(ordered) - i) * p))
        out.append((name, p, running))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('phase', choices=['screen', 'confirm'])
    parser.add_argument('--picked', help='confirm: the screen\'s pick (table.py screen), or none')
    parser.add_argument('--runs', action='append', help='a folder of runs (repeatable); default: runs/, controls/runs/, sweep/runs/, sample/runs/')
    parser.add_argument('--budget', type=int, default=DESIGN['budget'])
    args = parser.parse_args()
    roots = args.runs or RUN_ROOTS
    if args.phase == 'screen':
        screen(roots, args.budget)
    elif args.picked is None:
        sys.exit('table.py confirm: --picked <arm> (the pick of `table.py screen`) or --picked none')
    else:
        confirm(roots, args.budget, args.picked)


if __name__ == '__main__':
    main()
