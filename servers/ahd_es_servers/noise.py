"""The ES noise: which generator draws eps for a tensor, and in which chunks.

Matches the reference's seed replay: a tensor's noise for base seed s comes from one torch.Generator on the
tensor's device, seeded with (s XOR id(name)) mod 2^64, where id(name) is the little-endian value of the
8-byte BLAKE2b digest of the tensor's name. The flattened tensor is covered by consecutive chunks of
CHUNK_ELEMENTS, each drawn as float32 standard normals from that same generator. Equal names, seeds, device
type and torch version give equal noise on any server.
"""
from __future__ import annotations

import hashlib
from typing import Iterator, Tuple

import torch

CHUNK_ELEMENTS = 8_388_608
SEED_MASK = 0xFFFFFFFFFFFFFFFF


def tensor_id(name: str) -> int:
    digest = hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=False)


def generator_seed(seed: int, tensor_key: int) -> int:
    return (int(seed) ^ int(tensor_key)) & SEED_MASK


def generator_for(seed: int, tensor_key: int, device: torch.device) -> torch.Generator:
    generator = torch.Generator(device=device)
    generator.manual_seed(generator_seed(seed, tensor_key))
    return generator


def chunk_bounds(numel: int, chunk_elements: int = CHUNK_ELEMENTS) -> Iterator[Tuple[int, int]]:
    for start in range(0, numel, chunk_elements):
        yield start, min(start + chunk_elements, numel)


def draw(generator: torch.Generator, count: int, device: torch.device) -> torch.Tensor:
    return torch.randn((count,), generator=generator, dtype=torch.float32, device=device)
