"""README.md's figures: the probe line per seed for the table's EoH+ES budget-1000 runs, their gains against the
Sample+ES default's at the same seeds, and the probes' valid share (benchmarks/probe-study.py's tables).

    python3 benchmarks/results/es-eoh-probe/table.py
"""
import pathlib
import sys
from importlib import import_module

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
study = import_module('probe-study')

run = lambda task, seed: HERE.parent / f'table/runs/{task}-eoh-es-b1000-r{seed}'
eoh = study.Setting('eoh-es', run, lambda task, seed: HERE / f'runs/{run(task, seed).name}.probe.json')
study.probe_tables(eoh, study.DEFAULT)
study.per_seed_table('Valid share of the probe samples, tuned model minus base (the base: the bundled model on the same probe seed)',
                     eoh, study.DEFAULT, study.probe_validity)
