"""Reward normalisation of /es/update, computed in float32 torch as the reference does.

zscore: (r - mean) / (std + eps); std is the population std for ddof 0 and the sample std for any ddof >= 1
(the reference passes unbiased=bool(ddof)); all zeros when there are no more rewards than ddof.
centered_rank: rank / (n - 1) - 0.5, ranks by argsort of argsort ([0.0] for one reward).
none (also 'identity', 'off'): the rewards as they are (rounded to float32).
"""
from __future__ import annotations

from typing import List, Sequence

import torch

from .errors import InvalidRequest

IDENTITY_MODES = ("none", "identity", "off")
MODES = ("zscore", "centered_rank") + IDENTITY_MODES


def canonical_mode(mode: object) -> str:
    """The mode as the reference reads it: trimmed, lower case, a missing one meaning 'none'."""
    name = str(mode or "none").strip().lower()
    if name not in MODES:
        raise InvalidRequest(f"reward_normalization: must be one of zscore, centered_rank, none (got {mode!r})")
    return "none" if name in IDENTITY_MODES else name


def normalise_rewards(rewards: Sequence[float], mode: str, ddof: int = 0, eps: float = 1e-8) -> List[float]:
    values = torch.tensor(list(rewards), dtype=torch.float32)
    mode = canonical_mode(mode)
    if mode == "none":
        return values.tolist()
    if mode == "zscore":
        if values.numel() <= ddof:
            return torch.zeros_like(values).tolist()
        std = torch.std(values, unbiased=bool(ddof))
        return ((values - torch.mean(values)) / (std + float(eps))).tolist()
    if values.numel() == 1:
        return [0.0]
    ranks = torch.argsort(torch.argsort(values))
    return (ranks.float() / (values.numel() - 1) - 0.5).tolist()
