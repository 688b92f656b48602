"""Next-token choice: logits processors, then greedy or a seeded draw.

Processors, in Hugging Face's order: repetition_penalty and presence_penalty (over the prompt and the tokens so
far, as the reference's server), then, when sampling, temperature, top-k (ties at the k-th logit kept), top-p
(smallest most-likely set reaching p, at least one token), min-p. Greedy is the highest logit, the lowest id on a
tie (temperature 0 or do_sample false). A draw takes one uniform per token from a CPU torch.Generator seeded per
generation and inverts the CDF in float64, so the same seed and logits give the same token on any device.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence

import torch


@dataclass(frozen=True)
class Sampling:
    temperature: float
    top_p: float
    top_k: int
    max_new_tokens: int
    stop: List[str] = field(default_factory=list)
    min_p: Optional[float] = None
    repetition_penalty: Optional[float] = None
    presence_penalty: float = 0.0

    @property
    def greedy(self) -> bool:
        return self.temperature == 0


def penalise(logits: torch.Tensor, seen: Sequence[int], sampling: Sampling) -> torch.Tensor:
    """Repetition and presence penalties over the ids seen so far (logits: float64, 1-D)."""
    if not seen or (sampling.repetition_penalty in (None, 1.0) and not sampling.presence_penalty):
        return logits
    ids = torch.tensor(sorted(set(int(i) for i in seen)), dtype=torch.long)
    if sampling.repetition_penalty not in (None, 1.0):
        chosen = logits[ids]
        penalty = float(sampling.repetition_penalty)
        logits[ids] = torch.where(chosen < 0, chosen * penalty, chosen / penalty)
    if sampling.presence_penalty:
        logits[ids] -= float(sampling.presence_penalty)
    return logits


def warp(logits: torch.Tensor, sampling: Sampling) -> torch.Tensor:
    """Temperature, top-k, top-p, min-p (logits: float64, 1-D; masked entries become -inf)."""
    if sampling.temperature != 1:
        logits = logits / sampling.temperature
    if 0 < sampling.top_k < logits.numel():
        threshold = torch.sort(logits).values[logits.numel() - sampling.top_k]
        logits = logits.masked_fill(logits < threshold, float("-inf"))
    if sampling.top_p < 1:
        logits = _top_p(logits, sampling.top_p)
    if sampling.min_p:
        probs = torch.softmax(logits, dim=-1)
        logits = logits.masked_fill(probs < sampling.min_p * probs.max(), float("-inf"))
    return logits


def _top_p(logits: torch.Tensor, p: float) -> torch.Tensor:
    order = torch.argsort(-logits, stable=True)  # most likely first, lower id first on ties
    ordered = logits[order]
    weights = torch.exp(ordered - ordered[0])
    mass_before = torch.cumsum(weights, dim=0) - weights
    keep = mass_before < p * weights.sum()
    keep[0] = True
    masked = torch.full_like(logits, float("-inf"))
    masked[order[keep]] = logits[order[keep]]
    return masked


def choose(logits: torch.Tensor, sampling: Sampling, generator: torch.Generator, seen: Sequence[int]) -> int:
    """The next token id from the last position's logits (any dtype or device)."""
    values = penalise(logits.detach().to(device="cpu", dtype=torch.float64).clone(), seen, sampling)
    if sampling.greedy:
        return int(torch.argmax(values))
    values = warp(values, sampling)
    weights = torch.exp(values - values.max())
    cdf = torch.cumsum(weights, dim=0)
    u = float(torch.rand((), generator=generator, dtype=torch.float64))
    index = int(torch.searchsorted(cdf, torch.tensor([u * float(cdf[-1])], dtype=torch.float64), right=True)[0])
    return min(index, values.numel() - 1)


def resolve(fields, defaults) -> Sampling:
    """Request fields (protocol.SamplingFields) over the model's defaults (model_dir.SamplingDefaults)."""
    temperature = fields.temperature if fields.temperature is not None else defaults.temperature
    return Sampling(
        temperature=0.0 if fields.do_sample is False else float(temperature),
        top_p=float(fields.top_p if fields.top_p is not None else defaults.top_p),
        top_k=int(fields.top_k if fields.top_k is not None else defaults.top_k),
        max_new_tokens=int(fields.max_new_tokens if fields.max_new_tokens is not None else defaults.max_new_tokens),
        stop=list(fields.stop or []),
        min_p=fields.min_p,
        repetition_penalty=fields.repetition_penalty,
        presence_penalty=float(fields.presence_penalty or 0.0),
    )
