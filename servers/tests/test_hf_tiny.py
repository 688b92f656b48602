"""The --hf path on tiny randomly initialised Hugging Face models built here (tests/hf_tiny.py): the ES protocol
on each (Qwen2- and GPT2-shaped, tied and untied, float32 and bfloat16), then `--hf` servers: ahd's conformance
suite (`node bin/ahd.js check-server`) on two Qwen2-shaped replicas, which must also agree field by field and
keep equal fingerprints, and on a GPT2-shaped server. Skipped, saying why, where transformers (or node and ahd's build, for the servers) is missing."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import torch

from ahd_es_servers.es_core import SeededES
from ahd_es_servers.sampling import Sampling
from ahd_es_servers.torch_backend import TorchBackend
from tests.hf_tiny import VARIANTS, build, transformers_missing
from tests.server_process import SERVERS_DIR, ServerProcess

MISSING = transformers_missing()
REPO = os.path.dirname(SERVERS_DIR)
AHD_CLI = os.path.join(REPO, "dist", "src", "cli", "main.js")
NODE_MISSING = "" if shutil.which("node") and os.path.exists(AHD_CLI) else "needs node and ahd's build (npm ci) for check-server"
SAMPLED = Sampling(temperature=0.8, top_p=0.95, top_k=0, max_new_tokens=12)
GREEDY = Sampling(temperature=0, top_p=1, top_k=0, max_new_tokens=12)
MESSAGES = [{"role": "user", "content": "#tsp50 i1"}]
ALL_LINEAR = {"qwen2": 14, "gpt2": 10}  # q k v o gate up down x 2 layers; c_attn c_proj c_fc c_proj x 2 + wte wpe
paths = {}


def setUpModule():
    if MISSING:
        print(f"\n{MISSING}", file=sys.stderr)
        return
    root = tempfile.mkdtemp(prefix="ahd-hf-tiny-")
    paths["root"] = root
    for variant in VARIANTS:
        paths[variant.name] = build(variant, root)


def tearDownModule():
    if "root" in paths:
        shutil.rmtree(paths["root"])


@unittest.skipIf(MISSING, MISSING)
class HfModels(unittest.TestCase):
    def test_the_protocol_on_each_variant(self):
        from ahd_es_servers.hf_model import load_hf

        for variant in VARIANTS:
            with self.subTest(variant.name):
                loaded = load_hf(paths[variant.name], getattr(torch, variant.dtype), "cpu")
                module = loaded.module
                self.assertIs(module.get_input_embeddings().weight is module.get_output_embeddings().weight, variant.tied)
                self.assertEqual(loaded.lm.last_only, {"logits_to_keep": 1})
                self.assertEqual((loaded.info.name, loaded.info.prompt_style, loaded.info.stop_ids[:1]), (variant.name, "compact", [0]))
                es = SeededES(module, master_copy=True, exact_reset=True, log=lambda line: None)
                backend = TorchBackend(loaded, es)
                base = es.fingerprint()
                unique = {id(p): p for p in module.parameters()}
                init = es.init()
                self.assertEqual((init["n_tensors"], init["total_params"]), (len(unique), sum(p.numel() for p in unique.values())))
                prompt = backend.chat_prompt(MESSAGES, {})
                ids = loaded.codec.encode(prompt)
                greedy = backend.generate([(prompt, 0)], GREEDY)[0]
                self.assertEqual(backend.generate([(prompt, 5), (prompt, 6)], SAMPLED), backend.generate([(prompt, 5), (prompt, 6)], SAMPLED))
                with torch.inference_mode():
                    logits = loaded.lm.prefill(ids, 2)[0]
                    self.assertEqual(tuple(logits.shape), (2, 1110))
                    es.apply(3, 0.05)
                    self.assertFalse(torch.equal(loaded.lm.prefill(ids, 2)[0], logits))  # the edits reach the forward
                es.revert(3, 0.05)
                self.assertEqual(es.fingerprint(), base)
                self.assertEqual(backend.generate([(prompt, 0)], GREEDY)[0], greedy)
                es.update([1, 2], [1.0, -1.0], 0.01)
                self.assertNotEqual(es.fingerprint(), base)
                es.reset()
                self.assertEqual(es.fingerprint(), base)
                self.assertEqual(es.init(parameter_scope="all_linear")["n_tensors"], ALL_LINEAR[variant.arch])


@unittest.skipIf(MISSING, MISSING)
@unittest.skipIf(NODE_MISSING, NODE_MISSING)
class HfServers(unittest.TestCase):
    def test_two_replicas_pass_the_conformance_suite_and_agree(self):
        variant = next(v for v in VARIANTS if v.name == "qwen2-untied-bfloat16")
        flags = ("--hf", paths[variant.name], "--dtype", variant.dtype, "--master-copy", "--exact-reset")
        servers = [ServerProcess(*flags), ServerProcess(*flags)]
        try:
            check = subprocess.run(["node", AHD_CLI, "check-server", servers[0].url, servers[1].url], cwd=REPO,
                                   capture_output=True, text=True, timeout=300)
            self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
            self.assertIn("answers agree field by field", check.stdout)
            self.assertNotIn("FAILED", check.stdout)
            update = {"seeds": [4, 5, 6], "rewards": [0.5, -1.0, 2.0], "alpha": 0.01}
            prints = set()
            for server in servers:
                self.assertEqual(server.post("/es/init", {})[0], 200)
                self.assertEqual(server.post("/es/update", update)[0], 200)
                prints.add(server.post("/es/status")[1]["weights_fingerprint"])
            self.assertEqual(len(prints), 1)
        finally:
            for server in servers:
                server.stop()

    def test_a_gpt2_shaped_server_passes_the_conformance_suite(self):
        variant = next(v for v in VARIANTS if v.name == "gpt2-tied-bfloat16")
        server = ServerProcess("--hf", paths[variant.name], "--dtype", variant.dtype, "--master-copy", "--exact-reset")
        try:
            check = subprocess.run(["node", AHD_CLI, "check-server", server.url], cwd=REPO, capture_output=True, text=True, timeout=300)
            self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
            self.assertIn(": passed", check.stdout)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
