"""Steps the weights cannot take are refused with one error, the weights left bit for bit as they were."""
import os
import subprocess
import sys
import unittest

import torch

from ahd_es_servers.errors import InvalidRequest
from ahd_es_servers.es_core import SeededES
from tests.helpers import bit_identical, bundled_gpt, snapshot

QUIET = {"log": lambda line: None}


# Peak resident memory of a process checking a perturbation of one 256 MiB tensor: a weight-sized temporary
# (abs() of the tensor, once per apply) would raise the peak by 256 MiB.
PEAK_PROBE = """
import resource, sys, torch
sys.path.insert(0, sys.argv[1])
from ahd_es_servers.noise import tensor_id
from ahd_es_servers.weight_steps import Slot, WeightSteps
torch.set_num_threads(1)
WeightSteps([Slot("w", tensor_id("w"), torch.ones(8))]).check_perturb(1, 1e-3)  # kernels loaded
weights = torch.ones(64 * 2**20)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
WeightSteps([Slot("w", tensor_id("w"), weights)]).check_perturb(1, 1e-3)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


class Memory(unittest.TestCase):
    def test_the_range_bound_makes_no_weight_sized_temporary(self):
        servers = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        grown_mib = int(subprocess.run([sys.executable, "-c", PEAK_PROBE, servers], capture_output=True, text=True, check=True).stdout)
        self.assertLess(grown_mib, 64)


class Guards(unittest.TestCase):
    def start(self, dtype=torch.float32, master_copy=False):
        model = bundled_gpt(dtype)
        es = SeededES(model, master_copy=master_copy, **QUIET)
        es.init()
        return model, es, snapshot(model)

    def assertRefused(self, call, pattern, model, base, es):
        with self.assertRaisesRegex(InvalidRequest, pattern):
            call()
        self.assertTrue(bit_identical(model, base))
        self.assertEqual((es.status()["active_perturbation"], es.status()["update_history"]), (None, 0))

    def test_update_with_a_non_finite_step(self):
        model, es, base = self.start()
        huge = lambda: es.update([1, 2], [1e308, -1e308], 1e308, reward_normalization="none")
        self.assertRefused(huge, "is not finite in float32; weights unchanged", model, base, es)

    def test_update_whose_coefficients_overflow_float32(self):
        """alpha / N * w = 5e307 is a finite double but no float32."""
        model, es, base = self.start()
        call = lambda: es.update([1, 2], [1.0, -1.0], 1e308, reward_normalization="none")
        self.assertRefused(call, "is not finite in float32", model, base, es)

    def test_update_whose_float32_step_overflows(self):
        """Coefficients of 1e38 fit float32, but 1e38 * (eps_1 - eps_2 + eps_3) does not."""
        model, es, base = self.start()
        call = lambda: es.update([1, 2, 3], [1.0, -1.0, 1.0], 3e38, reward_normalization="none")
        self.assertRefused(call, "outside the finite range of float32", model, base, es)

    def test_apply_beyond_float32(self):
        model, es, base = self.start()
        self.assertRefused(lambda: es.apply(1, 1e38), "outside the finite range of float32", model, base, es)
        es.apply(1, 1e-3)  # the server is still usable
        self.assertIsNotNone(es.status()["active_perturbation"])

    def test_float16_ranges(self):
        model, es, base = self.start(torch.float16)
        self.assertRefused(lambda: es.apply(1, 1e5), "float16", model, base, es)
        call = lambda: es.update([1, 2], [1.0, -1.0], 1e6, reward_normalization="none")
        self.assertRefused(call, "float16", model, base, es)
        # Past the cheap bound (1000 * 64 > 65504 / 2) but inside the range: checked chunk by chunk, then applied.
        es.apply(1, 1000.0)
        self.assertTrue(all(bool(torch.isfinite(p).all()) for p in model.parameters()))
        es.revert(1, 1000.0)

    def test_master_copy_checks_the_cast(self):
        model, es, base = self.start(torch.bfloat16, master_copy=True)
        self.assertRefused(lambda: es.apply(1, 1e38), "bfloat16", model, base, es)

    def test_value_errors(self):
        model, es, base = self.start()
        for call, pattern in (
            (lambda: es.update([1], [float("nan")], 0.1), "rewards: must all be finite"),
            (lambda: es.update([1], [1.0], float("inf")), "alpha"),
            (lambda: es.update([1, 2], [1.0], 0.1), "equally long"),
            (lambda: es.update([1], [1.0], 0.1, reward_normalization_eps=0.0), "eps"),
            (lambda: es.apply(1, float("nan")), "sigma"),
        ):
            self.assertRefused(call, pattern, model, base, es)


if __name__ == "__main__":
    unittest.main()
