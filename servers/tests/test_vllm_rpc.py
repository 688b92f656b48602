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

from ahd_vllm.front import _info  # noqa: E402
from unittest import mock  # noqa: E402

from ahd_es_servers import es_core  # noqa: E402
from ahd_es_servers.errors import InvalidRequest, ServerError, StateConflict  # noqa: E402
from ahd_es_servers.tokenizer import ByteLevelBpe  # noqa: E402
from tests.helpers import FIRST_MODEL_DIR, bit_identical, bundled_gpt, snapshot  # noqa: E402


class FakeWorker(EsWorkerExtension):
    """What vLLM's worker offers the extension: model_runner.model."""

    def __init__(self, model):
        self.model_runner = types.SimpleNamespace(model=model)


def workers_behind_rpc(*models, master_copy=False):
    workers = [FakeWorker(model) for model in models]
    es = RpcEs(lambda method, **kwargs: [getattr(worker, method)(**kwargs) for worker in workers])
    es.call("es_setup", master_copy=master_copy, exact_reset=False)
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

    def test_an_init_one_rank_cannot_allocate_leaves_every_rank_uninitialised(self):
        first, second = bundled_gpt(), bundled_gpt()
        es = workers_behind_rpc(first, second, master_copy=True)
        es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        es.es_update(seeds=[1], rewards=[1.0], alpha=0.01, reward_normalization="none", reward_normalization_ddof=0, reward_normalization_eps=1e-8)
        real = es_core.make_master

        def out_of_memory_on_the_second_rank(param):
            if param is second.lm_head.weight:
                raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")
            return real(param)

        with mock.patch.object(es_core, "make_master", out_of_memory_on_the_second_rank):
            with self.assertRaisesRegex(ServerError, "cannot allocate the master copy of wte.weight .*out of memory.*not initialised"):
                es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        status = es.es_status()  # answered by both ranks alike (RpcEs checks they agree)
        self.assertEqual((status["initialized"], status["update_history"]), (False, 0))
        self.assertTrue(bit_identical(first, snapshot(second)))
        es.es_init(parameter_scope="full", target_modules=None, verbose=False)  # and the next init works
        self.assertTrue(es.es_status()["initialized"])

    def test_a_refused_init_changes_no_rank(self):
        es = workers_behind_rpc(bundled_gpt(), bundled_gpt())
        es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        es.es_apply(5, 0.01)
        with self.assertRaisesRegex(InvalidRequest, "no LoRA parameters"):
            es.es_init(parameter_scope="lora", target_modules=None, verbose=False)
        self.assertEqual(es.es_status()["active_perturbation"], {"seed": 5, "sigma": 0.01})

    def test_with_one_worker_the_checks_answer_counts(self):
        model = bundled_gpt()
        worker = FakeWorker(model)
        es = RpcEs(lambda method, **kwargs: [getattr(worker, method)(**kwargs)])
        es.call("es_setup", master_copy=False, exact_reset=False)
        worker._ahd_es.log = lambda line: None
        es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        before = snapshot(model)
        worker.es_check_apply = lambda seed, sigma: {"ok": False, "status": 400, "error": "refused by the check"}
        with self.assertRaisesRegex(InvalidRequest, "refused by the check"):
            es.es_apply(1, 0.01)
        self.assertTrue(bit_identical(model, before))


class FrontInfo(unittest.TestCase):
    def test_stop_ids_take_the_end_of_turn_tokens_the_tokenizer_knows(self):
        bpe = ByteLevelBpe.from_file(os.path.join(FIRST_MODEL_DIR, "tokenizer.json"))
        ids = {"<|im_end|>": 7, "<|eot_id|>": 9}
        tokenizer = types.SimpleNamespace(eos_token="<|end|>", unk_token_id=3,
                                          convert_tokens_to_ids=lambda t: ids.get(t, bpe.token_id(t) if bpe.token_id(t) is not None else 3))
        llm = types.SimpleNamespace(get_tokenizer=lambda: tokenizer)
        info = _info("/no/such/dir", llm)
        self.assertEqual((info.name, info.stop_ids), ("/no/such/dir", [0, 9, 7]))


if __name__ == "__main__":
    unittest.main()
