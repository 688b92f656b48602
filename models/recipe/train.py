"""Trains the bundled model over a planned number of optimizer steps, one bounded chunk per invocation.

    # plan 2 epochs; this invocation trains for at most 170 minutes, then saves and exits
    /usr/bin/python3 models/recipe/train.py --work WORK --epochs 2 --chunk-minutes 170 \\
        --n-layer 4 --n-embd 128 --n-head 4 --block 832 --batch 6 --lr 2e-3 --warmup 60 --threads 1
    # every later session: the saved plan is reused; flags given again must match it
    /usr/bin/python3 models/recipe/train.py --work WORK --resume --chunk-minutes 170 --threads 1
    /usr/bin/python3 models/recipe/train.py --work WORK --status     # where WORK stands; trains nothing
    # fine-tune: a new plan whose weights start from another run's checkpoint (same architecture and tokenizer)
    /usr/bin/python3 models/recipe/train.py --work WORK2 --init-from WORK/ckpt.pt --tokens 3e6 --lr 3e-4 ...

The plan (architecture, batch, learning-rate schedule, seed, length in steps) is fixed at the first invocation:
--steps, --tokens or --epochs (tokens = epochs x corpus tokens) set its length, and the LR follows warm-up then
cosine over those steps, whatever the number of invocations. Without --chunk-minutes/--chunk-steps one invocation
trains the whole plan (the one-shot recipe). WORK holds corpus.jsonl, tokenizer/ (bpe.py) and
tokens.bin/tokens.json (encode.ts); every window starts at an example's first token, as generation does; loss:
next-token cross-entropy over the whole window.

WORK/ckpt.pt is gpt.save_checkpoint's file (export_onnx.py reads its model) plus the full training state: AdamW
moments, step, tokens, the numpy and torch RNG states, the plan, the data fingerprint and the arguments. It is
rewritten atomically every --save-minutes and at the end of a chunk (also on SIGTERM/SIGINT, after the current
step), so a run killed with -9 resumes from its last save and, on one thread, reproduces bit for bit the
weights an uninterrupted run reaches. Logs go to WORK/train.log.

--device cuda trains on a GPU (bfloat16 autocast): the same plan and data stream, but not bit-identical to a CPU
run. The checkpoint's tensors load on either device. With torch >= 2.0 (the local wheel store's) training uses the
fused attention kernel on either device; Debian's torch 1.13 has none and takes the masked path, 18x slower at a
4,096 context on 2 cores (the same function, not the same bits: a plan resumes on the torch it started on).

--init-from starts a new plan from another checkpoint's weights instead of the seeded initialisation (the
optimizer starts fresh). The plan's architecture and vocabulary must equal the checkpoint's, except that --block
may be larger than its context: the position table is then stretched to the new length by linear interpolation
(a context extension; the fine-tune adapts it). WORK's tokens must
come from the same tokenizer (copy its tokenizer/ and run encode.ts; bpe.py would build a different one). The
plan records the checkpoint's weights fingerprint as `init` (--status shows it), so the fine-tune's origin stays in
its checkpoint and in the exported model's card.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import signal
import sys
import time
from dataclasses import asdict, dataclass
from typing import Callable, Optional

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpe import Encoder  # noqa: E402
from gpt import GPT, GPTConfig, save_checkpoint  # noqa: E402

# Plan fields and their defaults. A flag left out takes the saved plan's value on --resume, this default otherwise.
PLAN_DEFAULTS = {
    "n_layer": 4, "n_embd": 160, "n_head": 4, "block": 768, "batch": 8,
    "lr": 2e-3, "min_lr_ratio": 0.05, "warmup": 150, "holdout": 300, "seed": 0,
}
WEIGHT_DECAY = 0.05
VAL_BATCHES = 8
# Test hook: kill -9 this process after the n-th save has written ckpt.pt.tmp, before the rename.
CRASH_ENV = "AHD_TRAIN_KILL_AT_SAVE"


def log(path: str, msg: str) -> None:
    line = f"{time.strftime('%H:%M:%S')} {msg}"
    print(line, flush=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def fail(msg: str) -> None:
    sys.exit(f"train: {msg}")


def hours(seconds: float) -> str:
    minutes = int(round(seconds / 60))
    return f"{minutes // 60}h{minutes % 60:02d}m"


def parse_args(argv: Optional[list] = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--resume", action="store_true", help="continue WORK/ckpt.pt's plan")
    mode.add_argument("--status", action="store_true", help="print where WORK stands and exit")
    length = ap.add_mutually_exclusive_group()
    length.add_argument("--steps", type=int, help="plan length in optimizer steps")
    length.add_argument("--tokens", type=float, help="plan length in training tokens (rounded up to whole steps)")
    length.add_argument("--epochs", type=float, help="plan length in passes over tokens.bin")
    for name, default in PLAN_DEFAULTS.items():
        ap.add_argument("--" + name.replace("_", "-"), type=type(default), default=None, help=f"plan (default {default})")
    ap.add_argument("--init-from", help="a new plan's starting weights: another run's ckpt.pt (fine-tuning)")
    ap.add_argument("--chunk-minutes", type=float, default=0, help="stop after the step that passes this (0: no limit)")
    ap.add_argument("--chunk-steps", type=int, default=0, help="stop after this many steps (0: no limit)")
    ap.add_argument("--save-minutes", type=float, default=5, help="save (and measure val loss) this often")
    ap.add_argument("--log-every", type=int, default=50, help="progress line every this many steps")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu",
                    help="where to train (not part of the plan: a plan may move between machines); cuda trains in "
                         "bfloat16 autocast with the fused attention kernel, so it is not bit-identical to cpu")
    ap.add_argument("--skip-tokenizer-check", action="store_true", help="synthetic tokens.bin without tokenizer/ (tests)")
    return ap.parse_args(argv)


@dataclass
class Data:
    tokens: np.ndarray
    train_starts: np.ndarray
    val_starts: np.ndarray
    fingerprint: str


def load_data(work: str, block: int, holdout: int) -> Data:
    with open(os.path.join(work, "tokens.json"), "rb") as f:
        meta_bytes = f.read()
    with open(os.path.join(work, "tokens.bin"), "rb") as f:
        token_bytes = f.read()
    # The fingerprint covers ids and example boundaries: a resumed run must read the very same windows.
    fingerprint = hashlib.sha256(token_bytes + b"\0" + meta_bytes).hexdigest()[:16]
    meta = json.loads(meta_bytes)
    tokens = np.frombuffer(token_bytes, dtype=np.uint16)
    starts = np.array(meta["starts"], dtype=np.int64)
    starts = starts[starts + block + 1 <= len(tokens)]  # windows must fit
    if len(starts) <= holdout:
        fail(f"{len(starts)} windows of {block + 1} tokens fit, not more than --holdout {holdout}")
    return Data(tokens, starts[:-holdout], starts[-holdout:], fingerprint)


def cross_check(work: str) -> None:
    """The JS tokenizer's ids (encode.ts) must equal this recipe's BPE encoder on the first examples."""
    with open(os.path.join(work, "tokens.json"), encoding="utf-8") as f:
        meta = json.load(f)
    with open(os.path.join(work, "tokenizer", "tokenizer.json"), encoding="utf-8") as f:
        enc = Encoder(json.load(f))
    with open(os.path.join(work, "corpus.jsonl"), encoding="utf-8") as f:
        for ids, line in zip(meta["sample"], f):
            if enc.encode(json.loads(line)["text"]) != ids:
                fail("@huggingface/tokenizers and bpe.py disagree on the corpus; re-run bpe.py and encode.ts")


def vocab_size(work: str) -> int:
    with open(os.path.join(work, "tokens.json"), encoding="utf-8") as f:
        return int(json.load(f)["vocabSize"])


def requested_steps(args: argparse.Namespace, tokens_per_step: int, corpus_tokens: int) -> Optional[int]:
    if args.steps is not None:
        return args.steps
    if args.tokens is not None:
        return math.ceil(args.tokens / tokens_per_step)
    if args.epochs is not None:
        return math.ceil(args.epochs * corpus_tokens / tokens_per_step)
    return None


def resolve_plan(args: argparse.Namespace, saved: Optional[dict], work: str) -> tuple[dict, Data]:
    """The plan of this invocation: flags over the saved plan (on --resume) over the defaults. On --resume any
    given flag, and the data, must agree with the saved plan, or the schedule would silently change midway."""
    base = saved if saved is not None else PLAN_DEFAULTS
    plan = {k: getattr(args, k) if getattr(args, k) is not None else base[k] for k in PLAN_DEFAULTS}
    data = load_data(work, plan["block"], plan["holdout"])
    plan["vocab_size"] = vocab_size(work)
    plan["data"] = data.fingerprint
    plan["init"] = saved.get("init") if saved is not None else None  # set by main once the weights are read
    steps = requested_steps(args, plan["batch"] * plan["block"], len(data.tokens))
    if saved is None and steps is None:
        fail("a new plan needs its length: --steps, --tokens or --epochs")
    plan["steps"] = steps if steps is not None else saved["steps"]
    if plan["steps"] <= 0:
        fail("the plan's length must be at least one step")
    if saved is not None:
        differ = [f"{k} {plan[k]} (saved {saved[k]})" for k in plan if plan[k] != saved.get(k)]
        if differ:
            fail(f"--resume: this invocation differs from the saved plan in {', '.join(differ)}")
    return plan, data


def lr_at(plan: dict, step: int) -> float:
    """Linear warm-up, then cosine from lr to lr * min_lr_ratio over the plan's steps (step counts from 0)."""
    warm = min(1.0, (step + 1) / max(1, plan["warmup"]))
    frac = step / plan["steps"]
    ratio = plan["min_lr_ratio"]
    return plan["lr"] * warm * (ratio + (1 - ratio) * 0.5 * (1 + math.cos(math.pi * frac)))


def weights_fingerprint(weights: dict) -> str:
    digest = hashlib.sha256()
    for name in sorted(weights):
        digest.update(name.encode() + b"\0" + weights[name].detach().cpu().contiguous().numpy().tobytes())
    return digest.hexdigest()[:16]


def init_weights(path: str, model: GPT) -> dict:
    """The weights of checkpoint `path` for `model`, refused (one line) unless the architectures are the same."""
    if not os.path.exists(path):
        fail(f"--init-from: no checkpoint at {path}")
    ckpt = torch.load(path, map_location="cpu")
    if "config" not in ckpt or "model" not in ckpt:
        fail(f"--init-from: {path} is not a checkpoint of train.py or gpt.save_checkpoint")
    mine, theirs = asdict(model.cfg), ckpt["config"]
    longer = mine["block_size"] > theirs.get("block_size", mine["block_size"])
    differ = [f"{k} {mine[k]} (checkpoint {theirs.get(k)})" for k in mine
              if theirs.get(k) != mine[k] and not (k == "block_size" and longer)]
    if differ:
        fail(f"--init-from: the plan's model differs from {path}'s in {', '.join(differ)}")
    weights = dict(ckpt["model"])
    if longer:
        weights["wpe.weight"] = extend_positions(weights["wpe.weight"], mine["block_size"])
    return weights


def extend_positions(table: torch.Tensor, rows: int) -> torch.Tensor:
    """`table` stretched to `rows` rows by linear interpolation, first and last rows kept (position interpolation).
    Order survives, so attention still tells earlier from later; copying old rows past the end does not: on A's
    held-out windows (extend-init.py in benchmarks/results/model-headroom/) copies start at loss 1.5-1.8, this at 0.27."""
    old = table.shape[0]
    at = torch.arange(rows, dtype=torch.float64) * (old - 1) / (rows - 1)
    low = at.floor().long()
    high = (low + 1).clamp(max=old - 1)
    frac = (at - low).to(table.dtype).unsqueeze(1)
    return table[low] * (1 - frac) + table[high] * frac


def build(plan: dict) -> tuple[GPT, torch.optim.Optimizer]:
    torch.manual_seed(plan["seed"])
    cfg = GPTConfig(vocab_size=plan["vocab_size"], n_layer=plan["n_layer"], n_head=plan["n_head"], n_embd=plan["n_embd"], block_size=plan["block"])
    model = GPT(cfg)
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": WEIGHT_DECAY}, {"params": no_decay, "weight_decay": 0.0}]
    return model, torch.optim.AdamW(groups, lr=plan["lr"], betas=(0.9, 0.95))


def windows(data: Data, starts: np.ndarray, rng: np.random.Generator, size: int, block: int,
            device: str = "cpu") -> tuple[torch.Tensor, torch.Tensor]:
    picks = starts[rng.integers(0, len(starts), size)]
    t = torch.from_numpy(np.stack([data.tokens[s : s + block + 1] for s in picks]).astype(np.int64)).to(device)
    return t[:, :-1], t[:, 1:]


def loss_on(model: GPT, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    if not x.is_cuda:
        return model.loss(x, y)
    with torch.autocast("cuda", dtype=torch.bfloat16):
        return model.loss(x, y)


def val_loss(model: GPT, data: Data, plan: dict, device: str) -> float:
    # Its own generator, fresh each time: the same held-out windows at every save (comparable figures), and the
    # training stream is not consumed, so when saves happen cannot change the weights.
    rng = np.random.default_rng([plan["seed"], 1])
    model.eval()
    with torch.no_grad():
        losses = [loss_on(model, *windows(data, data.val_starts, rng, plan["batch"], plan["block"], device)).item()
                  for _ in range(VAL_BATCHES)]
    model.train()
    return float(np.mean(losses))


def crash_hook() -> Optional[Callable[[], None]]:
    """AHD_TRAIN_KILL_AT_SAVE=n: the n-th save of this process kills it with SIGKILL between write and rename."""
    target = int(os.environ.get(CRASH_ENV, "0"))
    if not target:
        return None
    count = {"saves": 0}

    def hook() -> None:
        count["saves"] += 1
        if count["saves"] == target:
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


@dataclass
class Progress:
    step: int = 0
    tokens: int = 0
    smooth: Optional[float] = None  # smoothed train loss, for the log only
    val: Optional[list] = None  # [[step, val loss], ...]
    chunks: Optional[list] = None  # [{"from", "to", "seconds", "tok_per_s"}, ...]


def save(path: str, model: GPT, opt: torch.optim.Optimizer, rng: np.random.Generator, plan: dict,
         progress: Progress, args: argparse.Namespace, hook: Optional[Callable[[], None]]) -> None:
    save_checkpoint(
        model, path, before_rename=hook,
        optimizer=opt.state_dict(), step=progress.step, tokens=progress.tokens, plan=plan,
        numpy_rng=rng.bit_generator.state, torch_rng=torch.get_rng_state(),
        smooth=progress.smooth, val=progress.val, chunks=progress.chunks, args=vars(args),
    )


def load_state(path: str) -> dict:
    state = torch.load(path, map_location="cpu")
    if "plan" not in state:
        fail(f"{path} holds weights only (an older train.py): no training state to resume")
    return state


def status(work: str) -> None:
    path = os.path.join(work, "ckpt.pt")
    if not os.path.exists(path):
        fail(f"no training state at {path}")
    state = load_state(path)
    plan, step = state["plan"], state["step"]
    per_step = plan["batch"] * plan["block"]
    left = plan["steps"] - step
    last_val = f"{state['val'][-1][1]:.4f} at step {state['val'][-1][0]}" if state["val"] else "none yet"
    print(f"step {step}/{plan['steps']} ({100 * step / plan['steps']:.1f}%) tokens {state['tokens']} of {plan['steps'] * per_step}")
    print(f"last val loss {last_val}; remaining {left} steps, {left * per_step} tokens")
    if left == 0:
        print("plan complete")
    elif state["chunks"]:
        speed = state["chunks"][-1]["tok_per_s"]
        print(f"last chunk {speed:.0f} tok/s: about {hours(left * per_step / speed)} of training left")
    shown = {k: v for k, v in plan.items() if k not in ("vocab_size",)}
    print("plan " + " ".join(f"{k}={v}" for k, v in shown.items()))


def main(argv: Optional[list] = None) -> None:
    args = parse_args(argv)
    path = os.path.join(args.work, "ckpt.pt")
    if args.status:
        return status(args.work)
    torch.set_num_threads(args.threads)
    logf = os.path.join(args.work, "train.log")
    saved = load_state(path) if args.resume and os.path.exists(path) else None
    if args.resume and saved is None:
        fail(f"--resume: no training state at {path}; start without --resume")
    if not args.resume and os.path.exists(path):
        fail(f"{path} exists; pass --resume to continue it, or move it away to start a new plan")
    if args.resume and args.init_from:
        fail("--init-from starts a new plan; --resume continues the saved one (its starting weights are in it)")
    plan, data = resolve_plan(args, saved["plan"] if saved else None, args.work)
    if not args.skip_tokenizer_check:
        cross_check(args.work)

    if args.device == "cuda" and not torch.cuda.is_available():
        fail("--device cuda: torch sees no GPU here")
    model, opt = build(plan)
    model.to(args.device)  # in place: the optimizer's parameters are the same tensors
    if args.init_from:
        weights = init_weights(args.init_from, model)
        model.load_state_dict(weights)
        plan["init"] = weights_fingerprint(weights)
    rng = np.random.default_rng(plan["seed"])
    progress = Progress(val=[], chunks=[])
    if saved is not None:
        model.load_state_dict(saved["model"])
        opt.load_state_dict(saved["optimizer"])
        rng.bit_generator.state = saved["numpy_rng"]
        torch.set_rng_state(saved["torch_rng"])
        progress = Progress(saved["step"], saved["tokens"], saved["smooth"], saved["val"], saved["chunks"])
    if progress.step >= plan["steps"]:
        log(logf, f"plan complete: {progress.step}/{plan['steps']} steps; nothing to train")
        return
    verb = "resume" if saved else "start"
    log(logf, f"{verb} at step {progress.step}/{plan['steps']}: config {model.cfg} params {model.num_params()} "
        f"tokens {len(data.tokens)} windows {len(data.train_starts)}+{len(data.val_starts)} data {data.fingerprint}"
        + (f" init {plan['init']} from {args.init_from}" if args.init_from else ""))
    train_chunk(args, plan, data, model, opt, rng, progress, path, logf)


def train_chunk(args: argparse.Namespace, plan: dict, data: Data, model: GPT, opt: torch.optim.Optimizer,
                rng: np.random.Generator, progress: Progress, path: str, logf: str) -> None:
    stop = {"signal": None}

    def on_signal(signum: int, _frame: object) -> None:
        stop["signal"] = signum  # finish the current step, save, exit
        signal.signal(signum, signal.SIG_DFL)  # a second one stops at once (the last save stands)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    hook = crash_hook()
    per_step = plan["batch"] * plan["block"]
    first = progress.step
    start = last_save = time.time()
    cpu_start = time.process_time()  # on a shared machine, tokens per CPU second say what an idle one would do

    def chunk_done() -> bool:
        if progress.step >= plan["steps"] or stop["signal"] is not None:
            return True
        if args.chunk_steps and progress.step - first >= args.chunk_steps:
            return True
        return bool(args.chunk_minutes) and time.time() - start >= args.chunk_minutes * 60

    def checkpoint(note: str) -> None:
        seconds = time.time() - start
        speed = (progress.step - first) * per_step / max(seconds, 1e-9)
        cpu_speed = (progress.step - first) * per_step / max(time.process_time() - cpu_start, 1e-9)
        progress.val.append([progress.step, val_loss(model, data, plan, args.device)])
        chunk = {"from": first, "to": progress.step, "seconds": round(seconds, 1), "tok_per_s": round(speed, 1),
                 "cpu_tok_per_s": round(cpu_speed, 1)}
        if progress.chunks and progress.chunks[-1]["from"] == first:
            progress.chunks[-1] = chunk  # this chunk's earlier save
        else:
            progress.chunks.append(chunk)
        save(path, model, opt, rng, plan, progress, args, hook)
        log(logf, f"step {progress.step} val_loss {progress.val[-1][1]:.4f} ({note})")

    model.train()
    while not chunk_done():
        lr = lr_at(plan, progress.step)
        for group in opt.param_groups:
            group["lr"] = lr
        x, y = windows(data, data.train_starts, rng, plan["batch"], plan["block"], args.device)
        loss = loss_on(model, x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        progress.step += 1
        progress.tokens += x.numel()
        progress.smooth = loss.item() if progress.smooth is None else 0.95 * progress.smooth + 0.05 * loss.item()
        if progress.step % args.log_every == 0:
            elapsed = time.time() - start
            speed = (progress.step - first) * per_step / elapsed
            eta = (plan["steps"] - progress.step) * per_step / speed
            log(logf, f"step {progress.step}/{plan['steps']} ({100 * progress.step / plan['steps']:.1f}%) "
                f"loss {progress.smooth:.4f} lr {lr:.2e} tok/s {speed:.0f} chunk {elapsed / 60:.1f}m ETA plan {hours(eta)}")
        if time.time() - last_save >= args.save_minutes * 60 and not chunk_done():
            checkpoint("saved")
            last_save = time.time()
    why = f"signal {stop['signal']}" if stop["signal"] is not None else "plan complete" if progress.step >= plan["steps"] else "chunk done"
    checkpoint(f"saved; {why}")
    seconds = time.time() - start
    left = plan["steps"] - progress.step
    speed = progress.chunks[-1]["tok_per_s"]
    eta = f", about {hours(left * per_step / speed)} left at this speed" if left and speed else ""
    cpu_speed = progress.chunks[-1]["cpu_tok_per_s"]
    log(logf, f"{why}: steps {first}->{progress.step} of {plan['steps']} in {seconds / 60:.1f}m, tok/s {speed:.0f} "
        f"(per CPU second {cpu_speed:.0f}), train_loss {progress.smooth:.4f}{eta}")


if __name__ == "__main__":
    main()
