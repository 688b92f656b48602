"""How to start a 4,096 context from model A's 2,048 position rows: held-out loss of each start, before training.

    /work/venv/bin/python benchmarks/results/model-headroom/extend-init.py WEIGHTS WORK > extend-init.txt

WEIGHTS: A's weights.pt; WORK: a folder with A's corpus encoded at --max-tokens 4096 (tokens.bin, tokens.json).
Six of train.py's held-out windows (its load_data and windows), 4,096 tokens each; the loss per
token, over all positions and over each half. train.py's extend_positions is the interpolation; the others copy
old rows past the old end. Needs torch >= 2.0 (the fused kernel; the masked path takes minutes here).
"""
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "models", "recipe"))
from gpt import GPT, GPTConfig  # noqa: E402
from train import extend_positions, load_data, windows  # noqa: E402

ROWS, WINDOWS, HOLDOUT = 4096, 6, 300


def copies(old: torch.Tensor, first: int) -> torch.Tensor:
    """Old rows first.. (to the end) copied in turn into the new rows."""
    n = old.shape[0]
    return torch.cat([old, old[first + (torch.arange(n, ROWS) - n) % (n - first)]])


def main(weights_path: str, work: str) -> None:
    torch.set_num_threads(2)
    ckpt = torch.load(weights_path, map_location="cpu")
    old = ckpt["model"]["wpe.weight"]
    n = old.shape[0]
    data = load_data(work, ROWS, HOLDOUT)
    x, y = windows(data, data.val_starts, np.random.default_rng(1), WINDOWS, ROWS)
    cfg = GPTConfig(**dict(ckpt["config"], block_size=ROWS))
    starts_of = {
        "interpolate (train.py)": extend_positions(old, ROWS),
        f"copy rows {n // 2}-{n - 1} in turn": copies(old, n // 2),
        f"copy rows {n - 256}-{n - 1} in turn": copies(old, n - 256),
        f"copy row {n - 1}": copies(old, n - 1),
    }
    print(f"{WINDOWS} held-out windows of {ROWS} tokens; loss per token")
    for name, table in starts_of.items():
        model = GPT(cfg).eval()
        model.load_state_dict(dict(ckpt["model"], **{"wpe.weight": table}))
        with torch.no_grad():
            logits, _ = model(x)
            loss = F.cross_entropy(logits.flatten(0, 1), y.flatten(), reduction="none").view(WINDOWS, -1)
        print(f"{name:28s} all {loss.mean():.4f}  positions 0-{n - 1} {loss[:, :n].mean():.4f}  "
              f"{n}-{ROWS - 1} {loss[:, n:].mean():.4f}", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:3])
