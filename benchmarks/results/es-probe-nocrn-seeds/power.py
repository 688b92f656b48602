"""How many probe samples the probe line would need to resolve the default's gains, and how often one run of the
default would meet it, read from the committed probes of seeds 0-2 (benchmarks/probe-power.py on the default).

    python3 benchmarks/results/es-probe-nocrn-seeds/power.py
"""
import pathlib
import sys
from importlib import import_module

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent.parent))
import_module('probe-power').main([])
