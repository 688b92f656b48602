"""Shared test helpers: an independent recomputation of the ES noise from its definition, and small models."""
from __future__ import annotations

import hashlib
import os

import torch

from ahd_es_servers.bundled import REPO_ROOT, load_gpt

# The first bundled model (the default until 2026-12-06): small, so the mechanics run fast, and its figures are
# pinned here (1,041,920 parameters, prompt style compact). The default model has its own test (test_onnx_mapping).
FIRST_MODEL_DIR = os.path.join(REPO_ROOT, "models", "ahd-heuristic-lm")

torch.set_num_threads(1)


def reference_noise(name: str, seed: int, numel: int, chunk: int = 8_388_608) -> torch.Tensor:
    """eps for tensor `name`, written from the definition (not from ahd_es_servers.noise)."""
    key = int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest(), "little")
    generator = torch.Generator()
    generator.manual_seed((seed ^ key) % 2**64)
    parts = [torch.randn((min(chunk, numel - start),), generator=generator, dtype=torch.float32) for start in range(0, numel, chunk)]
    return torch.cat(parts)


def bundled_gpt(dtype: torch.dtype = torch.float32) -> torch.nn.Module:
    return load_gpt(FIRST_MODEL_DIR, dtype=dtype)


def snapshot(model: torch.nn.Module) -> dict:
    return {name: p.detach().clone() for name, p in model.named_parameters()}


def max_abs_diff(model: torch.nn.Module, before: dict) -> float:
    return max(float((p.detach().float() - before[name].float()).abs().max()) for name, p in model.named_parameters())


def bit_identical(model: torch.nn.Module, before: dict) -> bool:
    return all(torch.equal(p.detach(), before[name]) for name, p in model.named_parameters())


class SmallTensors(torch.nn.Module):
    """Tensors that straddle small chunk sizes, a tied alias, and a non-float buffer."""

    def __init__(self, dtype: torch.dtype = torch.float32) -> None:
        super().__init__()
        generator = torch.Generator().manual_seed(123)
        self.a = torch.nn.Parameter(torch.randn(10, generator=generator).to(dtype))
        self.b = torch.nn.Parameter(torch.randn(3, 7, generator=generator).to(dtype))
        self.c = torch.nn.Parameter(torch.randn(4, 25, generator=generator).to(dtype))  # >= 16: torch's vectorised draw
        self.alias = self.a  # a tied weight: selected once, as 'a'
        self.register_buffer("steps", torch.zeros(4, dtype=torch.long))
