"""The weight arithmetic of ES, chunk by chunk, with the reference's exact operations.

perturb: param += sigma * eps (eps cast to the parameter's dtype first), revert with -sigma.
step (an update): per chunk a float32 buffer sum_i c_i * eps_i, cast to the parameter's dtype and added once.

With a master copy (Slot.master, float32 or wider), the master holds the true weights: a perturbation writes
cast(master + sigma * eps), a revert writes cast(master) (exact), an update accumulates in the master and writes
its cast. Without one, every write is in place and no weight copy exists.

A slot may be a tensor-parallel shard (Slot.place): its noise is its part of the full tensor's (shards.py), and an
update's float32 sums are taken over the full tensor's chunks before its part is kept, as one rank computes them.

Guard: nothing is written unless every written value is finite. A cheap bound proves it for ordinary steps
(|w| + reach * NOISE_BOUND far below the dtype's maximum); otherwise a first pass computes every chunk's result
and checks it before a second pass writes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple

import torch

from .errors import InvalidRequest
from .noise import CHUNK_ELEMENTS, chunk_bounds, draw, generator_for
from .shards import Place, Segment, chunk_segments

# torch's normal samplers are Box-Muller (or similar) over uniforms of at most 64 bits: |eps| < sqrt(128 ln 2) < 10.
NOISE_BOUND = 64.0
FLOAT32_MAX = float(torch.finfo(torch.float32).max)


@dataclass
class Slot:
    name: str
    key: int
    param: torch.Tensor
    master: Optional[torch.Tensor] = None  # float32 (or wider) copy of param, or None: in place
    place: Optional[Place] = None  # where param lies in its full tensor (a tensor-parallel shard), or None: whole

    def __post_init__(self) -> None:
        if self.place is not None:
            self.place.check(self.name, self.param.shape)

    @property
    def full_numel(self) -> int:
        return self.param.numel() if self.place is None else self.place.full_numel

    @property
    def truth(self) -> torch.Tensor:
        """The tensor that holds the unperturbed weights: the master where there is one."""
        return self.param if self.master is None else self.master


def master_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.promote_types(dtype, torch.float32)


def make_master(param: torch.Tensor) -> torch.Tensor:
    return param.detach().to(dtype=master_dtype(param.dtype), copy=True)


class WeightSteps:
    def __init__(self, slots: List[Slot], chunk_elements: int = CHUNK_ELEMENTS) -> None:
        self.slots = slots
        self.chunk_elements = chunk_elements

    def _noise(self, slot: Slot, seed: int) -> Iterator[Tuple[Segment, torch.Tensor]]:
        """(segment, its noise) over the slot's full tensor, chunk by chunk in order (shards.py)."""
        device = slot.param.device
        generator = generator_for(seed, slot.key, device)
        for start, end in chunk_bounds(slot.full_numel, self.chunk_elements):
            noise = draw(generator, end - start, device)
            for segment in chunk_segments(slot.place, start, end):
                yield segment, segment.noise(noise)

    # ---- perturbations ----

    @torch.no_grad()
    def perturb(self, seed: int, sigma: float) -> None:
        """param = w + sigma * eps(seed), w the unperturbed weights; refused (nothing written) if not finite."""
        self.check_perturb(seed, sigma)
        if sigma == 0.0:
            return
        for slot in self.slots:
            for segment, noise in self._noise(slot, seed):
                target = segment.local(slot.param)
                if slot.master is None:
                    target.add_(noise.to(slot.param.dtype), alpha=sigma)
                else:
                    target.copy_(torch.add(segment.local(slot.master), noise, alpha=sigma))

    @torch.no_grad()
    def check_perturb(self, seed: int, sigma: float) -> None:
        """Raises InvalidRequest if perturb(seed, sigma) would write a non-finite weight; writes nothing."""
        if sigma == 0.0:
            return
        for slot in self._unsure(sigma):
            # torch refuses a scalar multiplier beyond the range of the dtype it multiplies in.
            fits = sigma <= torch.finfo(slot.truth.dtype).max
            if not (fits and all(bool(torch.isfinite(c).all()) for c in self._perturbed_chunks(slot, seed, sigma))):
                raise InvalidRequest(
                    f"sigma {sigma} would take tensor {slot.name} outside the finite range of {_dtype_name(slot.param)}; "
                    "weights unchanged"
                )

    @torch.no_grad()
    def unperturb(self, seed: int, sigma: float) -> None:
        """Undo perturb(seed, sigma): in place with -sigma, or exactly from the master."""
        if sigma == 0.0:
            return
        for slot in self.slots:
            if slot.master is not None:
                slot.param.copy_(slot.master)
                continue
            for segment, noise in self._noise(slot, seed):
                segment.local(slot.param).add_(noise.to(slot.param.dtype), alpha=-sigma)

    def _perturbed_chunks(self, slot: Slot, seed: int, sigma: float):
        for segment, noise in self._noise(slot, seed):
            if slot.master is None:
                yield segment.local(slot.param).add(noise.to(slot.param.dtype), alpha=sigma)
            else:
                yield torch.add(segment.local(slot.master), noise, alpha=sigma).to(slot.param.dtype)

    # ---- updates ----

    @torch.no_grad()
    def step(self, seeds: Sequence[int], coeffs: Sequence[float]) -> None:
        """w += sum_i coeffs[i] * eps(seeds[i]); refused (nothing written) if not finite."""
        self.check_step(seeds, coeffs)
        if not any(coeffs):
            return
        for slot in self.slots:
            for segment, delta in self._deltas(slot, seeds, coeffs):
                target = segment.local(slot.param)
                if slot.master is None:
                    target.add_(delta.to(slot.param.dtype))
                else:
                    master = segment.local(slot.master)
                    master.add_(delta.to(master.dtype))
                    target.copy_(master)

    @torch.no_grad()
    def check_step(self, seeds: Sequence[int], coeffs: Sequence[float]) -> None:
        """Raises InvalidRequest if step(seeds, coeffs) would write a non-finite weight; writes nothing."""
        reach = math.fsum(abs(c) for c in coeffs)
        # The coefficients multiply float32 noise into a float32 buffer: each must be a finite float32.
        if not math.isfinite(reach) or max(abs(c) for c in coeffs) > FLOAT32_MAX:
            raise InvalidRequest(
                f"update refused: its step (sum of |alpha / N * w_i| = {reach}) is not finite in float32; weights unchanged"
            )
        if reach == 0.0:
            return
        for slot in self._unsure(reach):
            for segment, delta in self._deltas(slot, seeds, coeffs):
                candidate = segment.local(slot.truth) + delta.to(slot.truth.dtype)
                if not (bool(torch.isfinite(candidate).all()) and bool(torch.isfinite(candidate.to(slot.param.dtype)).all())):
                    raise InvalidRequest(
                        f"update refused: its step (sum of |alpha / N * w_i| = {reach}) would take tensor {slot.name} "
                        f"outside the finite range of {_dtype_name(slot.param)}; weights unchanged"
                    )

    def _deltas(self, slot: Slot, seeds: Sequence[int], coeffs: Sequence[float]):
        """(segment, its part of sum_i coeffs[i] * eps_i), the sum taken over each whole chunk of the full tensor
        (as with one rank, so a shard's update is bit for bit its part of the unsharded update)."""
        device = slot.param.device
        generators = [generator_for(seed, slot.key, device) for seed in seeds]
        for start, end in chunk_bounds(slot.full_numel, self.chunk_elements):
            delta = torch.zeros((end - start,), dtype=torch.float32, device=device)
            for generator, coeff in zip(generators, coeffs):
                delta.add_(draw(generator, end - start, device), alpha=coeff)
            for segment in chunk_segments(slot.place, start, end):
                yield segment, segment.noise(delta)

    # ---- guard ----

    def _unsure(self, reach: float) -> List[Slot]:
        """Slots the bound cannot prove safe for a step of `reach` (their chunks are checked one by one)."""
        unsure = []
        for slot in self.slots:
            limit = torch.finfo(slot.param.dtype).max / 2
            # max and min are reductions: no full-size temporary (abs() would make one per tensor per apply).
            max_abs = max(float(slot.truth.max()), -float(slot.truth.min())) if slot.param.numel() else 0.0
            if not (max_abs + reach * NOISE_BOUND < limit):
                unsure.append(slot)
        return unsure


def _dtype_name(tensor: torch.Tensor) -> str:
    return str(tensor.dtype).replace("torch.", "")
