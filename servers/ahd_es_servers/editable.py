"""Whether ES's in-place edits of a model's parameters reach its forward pass; /es/init refuses a model where not.

ES writes the parameters. Some loaders run the forward on weights derived from them at load instead: quantised
or repacked weights (fp8, int8, Marlin, GPTQ/AWQ, bitsandbytes), MLA attention's absorbed projections (DeepSeek
V2/V3: vLLM computes them from kv_b_proj once), expert weights shuffled for a kernel. Edits there do nothing, or
corrupt the weights, so such a model is refused with the reason, before anything is written.
"""
from __future__ import annotations

from typing import Any

import torch

from .errors import InvalidRequest

EDITABLE_DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64)


def _refuse(reason: str) -> None:
    raise InvalidRequest(f"ES cannot move this model's weights in place: {reason}")


def check_editable(model: torch.nn.Module) -> None:
    config: Any = getattr(model, "config", None)
    if getattr(config, "quantization_config", None):
        _refuse("it is quantised (config.quantization_config); serve an unquantised checkpoint")
    if getattr(config, "kv_lora_rank", None):
        _refuse("its MLA attention (kv_lora_rank) runs on projections derived from kv_b_proj at load")
    for name, param in model.named_parameters():
        if param.dtype not in EDITABLE_DTYPES:
            _refuse(f"parameter {name} is {str(param.dtype).replace('torch.', '')} (quantised or packed weights)")
    for name, module in model.named_modules():
        method = getattr(module, "quant_method", None)
        if method is not None and not type(method).__name__.startswith("Unquantized"):
            _refuse(f"module {name or '(root)'} runs through {type(method).__name__}, which repacks its weights at load")
        flags = vars(method) if hasattr(method, "__dict__") else {}
        if any(bool(value) for key, value in flags.items() if "shuffle" in key or "aiter" in key):
            _refuse(f"module {name or '(root)'} shuffles its weights for a kernel at load")
        for attr, value in vars(module).items():
            # Parameters and buffers live in module._parameters / _buffers, never in __dict__: a float matrix
            # held as a plain attribute is a weight computed from them, which edits of the parameters miss.
            if isinstance(value, torch.Tensor) and torch.is_floating_point(value) and value.dim() >= 2:
                _refuse(f"module {name or '(root)'} holds {attr}, a weight derived at load (not a parameter)")
