#!/usr/bin/env python3
"""ES against its matched baseline, paired by seed, from finished table runs.

For each (problem, budget, scaffold, split): the per-seed difference ES minus baseline of the best heuristic's test
mean (natural sign; "better" is lower for tour length and bins, higher for value and set size), its mean, sample
standard deviation, standard error, and the seeds where ES was better / equal (4 decimals) / worse.

    /usr/bin/python3 benchmarks/es-end-to-end.py <table-dir> [--problems tsp50] [--budgets 1000] > out.md

With --es-dir <dir>, the ES side comes from the finished runs there instead (another ES setting, same seeds), and
with --baseline-es the baseline is the table's own ES runs (setting against setting).
"""
import argparse
import math
import os
import sys
from collections import defaultdict

import runfiles

HIGHER_IS_BETTER = {"kp100", "asp15"}


def finished_runs(root):
    for name in runfiles.listdir(os.path.join(root, "runs")):
        d = os.path.join(root, "runs", name)
        try:
            config = runfiles.read_json(os.path.join(d, "config.json"))
            summary = runfiles.read_json(os.path.join(d, "summary.json"))
        except ValueError:
            continue
        if config is not None and summary is not None:
            yield flat_setting(config), summary


def flat_setting(config):
    """A config.json's setting in version 1's flat names (version 2 nests them: src/config/stored.ts)."""
    if config.get("version") == 2:
        search = config["search"]
        return {"problem": config["problem"], "budget": search["budget"], "scaffold": search["scaffold"],
                "seed": search["seed"], "es": config["es"]["enabled"]}
    return config


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("table_dir")
    ap.add_argument("--problems", default="")
    ap.add_argument("--budgets", default="")
    ap.add_argument("--es-dir", default="")
    ap.add_argument("--baseline-es", action="store_true")
    args = ap.parse_args()
    problems = set(filter(None, args.problems.split(",")))
    budgets = {int(b) for b in args.budgets.split(",") if b}
    cells = defaultdict(dict)  # (problem, budget, scaffold, es) -> seed -> {split: mean}
    sources = [(args.table_dir, lambda es: es == args.baseline_es, False)]
    sources.append((args.es_dir, lambda es: es, True) if args.es_dir else (args.table_dir, lambda es: es and not args.baseline_es, True))
    for root, wanted, side in sources:
        for config, summary in finished_runs(root):
            if problems and config["problem"] not in problems or budgets and config["budget"] not in budgets:
                continue
            if not wanted(bool(config["es"])):
                continue
            key = (config["problem"], config["budget"], config["scaffold"], side)
            cells[key][config["seed"]] = summary["best"]["test"]
    print(f"# ES against its matched baseline, paired by seed\n")
    print(f"Made by `/usr/bin/python3 benchmarks/es-end-to-end.py {' '.join(sys.argv[1:])}` from the finished runs of the table.")
    print("Difference = ES minus baseline of the best heuristic's test mean for the same run seed, natural sign;")
    print("'ES better' counts seeds where ES is better beyond 4 decimals. SE = sd / sqrt(n).\n")
    print("| problem | budget | scaffold | split | seeds | baseline mean | ES mean | mean diff | sd | SE | diff / SE | ES better / tied / worse |")
    print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for (problem, budget, scaffold, es) in sorted(k for k in cells if not k[3]):
        base = cells[(problem, budget, scaffold, False)]
        tuned = cells.get((problem, budget, scaffold, True), {})
        seeds = sorted(set(base) & set(tuned))
        if not seeds:
            continue
        for split in sorted(base[seeds[0]]):
            pairs = [(base[s][split], tuned[s][split]) for s in seeds if base[s].get(split) is not None and tuned[s].get(split) is not None]
            n = len(pairs)
            diffs = [t - b for b, t in pairs]
            mean = sum(diffs) / n
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("nan")
            se = sd / math.sqrt(n) if n > 1 else float("nan")
            sign = 1 if problem in HIGHER_IS_BETTER else -1
            better = sum(1 for d in diffs if round(sign * d, 4) > 0)
            worse = sum(1 for d in diffs if round(sign * d, 4) < 0)
            z = mean / se if se and se == se and se > 0 else float("nan")
            bm = sum(b for b, _ in pairs) / n
            tm = sum(t for _, t in pairs) / n
            print(f"| {problem} | {budget} | {scaffold} | {split} | {n} | {bm:.4f} | {tm:.4f} | {mean:+.4f} | {sd:.4f} | {se:.4f} | {z:+.2f} | {better} / {n - better - worse} / {worse} |")


if __name__ == "__main__":
    main()
