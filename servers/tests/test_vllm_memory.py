"""The vLLM front's gpu_memory_utilization, sized from the model so that ES's memory (the float32 master copy,
chunk buffers) fits in what vLLM leaves of each GPU."""
import json
import os
import struct
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "vllm"))
from ahd_vllm.memory import MARGIN, checkpoint_parameters, es_bytes_per_gpu, gpu_memory_utilization  # noqa: E402

from ahd_es_servers.errors import ModelLoadError  # noqa: E402

GIB = 2**30
H200 = 141 * 10**9


def write_safetensors(path, tensors):
    """A safetensors file's header (data left zero): {name: (dtype, shape)}."""
    header, offset = {}, 0
    for name, (dtype, shape) in tensors.items():
        size = {"F32": 4, "BF16": 2, "I64": 8}[dtype]
        for dim in shape:
            size *= dim
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    raw = json.dumps({**header, "__metadata__": {"format": "pt"}}).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw)) + raw + bytes(offset))


class Sizing(unittest.TestCase):
    def test_parameters_are_counted_from_the_checkpoint_headers(self):
        with tempfile.TemporaryDirectory() as model:
            write_safetensors(os.path.join(model, "model-00001-of-00002.safetensors"), {"a.weight": ("BF16", [6, 4]), "a.bias": ("F32", [6])})
            write_safetensors(os.path.join(model, "model-00002-of-00002.safetensors"), {"b.weight": ("BF16", [3, 5]), "steps": ("I64", [9])})
            self.assertEqual(checkpoint_parameters(model), 24 + 6 + 15)
        self.assertIsNone(checkpoint_parameters("Qwen/Qwen2.5-7B-Instruct"))  # a hub id: nothing to read here

    def test_a_7b_master_copy_fits_beside_vllm_on_one_h200(self):
        params = 7_615_616_512
        fraction = gpu_memory_utilization(H200, params, 2, 1, master_copy=True)
        left = (1 - fraction) * H200
        self.assertGreaterEqual(left, es_bytes_per_gpu(params, 1, True) + MARGIN * H200 - 0.001 * H200)
        self.assertGreater(fraction * H200, params * 2)  # and vLLM still holds the weights
        print(f"\n  7B bf16 on one H200 with a master copy: gpu_memory_utilization {fraction} "
              f"(ES {es_bytes_per_gpu(params, 1, True) / GIB:.1f} GiB)")

    def test_tensor_parallelism_splits_the_master_copy(self):
        params = 7_615_616_512
        self.assertGreater(gpu_memory_utilization(H200, params, 2, 4, True), gpu_memory_utilization(H200, params, 2, 1, True))

    def test_without_a_master_copy_vllm_keeps_its_default(self):
        self.assertEqual(gpu_memory_utilization(H200, 7_615_616_512, 2, 1, master_copy=False), 0.9)

    def test_a_model_that_cannot_fit_is_refused_with_the_numbers(self):
        with self.assertRaisesRegex(ModelLoadError, r"^70,000,000,000 parameters do not fit 1 GPU\(s\) of 75 GiB: 130.4 GiB of weights .*--tensor-parallel-size"):
            gpu_memory_utilization(80 * 10**9, 70 * 10**9, 2, 1, True)


if __name__ == "__main__":
    unittest.main()
