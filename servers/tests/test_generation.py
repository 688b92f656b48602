"""The decoding loop: the generations of one prompt decoded as one batch (one prefill), the head applied to the
last prompt position only, and each row as the same seed decoded alone. Timings are printed, not asserted."""
import time
import unittest

import torch

from ahd_es_servers.bundled import load_bundled
from ahd_es_servers.generation import generate
from ahd_es_servers.sampling import Sampling
from tests.helpers import FIRST_MODEL_DIR

SAMPLED = Sampling(temperature=0.8, top_p=0.95, top_k=0, max_new_tokens=40)


class CountingLm:
    def __init__(self, lm):
        self.lm, self.prefills, self.extends = lm, [], 0

    def prefill(self, ids, rows):
        self.prefills.append(rows)
        return self.lm.prefill(ids, rows)

    def extend(self, token_ids, cache):
        self.extends += 1
        return self.lm.extend(token_ids, cache)


class Batching(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.loaded = load_bundled(FIRST_MODEL_DIR)
        cls.prompt = cls.loaded.codec.encode(cls.loaded.render_chat([{"role": "user", "content": "#tsp50 i1"}]))

    def run_seeds(self, lm, seeds):
        info = self.loaded.info
        return generate(lm, self.loaded.codec, self.prompt, SAMPLED, seeds, info.stop_ids, info.max_positions)

    def test_one_prefill_for_all_repeats_and_each_row_as_its_seed_alone(self):
        counting = CountingLm(self.loaded.lm)
        batch = self.run_seeds(counting, [7, 8, 9])
        self.assertEqual(counting.prefills, [3])
        self.assertEqual(counting.extends, max(g.completion_tokens for g in batch) - 1)
        alone = [self.run_seeds(self.loaded.lm, [seed])[0] for seed in (7, 8, 9)]
        self.assertEqual(batch, alone)
        self.assertGreater(len({g.text for g in batch}), 1)

    def test_the_head_sees_only_the_last_prompt_position(self):
        positions = []
        hook = self.loaded.module.lm_head.register_forward_hook(lambda module, args, out: positions.append(args[0].shape[1]))
        try:
            logits, _ = self.loaded.lm.prefill(self.prompt, 2)
        finally:
            hook.remove()
        self.assertEqual((positions, tuple(logits.shape)), ([1], (2, 1110)))
        with torch.no_grad():
            full, _ = self.loaded.module(torch.tensor([self.prompt]))
        self.assertLess(float((full[0, -1] - logits[0]).abs().max()), 1e-4)
        self.assertEqual(self.loaded.module.lm_head(torch.zeros(1, 3, 128)).shape[1], 3)  # the module itself unchanged

    def test_timing_of_eight_repeats(self):
        seeds = list(range(8))
        started = time.perf_counter()
        self.run_seeds(self.loaded.lm, seeds)
        batched = time.perf_counter() - started
        started = time.perf_counter()
        for seed in seeds:
            self.run_seeds(self.loaded.lm, [seed])
        print(f"\n  8 generations of up to 40 tokens, bundled model, CPU: batched {batched:.2f} s, one by one {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    unittest.main()
