"""models/recipe/add_tokens.py: a tokenizer trained by bpe.py and a tiny gpt.py checkpoint, ` ||` made one token.

Run by tests/models/add-tokens.test.ts, or directly: /usr/bin/python3 tests/models/add_tokens_check.py
Each case runs the real CLI in a subprocess, as a recipe would.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECIPE = os.path.join(ROOT, "models", "recipe")
sys.path.insert(0, RECIPE)
from bpe import Encoder, tokenizer_json, train  # noqa: E402
from gpt import GPT, GPTConfig, load_checkpoint, save_checkpoint  # noqa: E402

SPECIALS = ["<|end|>"]
# `&&` is common enough to merge, `||` is not: the case ahd-heuristic-lm-10's tokenizer has.
TEXTS = ["if (a && b && c) x = y;"] * 30 + ["if (a || b) x = y;", "const z = a | b;"]


class AddTokens(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp()
        self.tok = tokenizer_json(train(TEXTS, 265, SPECIALS), SPECIALS)
        os.makedirs(os.path.join(self.dir, "tok"))
        with open(os.path.join(self.dir, "tok", "tokenizer.json"), "w") as f:
            json.dump(self.tok, f)
        with open(os.path.join(self.dir, "tok", "tokenizer_config.json"), "w") as f:
            json.dump({"eos_token": "<|end|>"}, f)
        torch.manual_seed(0)
        self.vocab = len(self.tok["model"]["vocab"])
        self.model = GPT(GPTConfig(vocab_size=self.vocab, n_layer=1, n_head=2, n_embd=16, block_size=32))
        self.ckpt = os.path.join(self.dir, "in.pt")
        save_checkpoint(self.model, self.ckpt)

    def run_cli(self, *texts: str) -> subprocess.CompletedProcess:
        args = [sys.executable, os.path.join(RECIPE, "add_tokens.py"), "--checkpoint", self.ckpt,
                "--tokenizer-dir", os.path.join(self.dir, "tok"), "--out-checkpoint", os.path.join(self.dir, "out.pt"),
                "--out-tokenizer-dir", os.path.join(self.dir, "out")]
        for t in texts:
            args += ["--text", t]
        return subprocess.run(args, capture_output=True, text=True)

    def test_one_token_for_the_word_and_rows_from_its_pieces(self) -> None:
        old = Encoder(self.tok)
        pipes = old.encode(" ||")
        self.assertEqual(len(pipes), 3)  # a space, `|`, `|`
        self.assertEqual(len(old.encode(" &&")), 1)
        result = self.run_cli(" ||")
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(self.dir, "out", "tokenizer.json")) as f:
            tok = json.load(f)
        new = Encoder(tok)
        self.assertEqual(len(tok["model"]["vocab"]), self.vocab + 2)  # `Ġ|` on the way to `Ġ||`
        self.assertEqual(new.encode(" ||"), [self.vocab + 1])
        self.assertEqual(tok["model"]["merges"][-2:], ["Ġ |", "Ġ| |"])
        # Text without the new pairs encodes as before; the copied config rides along.
        for text in ["if (a && b && c) x = y;", "const z = a|b;"]:
            self.assertEqual(new.encode(text), old.encode(text))
        self.assertTrue(os.path.exists(os.path.join(self.dir, "out", "tokenizer_config.json")))
        model = load_checkpoint(os.path.join(self.dir, "out.pt"))
        self.assertEqual(model.cfg.vocab_size, self.vocab + 2)
        w_old, w_new = self.model.wte.weight.detach(), model.wte.weight.detach()
        self.assertTrue(torch.equal(w_new[: self.vocab], w_old))
        self.assertTrue(torch.allclose(w_new[self.vocab], w_old[pipes[:2]].mean(0)))
        self.assertTrue(torch.allclose(w_new[self.vocab + 1], w_old[pipes].mean(0)))
        self.assertIs(model.lm_head.weight, model.wte.weight)  # still tied
        # Every other weight unchanged, and the grown model runs on the new id.
        for name, p in self.model.state_dict().items():
            if name not in ("wte.weight", "lm_head.weight"):
                self.assertTrue(torch.equal(p, model.state_dict()[name]), name)
        logits = model(torch.tensor([new.encode("if (a || b) x = y;")]))[0]
        self.assertEqual(logits.shape[-1], self.vocab + 2)

    def test_refuses_a_word_already_one_token_more_than_one_word_and_a_repeat(self) -> None:
        for texts, message in [([" &&"], "already one token"), (["a || b"], "pre-tokens"), ([" ||", " ||"], "twice")]:
            result = self.run_cli(*texts)
            self.assertEqual(result.returncode, 2)
            self.assertIn(message, result.stderr)
            self.assertFalse(os.path.exists(os.path.join(self.dir, "out.pt")))


if __name__ == "__main__":
    unittest.main()
