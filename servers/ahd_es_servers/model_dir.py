"""What a model directory says besides its weights: name, prompt style, sampling defaults, stop ids, context.

Read as ahd's onnx backend reads it (src/llm/onnx/model-dir.ts): the name is config.json's _name_or_path (else
the directory's name); stop ids are the eos ids of generation_config.json, config.json and the tokenizer's eos
token; sampling defaults come from generation_config.json (do_sample false meaning temperature 0).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional

from .errors import ModelLoadError

# ahd's PromptStyle (src/llm/types.ts): compact-sig is compact with the function's signature in the header.
PROMPT_STYLES = ("reference", "compact", "compact-sig")
DEFAULT_MAX_NEW_TOKENS = 512


@dataclass(frozen=True)
class SamplingDefaults:
    temperature: float
    top_p: float
    top_k: int
    max_new_tokens: int

    def as_json(self) -> Dict[str, Any]:
        return {"temperature": self.temperature, "top_p": self.top_p, "top_k": self.top_k, "max_new_tokens": self.max_new_tokens}


@dataclass(frozen=True)
class ModelInfo:
    name: str
    prompt_style: str
    defaults: SamplingDefaults
    stop_ids: List[int]
    max_positions: float  # inf where the config does not say


def read_json(path: str, required: bool) -> Optional[Dict[str, Any]]:
    if not os.path.exists(path):
        if required:
            raise ModelLoadError(f"{path} not found")
        return None
    try:
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
    except (OSError, ValueError) as error:
        raise ModelLoadError(f"{path} is not valid JSON ({error})") from error
    if not isinstance(value, dict):
        raise ModelLoadError(f"{path} is not a JSON object")
    return value


def _ids(value: Any) -> List[int]:
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def _number(gen: Dict[str, Any], key: str, fallback: float) -> Any:
    value = gen.get(key)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else fallback


def sampling_defaults(gen: Dict[str, Any]) -> SamplingDefaults:
    return SamplingDefaults(
        temperature=0 if gen.get("do_sample") is False else _number(gen, "temperature", 1),
        top_p=_number(gen, "top_p", 1),
        top_k=int(_number(gen, "top_k", 0)),
        max_new_tokens=int(_number(gen, "max_new_tokens", DEFAULT_MAX_NEW_TOKENS)),
    )


def model_info(
    model_dir: str,
    config: Dict[str, Any],
    gen: Dict[str, Any],
    eos_token: Optional[str],
    token_id: Callable[[str], Optional[int]],
) -> ModelInfo:
    style = config.get("ahd_prompt_style", "reference")
    if style not in PROMPT_STYLES:
        raise ModelLoadError(f"{model_dir}/config.json: ahd_prompt_style must be one of {', '.join(PROMPT_STYLES)}, got {style!r}")
    stop_ids: List[int] = []
    tokenizer_eos = token_id(eos_token) if eos_token else None
    for token in _ids(gen.get("eos_token_id")) + _ids(config.get("eos_token_id")) + _ids(tokenizer_eos):
        if token not in stop_ids:
            stop_ids.append(token)
    positions = config.get("max_position_embeddings", config.get("n_positions"))
    name = config.get("_name_or_path")
    return ModelInfo(
        name=name if isinstance(name, str) and name else os.path.basename(os.path.abspath(model_dir)),
        prompt_style=style,
        defaults=sampling_defaults(gen),
        stop_ids=stop_ids,
        max_positions=float(positions) if isinstance(positions, int) and positions > 0 else float("inf"),
    )
