"""ahd's bundled models (the default named by models/default.json, or any dir export_onnx.py wrote) as a torch GPT.

The module is models/recipe/gpt.py's GPT, built from config.json and loaded with the ONNX initializers
(onnx_weights.py); the tokenizer, chat template, stop ids and sampling defaults come from the same directory.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Sequence, Tuple

import torch

from .chat_template import ChatTemplate, special_token_text
from .errors import ModelLoadError
from .loaded import LoadedModel
from .model_dir import model_info, read_json
from .onnx_weights import gpt_state_dict
from .tokenizer import ByteLevelBpe

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECIPE_DIR = os.path.join(REPO_ROOT, "models", "recipe")


def default_model_dir() -> str:
    """The default model's dir: the folder under models/ that models/default.json names (ahd's Node side reads it too)."""
    path = os.path.join(REPO_ROOT, "models", "default.json")
    name = (read_json(path, required=True) or {}).get("model")
    if not isinstance(name, str) or not name:
        raise ModelLoadError(f'{path} names no model folder ({{"model": "<name>"}}): pass --model DIR')
    return os.path.join(REPO_ROOT, "models", name)


def _gpt_module():
    if RECIPE_DIR not in sys.path:
        sys.path.insert(0, RECIPE_DIR)
    import gpt  # models/recipe/gpt.py: the architecture the bundled model was trained and exported with

    return gpt


def gpt_config(config: dict, source: str):
    gpt = _gpt_module()
    try:
        return gpt.GPTConfig(
            vocab_size=int(config["vocab_size"]),
            n_layer=int(config["num_hidden_layers"]),
            n_head=int(config["num_attention_heads"]),
            n_embd=int(config["hidden_size"]),
            block_size=int(config["max_position_embeddings"]),
            tie_weights=bool(config.get("tie_word_embeddings", True)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ModelLoadError(f"{source}: not a GPT config of models/recipe/gpt.py ({error})") from error


class GptLm:
    """The GPT through its own KV cache (past_key_values), a batch of equal-length rows."""

    def __init__(self, model: torch.nn.Module, device: torch.device) -> None:
        self.model = model
        self.device = device

    def prefill(self, ids: Sequence[int], rows: int) -> Tuple[torch.Tensor, Any]:
        # Only the last position's logits are used: for this call the final norm (and so the head) sees that
        # position alone (the model's forward has no switch for it).
        last_only = self.model.ln_f.register_forward_pre_hook(lambda module, args: (args[0][:, -1:],))
        try:
            logits, past = self.model(torch.tensor([list(ids)] * rows, dtype=torch.long, device=self.device))
        finally:
            last_only.remove()
        return logits[:, -1], past

    def extend(self, token_ids: Sequence[int], cache: Any) -> Tuple[torch.Tensor, Any]:
        logits, past = self.model(torch.tensor([[t] for t in token_ids], dtype=torch.long, device=self.device), past_key_values=cache)
        return logits[:, -1], past


def load_gpt(model_dir: str, dtype: torch.dtype = torch.float32, device: str = "cpu") -> torch.nn.Module:
    config = read_json(os.path.join(model_dir, "config.json"), True)
    onnx_path = os.path.join(model_dir, "model.onnx")
    if not os.path.exists(onnx_path):
        raise ModelLoadError(f"{onnx_path} not found")
    torch.manual_seed(0)  # the random init is overwritten at once; seeded so nothing depends on chance
    model = _gpt_module().GPT(gpt_config(config, os.path.join(model_dir, "config.json")))
    model.load_state_dict(gpt_state_dict(onnx_path, model))
    return model.to(device=device, dtype=dtype).eval().requires_grad_(False)


def load_bundled(model_dir: str, dtype: torch.dtype = torch.float32, device: str = "cpu") -> LoadedModel:
    if not os.path.isdir(model_dir):
        raise ModelLoadError(f"model dir {model_dir} not found")
    config = read_json(os.path.join(model_dir, "config.json"), True)
    gen = read_json(os.path.join(model_dir, "generation_config.json"), False) or {}
    tokenizer_config = read_json(os.path.join(model_dir, "tokenizer_config.json"), False) or {}
    tokenizer = ByteLevelBpe.from_file(os.path.join(model_dir, "tokenizer.json"))
    template = ChatTemplate(tokenizer_config, os.path.join(model_dir, "tokenizer_config.json"))
    info = model_info(model_dir, config, gen, special_token_text(tokenizer_config.get("eos_token")), tokenizer.token_id)
    model = load_gpt(model_dir, dtype, device)
    return LoadedModel(
        module=model,
        lm=GptLm(model, torch.device(device)),
        codec=tokenizer,
        info=info,
        render_chat=template.render,
    )
