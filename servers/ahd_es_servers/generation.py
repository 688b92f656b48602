"""The decoding loop: prefill the prompt, then one token at a time through the model's KV cache, the
generations of one prompt (repeat_prompt) as one batch.

Stopping, as ahd's onnx backend: a stop token id (left out of the text), a stop string in the decoded text (the
text is cut before it), max_new_tokens, or the context being full. completion_tokens counts the stop token.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Protocol, Sequence, Tuple

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
    """A batch of equal-length rows through the model's KV cache: the last position's logits [rows, vocab]."""

    def prefill(self, ids: Sequence[int], rows: int) -> Tuple[torch.Tensor, Any]: ...

    def extend(self, token_ids: Sequence[int], cache: Any) -> Tuple[torch.Tensor, Any]: ...


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
    seeds: Sequence[int],
    stop_ids: Sequence[int],
    max_positions: float,
) -> List[Generation]:
    """One generation per sampler seed, all from one prompt, decoded together as one batch (a row that has
    stopped rides along until the last one stops: rows stay equal-length, so no padding or mask is needed)."""
    if not prompt_ids:
        raise InvalidRequest("the prompt has no tokens")
    if len(prompt_ids) >= max_positions:
        raise InvalidRequest(f"the prompt has {len(prompt_ids)} tokens, the model's context is {int(max_positions)}")
    stops = [s for s in sampling.stop if s]
    stop_set = set(stop_ids)
    generators = [torch.Generator(device="cpu").manual_seed(int(seed)) for seed in seeds]
    ids: List[List[int]] = [[] for _ in seeds]
    done: List[Optional[Generation]] = [None] * len(seeds)
    with torch.inference_mode():
        logits, cache = lm.prefill(prompt_ids, len(seeds))
        while True:
            for row, generator in enumerate(generators):
                if done[row] is not None:
                    ids[row].append(ids[row][-1])  # a placeholder: this row's text is final
                    continue
                token = choose(logits[row], sampling, generator, list(prompt_ids) + ids[row])
                ids[row].append(token)
                reason = _stop_reason(ids[row], codec, stops, stop_set, sampling, len(prompt_ids), max_positions)
                if reason:
                    kept = ids[row][:-1] if token in stop_set else ids[row]
                    text = cut_at_stop_strings(codec.decode(kept), stops)
                    done[row] = Generation(text, len(prompt_ids), len(ids[row]), reason)
            if all(g is not None for g in done):
                return list(done)
            logits, cache = lm.extend([row_ids[-1] for row_ids in ids], cache)


def _stop_reason(ids, codec, stops, stop_set, sampling, prompt_len, max_positions):
    if ids[-1] in stop_set:
        return "stop"
    if stops and any(s in codec.decode(ids) for s in stops):
        return "stop"
    if len(ids) >= sampling.max_new_tokens or prompt_len + len(ids) >= max_positions:
        return "length"
    return None
