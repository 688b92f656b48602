"""Which tensors ES moves (parameter_scope), in a fixed order, each under the name that seeds its noise.

full: model.named_parameters() in order, floating point only, a tensor shared under several names (a tied
embedding) once, under its first name. all_linear: for each module of model.named_modules() whose name has none
of 'embed_tokens', 'lm_head', 'norm', its 2-D floating-point `weight` (once), named '<module>.weight', optionally
only modules whose last dotted name component is in target_modules. lora: parameters whose name has 'lora_'.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional

import torch

from .errors import InvalidRequest
from .noise import tensor_id

SCOPES = ("full", "all_linear", "lora")
ALL_LINEAR_SKIPPED = ("embed_tokens", "lm_head", "norm")


@dataclass(frozen=True)
class SelectedTensor:
    name: str
    key: int  # tensor_id(name): mixed into the noise seed
    param: torch.Tensor


def canonical_scope(scope: object) -> str:
    name = str(scope or "full").strip().lower()
    if name not in SCOPES:
        raise InvalidRequest(f"parameter_scope: must be one of full, all_linear, lora (got {scope!r})")
    return name


def _selected(name: str, param: torch.Tensor) -> SelectedTensor:
    return SelectedTensor(name=name, key=tensor_id(name), param=param)


def select_full(model: torch.nn.Module) -> List[SelectedTensor]:
    seen = set()
    selected = []
    for name, param in model.named_parameters():
        if id(param) in seen or not torch.is_floating_point(param):
            continue
        seen.add(id(param))
        selected.append(_selected(name, param))
    return selected


def select_all_linear(model: torch.nn.Module, target_modules: Optional[Iterable[str]] = None) -> List[SelectedTensor]:
    targets = None if target_modules is None else {str(t) for t in target_modules}
    seen = set()
    selected = []
    for module_name, module in model.named_modules():
        if any(word in module_name for word in ALL_LINEAR_SKIPPED):
            continue
        weight = getattr(module, "weight", None)
        if not isinstance(weight, torch.Tensor) or weight.ndim != 2 or id(weight) in seen:
            continue
        if not torch.is_floating_point(weight):
            continue
        if targets is not None and module_name.split(".")[-1] not in targets:
            continue
        seen.add(id(weight))
        selected.append(_selected(f"{module_name}.weight", weight))
    return selected


def select_lora(model: torch.nn.Module) -> List[SelectedTensor]:
    selected = [
        _selected(name, param)
        for name, param in model.named_parameters()
        if "lora_" in name and torch.is_floating_point(param)
    ]
    if not selected:
        raise InvalidRequest("parameter_scope 'lora': the model has no LoRA parameters (serve a PEFT model with LoRA adapters)")
    return selected


def select(model: torch.nn.Module, scope: str, target_modules: Optional[Iterable[str]] = None) -> List[SelectedTensor]:
    scope = canonical_scope(scope)
    if scope == "full":
        selected = select_full(model)
    elif scope == "all_linear":
        selected = select_all_linear(model, target_modules)
    else:
        selected = select_lora(model)
    if not selected:
        raise InvalidRequest(f"parameter_scope {scope!r}: no floating-point tensors selected")
    return selected
