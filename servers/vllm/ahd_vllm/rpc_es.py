"""The front's view of the workers' ES cores: one call on every worker, one answer (all workers must agree).

apply and update run in two phases, a check on every worker then the write, so a step that one shard cannot take
is refused on all of them and the shards never diverge; init in three (check, prepare, then commit or abort).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List

from ahd_es_servers.errors import InvalidRequest, ServerError, StateConflict
from ahd_es_servers.fingerprint import LANES, P, fingerprint_of

Rpc = Callable[..., List[Dict[str, Any]]]  # rpc(method, **kwargs) -> one answer per worker


def _raise(answer: Dict[str, Any]) -> None:
    kinds = {400: InvalidRequest, 409: StateConflict}
    error = kinds.get(answer.get("status"), ServerError)(answer.get("error", "worker error"))
    if type(error) is ServerError:
        error.status = int(answer.get("status") or 500)
    raise error


def _without_sizes(result: Any) -> Any:
    return {k: v for k, v in result.items() if k != "total_params"} if isinstance(result, dict) else result


class RpcEs:
    def __init__(self, rpc: Rpc) -> None:
        self.rpc = rpc

    def _results(self, method: str, **kwargs: Any) -> List[Any]:
        """`method` on every worker, their results in rank order; the first refusal is raised (with one worker
        too: a check's answer is never ignored)."""
        answers = self.rpc(method, **kwargs)
        for answer in answers:
            if not answer.get("ok"):
                _raise(answer)
        return [answer.get("result") for answer in answers]

    def call(self, method: str, **kwargs: Any) -> Any:
        results = self._results(method, **kwargs)
        if any(_without_sizes(result) != _without_sizes(results[0]) for result in results[1:]):
            raise ServerError(f"vLLM workers disagree on {method}: {results}")
        if isinstance(results[0], dict) and "total_params" in results[0]:
            # Each rank counts its own shard: the model's ES parameters are their sum (replicated ones once per rank).
            return {**results[0], "total_params": sum(result["total_params"] for result in results)}
        return results[0]

    def _two_phase(self, check: str, write: str, **kwargs: Any) -> Dict[str, Any]:
        self._results(check, **kwargs)
        return self.call(write, **kwargs)

    def es_init(self, **request: Any) -> Dict[str, Any]:
        # Refusals first (nothing changes anywhere); then every rank prepares (reset, master copies allocated):
        # if any fails (out of memory), all drop theirs and stay uninitialised alike; else all commit.
        self._results("es_check_init", **request)
        try:
            self._results("es_prepare_init", **request)
        except ServerError:
            self.rpc("es_abort_init")
            raise
        return self.call("es_commit_init")

    def es_apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self._two_phase("es_check_apply", "es_apply", seed=seed, sigma=sigma)

    def es_revert(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self.call("es_revert", seed=seed, sigma=sigma)

    def es_update(self, **request: Any) -> Dict[str, Any]:
        return self._two_phase("es_check_update", "es_update", **request)

    def es_reset(self) -> Dict[str, Any]:
        return self.call("es_reset")

    def es_status(self) -> Dict[str, Any]:
        return self.call("es_status")

    def fingerprint(self) -> str:
        """The ranks' fingerprint sums added tensor by tensor: the fingerprint one rank holding the whole model
        gives, whatever the tensor-parallel size."""
        combined = []
        for entries in zip(*self._results("es_fingerprint_sums")):
            name, dtype, shape, _ = entries[0]
            if any(entry[:3] != entries[0][:3] for entry in entries[1:]):
                raise ServerError(f"vLLM workers disagree on tensor {name}: {[entry[:3] for entry in entries]}")
            combined.append((name, dtype, shape, [sum(entry[3][lane] for entry in entries) % P for lane in range(len(LANES))]))
        return fingerprint_of(combined)
