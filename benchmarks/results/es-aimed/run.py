#!/usr/bin/env python3
"""Runs the arms of the es-aimed study (arms.json) with `ahd run`, resumably: a finished run (summary.json) is
skipped, an interrupted one (config.json, no summary) continues with --resume, the rest start fresh. Run it again
after any stop and it picks up where it was. Run directories: <runs>/<phase>/<task>-<arm>-b<budget>-s<seed>/,
each run's progress in <that>.log.

    python3 benchmarks/results/es-aimed/run.py screen                      # 23 arms x 2 tasks x seeds 0-4
    python3 benchmarks/results/es-aimed/run.py confirm --picked <arm|none>  # 3 or 4 arms x 2 tasks x seeds 100-119
    options: --tasks tsp50,kp100  --arms a,b  --seeds 0,1  --budget 40  --parallel 2  --runs <dir>  --dry-run
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
DESIGN = json.load(open(os.path.join(HERE, 'arms.json')))


def csv(value):
    return [x.strip() for x in value.split(',') if x.strip()]


def phase_arms(phase, picked):
    """The arms of a phase; the confirmation's '<picked>' is the screen's pick (table.py screen), or none."""
    arms = DESIGN[phase]
    if '<picked>' not in arms:
        return arms
    if picked is None:
        sys.exit('run.py confirm: --picked <arm> (the pick of `table.py screen`) or --picked none')
    if picked != 'none' and picked not in DESIGN['eligible']:
        sys.exit(f'run.py: --picked {picked} is not an eligible arm ({", ".join(DESIGN["eligible"])})')
    return [a for a in arms if a != '<picked>'] + ([] if picked == 'none' else [picked])


def run_name(task, arm, budget, seed):
    return f'{task}-{arm}-b{budget}-s{seed}'


def command(task, arm, budget, seed, out, threads):
    spec = DESIGN['arms'][arm]
    return ['node', os.path.join(ROOT, 'bin', 'ahd.js'), 'run', '--problem', task, '--scaffold', spec['scaffold'], *spec['flags'],
            '--budget', str(budget), '--seed', str(seed), '--out', out, '--threads', str(threads), '--json']


def job(task, arm, budget, seed, base, threads, dry):
    out = os.path.join(base, run_name(task, arm, budget, seed))
    if os.path.isfile(os.path.join(out, 'summary.json')):
        return f'{os.path.basename(out)}: finished earlier'
    args = command(task, arm, budget, seed, out, threads)
    if os.path.isfile(os.path.join(out, 'config.json')):
        args = ['node', args[1], 'run', '--resume', '--out', out, '--threads', str(threads), '--json']
    if dry:
        return ' '.join(args)
    with open(f'{out}.log', 'a') as log:
        status = subprocess.run(args, cwd=ROOT, stdout=log, stderr=log).returncode
    return f'{os.path.basename(out)}: {"done" if status == 0 else f"FAILED (exit {status}, see {out}.log)"}'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('phase', choices=['screen', 'confirm'])
    parser.add_argument('--picked', help='confirm: the arm the screen picked (table.py screen), or none')
    parser.add_argument('--tasks', type=csv, default=list(DESIGN['tasks']))
    parser.add_argument('--arms', type=csv, help='a subset of the phase\'s arms')
    parser.add_argument('--seeds', type=lambda v: [int(x) for x in csv(v)], help='a subset of the phase\'s seeds (smoke tests: any)')
    parser.add_argument('--budget', type=int, default=DESIGN['budget'], help='smoke tests only: the study is budget 1000')
    parser.add_argument('--parallel', type=int, default=1, help='runs at once (each with cores/parallel sandbox threads)')
    parser.add_argument('--runs', default=os.path.join(HERE, 'runs'), help='where the run directories go (a folder per phase)')
    parser.add_argument('--dry-run', action='store_true', help='print the commands instead of running them')
    args = parser.parse_args()

    arms = phase_arms(args.phase, args.picked)
    if args.arms:
        unknown = [a for a in args.arms if a not in arms]
        if unknown:
            sys.exit(f'run.py: {", ".join(unknown)} not among the {args.phase} arms ({", ".join(arms)})')
        arms = args.arms
    seeds = args.seeds if args.seeds is not None else DESIGN['seeds'][args.phase]
    base = os.path.join(args.runs, args.phase)
    if not args.dry_run:
        os.makedirs(base, exist_ok=True)
    threads = max(1, (os.cpu_count() or 1) // max(1, args.parallel))
    jobs = [(t, a, args.budget, s) for t in args.tasks for a in arms for s in seeds]
    print(f'run.py {args.phase}: {len(jobs)} runs ({len(args.tasks)} tasks x {len(arms)} arms x {len(seeds)} seeds), '
          f'budget {args.budget}, {args.parallel} at a time, into {base}', flush=True)
    with ThreadPoolExecutor(max_workers=max(1, args.parallel)) as pool:
        for line in pool.map(lambda j: job(*j, base, threads, args.dry_run), jobs):
            print(line, flush=True)


if __name__ == '__main__':
    main()
