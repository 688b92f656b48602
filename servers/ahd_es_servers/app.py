"""The routes of the ES model-server protocol over a backend (torch_backend.TorchBackend, or the vLLM front's
backend), with no web framework: `EsApp.respond(method, path, body)` gives (HTTP status, JSON object), and
serving.py carries it over HTTP. Every answer is JSON; errors are {"ok": false, "error": "<one line>"} with 400 for
a bad body or value, 409 for a request the ES state forbids, 404/405/413 for paths, methods and sizes, 500
otherwise. Requests run one at a time (a lock, besides the single-threaded server), so apply -> generate -> revert
sees exactly the weights it set.
"""
from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from typing import Any, Callable, Dict, Tuple

from . import protocol
from .errors import InvalidRequest, ServerError
from .sampling import resolve

SAMPLER_SEEDS = 2**32  # seeds a request does not give come from a per-server counter, mod 2^32 (as ahd serve)


def parse_body(raw: bytes) -> Any:
    """The JSON body ({} when empty)."""
    text = raw.decode("utf-8", errors="replace")
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError:
        raise InvalidRequest("the request body is not JSON")


def encode(body: Dict[str, Any]) -> bytes:
    return json.dumps(body, allow_nan=False).encode("utf-8")


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class EsApp:
    def __init__(self, backend: Any, max_repeat: int = 64, log: Callable[[str], None] = _stderr) -> None:
        self.backend = backend
        self.max_repeat = max_repeat
        self.log = log
        self.one_at_a_time = threading.Lock()
        self.next_seed = 0
        self.routes: Dict[str, Callable[[Any], Dict[str, Any]]] = {
            "/completions": self.completions,
            "/v1/chat/completions": self.chat,
            "/es/init": lambda body: backend.es_init(**protocol.parse_init(body)),
            "/es/apply": lambda body: backend.es_apply(**protocol.parse_perturbation(body)),
            "/es/revert": lambda body: backend.es_revert(**protocol.parse_perturbation(body)),
            "/es/update": lambda body: backend.es_update(**protocol.parse_update(body)),
            "/es/reset": self.reset,
            "/es/status": self.status,
        }

    # ---- HTTP ----

    def respond(self, method: str, path: str, raw: bytes) -> Tuple[int, Dict[str, Any]]:
        """(status, JSON object) for one request; never raises."""
        route = self.routes.get(path)
        if route is None:
            return self.failed(method, path, 404, f"no route {path} (serving {', '.join(self.routes)})")
        if method not in (("GET", "POST") if path == "/es/status" else ("POST",)):
            return self.failed(method, path, 405, f"{path} takes POST, not {method}")
        try:
            body = parse_body(raw)
            with self.one_at_a_time:
                return 200, route(body)
        except ServerError as error:
            return self.failed(method, path, error.status, str(error))
        except Exception as error:  # a server fault: the traceback to the log, one line to the client
            traceback.print_exc(file=sys.stderr)
            return self.failed(method, path, 500, " ".join(f"{type(error).__name__}: {error}".split()))

    def failed(self, method: str, path: str, status: int, message: str) -> Tuple[int, Dict[str, Any]]:
        self.log(f"ahd-es-server: {method} {path} {status}: {message}")
        return status, {"ok": False, "error": message}

    # ---- routes ----

    def _seed(self) -> int:
        seed = self.next_seed % SAMPLER_SEEDS
        self.next_seed += 1
        return seed

    @staticmethod
    def _template_kwargs(sampling: protocol.SamplingFields) -> Dict[str, Any]:
        return {} if sampling.enable_thinking is None else {"enable_thinking": sampling.enable_thinking}

    def completions(self, body: Any) -> Dict[str, Any]:
        req = protocol.parse_completions(body, self.max_repeat)
        sampling = resolve(req.sampling, self.backend.info.defaults)
        system = [{"role": "system", "content": req.system_prompt}] if req.system_prompt else []
        items = []
        for i, text in enumerate(req.prompts):
            prompt = self.backend.chat_prompt(system + [{"role": "user", "content": text}], self._template_kwargs(req.sampling)) if req.use_chat_template else text
            for k in range(req.repeat):
                seed = self._seed() if req.sampling.seed is None else (req.sampling.seed + i * req.repeat + k) % SAMPLER_SEEDS
                items.append((prompt, seed))
        return {"content": [g.text for g in self.backend.generate(items, sampling)]}

    def chat(self, body: Any) -> Dict[str, Any]:
        req = protocol.parse_chat(body, self.max_repeat)
        sampling = resolve(req.sampling, self.backend.info.defaults)
        prompt = self.backend.chat_prompt(req.messages, self._template_kwargs(req.sampling))
        items = [(prompt, self._seed() if req.sampling.seed is None else (req.sampling.seed + k) % SAMPLER_SEEDS) for k in range(req.repeat)]
        generations = self.backend.generate(items, sampling)
        prompt_tokens = sum(g.prompt_tokens for g in generations)
        completion_tokens = sum(g.completion_tokens for g in generations)
        return {
            "id": "chatcmpl-local",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.backend.info.name,
            "choices": [
                {"index": i, "message": {"role": "assistant", "content": g.text}, "finish_reason": g.finish_reason}
                for i, g in enumerate(generations)
            ],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "total_tokens": prompt_tokens + completion_tokens},
        }

    def status(self, body: Any) -> Dict[str, Any]:
        backend = self.backend
        return {
            **backend.es_status(),
            "model": backend.info.name,
            "weights_fingerprint": backend.fingerprint(),
            "base_fingerprint": backend.base_fingerprint,
            "noise": backend.noise,
            "ahd_prompt_style": backend.info.prompt_style,
            "sampling_defaults": backend.info.defaults.as_json(),
        }

    def reset(self, body: Any) -> Dict[str, Any]:
        protocol.parse_empty(body)
        return self.backend.es_reset()
