"""Tensor-parallel noise: each shard takes its own part of its full tensor's noise, so ranks of any tensor-parallel
size, put together, hold what one rank holds. Shards simulated on CPU, with chunks small enough that chunk
boundaries fall inside rows, at row ends and inside pieces."""
import itertools
import unittest

import torch

from ahd_es_servers.es_core import _coefficients
from ahd_es_servers.noise import tensor_id
from ahd_es_servers.shards import Place
from ahd_es_servers.weight_steps import Slot, WeightSteps, make_master
from tests.helpers import reference_noise

NAME = "model.layers.0.mlp.down_proj.weight"
SHAPE = (6, 10)


def shard_ranges(size: int, parts: int):
    step = size // parts
    return [(r * step, (r + 1) * step) for r in range(parts)]


def layouts():
    """(label, dim, pieces per rank) over SHAPE: column-parallel, row-parallel, and a fused QKV-like layout."""
    yield "rows, 2 ranks", 0, [[p] for p in shard_ranges(6, 2)]
    yield "rows, 3 ranks", 0, [[p] for p in shard_ranges(6, 3)]
    yield "columns, 2 ranks", 1, [[p] for p in shard_ranges(10, 2)]
    yield "columns, 5 ranks", 1, [[p] for p in shard_ranges(10, 5)]
    # q rows 0-3, k rows 4, v rows 5 (one kv head shared by both ranks): rank r holds [q_r; k; v]
    yield "fused qkv, 2 ranks", 0, [[(0, 2), (4, 5), (5, 6)], [(2, 4), (4, 5), (5, 6)]]


def take(full: torch.Tensor, dim: int, pieces) -> torch.Tensor:
    return torch.cat([full.narrow(dim, s, e - s) for s, e in pieces], dim=dim).contiguous()


def steps_for(param: torch.Tensor, place, master: bool, chunk: int) -> WeightSteps:
    return WeightSteps([Slot(NAME, tensor_id(NAME), param, make_master(param) if master else None, place)], chunk)


def run_history(steps: WeightSteps, sigma: float) -> None:
    """A short ES history: perturb/revert twice, an update, a perturbation left applied."""
    for seed in (5, 6):
        steps.perturb(seed, sigma)
        steps.unperturb(seed, sigma)
    steps.step([1, 2, 3], _coefficients(0.01, [1.0, -0.5, 0.25]))
    steps.perturb(7, sigma)


class ShardNoise(unittest.TestCase):
    def test_each_shard_draws_its_part_of_the_full_tensors_noise(self):
        full_noise = reference_noise(NAME, 11, 60, chunk=7).view(SHAPE)
        for label, dim, ranks in layouts():
            with self.subTest(label):
                parts = []
                for pieces in ranks:
                    place = Place(SHAPE, dim, tuple(pieces))
                    shard = torch.zeros(place.local_shape)
                    steps_for(shard, place, False, 7).perturb(11, 1.0)  # 0 + 1 * eps: the noise itself
                    self.assertTrue(torch.equal(shard, take(full_noise, dim, pieces)))
                    parts.append(shard)
                if label != "fused qkv, 2 ranks":  # there k and v rows are replicated by design
                    for a, b in itertools.combinations(parts, 2):
                        self.assertFalse(torch.equal(a, b))  # no two shards share noise

    def test_any_tensor_parallel_size_writes_what_one_rank_writes(self):
        # float32 everywhere; bfloat16 and float16 with a master copy (in place, CPU kernels round an element
        # differently in a vector body and its scalar tail, so views of a tensor need not match the whole; CUDA's
        # elementwise kernels treat every element alike: the GPU smoke script checks those dtypes there).
        weights = torch.randn(SHAPE, generator=torch.Generator().manual_seed(3))
        cases = [(torch.float32, False), (torch.float32, True), (torch.bfloat16, True), (torch.float16, True)]
        for (dtype, master), chunk in itertools.product(cases, (7, 10, 60)):
            one = weights.to(dtype, copy=True)
            run_history(steps_for(one, None, master, chunk), 0.05)
            for label, dim, ranks in layouts():
                with self.subTest(dtype=dtype, master=master, chunk=chunk, layout=label):
                    for pieces in ranks:
                        place = Place(SHAPE, dim, tuple(pieces))
                        shard = take(weights.to(dtype), dim, pieces)
                        run_history(steps_for(shard, place, master, chunk), 0.05)
                        self.assertTrue(torch.equal(shard, take(one, dim, pieces)))

    def test_a_place_that_does_not_fit_the_tensor_is_refused(self):
        place = Place(SHAPE, 1, ((0, 5),))
        with self.assertRaisesRegex(ValueError, r"shape \(6, 4\) is not the shard"):
            Slot(NAME, tensor_id(NAME), torch.zeros(6, 4), None, place)


if __name__ == "__main__":
    unittest.main()
