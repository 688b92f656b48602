#!/usr/bin/env python3
"""Regenerates every study table that has a table script, from the committed runs (each study's runs.zip, read
through benchmarks/runfiles.py), and checks that the script's whole output stands verbatim in the committed results
file. Exits 1 naming each table that differs. Run by tests/benchmarks/study-tables.test.ts; needs only python3.

    python3 benchmarks/check-study-tables.py

Not checked, because the committed file cannot be regenerated from what git holds (the files stay as written):
- es-levers-tsp50/results.md (verdict.py, and paired-gain.py's per-lever blocks, printed in another layout): the
  verdict reads the runs' event logs, which were never committed; its samples-1 block is checked.
- paired-gain.py's blocks against `table/runs/tsp50-sample-es-b1000-r*` in es-sample-no-crn, es-sample-crn-pairs
  and es-sample-alpha-sigma/results.md: those table runs (the CRN column of that time) were since run again
  under a new default and the old ones moved to table-es-sample-crn/runs.
- es-sample-rank/results.md, es-sample-alpha2/results.md, es-sample-rank-alpha2/results.md (probe-study.py):
  written before probe-study.py gained its run-validity table and its probe-line summary line; the probe tables
  that were printed then do still match.
- es-sample-rank/results.md, end-to-end part (end-to-end-tsp50.py): its tsp50 seeds 3-9 are not among the
  committed runs of the study.
- es-sample-rank-sigma2/results.md, `--against ../es-sample-rank rank` and `--seeds 3,4,5` parts: printed by an
  earlier probe-study.py (tables it no longer prints the same way) or before later runs were added.
- es-probe-nocrn-seeds/results.md, power.py: its table matches; the closing probability line was added to power.py
  after the file was written (results.md quotes its figures in prose).
- table-es-sample-crn/README.md (compare.py): written while the table's rerun of the column was under way; the
  runs added since change every row.
- es-end-to-end-tsp50-b1000.md (es-end-to-end.py): written when the table held fewer tsp50 seeds.
- es-scope-six/summary.md, scope-*/study.md, es-study/*/study.md, es-study.md, es-probe-tasks/probes.md,
  table-es-eoh-k1 and table-es-sample-crn table-as-it-stood.md, es-tsp50-ten-seeds: no table script (written by
  benchmarks/es-study.ts from event logs, by `ahd table` at an earlier commit, or by hand from printed runs).
`ahd table --from` tables (table/, table-tsp50-b1000/) are checked by tests/table/from-archive.test.ts.
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
R = 'benchmarks/results'
# (the command's arguments after python3, from the repository root; the results file that holds its output)
TABLES = [
    ([f'{R}/es-eoh-probe/table.py'], f'{R}/es-eoh-probe/results.md'),
    ([f'{R}/es-eoh-per-direction-scaled/compare.py'], f'{R}/es-eoh-per-direction-scaled/README.md'),
    ([f'{R}/es-probe-b2000/table.py'], f'{R}/es-probe-b2000/results.md'),
    ([f'{R}/es-probe-nocrn-seeds/table.py'], f'{R}/es-probe-nocrn-seeds/results.md'),
    ([f'{R}/es-probe-nocrn/table.py'], f'{R}/es-probe-nocrn/results.md'),
    (['benchmarks/probe-study.py', f'{R}/es-sample-rank-sigma2', 'rank-sigma2'], f'{R}/es-sample-rank-sigma2/results.md'),
    (['benchmarks/end-to-end-tsp50.py', f'{R}/es-sample-rank-sigma2', 'rank-sigma2'], f'{R}/es-sample-rank-sigma2/results.md'),
    (['benchmarks/es-probe-tails.py', f'{R}/es-scope-six'], f'{R}/es-scope-six/probe-tails.md'),
]
# paired-gain.py prints its prefixes as given: these ran from benchmarks/results, prefixes relative to it.
PAIRED = [
    ('es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r', 'table/runs/tsp50-sample-b1000-r', '0-9', 'es-sample-no-crn'),
    ('es-sample-crn-pairs/runs/tsp50-sample-es-pairs-b1000-r', 'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r', '0-9', 'es-sample-crn-pairs'),
    ('es-sample-crn-pairs/runs/tsp50-sample-es-pairs-b1000-r', 'table/runs/tsp50-sample-b1000-r', '0-9', 'es-sample-crn-pairs'),
    ('es-sample-alpha-sigma/runs/tsp50-sample-es-alphasigma-b1000-r', 'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r', '0-9', 'es-sample-alpha-sigma'),
    ('es-sample-alpha-sigma/runs/tsp50-sample-es-alphasigma-b1000-r', 'table/runs/tsp50-sample-b1000-r', '0-9', 'es-sample-alpha-sigma'),
    ('es-levers-tsp50/runs/samples-1-r', 'es-sample-no-crn/runs/tsp50-sample-es-nocrn-b1000-r', '0-4', 'es-levers-tsp50'),
]
CHECKS = [('.', args, results) for args, results in TABLES] + [
    (R, ['../paired-gain.py', candidate, baseline, seeds, 'test20', 'test50'], f'{R}/{study}/results.md')
    for candidate, baseline, seeds, study in PAIRED
]


def main():
    failed = []
    for cwd, args, results in CHECKS:
        run = subprocess.run([sys.executable, *args], cwd=ROOT / cwd, capture_output=True, text=True)
        command = ' '.join(args)
        if run.returncode != 0:
            failed.append(f'{command}: exit {run.returncode}: {run.stderr.strip().splitlines()[-1:]}')
        elif run.stdout not in (ROOT / results).read_text(encoding='utf-8'):
            failed.append(f'{command}: its output is not in {results} as committed')
        else:
            print(f'ok: {command} -> {results}')
    for line in failed:
        print(f'differs: {line}', file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
