"""models/recipe/import_onnx.py reads back exactly what export_onnx.py wrote: a checkpoint exported and imported
again has the same tensors, bit for bit; the random-init fixture (equal constants merged behind Identity nodes)
imports too; a model folder that does not match its config is refused in one line.

Run by tests/models/import-onnx.test.ts, or directly: /usr/bin/python3 tests/models/import_onnx_check.py
The logits comparison against onnxruntime runs where onnxruntime is installed (not a Debian package), else
--no-check.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECIPE = os.path.join(ROOT, "models", "recipe")
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "tiny-lm")
sys.path.insert(0, RECIPE)
from gpt import GPT, GPTConfig, save_checkpoint  # noqa: E402

CHECK = [] if importlib.util.find_spec("onnxruntime") else ["--no-check"]


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, os.path.join(RECIPE, script), *args], capture_output=True, text=True)


def weights(path: str) -> dict:
    return torch.load(path, map_location="cpu")["model"]


class ImportOnnx(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.mkdtemp()

    def tearDown(self) -> None:
        shutil.rmtree(self.tmp)

    def test_round_trip_is_exact(self) -> None:
        for tied in (True, False):
            with self.subTest(tied=tied):
                torch.manual_seed(3)
                model = GPT(GPTConfig(vocab_size=280, n_layer=2, n_head=2, n_embd=32, block_size=64, tie_weights=tied))
                with torch.no_grad():  # a trained model's layer norms and biases: no two constants equal
                    for p in model.parameters():
                        p.add_(0.1 * torch.randn_like(p))
                before = os.path.join(self.tmp, f"before-{tied}.pt")
                save_checkpoint(model, before)
                out = os.path.join(self.tmp, f"model-{tied}")
                exported = run("export_onnx.py", "--checkpoint", before, "--tokenizer-dir", FIXTURE, "--out", out)
                self.assertEqual(exported.returncode, 0, exported.stderr)
                after = os.path.join(self.tmp, f"after-{tied}.pt")
                imported = run("import_onnx.py", "--model-dir", out, "--out", after, *CHECK)
                self.assertEqual(imported.returncode, 0, imported.stderr)
                a, b = weights(before), weights(after)
                self.assertEqual(sorted(a), sorted(b))
                for name in a:
                    self.assertTrue(torch.equal(a[name], b[name]), name)
                self.assertEqual(torch.load(after, map_location="cpu")["config"]["tie_weights"], tied)

    def test_random_init_fixture_imports(self) -> None:
        out = os.path.join(self.tmp, "fixture.pt")
        imported = run("import_onnx.py", "--model-dir", FIXTURE, "--out", out, *CHECK)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        config = torch.load(out, map_location="cpu")["config"]
        with open(os.path.join(FIXTURE, "random-config.json")) as f:
            spec = json.load(f)
        spec.pop("seed")
        self.assertEqual(config, spec)

    def test_refuses_a_folder_that_does_not_match_its_config(self) -> None:
        model_dir = os.path.join(self.tmp, "wrong")
        shutil.copytree(FIXTURE, model_dir)
        with open(os.path.join(model_dir, "config.json")) as f:
            config = json.load(f)
        config["num_hidden_layers"] = 3
        with open(os.path.join(model_dir, "config.json"), "w") as f:
            json.dump(config, f)
        imported = run("import_onnx.py", "--model-dir", model_dir, "--out", os.path.join(self.tmp, "x.pt"), "--no-check")
        self.assertEqual(imported.returncode, 2)
        self.assertEqual(imported.stderr.strip(), "import_onnx: expected 13 MatMul weights for 3 layers, found 9")
        missing = run("import_onnx.py", "--model-dir", self.tmp, "--out", os.path.join(self.tmp, "x.pt"))
        self.assertEqual(missing.returncode, 2)
        self.assertEqual(missing.stderr.strip(), f"import_onnx: no model.onnx in {self.tmp}")


if __name__ == "__main__":
    unittest.main()
