"""The GPU smoke script's CPU dry run passes (the checks that need CUDA, transformers or torch.compile skip,
saying why), and without a GPU the real run refuses to start."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import torch

from tests.server_process import SERVERS_DIR

SCRIPT = os.path.join(SERVERS_DIR, "gpu_smoke.py")


class GpuSmokeDryRun(unittest.TestCase):
    def test_the_dry_run_passes(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "smoke.json")
            run = subprocess.run([sys.executable, SCRIPT, "--dry-run", "--json", out], capture_output=True, text=True, timeout=600)
            self.assertEqual(run.returncode, 0, run.stdout[-3000:] + run.stderr[-3000:])
            with open(out) as f:
                lines = json.load(f)["lines"]
        outcomes = {line["name"]: line["outcome"] for line in lines}
        self.assertNotIn("FAIL", outcomes.values())
        for dtype in ("float32", "bfloat16", "float16"):
            self.assertEqual(outcomes[f"reference arithmetic, {dtype}, chunk 1000"], "ok")
            self.assertEqual(outcomes[f"master copy, {dtype}, 20 apply/revert cycles"], "ok")
            self.assertEqual(outcomes[f"shards, {dtype}, master copy"], "ok")
        self.assertEqual(outcomes["shards, float32, in place"], "ok")
        self.assertEqual(outcomes["CUDA graph replay sees in-place edits"], "skip")
        self.assertIn("two --hf servers agree", outcomes)  # ok, or skip without transformers
        self.assertTrue(any(name.startswith("torch.compile") for name in outcomes))  # ok, or skip without it

    @unittest.skipIf(torch.cuda.is_available(), "a GPU is here")
    def test_without_a_gpu_the_real_run_refuses(self):
        run = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True, timeout=120)
        self.assertEqual((run.returncode, run.stderr), (2, "gpu_smoke: no CUDA device (use --dry-run on CPU)\n"))


if __name__ == "__main__":
    unittest.main()
