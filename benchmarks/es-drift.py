#!/usr/bin/env python3
"""Weight drift of in-place ES apply/revert on the bundled GPT, by dtype, without and with a float32 master copy.

    /usr/bin/python3 benchmarks/es-drift.py            # writes benchmarks/results/es-drift.md

For each dtype (float32, float16, bfloat16), master copy off/on, and sigma (1e-3 absolute, and 0.1 x the RMS of
all weights), 1,000 cycles of /es/apply then /es/revert with distinct seeds (the servers' ES core, full scope,
one torch thread), then the live weights are compared with the weights before: max |drift|, RMS drift relative
to the weights' RMS, and the share of weights not bit-identical.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "servers"))
from ahd_es_servers.bundled import BUNDLED_MODEL_DIR, load_gpt  # noqa: E402
from ahd_es_servers.es_core import SeededES  # noqa: E402

DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
COMMAND = "/usr/bin/python3 benchmarks/es-drift.py"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", "es-drift.md")


def flat(model: torch.nn.Module) -> torch.Tensor:
    return torch.cat([p.detach().double().view(-1) for p in model.parameters()])  # parameters() skips the tied alias


def drift_row(dtype_name: str, master: bool, sigma: float, cycles: int) -> dict:
    model = load_gpt(BUNDLED_MODEL_DIR, dtype=DTYPES[dtype_name])
    es = SeededES(model, master_copy=master, log=lambda line: None)
    es.init("full")
    before = flat(model)
    started = time.perf_counter()
    for k in range(cycles):
        es.apply(1 + k, sigma)
        es.revert(1 + k, sigma)
    seconds = time.perf_counter() - started
    diff = flat(model) - before
    rms = float(before.pow(2).mean().sqrt())
    return {
        "dtype": dtype_name,
        "master": "on" if master else "off",
        "max_abs": float(diff.abs().max()),
        "rms_rel": float(diff.pow(2).mean().sqrt()) / rms,
        "changed": float((diff != 0).double().mean()),
        "ms_per_cycle": 1000 * seconds / cycles,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cycles", type=int, default=1000)
    args = parser.parse_args()
    torch.set_num_threads(1)
    weight_rms = float(flat(load_gpt(BUNDLED_MODEL_DIR)).pow(2).mean().sqrt())
    sigmas = [("1e-3 (absolute)", 1e-3), (f"{0.1 * weight_rms:.4g} (0.1 x weight RMS {weight_rms:.4g})", 0.1 * weight_rms)]
    lines = [
        "# ES apply/revert drift on the bundled GPT",
        "",
        f"`{COMMAND}`" + ("" if args.cycles == 1000 else f" `--cycles {args.cycles}`"),
        "",
        f"{args.cycles:,} cycles of apply(seed k, sigma) then revert(seed k, sigma), seeds 1..{args.cycles}, on "
        "models/ahd-heuristic-lm loaded into models/recipe/gpt.py's GPT (1,041,920 parameters, scope full), through "
        "the servers' ES core (servers/ahd_es_servers) with the reference's noise; one torch thread, "
        f"torch {torch.__version__}, {platform.machine()} CPU, load average {os.getloadavg()[0]:.2f} at the start. "
        "Drift = live weights minus the weights before the first cycle, over all parameters; RMS drift is relative "
        "to the RMS of the weights; changed = share of weights not bit-identical afterwards; ms per cycle = wall time "
        "of one apply + revert on this shared 2-core machine (other jobs running), indicative only.",
        "",
    ]
    for label, sigma in sigmas:
        lines += [f"## sigma {label}", "", "| dtype | master copy | max abs drift | RMS drift / weight RMS | weights changed | ms per cycle |", "|---|---|---|---|---|---|"]
        for dtype_name in DTYPES:
            for master in (False, True):
                row = drift_row(dtype_name, master, sigma, args.cycles)
                print(f"sigma {sigma:.4g} {row}", file=sys.stderr, flush=True)
                lines.append(
                    f"| {row['dtype']} | {row['master']} | {row['max_abs']:.3g} | {row['rms_rel']:.3g} | "
                    f"{100 * row['changed']:.2f}% | {row['ms_per_cycle']:.1f} |"
                )
        lines.append("")
    lines += [
        f"Load average at the end: {os.getloadavg()[0]:.2f}.",
        "",
        "In place (no master copy) a revert subtracts the same sigma * eps it added, but w + d - d is w only when "
        "the rounding of w + d loses nothing: not bit-exact even in float32, and the error grows with the cycles "
        "(a random walk of rounding errors). With the master copy a perturbation writes cast(master + sigma * eps) "
        "and a revert writes cast(master), so the weights come back bit for bit in every dtype, at the cost of one "
        "float32 copy of the ES tensors.",
        "",
    ]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"es-drift: wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
