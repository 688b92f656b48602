"""The ES core on the bundled GPT: scopes, the apply/revert/update/reset state machine, exactness, fingerprints."""
import unittest

import torch

from ahd_es_servers.errors import InvalidRequest, StateConflict
from ahd_es_servers.es_core import SeededES
from tests.helpers import bit_identical, bundled_gpt, max_abs_diff, reference_noise, snapshot

QUIET = {"log": lambda line: None}
GPT_PARAMS = 1_041_920  # models/ahd-heuristic-lm/README.md: tied embedding counted once


class Scopes(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.model = bundled_gpt()

    def test_full_counts_the_tied_embedding_once(self):
        result = SeededES(self.model, **QUIET).init("full")
        self.assertEqual((result["n_tensors"], result["total_params"]), (52, GPT_PARAMS))
        self.assertEqual(result["previous_state_reset"], None)

    def test_all_linear_takes_2d_weights_outside_the_skipped_names(self):
        es = SeededES(self.model, **QUIET)
        result = es.init("all_linear")
        names = [slot.name for slot in es.steps.slots]
        # wte/wpe are 2-D and their names have none of embed_tokens/lm_head/norm, so the rule takes them too.
        self.assertEqual(names[:2], ["wte.weight", "wpe.weight"])
        self.assertEqual(len(names), 2 + 4 * 4)
        self.assertEqual(result["total_params"], 1110 * 128 + 832 * 128 + 4 * (128 * 384 + 128 * 128 + 2 * 128 * 512))

    def test_all_linear_target_modules(self):
        es = SeededES(self.model, **QUIET)
        es.init("all_linear", target_modules=["qkv"])
        self.assertEqual([s.name for s in es.steps.slots], [f"blocks.{i}.attn.qkv.weight" for i in range(4)])

    def test_lora_needs_lora_parameters(self):
        with self.assertRaisesRegex(InvalidRequest, "no LoRA parameters"):
            SeededES(self.model, **QUIET).init("lora")

    def test_unknown_scope(self):
        with self.assertRaises(InvalidRequest):
            SeededES(self.model, **QUIET).init("everything")


class StateMachine(unittest.TestCase):
    def setUp(self):
        self.model = bundled_gpt()
        self.es = SeededES(self.model, **QUIET)

    def test_everything_but_status_needs_init(self):
        self.assertFalse(self.es.status()["initialized"])
        for call in (lambda: self.es.apply(1, 0.1), lambda: self.es.revert(1, 0.1), self.es.reset,
                     lambda: self.es.update([1], [1.0], 0.1)):
            with self.assertRaises(StateConflict):
                call()

    def test_apply_revert_rules(self):
        self.es.init()
        self.assertFalse(self.es.apply(5, 0.01)["already_applied"])
        self.assertTrue(self.es.apply(5, 0.01)["already_applied"])
        with self.assertRaises(StateConflict):
            self.es.apply(6, 0.01)
        with self.assertRaises(StateConflict):
            self.es.revert(5, 0.02)
        with self.assertRaises(StateConflict):
            self.es.update([1], [1.0], 0.1)
        self.assertEqual(self.es.status()["active_perturbation"], {"seed": 5, "sigma": 0.01})
        self.assertFalse(self.es.revert(5, 0.01)["already_reverted"])
        self.assertTrue(self.es.revert(5, 0.01)["already_reverted"])
        with self.assertRaises(InvalidRequest):
            self.es.apply(5, -0.01)

    def test_update_math_against_float64(self):
        self.es.init()
        base = snapshot(self.model)
        seeds, rewards, alpha = [11, 22, 33, 44], [1.0, -0.5, 2.0, 0.25], 0.003
        result = self.es.update(seeds, rewards, alpha, reward_normalization="none")
        self.assertEqual((result["n"], result["reward_best"]), (4, 2.0))
        self.assertAlmostEqual(result["reward_mean"], 0.6875, places=6)
        self.assertAlmostEqual(result["weight_norm"], (1 + 0.25 + 4 + 0.0625) ** 0.5, places=6)
        worst = 0.0
        for slot in self.es.steps.slots:
            expected = base[slot.name].double().view(-1).clone()
            for seed, reward in zip(seeds, rewards):
                expected += alpha / len(seeds) * reward * reference_noise(slot.name, seed, expected.numel()).double()
            worst = max(worst, float((slot.param.detach().double().view(-1) - expected).abs().max()))
        self.assertLess(worst, 1e-6)  # float32 rounding of weights of size <~ 10

    def test_reset_undoes_updates_and_the_perturbation(self):
        self.es.init()
        base = snapshot(self.model)
        self.es.update([1, 2], [1.0, 0.0], 0.01)
        self.es.update([3], [2.0], 0.01, reward_normalization="none")
        self.es.apply(9, 0.001)
        self.assertEqual(self.es.status()["update_history"], 2)
        result = self.es.reset()
        self.assertEqual((result["reverted_updates"], result["reverted_perturbation"]), (2, {"seed": 9, "sigma": 0.001}))
        self.assertLess(max_abs_diff(self.model, base), 1e-6)  # in place: exact only up to float32 rounding
        status = self.es.status()
        self.assertEqual((status["update_history"], status["active_perturbation"]), (0, None))

    def test_exact_reset_restores_the_base_bit_for_bit(self):
        for master_copy in (False, True):
            model = bundled_gpt()
            es = SeededES(model, master_copy=master_copy, exact_reset=True, **QUIET)
            base, print_before = snapshot(model), es.fingerprint()
            es.init()
            es.update([1, 2], [1.0, 0.0], 0.01)
            es.apply(9, 0.001)
            result = es.reset()
            self.assertEqual((result["reverted_updates"], result["reverted_perturbation"]), (1, {"seed": 9, "sigma": 0.001}))
            self.assertTrue(bit_identical(model, base))
            self.assertEqual(es.fingerprint(), print_before)
            if master_copy:  # the master follows the restored weights: the next revert is exact again
                es.apply(9, 0.001)
                es.revert(9, 0.001)
                self.assertTrue(bit_identical(model, base))

    def test_second_init_reports_the_reset(self):
        self.es.init()
        self.es.update([1, 2], [1.0, 0.0], 0.01)
        self.es.apply(4, 0.01)
        again = self.es.init("full")
        self.assertEqual(again["previous_state_reset"], {"ok": True, "reverted_updates": 1, "reverted_perturbation": {"seed": 4, "sigma": 0.01}})


class RevertExactness(unittest.TestCase):
    def cycles(self, model, es, n, sigma):
        for seed in range(n):
            es.apply(1000 + seed, sigma)
            es.revert(1000 + seed, sigma)

    def test_master_copy_float32_is_bit_exact_over_1000_cycles(self):
        model = bundled_gpt()
        base = snapshot(model)
        es = SeededES(model, master_copy=True, **QUIET)
        es.init()
        self.cycles(model, es, 1000, 1e-3)
        self.assertTrue(bit_identical(model, base))

    def test_master_copy_half_precision_is_bit_exact(self):
        for dtype in (torch.float16, torch.bfloat16):
            model = bundled_gpt(dtype)
            base = snapshot(model)
            es = SeededES(model, master_copy=True, **QUIET)
            es.init()
            self.cycles(model, es, 50, 1e-3)
            self.assertTrue(bit_identical(model, base), dtype)

    def test_in_place_float32_drift_is_float_rounding(self):
        """Without a master copy w + d - d is not always w in float32 (see benchmarks/results/es-drift.md)."""
        model = bundled_gpt()
        base = snapshot(model)
        es = SeededES(model, **QUIET)
        es.init()
        self.cycles(model, es, 100, 1e-3)
        self.assertLess(max_abs_diff(model, base), 1e-6)


class Fingerprints(unittest.TestCase):
    def test_equal_weights_equal_fingerprints(self):
        first, second = SeededES(bundled_gpt(), master_copy=True, **QUIET), SeededES(bundled_gpt(), **QUIET)
        base = first.fingerprint()
        self.assertEqual(base, second.fingerprint())
        first.init()
        first.apply(3, 0.01)
        self.assertNotEqual(first.fingerprint(), base)
        first.revert(3, 0.01)
        self.assertEqual(first.fingerprint(), base)
        first.update([1, 2], [1.0, -1.0], 0.01)
        second.init()
        second.update([1, 2], [1.0, -1.0], 0.01)
        self.assertEqual(first.fingerprint(), second.fingerprint())


if __name__ == "__main__":
    unittest.main()
