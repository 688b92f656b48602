"""The noise equals an independent recomputation from its definition (generator, XOR, BLAKE2b, chunks)."""
import hashlib
import unittest

import torch

from ahd_es_servers.es_core import SeededES
from ahd_es_servers.noise import CHUNK_ELEMENTS, generator_seed, tensor_id
from tests.helpers import SmallTensors, reference_noise, snapshot

QUIET = {"log": lambda line: None}


class SeedDerivation(unittest.TestCase):
    def test_tensor_id_is_little_endian_blake2b_8(self):
        digest = hashlib.blake2b(b"blocks.0.attn.qkv.weight", digest_size=8).digest()
        self.assertEqual(tensor_id("blocks.0.attn.qkv.weight"), int.from_bytes(digest, "little"))

    def test_seed_is_xor_masked_to_64_bits(self):
        key = tensor_id("w")
        self.assertEqual(generator_seed(5, key), 5 ^ key)
        self.assertEqual(generator_seed(2**70 + 5, key), (2**70 + 5 ^ key) % 2**64)
        self.assertEqual(generator_seed(-1, key), (-1 ^ key) & (2**64 - 1))


class PerturbationNoise(unittest.TestCase):
    def check(self, chunk: int, seed: int, sigma: float):
        model = SmallTensors()
        base = snapshot(model)
        es = SeededES(model, chunk_elements=chunk, **QUIET)
        self.assertEqual(es.init()["n_tensors"], 3)  # the alias counts once
        es.apply(seed, sigma)
        for name in ("a", "b", "c"):
            eps = reference_noise(name, seed, base[name].numel(), chunk).view_as(base[name])
            self.assertTrue(torch.equal(getattr(model, name).detach(), base[name].add(eps, alpha=sigma)), name)

    def test_chunk_boundaries(self):
        for chunk in (1, 3, 4, 10, 16, 21, 40, 64, 100):
            self.check(chunk, seed=2**31 - 2, sigma=0.01)

    def test_chunking_changes_the_draws(self):
        """Why chunks are part of the definition: torch draws 100 normals differently from 40 + 40 + 20."""
        self.assertFalse(torch.equal(reference_noise("c", 1, 100, 40), reference_noise("c", 1, 100)))

    def test_default_chunk_size_boundary(self):
        """A tensor just over one default chunk draws a second chunk from the same generator."""
        numel = CHUNK_ELEMENTS + 5
        model = torch.nn.Module()
        model.big = torch.nn.Parameter(torch.zeros(numel))
        es = SeededES(model, **QUIET)
        es.init()
        es.apply(7, 1.0)
        self.assertTrue(torch.equal(model.big.detach(), reference_noise("big", 7, numel)))

    def test_update_draws_one_generator_per_seed(self):
        model = SmallTensors()
        base = snapshot(model)
        es = SeededES(model, chunk_elements=4, **QUIET)
        es.init()
        seeds, rewards, alpha = [3, 11, 2**31 - 2], [0.5, -1.0, 2.0], 0.1
        es.update(seeds, rewards, alpha, reward_normalization="none")
        for name in ("a", "b", "c"):
            numel = base[name].numel()
            expected = base[name].double().view(-1).clone()
            for seed, reward in zip(seeds, rewards):
                expected += (alpha / len(seeds)) * reward * reference_noise(name, seed, numel, 4).double()
            got = getattr(model, name).detach().double().view(-1)
            self.assertLess(float((got - expected).abs().max()), 1e-6, name)


if __name__ == "__main__":
    unittest.main()
