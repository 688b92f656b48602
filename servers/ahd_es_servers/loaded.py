"""A model ready to serve: the torch module ES moves, its causal-LM view, text codec and chat template."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import torch

from .generation import CausalLm, TextCodec
from .model_dir import ModelInfo


@dataclass
class LoadedModel:
    module: torch.nn.Module
    lm: CausalLm
    codec: TextCodec
    info: ModelInfo
    render_chat: Callable[..., str]  # (messages: List[Dict[str, str]], **template_kwargs) -> prompt text
