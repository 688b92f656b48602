"""Paired comparison of this study's runs with the table's ES+EoH and EoH runs of the same seeds (README's rule).

    python3 benchmarks/results/es-eoh-per-direction-scaled/compare.py
"""
import math, pathlib, statistics, sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
from runfiles import read_json  # noqa: E402

TABLE = HERE.parent / "table" / "runs"
SEEDS = range(5)
SPLITS = ("test20", "test50")


def summary(path):
    return read_json(path / "summary.json")


study = {s: summary(HERE / "runs" / f"tsp50-eoh-es-k5-a001-b1000-r{s}") for s in SEEDS}
baselines = {
    "ES+EoH (k = 1)": {s: summary(HERE.parent / "table-es-eoh-k1" / "runs" / f"tsp50-eoh-es-b1000-r{s}") for s in SEEDS},
    "EoH": {s: summary(TABLE / f"tsp50-eoh-b1000-r{s}") for s in SEEDS},
}

print("| seed | valid | best train | test20 | test50 | seconds |")
print("|---:|---:|---:|---:|---:|---:|")
for s in SEEDS:
    r = study[s]
    print(f"| {s} | {r['valid']} | {r['best']['objective']} | {r['best']['test']['test20']} | {r['best']['test']['test50']} | {r['seconds']:.0f} |")
print()
print("Paired differences, k = 5 / alpha 0.01 minus the baseline at the same seed (tour length: negative = k5 better)")
print()
print("| baseline | split | per seed | mean | SE | k5 better in |")
print("|---|---|---|---:|---:|---|")
for name, base in baselines.items():
    both = []
    for split in SPLITS:
        d = [study[s]["best"]["test"][split] - base[s]["best"]["test"][split] for s in SEEDS]
        both.append(statistics.mean(d))
        se = statistics.stdev(d) / math.sqrt(len(d))
        print(f"| {name} | {split} | {' '.join(f'{x:+.4f}' for x in d)} | {statistics.mean(d):+.4f} | {se:.4f} | {sum(x < 0 for x in d)} of {len(d)} |")
    print(f"| {name} | mean of both | | {statistics.mean(both):+.4f} | | |")
for name, base in baselines.items():
    share = statistics.mean(b["valid"] / b["samples"] for b in base.values())
    print(f"\nvalid share: {name} {share:.3f}", end="")
print(f"; k = 5 / alpha 0.01 {statistics.mean(r['valid'] / r['samples'] for r in study.values()):.3f}")
