"""Trains the bundled model on the tokenised corpus for a fixed wall-clock budget (cosine LR over that budget).

    /usr/bin/python3 models/recipe/train.py --work WORK --minutes 65 \
        --n-layer 4 --n-embd 160 --n-head 4 --block 768 --batch 8 --lr 2e-3

WORK holds corpus.jsonl, tokenizer/ (bpe.py) and tokens.bin/tokens.json (encode.ts). Every window starts at an
example's first token, as generation does. Loss: next-token cross-entropy over the whole window. Writes
WORK/ckpt.pt (gpt.save_checkpoint, refreshed every --save-minutes and at the end) and logs to WORK/train.log.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpe import Encoder  # noqa: E402
from gpt import GPT, GPTConfig, save_checkpoint  # noqa: E402


def log(path: str, msg: str) -> None:
    line = f"{time.strftime('%H:%M:%S')} {msg}"
    print(line, flush=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def cross_check(work: str, meta: dict) -> None:
    """The JS tokenizer's ids (encode.ts) must equal this recipe's BPE encoder on the first examples."""
    with open(os.path.join(work, "tokenizer", "tokenizer.json"), encoding="utf-8") as f:
        enc = Encoder(json.load(f))
    with open(os.path.join(work, "corpus.jsonl"), encoding="utf-8") as f:
        for ids, line in zip(meta["sample"], f):
            if enc.encode(json.loads(line)["text"]) != ids:
                sys.exit("train: @huggingface/tokenizers and bpe.py disagree on the corpus; re-run bpe.py and encode.ts")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True)
    ap.add_argument("--minutes", type=float, default=65)
    ap.add_argument("--n-layer", type=int, default=4)
    ap.add_argument("--n-embd", type=int, default=160)
    ap.add_argument("--n-head", type=int, default=4)
    ap.add_argument("--block", type=int, default=768)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--min-lr-ratio", type=float, default=0.05)
    ap.add_argument("--warmup", type=int, default=150)
    ap.add_argument("--save-minutes", type=float, default=5)
    ap.add_argument("--holdout", type=int, default=300, help="last examples kept out for the validation loss")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (benchmarking)")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    logf = os.path.join(args.work, "train.log")
    with open(os.path.join(args.work, "tokens.json"), encoding="utf-8") as f:
        meta = json.load(f)
    cross_check(args.work, meta)
    data = np.fromfile(os.path.join(args.work, "tokens.bin"), dtype=np.uint16)
    starts = np.array(meta["starts"], dtype=np.int64)
    # Windows must fit: drop starts too close to the end.
    starts = starts[starts + args.block + 1 <= len(data)]
    train_starts, val_starts = starts[: -args.holdout], starts[-args.holdout :]
    cfg = GPTConfig(vocab_size=meta["vocabSize"], n_layer=args.n_layer, n_head=args.n_head, n_embd=args.n_embd, block_size=args.block)
    model = GPT(cfg)
    log(logf, f"config {cfg} params {model.num_params()} tokens {len(data)} examples {len(starts)}")

    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.05}, {"params": no_decay, "weight_decay": 0.0}], lr=args.lr, betas=(0.9, 0.95)
    )

    def batch(pool: np.ndarray, size: int) -> tuple[torch.Tensor, torch.Tensor]:
        picks = pool[rng.integers(0, len(pool), size)]
        x = np.stack([data[s : s + args.block + 1] for s in picks]).astype(np.int64)
        t = torch.from_numpy(x)
        return t[:, :-1], t[:, 1:]

    def val_loss() -> float:
        model.eval()
        with torch.no_grad():
            losses = [model.loss(*batch(val_starts, args.batch)).item() for _ in range(8)]
        model.train()
        return float(np.mean(losses))

    budget = args.minutes * 60
    start = last_save = time.time()
    step, seen, smooth = 0, 0, None
    model.train()
    while True:
        elapsed = time.time() - start
        if elapsed >= budget or (args.max_steps and step >= args.max_steps):
            break
        frac = elapsed / budget
        warm = min(1.0, (step + 1) / args.warmup)
        lr = args.lr * warm * (args.min_lr_ratio + (1 - args.min_lr_ratio) * 0.5 * (1 + math.cos(math.pi * frac)))
        for group in opt.param_groups:
            group["lr"] = lr
        x, y = batch(train_starts, args.batch)
        loss = model.loss(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        seen += x.numel()
        smooth = loss.item() if smooth is None else 0.95 * smooth + 0.05 * loss.item()
        if step % 50 == 0:
            log(logf, f"step {step} loss {smooth:.4f} lr {lr:.2e} tok/s {seen / (time.time() - start):.0f} elapsed {elapsed / 60:.1f}m")
        if time.time() - last_save >= args.save_minutes * 60:
            save_checkpoint(model, os.path.join(args.work, "ckpt.pt"), step=step, tokens=seen)
            log(logf, f"step {step} val_loss {val_loss():.4f} (checkpoint saved)")
            last_save = time.time()
    save_checkpoint(model, os.path.join(args.work, "ckpt.pt"), step=step, tokens=seen)
    log(logf, f"done: steps {step} tokens {seen} tok/s {seen / (time.time() - start):.0f} train_loss {smooth:.4f} val_loss {val_loss():.4f}")


if __name__ == "__main__":
    main()
