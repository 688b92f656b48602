"""How much of each GPU vLLM may reserve (gpu_memory_utilization), so that ES's own memory fits beside it.

vLLM reserves `utilisation x total` of every GPU at start-up (weights, activations, KV cache). ES allocates later,
at /es/init: with --master-copy a float32 copy of every ES tensor (4 bytes per parameter, split over the
tensor-parallel ranks), and always chunk-sized temporaries (the steps' and the fingerprint's). vLLM's
own default (0.90) leaves a 7B model's 28 GB master copy no room on any GPU, so the utilisation is sized from the
model: what is left must hold ES's memory plus a margin for fragmentation and other processes. A model whose
weights would not fit in what remains is refused at start-up with the numbers.
"""
from __future__ import annotations

import glob
import json
import math
import os
import struct
from typing import Optional

from ahd_es_servers.errors import ModelLoadError
from ahd_es_servers.noise import CHUNK_ELEMENTS

VLLM_DEFAULT = 0.90
MARGIN = 0.03  # of each GPU, kept free of both vLLM and ES
# Chunk-sized temporaries, with room: the steps' float32 buffers (noise, sums, candidates: 32 MiB each) and the
# fingerprint's int64 ones (positions, words, keys, products: 64 MiB each): 1 GiB.
WORK_BYTES = 32 * CHUNK_ELEMENTS * 4
FLOAT_BYTES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2}
GIB = 2**30


def checkpoint_parameters(model_dir: str) -> Optional[int]:
    """Floating-point parameters in a local dir's *.safetensors (read from their headers), or None."""
    files = sorted(glob.glob(os.path.join(model_dir, "*.safetensors")))
    if not os.path.isdir(model_dir) or not files:
        return None
    total = 0
    for path in files:
        with open(path, "rb") as f:
            (size,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(size))
        for name, entry in header.items():
            if name != "__metadata__" and entry.get("dtype") in FLOAT_BYTES:
                total += math.prod(entry.get("shape", []))
    return total


def es_bytes_per_gpu(parameters: int, tensor_parallel: int, master_copy: bool) -> int:
    master = 4 * math.ceil(parameters / tensor_parallel) if master_copy else 0
    return master + WORK_BYTES


def gpu_memory_utilization(gpu_bytes: int, parameters: int, weight_bytes: int, tensor_parallel: int, master_copy: bool) -> float:
    """The fraction of each GPU vLLM may take, rounded down to 0.001; ModelLoadError if the weights would not fit."""
    es = es_bytes_per_gpu(parameters, tensor_parallel, master_copy)
    fraction = math.floor(min(VLLM_DEFAULT, 1.0 - MARGIN - es / gpu_bytes) * 1000) / 1000
    weights = weight_bytes * math.ceil(parameters / tensor_parallel)
    if fraction * gpu_bytes < weights * 1.1 + 2 * GIB:  # the weights, plus room for activations and a KV cache
        raise ModelLoadError(
            f"{parameters:,} parameters do not fit {tensor_parallel} GPU(s) of {gpu_bytes / GIB:.0f} GiB: "
            f"{weights / GIB:.1f} GiB of weights and {es / GIB:.1f} GiB for ES per GPU"
            f"{' (the master copy)' if master_copy else ''}; use a larger --tensor-parallel-size"
        )
    return fraction
