"""The HTTP routes of the ES model-server protocol, on Flask, over a backend (torch_backend.TorchBackend, or the
vLLM front's backend). Every answer is JSON; errors are {"ok": false, "error": "<one line>"} with 400 for a bad
body or value, 409 for a request the ES state forbids, 404/405/413 for paths, methods and sizes, 500 otherwise.
Requests run one at a time (a lock, besides the single-threaded server), so apply -> generate -> revert sees
exactly the weights it set.
"""
from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from typing import Any, Callable, Dict

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from . import protocol
from .errors import InvalidRequest, ServerError
from .sampling import resolve

MAX_BODY_BYTES = 16 * 1024 * 1024
DRAIN_BYTES = 64 * 1024 * 1024
SAMPLER_SEEDS = 2**32  # seeds a request does not give come from a per-server counter, mod 2^32 (as ahd serve)


def json_response(body: Dict[str, Any], status: int = 200) -> Response:
    return Response(json.dumps(body, allow_nan=False), status=status, mimetype="application/json")


def _too_large() -> RequestEntityTooLarge:
    # Read what is left (up to a cap) so the client, still sending, gets the 413 instead of a broken pipe.
    for _ in range(DRAIN_BYTES // 65536):
        if not request.stream.read(65536):
            break
    return RequestEntityTooLarge()


def read_body() -> Any:
    """The JSON body ({} when empty); over MAX_BODY_BYTES is a 413."""
    if (request.content_length or 0) > MAX_BODY_BYTES:
        raise _too_large()
    raw = request.stream.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise _too_large()
    text = raw.decode("utf-8", errors="replace")
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError:
        raise InvalidRequest("the request body is not JSON")


def create_app(backend: Any, max_repeat: int = 64, log: Callable[[str], None] = lambda line: print(line, file=sys.stderr, flush=True)) -> Flask:
    app = Flask("ahd_es_server")
    one_at_a_time = threading.Lock()
    seeds = {"next": 0}

    def next_seed() -> int:
        seed = seeds["next"] % SAMPLER_SEEDS
        seeds["next"] += 1
        return seed

    def template_kwargs(sampling: protocol.SamplingFields) -> Dict[str, Any]:
        return {} if sampling.enable_thinking is None else {"enable_thinking": sampling.enable_thinking}

    def completions(body: Any) -> Dict[str, Any]:
        req = protocol.parse_completions(body, max_repeat)
        sampling = resolve(req.sampling, backend.info.defaults)
        system = [{"role": "system", "content": req.system_prompt}] if req.system_prompt else []
        items = []
        for i, text in enumerate(req.prompts):
            prompt = backend.chat_prompt(system + [{"role": "user", "content": text}], template_kwargs(req.sampling)) if req.use_chat_template else text
            for k in range(req.repeat):
                seed = next_seed() if req.sampling.seed is None else (req.sampling.seed + i * req.repeat + k) % SAMPLER_SEEDS
                items.append((prompt, seed))
        return {"content": [g.text for g in backend.generate(items, sampling)]}

    def chat(body: Any) -> Dict[str, Any]:
        req = protocol.parse_chat(body, max_repeat)
        sampling = resolve(req.sampling, backend.info.defaults)
        prompt = backend.chat_prompt(req.messages, template_kwargs(req.sampling))
        items = [(prompt, next_seed() if req.sampling.seed is None else (req.sampling.seed + k) % SAMPLER_SEEDS) for k in range(req.repeat)]
        generations = backend.generate(items, sampling)
        prompt_tokens = sum(g.prompt_tokens for g in generations)
        completion_tokens = sum(g.completion_tokens for g in generations)
        return {
            "id": "chatcmpl-local",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": backend.info.name,
            "choices": [
                {"index": i, "message": {"role": "assistant", "content": g.text}, "finish_reason": g.finish_reason}
                for i, g in enumerate(generations)
            ],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "total_tokens": prompt_tokens + completion_tokens},
        }

    def status(body: Any) -> Dict[str, Any]:
        return {
            **backend.es_status(),
            "model": backend.info.name,
            "weights_fingerprint": backend.fingerprint(),
            "base_fingerprint": backend.base_fingerprint,
            "noise": backend.noise,
            "ahd_prompt_style": backend.info.prompt_style,
            "sampling_defaults": backend.info.defaults.as_json(),
        }

    def reset(body: Any) -> Dict[str, Any]:
        protocol.parse_empty(body)
        return backend.es_reset()

    routes: Dict[str, Callable[[Any], Dict[str, Any]]] = {
        "/completions": completions,
        "/v1/chat/completions": chat,
        "/es/init": lambda body: backend.es_init(**protocol.parse_init(body)),
        "/es/apply": lambda body: backend.es_apply(**protocol.parse_perturbation(body)),
        "/es/revert": lambda body: backend.es_revert(**protocol.parse_perturbation(body)),
        "/es/update": lambda body: backend.es_update(**protocol.parse_update(body)),
        "/es/reset": reset,
        "/es/status": status,
    }

    def serve(path: str) -> Response:
        body = read_body()
        with one_at_a_time:
            return json_response(routes[path](body))

    for path in routes:
        methods = ["GET", "POST"] if path == "/es/status" else ["POST"]
        app.add_url_rule(path, endpoint=path, view_func=lambda path=path: serve(path), methods=methods)

    def failed(status: int, message: str) -> Response:
        log(f"ahd-es-server: {request.method} {request.path} {status}: {message}")
        return json_response({"ok": False, "error": message}, status)

    @app.errorhandler(ServerError)
    def on_server_error(error: ServerError) -> Response:
        return failed(error.status, str(error))

    @app.errorhandler(HTTPException)
    def on_http_error(error: HTTPException) -> Response:
        messages = {
            404: f"no route {request.path} (serving {', '.join(routes)})",
            405: f"{request.path} takes POST, not {request.method}",
            413: f"request body over {MAX_BODY_BYTES} bytes",
        }
        return failed(error.code or 500, messages.get(error.code, error.description or error.name))

    @app.errorhandler(Exception)
    def on_unexpected(error: Exception) -> Response:
        traceback.print_exc(file=sys.stderr)
        return failed(500, " ".join(f"{type(error).__name__}: {error}".split()))

    return app
