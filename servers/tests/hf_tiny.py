"""Tiny randomly initialised Hugging Face causal LMs, built locally at test time (nothing downloads, nothing is
committed): Qwen2-shaped and GPT2-shaped, tied and untied, float32 and bfloat16, each with the first bundled model's
tokenizer, chat template and generation config."""
from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass

from tests.helpers import FIRST_MODEL_DIR

VOCAB = 1110  # the bundled tokenizer's


@dataclass(frozen=True)
class Variant:
    name: str
    arch: str  # 'qwen2' | 'gpt2'
    tied: bool
    dtype: str  # 'float32' | 'bfloat16'


# Each architecture once tied and once untied, each dtype once per architecture.
VARIANTS = (
    Variant("qwen2-tied-float32", "qwen2", True, "float32"),
    Variant("qwen2-untied-bfloat16", "qwen2", False, "bfloat16"),
    Variant("gpt2-tied-bfloat16", "gpt2", True, "bfloat16"),
    Variant("gpt2-untied-float32", "gpt2", False, "float32"),
)


def transformers_missing() -> str:
    """Why the --hf tests cannot run here ('' when they can)."""
    try:
        import transformers  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError as error:
        return f"--hf tests skipped: transformers / tokenizers cannot be imported ({error}); pip install transformers"
    return ""


def build(variant: Variant, root: str) -> str:
    import torch
    from transformers import AutoModelForCausalLM, GPT2Config, Qwen2Config

    common = dict(vocab_size=VOCAB, tie_word_embeddings=variant.tied, eos_token_id=0, bos_token_id=None, pad_token_id=0)
    if variant.arch == "qwen2":
        config = Qwen2Config(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=2, max_position_embeddings=1024, **common)
    else:
        config = GPT2Config(n_embd=32, n_layer=2, n_head=4, n_positions=1024, **common)
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(config).to(getattr(torch, variant.dtype))
    path = os.path.join(root, variant.name)
    model.save_pretrained(path)
    for name in ("tokenizer.json", "tokenizer_config.json", "generation_config.json"):
        shutil.copy(os.path.join(FIRST_MODEL_DIR, name), path)
    with open(os.path.join(path, "config.json")) as f:
        written = json.load(f)
    with open(os.path.join(path, "config.json"), "w") as f:
        json.dump({**written, "_name_or_path": variant.name, "ahd_prompt_style": "compact"}, f)
    return path
