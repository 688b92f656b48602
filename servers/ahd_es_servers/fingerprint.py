"""Fingerprint of live weights: equal weights (same names, dtypes, shapes, bytes) give equal fingerprints."""
from __future__ import annotations

import hashlib
from typing import Iterable, Tuple

import torch

_COPY_ELEMENTS = 8_388_608  # bytes leave the device in slices, so a large tensor needs no full host copy


def weights_fingerprint(named: Iterable[Tuple[str, torch.Tensor]]) -> str:
    """First 16 hex digits of SHA-256 over each tensor's name, dtype, shape and raw bytes, in order."""
    digest = hashlib.sha256()
    for name, tensor in named:
        digest.update(f"{name}\0{str(tensor.dtype)}\0{tuple(tensor.shape)}\0".encode("utf-8"))
        flat = tensor.detach().reshape(-1)
        for start in range(0, flat.numel(), _COPY_ELEMENTS):
            piece = flat[start : start + _COPY_ELEMENTS].contiguous().view(torch.uint8).cpu()
            digest.update(piece.numpy().tobytes())
    return digest.hexdigest()[:16]
