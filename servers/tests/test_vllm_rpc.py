"""The vLLM side without vLLM: the worker extension on fake workers (the bundled GPT), driven through RpcEs as the
front drives it through llm.collective_rpc."""
import os
import sys
import types
import unittest

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "vllm"))
from ahd_vllm.rpc_es import RpcEs  # noqa: E402
from ahd_vllm.worker_extension import EsWorkerExtension  # noqa: E402

from ahd_es_servers.errors import InvalidRequest, StateConflict  # noqa: E402
from tests.helpers import bit_identical, bundled_gpt, snapshot  # noqa: E402


class FakeWorker(EsWorkerExtension):
    """What vLLM's worker offers the extension: model_runner.model."""

    def __init__(self, model):
        self.model_runner = types.SimpleNamespace(model=model)


def workers_behind_rpc(*models):
    workers = [FakeWorker(model) for model in models]
    es = RpcEs(lambda method, **kwargs: [getattr(worker, method)(**kwargs) for worker in workers])
    es.call("es_setup", master_copy=False, exact_reset=False)
    for worker in workers:
        worker._ahd_es.log = lambda line: None
    return es


class VllmRpc(unittest.TestCase):
    def test_protocol_through_two_workers(self):
        es = workers_behind_rpc(bundled_gpt(), bundled_gpt())
        base = es.fingerprint()
        self.assertRegex(base, "^[0-9a-f]{16}$")
        init = es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        self.assertEqual((init["n_tensors"], init["total_params"]), (52, 2 * 1_041_920))  # each rank's shard counted
        self.assertFalse(es.es_apply(3, 0.01)["already_applied"])
        with self.assertRaises(StateConflict):
            es.es_apply(4, 0.01)
        self.assertNotEqual(es.fingerprint(), base)
        es.es_revert(3, 0.01)
        es.es_update(seeds=[1, 2], rewards=[1.0, -1.0], alpha=0.01, reward_normalization="none",
                     reward_normalization_ddof=0, reward_normalization_eps=1e-8)
        self.assertEqual(es.es_status()["update_history"], 1)
        self.assertEqual(es.es_reset()["reverted_updates"], 1)

    def test_a_step_one_shard_cannot_take_is_refused_on_every_shard(self):
        full, half = bundled_gpt(), bundled_gpt(torch.float16)
        es = workers_behind_rpc(full, half)
        es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        before = snapshot(full)
        with self.assertRaisesRegex(InvalidRequest, "float16"):
            es.es_apply(1, 1e5)  # fine in float32, out of float16's range
        self.assertTrue(bit_identical(full, before))
        self.assertIsNone(es.es_status()["active_perturbation"])


if __name__ == "__main__":
    unittest.main()
