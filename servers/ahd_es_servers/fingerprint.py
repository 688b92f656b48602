"""Fingerprint of live weights, computed where the weights are: equal weights give equal fingerprints.

ahd asks for the fingerprint after every update; copying a 7B model's weights to the host to hash them took about
10 s per replica. Instead each tensor's bytes, read as 16-bit words w_i (bytes for 1-byte dtypes), are reduced on
the tensor's device to LANES sums S = sum_i (w_i * k(i, lane)) mod P, with P = 2^31 - 1 and k a mixed 31-bit key of
the word's position, in int64 arithmetic that never overflows (w < 2^16, k < 2^31, a chunk of 2^23 terms below
2^31 each). Integer sums do not depend on the order of summation, so the same bytes give the same sums on any
device. Two different tensors of one shape collide in a lane with probability about 1/P, in all lanes about 2^-62.
Only the sums leave the device: the fingerprint is the first 16 hex digits of SHA-256 over every tensor's name,
dtype, shape and sums, in order. A tensor-parallel shard keys its words by their positions in the full tensor and
counts only the pieces it owns, so the ranks' sums add up to one rank's: the fingerprint of a replica does not
depend on its tensor-parallel size.
"""
from __future__ import annotations

import hashlib
from typing import Iterable, List, Optional, Sequence, Tuple

import torch

from .noise import chunk_bounds
from .shards import Place, chunk_segments

P = 2**31 - 1
LANES = (0x5BD1E995, 0x1B873593)  # salts: one key per word position and lane
MASK31 = 0x7FFFFFFF
CHUNK_WORDS = 8_388_608


def position_keys(positions: torch.Tensor, salt: int) -> torch.Tensor:
    """k(i, salt) for each word position i (int64): 31-bit keys, every bit of the position mixed in."""
    z = ((positions ^ (positions >> 31)) ^ salt) & MASK31
    for _ in range(3):
        z = ((z ^ (z >> 15)) * 0x2C1B3C6D) & MASK31  # < 2^31 times < 2^30: no overflow in int64
    return z


def words(tensor: torch.Tensor) -> torch.Tensor:
    """The tensor's bytes as unsigned 16-bit words (bytes for 1-byte dtypes), in int64, flattened."""
    flat = tensor.detach().contiguous().reshape(-1)
    if flat.element_size() == 1:
        return flat.view(torch.uint8).to(torch.int64)
    return flat.view(torch.int16).to(torch.int64) & 0xFFFF


def tensor_sums(tensor: torch.Tensor, place: Optional[Place] = None) -> List[int]:
    """The LANES sums of a tensor, or of a tensor-parallel shard's owned pieces keyed by their positions in the
    full tensor (so the ranks' sums, added mod P, are the full tensor's)."""
    per_element = 1 if tensor.element_size() == 1 else tensor.element_size() // 2
    numel = tensor.numel() if place is None else place.full_numel
    step = max(1, CHUNK_WORDS // per_element)
    sums = [0] * len(LANES)
    for start, end in chunk_bounds(numel, step):
        for segment in chunk_segments(place, start, end):
            if place is not None and not place.owns(segment.piece):
                continue
            elements = segment.noise(torch.arange(start, end, dtype=torch.int64, device=tensor.device)).reshape(-1)
            offsets = torch.arange(per_element, dtype=torch.int64, device=tensor.device)
            positions = (elements[:, None] * per_element + offsets).reshape(-1)  # an element's words, in order
            values = words(segment.local(tensor.detach()))
            for lane, salt in enumerate(LANES):
                sums[lane] = (sums[lane] + int(((values * position_keys(positions, salt)) % P).sum())) % P
    return sums


def fingerprint_of(entries: Iterable[Tuple[str, str, Tuple[int, ...], Sequence[int]]]) -> str:
    """From (name, dtype, full shape, sums) per tensor, in order."""
    digest = hashlib.sha256()
    for name, dtype, shape, sums in entries:
        digest.update(f"{name}\0{dtype}\0{tuple(shape)}\0{sums[0]}\0{sums[1]}\0".encode("utf-8"))
    return digest.hexdigest()[:16]


def weights_fingerprint(named: Iterable[Tuple[str, torch.Tensor]]) -> str:
    return fingerprint_of((name, str(t.dtype), tuple(t.shape), tensor_sums(t)) for name, t in named)
