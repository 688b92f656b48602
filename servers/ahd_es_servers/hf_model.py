"""A Hugging Face causal LM (transformers) served like the bundled model: same ES core, decoding loop, sampler.

Prompts go through the tokenizer's own chat template and are encoded without added special tokens (the
template writes them); the answer is decoded with special tokens left out. Sampling defaults, prompt style and
stop ids are read from the model dir's files as for the bundled model, plus the tokenizer's eos and the end-of-turn
tokens it knows (tokenizer_info, shared with the vLLM front).
"""
from __future__ import annotations

import inspect
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import torch

from .errors import ModelLoadError
from .loaded import LoadedModel
from .model_dir import ModelInfo, model_info, read_json


class HfLm:
    def __init__(self, model: torch.nn.Module, device: torch.device) -> None:
        self.model = model
        self.device = device
        # Logits of the last position only (prefill of a long prompt would otherwise make [positions, vocab]);
        # the keyword's name depends on the transformers version, older ones have none.
        accepted = inspect.signature(model.forward).parameters
        self.last_only = next(({k: 1} for k in ("logits_to_keep", "num_logits_to_keep") if k in accepted), {})

    def prefill(self, ids: Sequence[int], rows: int) -> Tuple[torch.Tensor, Any]:
        return self._forward([list(ids)] * rows, None)

    def extend(self, token_ids: Sequence[int], cache: Any) -> Tuple[torch.Tensor, Any]:
        return self._forward([[t] for t in token_ids], cache)

    def _forward(self, rows: List[List[int]], cache: Any) -> Tuple[torch.Tensor, Any]:
        ids = torch.tensor(rows, dtype=torch.long, device=self.device)
        out = self.model(input_ids=ids, past_key_values=cache, use_cache=True, **self.last_only)
        return out.logits[:, -1], out.past_key_values


class HfCodec:
    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer

    def encode(self, text: str) -> List[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def decode(self, ids: Sequence[int]) -> str:
        return self.tokenizer.decode(list(ids), skip_special_tokens=True)


# End-of-turn tokens of common chat templates (Llama 3, ChatML/Qwen, Gemma, Phi-3): a turn ends there even where
# generation_config.json names only the end-of-text token.
END_OF_TURN_TOKENS = ("<|eot_id|>", "<|im_end|>", "<end_of_turn>", "<|end|>")


def token_lookup(tokenizer: Any) -> Callable[[str], Optional[int]]:
    """A Hugging Face tokenizer's id of a token, None where it has no such token (not its unk id)."""

    def token_id(token: str) -> Optional[int]:
        value = tokenizer.convert_tokens_to_ids(token)
        return value if isinstance(value, int) and value >= 0 and value != tokenizer.unk_token_id else None

    return token_id


def tokenizer_info(path: str, fallback_config: Dict[str, Any], tokenizer: Any) -> ModelInfo:
    """ModelInfo of a Hugging Face model (dir or hub id) served through its tokenizer (--hf, the vLLM front): stop
    ids are the eos ids of the dir's files and the tokenizer, then the end-of-turn tokens it knows."""
    local = os.path.isdir(path)
    config = (read_json(os.path.join(path, "config.json"), False) if local else None) or fallback_config
    gen = (read_json(os.path.join(path, "generation_config.json"), False) if local else None) or {}
    token_id = token_lookup(tokenizer)
    info = model_info(path, config, gen, tokenizer.eos_token, token_id)
    stop_ids = list(info.stop_ids)
    for token in END_OF_TURN_TOKENS:
        found = token_id(token)
        if found is not None and found not in stop_ids:
            stop_ids.append(found)
    return ModelInfo(info.name, info.prompt_style, info.defaults, stop_ids, info.max_positions)


def _dtype_keyword() -> str:
    """from_pretrained's dtype keyword: `dtype` from transformers 4.56 (`torch_dtype` deprecated), before it
    `torch_dtype` (an unknown `dtype` would be taken as a config field and the model loaded in float32)."""
    import transformers

    major, minor = (int(part) for part in transformers.__version__.split(".")[:2])
    return "dtype" if (major, minor) >= (4, 56) else "torch_dtype"


def load_hf(path: str, dtype: torch.dtype, device: str, trust_remote_code: bool = False) -> LoadedModel:
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as error:
        raise ModelLoadError(f"--hf needs the transformers package, which cannot be imported here ({error})") from error
    try:
        tokenizer = AutoTokenizer.from_pretrained(path, trust_remote_code=trust_remote_code)
        model = AutoModelForCausalLM.from_pretrained(path, **{_dtype_keyword(): dtype}, trust_remote_code=trust_remote_code)
    except (OSError, ValueError) as error:
        raise ModelLoadError(f"--hf {path}: cannot load ({error})") from error
    model = model.to(device).eval().requires_grad_(False)

    def render_chat(messages, **kwargs):
        return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True, **kwargs)

    info = tokenizer_info(path, model.config.to_dict(), tokenizer)
    return LoadedModel(module=model, lm=HfLm(model, torch.device(device)), codec=HfCodec(tokenizer), info=info, render_chat=render_chat)
