"""The weights fingerprint: its definition recomputed in plain Python, and its sensitivity to any changed bit,
across chunk boundaries. (Computed on the weights' device; the timing on the bundled model is printed.)"""
import hashlib
import struct
import time
import unittest
from unittest import mock

import torch

from ahd_es_servers import fingerprint
from ahd_es_servers.fingerprint import weights_fingerprint
from tests.helpers import bundled_gpt

P = 2**31 - 1


def key(i: int, salt: int) -> int:
    z = ((i ^ (i >> 31)) ^ salt) & 0x7FFFFFFF
    for _ in range(3):
        z = ((z ^ (z >> 15)) * 0x2C1B3C6D) & 0x7FFFFFFF
    return z


def python_fingerprint(named) -> str:
    """From the definition: little-endian 16-bit words of the raw bytes, two keyed sums mod P, SHA-256."""
    digest = hashlib.sha256()
    for name, tensor in named:
        raw = tensor.detach().contiguous().view(torch.uint8).numpy().tobytes()
        words = struct.unpack(f"<{len(raw) // 2}H", raw)
        sums = [sum(w * key(i, salt) % P for i, w in enumerate(words)) % P for salt in (0x5BD1E995, 0x1B873593)]
        digest.update(f"{name}\0{tensor.dtype}\0{tuple(tensor.shape)}\0{sums[0]}\0{sums[1]}\0".encode())
    return digest.hexdigest()[:16]


def tensors():
    g = torch.Generator().manual_seed(0)
    return [("a", torch.randn(5, 7, generator=g)), ("b", torch.randn(13, generator=g).to(torch.bfloat16)), ("c", torch.randn(3, 3, generator=g).half())]


class Fingerprint(unittest.TestCase):
    def test_the_definition(self):
        for words in (4, 7, fingerprint.CHUNK_WORDS):  # chunk boundaries inside and between elements, and none
            with self.subTest(chunk_words=words), mock.patch.object(fingerprint, "CHUNK_WORDS", words):
                self.assertEqual(weights_fingerprint(tensors()), python_fingerprint(tensors()))

    def test_any_changed_bit_changes_it(self):
        with mock.patch.object(fingerprint, "CHUNK_WORDS", 6):
            base = weights_fingerprint(tensors())
            seen = {base}
            for index in range(3):
                name, tensor = tensors()[index]
                bits = tensor.view(torch.int16) if tensor.element_size() == 2 else tensor.view(torch.int32)
                for at in range(bits.numel()):
                    for bit in (0, bits.element_size() * 8 - 2):
                        changed = tensors()
                        flat = changed[index][1].view(bits.dtype).view(-1)
                        flat[at] ^= 1 << bit
                        seen.add(weights_fingerprint(changed))
            self.assertEqual(len(seen), 1 + 2 * (35 + 13 + 9))

    def test_order_name_dtype_and_shape_count(self):
        base = tensors()
        swapped = [(n, t.clone()) for n, t in base]
        swapped[0][1].view(-1)[[0, 1]] = swapped[0][1].view(-1)[[1, 0]]
        variants = [
            swapped,
            [("z", base[0][1])] + base[1:],
            [(base[0][0], base[0][1].view(7, 5))] + base[1:],
            [(base[0][0], base[0][1].double())] + base[1:],
        ]
        prints = {weights_fingerprint(base)} | {weights_fingerprint(v) for v in variants}
        self.assertEqual(len(prints), 5)

    def test_timing_on_the_bundled_model(self):
        named = list(bundled_gpt().named_parameters())
        started = time.perf_counter()
        weights_fingerprint(named)
        print(f"\n  fingerprint of the bundled model (1.04M parameters, CPU, one thread): {time.perf_counter() - started:.3f} s")


if __name__ == "__main__":
    unittest.main()
