"""Chunked training (models/recipe/train.py) resumes exactly: a tiny model on a synthetic token file, one thread.

Run by tests/models/train-chunks.test.ts, or directly: /usr/bin/python3 tests/models/train_chunks.py
Every training run is the real CLI in a subprocess (as a session would run it); each takes about a second.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECIPE = os.path.join(ROOT, "models", "recipe")
sys.path.insert(0, RECIPE)
from gpt import load_checkpoint  # noqa: E402
import train as train_module  # noqa: E402

STEPS = 12
# A 2-layer, width-32 model on 16-token windows: big enough to have every kind of state, small enough for speed.
PLAN = ["--n-layer", "2", "--n-embd", "32", "--n-head", "2", "--block", "16", "--batch", "4", "--lr", "1e-2",
        "--warmup", "3", "--holdout", "4", "--seed", "7"]
RUN = ["--threads", "1", "--skip-tokenizer-check", "--log-every", "4"]


def write_tokens(work: str) -> None:
    """40 'examples' of 20-40 random ids from a 64-token vocabulary, in encode.ts's tokens.bin/tokens.json form."""
    rng = np.random.default_rng(0)
    lengths = rng.integers(20, 41, 40)
    ids = rng.integers(0, 64, int(lengths.sum())).astype(np.uint16)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).tolist()
    ids.tofile(os.path.join(work, "tokens.bin"))
    with open(os.path.join(work, "tokens.json"), "w", encoding="utf-8") as f:
        json.dump({"vocabSize": 64, "tokens": len(ids), "starts": starts, "sample": []}, f)


def train(work: str, *flags: str, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, os.path.join(RECIPE, "train.py"), "--work", work, *RUN, *flags]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})


def state(work: str) -> dict:
    return torch.load(os.path.join(work, "ckpt.pt"), map_location="cpu")


class TrainChunks(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="ahd-train-chunks-")
        self.addCleanup(shutil.rmtree, self.dir)

    def work(self, name: str) -> str:
        path = os.path.join(self.dir, name)
        os.makedirs(path)
        write_tokens(path)
        return path

    def ok(self, result: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def assertSameState(self, a: dict, b: dict) -> None:
        self.assertEqual(a["step"], b["step"])
        self.assertEqual(a["tokens"], b["tokens"])
        for name, tensor in a["model"].items():
            self.assertTrue(torch.equal(tensor, b["model"][name]), f"weights differ: {name}")
        for index, moments in a["optimizer"]["state"].items():
            for key, value in moments.items():
                self.assertTrue(torch.equal(torch.as_tensor(value), torch.as_tensor(b["optimizer"]["state"][index][key])), f"AdamW {key}")
        self.assertEqual(a["numpy_rng"], b["numpy_rng"])

    def test_one_go_equals_two_chunks_and_a_kill(self) -> None:
        whole = self.work("whole")
        self.ok(train(whole, "--steps", str(STEPS), *PLAN))
        reference = state(whole)
        self.assertEqual(reference["step"], STEPS)
        self.assertEqual(reference["tokens"], STEPS * 4 * 16)

        # Half the plan, then --resume with no plan flags (the saved plan is reused) for the rest.
        halves = self.work("halves")
        first = self.ok(train(halves, "--steps", str(STEPS), "--chunk-steps", str(STEPS // 2), *PLAN))
        self.assertIn(f"step 4/{STEPS}", first.stdout)  # a progress line
        self.assertIn("ETA plan", first.stdout)
        self.assertEqual(state(halves)["step"], STEPS // 2)
        self.ok(train(halves, "--resume"))
        self.assertSameState(reference, state(halves))

        # Saving every step, killed with SIGKILL by the 3rd save between its write and its rename: ckpt.pt still
        # holds step 2 whole, and resuming from it ends on the same weights.
        killed = self.work("killed")
        result = train(killed, "--steps", str(STEPS), "--save-minutes", "0", *PLAN, env={"AHD_TRAIN_KILL_AT_SAVE": "3"})
        self.assertEqual(result.returncode, -signal.SIGKILL, result.stderr)
        self.assertTrue(os.path.exists(os.path.join(killed, "ckpt.pt.tmp")))
        self.assertEqual(state(killed)["step"], 2)
        self.ok(train(killed, "--resume"))
        self.assertSameState(reference, state(killed))

        # The file stays gpt.save_checkpoint's: export_onnx.py's loader reads the model.
        model = load_checkpoint(os.path.join(whole, "ckpt.pt"))
        self.assertTrue(torch.equal(model.state_dict()["wte.weight"], reference["model"]["wte.weight"]))

    def test_status_and_refusals(self) -> None:
        work = self.work("w")
        self.ok(train(work, "--steps", str(STEPS), "--chunk-steps", "5", *PLAN))
        status = io.StringIO()
        with contextlib.redirect_stdout(status):
            train_module.main(["--work", work, "--status"])
        self.assertIn(f"step 5/{STEPS}", status.getvalue())
        self.assertIn("last val loss", status.getvalue())
        self.assertIn(f"remaining {STEPS - 5} steps, {(STEPS - 5) * 64} tokens", status.getvalue())

        # The rest run in this process (they stop before training): the one-line messages sys.exit would print.
        self.assertEqual(refusal(work, "--resume", "--n-embd", "48"),
                         "train: --resume: this invocation differs from the saved plan in n_embd 48 (saved 32)")
        self.assertIn("steps 20 (saved 12)", refusal(work, "--resume", "--steps", "20"))
        self.assertIn("pass --resume", refusal(work, "--steps", str(STEPS), *PLAN))
        tokens = np.fromfile(os.path.join(work, "tokens.bin"), dtype=np.uint16)
        tokens[0] = (tokens[0] + 1) % 64  # one token changed
        tokens.tofile(os.path.join(work, "tokens.bin"))
        self.assertRegex(refusal(work, "--resume"), r"differs from the saved plan in data \w+ \(saved \w+\)$")
        self.assertEqual(state(work)["step"], 5)  # nothing overwritten

    def test_init_from_starts_a_new_plan_from_another_runs_weights(self) -> None:
        base = self.work("base")
        self.ok(train(base, "--steps", "3", *PLAN))
        weights = state(base)["model"]
        # At learning rate 0 the fine-tune's weights are the checkpoint's, bit for bit; its plan records them.
        frozen = self.work("frozen")
        self.ok(train(frozen, "--steps", "2", "--init-from", os.path.join(base, "ckpt.pt"), *PLAN, "--lr", "0"))
        for name, tensor in weights.items():
            self.assertTrue(torch.equal(tensor, state(frozen)["model"][name]), f"weights differ: {name}")
        self.assertEqual(state(frozen)["plan"]["init"], train_module.weights_fingerprint(weights))
        # Trained, it moves from there; --resume keeps the recorded origin.
        tuned = self.work("tuned")
        self.ok(train(tuned, "--steps", "4", "--chunk-steps", "2", "--init-from", os.path.join(base, "ckpt.pt"), *PLAN))
        self.ok(train(tuned, "--resume"))
        self.assertEqual(state(tuned)["step"], 4)
        self.assertEqual(state(tuned)["plan"]["init"], train_module.weights_fingerprint(weights))
        self.assertFalse(torch.equal(state(tuned)["model"]["wte.weight"], weights["wte.weight"]))
        self.assertIsNone(state(base)["plan"]["init"])

        other = self.work("other")
        ckpt = os.path.join(base, "ckpt.pt")
        self.assertEqual(refusal(other, "--steps", "2", "--init-from", ckpt, *PLAN, "--n-embd", "48"),
                         f"train: --init-from: the plan's model differs from {ckpt}'s in n_embd 48 (checkpoint 32)")
        self.assertIn("no checkpoint at", refusal(other, "--steps", "2", "--init-from", os.path.join(other, "nope.pt"), *PLAN))
        self.assertIn("--init-from starts a new plan", refusal(tuned, "--resume", "--init-from", ckpt))

    def test_init_from_a_shorter_context_extends_the_position_table(self) -> None:
        base = self.work("base")
        self.ok(train(base, "--steps", "2", *PLAN))
        weights = state(base)["model"]
        # A plan with --block 31 from a 16-position checkpoint, at learning rate 0: every weight is the checkpoint's
        # but the position table, stretched: row 2i is old row i, row 2i+1 halfway between rows i and i+1.
        longer = self.work("longer")
        self.ok(train(longer, "--steps", "1", "--init-from", os.path.join(base, "ckpt.pt"), *PLAN, "--block", "31", "--lr", "0"))
        tuned = state(longer)["model"]
        grown, table = tuned["wpe.weight"], weights["wpe.weight"]
        self.assertEqual(tuple(grown.shape), (31, 32))
        self.assertTrue(torch.equal(grown[0::2], table))
        torch.testing.assert_close(grown[1::2], (table[:-1] + table[1:]) / 2)
        for name in weights:
            if name != "wpe.weight":
                self.assertTrue(torch.equal(tuned[name], weights[name]), f"weights differ: {name}")
        self.assertEqual(load_checkpoint(os.path.join(longer, "ckpt.pt")).cfg.block_size, 31)
        # A shorter context would drop rows the checkpoint learnt: refused.
        ckpt = os.path.join(base, "ckpt.pt")
        self.assertEqual(refusal(self.work("shorter"), "--steps", "1", "--init-from", ckpt, *PLAN, "--block", "8"),
                         f"train: --init-from: the plan's model differs from {ckpt}'s in block_size 8 (checkpoint 16)")

    def test_fused_attention_is_the_masked_one(self) -> None:
        # --device cuda trains through the fused kernel (mask None); it must compute what the masked path does.
        from gpt import GPT, GPTConfig
        if not torch.cuda.is_available():
            self.assertIn("torch sees no GPU", refusal(self.work("cuda"), "--steps", "2", *PLAN, "--device", "cuda"))
        if not hasattr(torch.nn.functional, "scaled_dot_product_attention"):
            self.skipTest(f"torch {torch.__version__} has no fused attention (2.0 added it)")
        torch.manual_seed(0)
        attn = GPT(GPTConfig(vocab_size=64, n_layer=1, n_head=2, n_embd=32, block_size=16)).blocks[0].attn
        x = torch.randn(3, 16, 32)
        causal = torch.ones(16, 16, dtype=torch.bool).tril()[None, None].expand(3, 1, 16, 16)
        fused, _ = attn(x, None, None)
        masked, _ = attn(x, causal, None)
        torch.testing.assert_close(fused, masked, rtol=1e-5, atol=1e-6)


def refusal(work: str, *flags: str) -> str:
    """train.main's exit message for flags that it must refuse (one line, no newline)."""
    try:
        train_module.main(["--work", work, *RUN, *flags])
    except SystemExit as stop:
        message = str(stop.code)
        assert "\n" not in message, message
        return message
    raise AssertionError(f"train.py accepted {flags}")


if __name__ == "__main__":
    unittest.main()
