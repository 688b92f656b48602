"""The chat template of tokenizer_config.json, rendered with jinja2 as Hugging Face renders it.

Sandboxed environment, trim_blocks and lstrip_blocks on (as transformers and @huggingface/jinja), the special
token texts as variables, add_generation_prompt true, and any extra keyword (e.g. enable_thinking) passed on.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .errors import InvalidRequest, ModelLoadError

SPECIAL_TOKEN_KEYS = ("bos_token", "eos_token", "unk_token", "pad_token")


def special_token_text(token: object) -> Optional[str]:
    """tokenizer_config.json writes a special token as a string or as an AddedToken-like object."""
    if isinstance(token, dict):
        token = token.get("content")
    return token if isinstance(token, str) else None


def _raise_exception(message: str) -> None:
    raise InvalidRequest(f"chat template: {message}")


class ChatTemplate:
    def __init__(self, tokenizer_config: Dict[str, Any], source: str = "tokenizer_config.json") -> None:
        raw = tokenizer_config.get("chat_template")
        if isinstance(raw, list):
            raw = next((t.get("template") for t in raw if t.get("name") == "default"), None)
        if not isinstance(raw, str) or not raw:
            raise ModelLoadError(f"{source}: no chat_template")
        env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
        env.filters["tojson"] = lambda value, indent=None: json.dumps(value, ensure_ascii=False, indent=indent)
        env.globals["raise_exception"] = _raise_exception
        try:
            self.template = env.from_string(raw)
        except jinja2.TemplateError as error:
            raise ModelLoadError(f"{source}: chat_template does not parse ({error})") from error
        self.tokens = {key: special_token_text(tokenizer_config.get(key)) or "" for key in SPECIAL_TOKEN_KEYS}

    def render(self, messages: List[Dict[str, str]], **extra: Any) -> str:
        try:
            return self.template.render(**self.tokens, **extra, messages=messages, add_generation_prompt=True)
        except InvalidRequest:
            raise
        except jinja2.TemplateError as error:
            raise InvalidRequest(f"chat template: {error}") from error
