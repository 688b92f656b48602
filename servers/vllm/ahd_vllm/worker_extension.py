"""The vLLM worker extension (LLM(worker_extension_cls="ahd_vllm.worker_extension.EsWorkerExtension")).

vLLM mixes this class into each worker, so `self.model_runner.model` is that worker's model (its shard under
tensor parallelism). Every method is called through llm.collective_rpc on all workers in the same order, so
their ES states move together. Answers are plain dicts: {"ok": True, "result": ...} or {"ok": False, "status":
<HTTP status>, "error": "<one line>"}, so the front can answer with the right status whatever vLLM does with
exceptions raised in workers.

Under tensor parallelism each shard takes its own part of its full tensor's noise (shard_places.py,
ahd_es_servers/shards.py): any tensor-parallel size writes the weights size 1 writes. init runs in phases over the
workers (check, prepare, commit or abort: rpc_es.py). Imports vllm only to ask the worker's tensor-parallel rank
and size.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Tuple

import torch

from ahd_es_servers.errors import ServerError
from ahd_es_servers.es_core import SeededES

from .shard_places import place_finder


def _answer(call: Callable[[], Any]) -> Dict[str, Any]:
    try:
        return {"ok": True, "result": call()}
    except ServerError as error:
        return {"ok": False, "status": error.status, "error": str(error)}


def _tensor_parallel() -> Tuple[int, int]:
    """(rank, size) of this worker's tensor-parallel group."""
    try:
        from vllm.distributed import get_tensor_model_parallel_rank, get_tensor_model_parallel_world_size
    except ImportError:  # stand-in workers in tests: the layers carry their own tp_rank and tp_size
        return 0, 1
    return int(get_tensor_model_parallel_rank()), int(get_tensor_model_parallel_world_size())


class EsWorkerExtension:
    _ahd_es: SeededES = None  # set by es_setup

    def es_setup(self, master_copy: bool = False, exact_reset: bool = False) -> Dict[str, Any]:
        model = self.model_runner.model
        self._ahd_es = SeededES(model, master_copy=master_copy, exact_reset=exact_reset, place_of=place_finder(model, *_tensor_parallel()))
        return _answer(lambda: None)

    def es_check_init(self, **request: Any) -> Dict[str, Any]:
        return _answer(lambda: self._ahd_es.check_init(**request))

    def es_prepare_init(self, **request: Any) -> Dict[str, Any]:
        return _answer(lambda: self._written(self._ahd_es.prepare_init(**request)))

    def es_commit_init(self) -> Dict[str, Any]:
        return _answer(self._ahd_es.commit_init)

    def es_abort_init(self) -> Dict[str, Any]:
        return _answer(self._ahd_es.abort_init)

    def es_check_apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        return _answer(lambda: self._ahd_es.check_apply(seed, sigma))

    def es_apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        return _answer(lambda: self._written(self._ahd_es.apply(seed, sigma)))

    def es_revert(self, seed: int, sigma: float) -> Dict[str, Any]:
        return _answer(lambda: self._written(self._ahd_es.revert(seed, sigma)))

    def es_check_update(self, **request: Any) -> Dict[str, Any]:
        return _answer(lambda: self._ahd_es.check_update(**request))

    def es_update(self, **request: Any) -> Dict[str, Any]:
        return _answer(lambda: self._written(self._ahd_es.update(**request)))

    def es_reset(self) -> Dict[str, Any]:
        return _answer(lambda: self._written(self._ahd_es.reset()))

    def es_status(self) -> Dict[str, Any]:
        return _answer(self._ahd_es.status)

    def es_fingerprint_sums(self) -> Dict[str, Any]:
        return _answer(self._ahd_es.fingerprint_sums)

    @staticmethod
    def _written(result: Any) -> Any:
        # The next generation runs on vLLM's own streams: the weight writes must have landed first.
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        return result
