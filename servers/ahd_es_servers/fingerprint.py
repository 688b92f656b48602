"""Fingerprint of live weights, computed where the weights are: equal weights give equal fingerprints.

ahd asks for the fingerprint after every update; copying a 7B model's weights to the host to hash them took about
10 s per replica. Instead each tensor's bytes, read as 16-bit words w_i (bytes for 1-byte dtypes), are reduced on
the tensor's device to LANES sums S = sum_i (w_i * k(i, lane)) mod P, with P = 2^31 - 1 and k a mixed 31-bit key of
the word's position, in int64 arithmetic that never overflows (w < 2^16, k < 2^31, a chunk of 2^23 terms below
2^31 each). Integer sums do not depend on the order of summation, so the same bytes give the same sums on any
device. Two different tensors of one shape collide in a lane with probability about 1/P, in all lanes about 2^-62.
Only the sums leave the device: the fingerprint is the first 16 hex digits of SHA-256 over every tensor's name,
dtype, shape and sums, in order.
"""
from __future__ import annotations

import hashlib
from typing import Iterable, List, Tuple

import torch

P = 2**31 - 1
LANES = (0x5BD1E995, 0x1B873593)  # salts: one key per word position and lane
MASK31 = 0x7FFFFFFF
CHUNK_WORDS = 8_388_608


def position_keys(start: int, count: int, salt: int, device: torch.device) -> torch.Tensor:
    """k(i, salt) for i in [start, start + count): 31-bit keys, every bit of the position mixed in."""
    z = torch.arange(start, start + count, dtype=torch.int64, device=device)
    z = ((z ^ (z >> 31)) ^ salt) & MASK31
    for _ in range(3):
        z = ((z ^ (z >> 15)) * 0x2C1B3C6D) & MASK31  # < 2^31 times < 2^30: no overflow in int64
    return z


def words(tensor: torch.Tensor) -> torch.Tensor:
    """The tensor's bytes as unsigned 16-bit words (bytes for 1-byte dtypes), in int64, flattened."""
    flat = tensor.detach().reshape(-1)
    if flat.element_size() == 1:
        return flat.view(torch.uint8).to(torch.int64)
    return flat.view(torch.int16).to(torch.int64) & 0xFFFF


def tensor_sums(tensor: torch.Tensor) -> List[int]:
    flat = tensor.detach().reshape(-1)
    per_element = 1 if flat.element_size() == 1 else flat.element_size() // 2
    step = max(1, CHUNK_WORDS // per_element)
    sums = [0] * len(LANES)
    for start in range(0, flat.numel(), step):
        chunk = words(flat[start : start + step])
        for lane, salt in enumerate(LANES):
            keys = position_keys(start * per_element, chunk.numel(), salt, chunk.device)
            sums[lane] = (sums[lane] + int(((chunk * keys) % P).sum())) % P
    return sums


def weights_fingerprint(named: Iterable[Tuple[str, torch.Tensor]]) -> str:
    digest = hashlib.sha256()
    for name, tensor in named:
        sums = tensor_sums(tensor)
        digest.update(f"{name}\0{str(tensor.dtype)}\0{tuple(tensor.shape)}\0{sums[0]}\0{sums[1]}\0".encode("utf-8"))
    return digest.hexdigest()[:16]
