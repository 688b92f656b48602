"""The decoding loop: prefill the prompt, then one token at a time through the model's KV cache.

Stopping, as ahd's onnx backend: a stop token id (left out of the text), a stop string in the decoded text (the
text is cut before it), max_new_tokens, or the context being full. completion_tokens counts the stop token.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence, Tuple

import torch

from .errors import InvalidRequest
from .sampling import Sampling, choose


@dataclass(frozen=True)
class Generation:
    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str  # 'stop' | 'length'


class CausalLm(Protocol):
    """Logits of the last position (1-D) and the cache to continue from."""

    def prefill(self, ids: Sequence[int]) -> Tuple[torch.Tensor, Any]: ...

    def extend(self, token_id: int, cache: Any) -> Tuple[torch.Tensor, Any]: ...


class TextCodec(Protocol):
    def encode(self, text: str) -> list: ...

    def decode(self, ids: Sequence[int]) -> str: ...


def cut_at_stop_strings(text: str, stops: Sequence[str]) -> str:
    hits = [text.find(s) for s in stops if s]
    hits = [h for h in hits if h >= 0]
    return text[: min(hits)] if hits else text


def generate(
    lm: CausalLm,
    codec: TextCodec,
    prompt_ids: Sequence[int],
    sampling: Sampling,
    seed: int,
    stop_ids: Sequence[int],
    max_positions: float,
) -> Generation:
    if not prompt_ids:
        raise InvalidRequest("the prompt has no tokens")
    if len(prompt_ids) >= max_positions:
        raise InvalidRequest(f"the prompt has {len(prompt_ids)} tokens, the model's context is {int(max_positions)}")
    stops = [s for s in sampling.stop if s]
    stop_set = set(stop_ids)
    generator = torch.Generator(device="cpu")
    generator.manual_seed(int(seed))
    ids: list = []
    with torch.inference_mode():
        logits, cache = lm.prefill(prompt_ids)
        while True:
            token = choose(logits, sampling, generator, list(prompt_ids) + ids)
            ids.append(token)
            reason = _stop_reason(ids, codec, stops, stop_set, sampling, len(prompt_ids), max_positions)
            if reason:
                kept = ids[:-1] if token in stop_set else ids
                text = cut_at_stop_strings(codec.decode(kept), stops)
                return Generation(text, len(prompt_ids), len(ids), reason)
            logits, cache = lm.extend(token, cache)


def _stop_reason(ids, codec, stops, stop_set, sampling, prompt_len, max_positions):
    if ids[-1] in stop_set:
        return "stop"
    if stops and any(s in codec.decode(ids) for s in stops):
        return "stop"
    if len(ids) >= sampling.max_new_tokens or prompt_len + len(ids) >= max_positions:
        return "length"
    return None
