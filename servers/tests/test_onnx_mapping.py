"""The ONNX initializers land on the right GPT parameters: torch logits equal the ONNX graph's own (numpy) logits."""
import os
import shutil
import tempfile
import unittest

import numpy as np
import onnx
import torch

from ahd_es_servers.bundled import REPO_ROOT, default_model_dir, load_bundled
from ahd_es_servers.model_dir import read_json
from ahd_es_servers.errors import ModelLoadError
from tests.onnx_eval import gpt_logits
from tests.helpers import FIRST_MODEL_DIR

TINY_LM = os.path.join(REPO_ROOT, "tests", "fixtures", "tiny-lm")  # untied head, merged initializers (Identity)


def torch_logits(loaded, ids):
    with torch.no_grad():
        logits, _ = loaded.module(torch.tensor([ids]))
    return logits[0].numpy()


class Mapping(unittest.TestCase):
    def check(self, model_dir, text, n_layer, n_head, head_dim):
        loaded = load_bundled(model_dir)
        ids = loaded.codec.encode(text)
        expected = gpt_logits(os.path.join(model_dir, "model.onnx"), ids, n_layer, n_head, head_dim)
        got = torch_logits(loaded, ids)
        self.assertLess(float(np.abs(got - expected).max()), 1e-4 * max(1.0, float(np.abs(expected).max())))
        self.assertTrue((got.argmax(-1) == expected.argmax(-1)).all())
        return loaded

    def test_bundled_model(self):
        text = "#aco-tsp50 m1\n<p>{Inverse distance.}\nfunction heuristics(d) {\n  return d.map((r) => r.map((x) => 1 / x));\n}\n<a>"
        loaded = self.check(FIRST_MODEL_DIR, text, 4, 4, 32)
        self.assertIs(loaded.module.lm_head.weight, loaded.module.wte.weight)  # tied, as config.json says

    def test_default_model(self):
        """The default that models/default.json names maps too (its own layers, heads and 4,096 positions)."""
        config = read_json(os.path.join(default_model_dir(), "config.json"), required=True)
        n_head = config["num_attention_heads"]
        text = "#aco-tsp50 m1 heuristics(distances[][]) -> scores[][]\n<p>{Inverse distance.}\nfunction heuristics(d) {\n  return d;\n}\n<a>"
        loaded = self.check(default_model_dir(), text, config["num_hidden_layers"], n_head, config["hidden_size"] // n_head)
        self.assertIs(loaded.module.lm_head.weight, loaded.module.wte.weight)

    def test_untied_model_with_merged_initializers(self):
        self.check(TINY_LM, "<|user|>\nhello there<|end|>\n<|assistant|>\n", 2, 2, 16)

    def test_kv_cache_matches_the_full_sequence(self):
        loaded = load_bundled(FIRST_MODEL_DIR)
        ids = loaded.codec.encode("#tsp50 i1\n<a>{Pick the nearest.}")
        full = torch_logits(loaded, ids)[-1]
        with torch.no_grad():
            _, cache = loaded.lm.prefill(ids[:-1], 1)
            last, _ = loaded.lm.extend([ids[-1]], cache)
        self.assertLess(float(np.abs(last[0].numpy() - full).max()), 1e-4)

    def test_an_initializer_it_cannot_place_is_an_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            model_dir = os.path.join(tmp, "m")
            shutil.copytree(TINY_LM, model_dir)
            path = os.path.join(model_dir, "model.onnx")
            model = onnx.load(path)
            model.graph.node.remove(next(n for n in model.graph.node if n.name == "/model/lm_head/MatMul"))
            onnx.save(model, path)
            with self.assertRaisesRegex(ModelLoadError, "not mapped|no initializer"):
                load_bundled(model_dir)


if __name__ == "__main__":
    unittest.main()
