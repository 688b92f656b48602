"""Reward normalisation: zscore (population / sample std), centered_rank, none, as the reference computes them."""
import unittest

import numpy as np

from ahd_es_servers.errors import InvalidRequest
from ahd_es_servers.normalise import canonical_mode, normalise_rewards

REWARDS = [3.0, -1.0, 0.5, 7.25, 0.5]


class Normalise(unittest.TestCase):
    def assertClose(self, got, expected):
        np.testing.assert_allclose(np.array(got), np.array(expected), rtol=1e-6, atol=1e-6)

    def test_zscore_population_and_sample(self):
        r = np.array(REWARDS)
        self.assertClose(normalise_rewards(REWARDS, "zscore"), (r - r.mean()) / (r.std(ddof=0) + 1e-8))
        self.assertClose(normalise_rewards(REWARDS, "zscore", ddof=1), (r - r.mean()) / (r.std(ddof=1) + 1e-8))

    def test_zscore_with_no_more_rewards_than_ddof_is_zeros(self):
        self.assertEqual(normalise_rewards([4.0], "zscore", ddof=1), [0.0])
        self.assertEqual(normalise_rewards([4.0, 5.0], "zscore", ddof=2), [0.0, 0.0])

    def test_zscore_ddof_above_one_is_the_sample_std(self):
        """The reference passes unbiased=bool(ddof): ddof 2 divides by n - 1 too."""
        self.assertEqual(normalise_rewards(REWARDS, "zscore", ddof=2), normalise_rewards(REWARDS, "zscore", ddof=1))

    def test_zscore_of_equal_rewards_is_zeros(self):
        self.assertEqual(normalise_rewards([2.0, 2.0, 2.0], "zscore"), [0.0, 0.0, 0.0])

    def test_centered_rank(self):
        self.assertClose(normalise_rewards([10.0, -3.0, 4.0], "centered_rank"), [0.5, -0.5, 0.0])
        self.assertEqual(normalise_rewards([1.5], "centered_rank"), [0.0])

    def test_none_keeps_rewards_in_float32(self):
        self.assertEqual(normalise_rewards([0.1, -2.0], "none"), [float(np.float32(0.1)), -2.0])
        self.assertEqual(normalise_rewards([0.1], "identity"), normalise_rewards([0.1], "OFF"))

    def test_modes_as_the_reference_reads_them(self):
        self.assertEqual(canonical_mode(" ZScore "), "zscore")
        self.assertEqual(canonical_mode(None), "none")
        with self.assertRaises(InvalidRequest):
            canonical_mode("rank")


if __name__ == "__main__":
    unittest.main()
