"""A Hugging Face causal LM (transformers) served like the bundled model: same ES core, decoding loop, sampler.

Prompts go through the tokenizer's own chat template and are encoded without added special tokens (the
template writes them); the answer is decoded with special tokens left out. Sampling defaults, prompt style and
stop ids are read from the model dir's files as for the bundled model, plus the tokenizer's eos and <|eot_id|>.
"""
from __future__ import annotations

import os
from typing import Any, List, Sequence, Tuple

import torch

from .errors import ModelLoadError
from .loaded import LoadedModel
from .model_dir import ModelInfo, model_info, read_json


class HfLm:
    def __init__(self, model: torch.nn.Module, device: torch.device) -> None:
        self.model = model
        self.device = device

    def prefill(self, ids: Sequence[int]) -> Tuple[torch.Tensor, Any]:
        return self._forward(list(ids), None)

    def extend(self, token_id: int, cache: Any) -> Tuple[torch.Tensor, Any]:
        return self._forward([token_id], cache)

    def _forward(self, ids: List[int], cache: Any) -> Tuple[torch.Tensor, Any]:
        out = self.model(input_ids=torch.tensor([ids], dtype=torch.long, device=self.device), past_key_values=cache, use_cache=True)
        return out.logits[0, -1], out.past_key_values


class HfCodec:
    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer

    def encode(self, text: str) -> List[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def decode(self, ids: Sequence[int]) -> str:
        return self.tokenizer.decode(list(ids), skip_special_tokens=True)


def _info(path: str, model: Any, tokenizer: Any) -> ModelInfo:
    local = os.path.isdir(path)
    config = (read_json(os.path.join(path, "config.json"), False) if local else None) or model.config.to_dict()
    gen = (read_json(os.path.join(path, "generation_config.json"), False) if local else None) or {}
    info = model_info(path, config, gen, tokenizer.eos_token, lambda t: tokenizer.convert_tokens_to_ids(t))
    stop_ids = list(info.stop_ids)
    eot = tokenizer.convert_tokens_to_ids("<|eot_id|>")
    if isinstance(eot, int) and eot >= 0 and eot != tokenizer.unk_token_id and eot not in stop_ids:
        stop_ids.append(eot)
    return ModelInfo(info.name, info.prompt_style, info.defaults, stop_ids, info.max_positions)


def load_hf(path: str, dtype: torch.dtype, device: str, trust_remote_code: bool = False) -> LoadedModel:
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as error:
        raise ModelLoadError(f"--hf needs the transformers package, which cannot be imported here ({error})") from error
    try:
        tokenizer = AutoTokenizer.from_pretrained(path, trust_remote_code=trust_remote_code)
        model = AutoModelForCausalLM.from_pretrained(path, torch_dtype=dtype, trust_remote_code=trust_remote_code)
    except (OSError, ValueError) as error:
        raise ModelLoadError(f"--hf {path}: cannot load ({error})") from error
    model = model.to(device).eval().requires_grad_(False)

    def render_chat(messages, **kwargs):
        return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True, **kwargs)

    return LoadedModel(module=model, lm=HfLm(model, torch.device(device)), codec=HfCodec(tokenizer), info=_info(path, model, tokenizer), render_chat=render_chat)
