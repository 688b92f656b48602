"""Request bodies of the ES model-server protocol: types checked, defaults filled, one 400 message per problem.

As strict as `ahd serve` on types (a field of the wrong JSON type is refused, naming the field; unknown keys are
ignored; null counts as absent for optional fields) while accepting what the reference's server accepts:
sampling fields at the top level or under `params`, max_tokens / max_completion_tokens for max_new_tokens,
use_chat_template false (the raw prompt), min_p, repetition_penalty, presence_penalty, enable_thinking.
Value rules of ES itself (sigma >= 0, finite rewards, ...) are checked by the ES core.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from .errors import InvalidRequest

MISSING = object()
MAX_SAMPLER_SEED = 2**64 - 1


def _is_int(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Fields:
    """Typed reads of one JSON object; `where` prefixes field names in messages (e.g. 'params.')."""

    def __init__(self, body: Any, where: str = "") -> None:
        if not isinstance(body, dict):
            raise InvalidRequest(f"{where.rstrip('.') or 'body'}: must be a JSON object")
        self.body = body
        self.where = where

    def has(self, name: str) -> bool:
        return self.body.get(name) is not None

    def _raw(self, name: str, default: Any) -> Tuple[bool, Any]:
        """(present, value): an absent or null field gives its default, or fails when it has none."""
        value = self.body.get(name)
        if value is None:
            if default is MISSING:
                raise InvalidRequest(f"{self.where}{name}: is required")
            return False, default
        return True, value

    def _fail(self, name: str, what: str) -> None:
        raise InvalidRequest(f"{self.where}{name}: {what}")

    def integer(self, name: str, default: Any = MISSING, minimum: Optional[int] = None, maximum: Optional[int] = None) -> Any:
        present, value = self._raw(name, default)
        if not present:
            return value
        if not _is_int(value):
            self._fail(name, "must be an integer")
        value = int(value)
        if minimum is not None and value < minimum:
            self._fail(name, f"must be >= {minimum}")
        if maximum is not None and value > maximum:
            self._fail(name, f"must be <= {maximum}")
        return value

    def number(
        self,
        name: str,
        default: Any = MISSING,
        minimum: Optional[float] = None,
        above: Optional[float] = None,
        maximum: Optional[float] = None,
    ) -> Any:
        present, value = self._raw(name, default)
        if not present:
            return value
        if not _is_number(value) or not math.isfinite(float(value)):
            self._fail(name, "must be a finite number")
        value = float(value)
        if minimum is not None and value < minimum:
            self._fail(name, f"must be >= {minimum}")
        if above is not None and value <= above:
            self._fail(name, f"must be > {above}")
        if maximum is not None and value > maximum:
            self._fail(name, f"must be <= {maximum}")
        return value

    def boolean(self, name: str, default: Any = MISSING) -> Any:
        present, value = self._raw(name, default)
        if not present:
            return value
        if not isinstance(value, bool):
            self._fail(name, "must be a boolean")
        return value

    def string(self, name: str, default: Any = MISSING) -> Any:
        present, value = self._raw(name, default)
        if not present:
            return value
        if not isinstance(value, str):
            self._fail(name, "must be a string")
        return value

    def strings(self, name: str, default: Any = MISSING, allow_one: bool = False) -> Any:
        present, value = self._raw(name, default)
        if not present:
            return value
        if allow_one and isinstance(value, str):
            return [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._fail(name, "must be a list of strings" + (" or a string" if allow_one else ""))
        return list(value)

    def integers(self, name: str) -> List[int]:
        _, value = self._raw(name, MISSING)
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            self._fail(name, "must be a list of integers")
        return [int(v) for v in value]

    def numbers(self, name: str) -> List[float]:
        _, value = self._raw(name, MISSING)
        if not isinstance(value, list) or not all(_is_number(v) for v in value):
            self._fail(name, "must be a list of numbers")
        return [float(v) for v in value]

    def optional_bool_or_text(self, name: str) -> Any:
        """enable_thinking: a boolean, or the reference's 'auto'/'true'/'false' words (auto meaning unset)."""
        value = self.body.get(name)
        if value is None or isinstance(value, bool):
            return value
        words = {"auto": None, "none": None, "": None, "1": True, "true": True, "yes": True, "on": True,
                 "0": False, "false": False, "no": False, "off": False}
        if isinstance(value, str) and value.strip().lower() in words:
            return words[value.strip().lower()]
        self._fail(name, "must be a boolean (or 'auto', 'true', 'false')")


# ---- /es/* ----


def parse_init(body: Any) -> Dict[str, Any]:
    fields = Fields(body)
    return {
        "parameter_scope": fields.string("parameter_scope", "full"),
        "target_modules": fields.strings("target_modules", None),
        "verbose": fields.boolean("verbose", True),
    }


def parse_perturbation(body: Any) -> Dict[str, Any]:
    fields = Fields(body)
    return {"seed": fields.integer("seed"), "sigma": fields.number("sigma", minimum=0.0)}


def parse_update(body: Any) -> Dict[str, Any]:
    fields = Fields(body)
    seeds = fields.integers("seeds")
    rewards = fields.numbers("rewards")
    if not seeds:
        raise InvalidRequest("seeds: must not be empty")
    if len(seeds) != len(rewards):
        raise InvalidRequest(f"rewards: seeds and rewards must have the same length (got {len(seeds)} and {len(rewards)})")
    mode = body.get("reward_normalization", "zscore")
    if mode is not None and not isinstance(mode, str):
        raise InvalidRequest("reward_normalization: must be a string")
    return {
        "seeds": seeds,
        "rewards": rewards,
        "alpha": fields.number("alpha", minimum=0.0),
        "reward_normalization": mode,  # null means 'none', as in the reference
        "reward_normalization_ddof": fields.integer("reward_normalization_ddof", 0, minimum=0),
        "reward_normalization_eps": fields.number("reward_normalization_eps", 1e-8, above=0.0),
    }


def parse_empty(body: Any) -> None:
    Fields(body)


# ---- generation ----


@dataclass(frozen=True)
class SamplingFields:
    """Sampling fields as the request gave them (None: the model's default)."""

    do_sample: Optional[bool] = None
    temperature: Optional[float] = None
    top_p: Optional[float] = None
    top_k: Optional[int] = None
    min_p: Optional[float] = None
    repetition_penalty: Optional[float] = None
    presence_penalty: Optional[float] = None
    max_new_tokens: Optional[int] = None
    stop: Optional[List[str]] = None
    seed: Optional[int] = None
    enable_thinking: Optional[bool] = None


def _sampling_from(fields: Fields, top_level: bool) -> Dict[str, Any]:
    """The sampling fields one object sets (absent ones left out)."""
    read = {
        "do_sample": lambda n: fields.boolean(n, None),
        "temperature": lambda n: fields.number(n, None, minimum=0.0),
        "top_p": lambda n: fields.number(n, None, above=0.0, maximum=1.0),
        "top_k": lambda n: fields.integer(n, None, minimum=0),
        "min_p": lambda n: fields.number(n, None, minimum=0.0, maximum=1.0),
        "repetition_penalty": lambda n: fields.number(n, None, above=0.0),
        "presence_penalty": lambda n: fields.number(n, None),
        "max_new_tokens": lambda n: fields.integer(n, None, minimum=1),
        "stop": lambda n: fields.strings(n, None, allow_one=True),
        "seed": lambda n: fields.integer(n, None, minimum=0, maximum=MAX_SAMPLER_SEED),
        "enable_thinking": fields.optional_bool_or_text,
    }
    found = {name: reader(name) for name, reader in read.items() if fields.has(name)}
    found = {name: value for name, value in found.items() if value is not None}
    if top_level and "max_new_tokens" not in found:
        for alias in ("max_tokens", "max_completion_tokens"):
            if fields.has(alias):
                found["max_new_tokens"] = fields.integer(alias, minimum=1)
                break
    return found


def parse_sampling(body: Dict[str, Any]) -> SamplingFields:
    """Sampling of a generation request: `params` first, then the top level (as the reference)."""
    top = _sampling_from(Fields(body), top_level=True)
    nested = _sampling_from(Fields(body["params"], "params."), top_level=False) if body.get("params") is not None else {}
    return SamplingFields(**{**top, **nested})


def _repeat(fields: Fields, max_repeat: int) -> int:
    # The reference clamps repeat_prompt to its --max-repeat-prompt; so does this server.
    return min(fields.integer("repeat_prompt", 1, minimum=1), max_repeat)


@dataclass(frozen=True)
class CompletionsRequest:
    prompts: List[str]
    repeat: int
    sampling: SamplingFields
    system_prompt: str
    use_chat_template: bool


def parse_completions(body: Any, max_repeat: int) -> CompletionsRequest:
    fields = Fields(body)
    prompt = body.get("prompt")
    if isinstance(prompt, str):
        prompts = [prompt]
    elif isinstance(prompt, list) and prompt and all(isinstance(p, str) for p in prompt):
        prompts = list(prompt)
    else:
        raise InvalidRequest("prompt: must be a string or a non-empty list of strings")
    params = Fields(body["params"], "params.") if body.get("params") is not None else None
    # `params` wins over the top level, as in the reference.
    source = lambda name: params if params is not None and params.has(name) else fields
    return CompletionsRequest(
        prompts=prompts,
        repeat=_repeat(fields, max_repeat),
        sampling=parse_sampling(body),
        system_prompt=source("system_prompt").string("system_prompt", ""),
        use_chat_template=source("use_chat_template").boolean("use_chat_template", True),
    )


@dataclass(frozen=True)
class ChatRequest:
    messages: List[Dict[str, str]]
    repeat: int
    sampling: SamplingFields


def parse_chat(body: Any, max_repeat: int) -> ChatRequest:
    fields = Fields(body)
    messages = body.get("messages")
    if not isinstance(messages, list):
        raise InvalidRequest("messages: must be a list of {role, content} objects")
    checked = []
    for i, message in enumerate(messages):
        item = Fields(message, f"messages.{i}.")
        checked.append({"role": item.string("role"), "content": item.string("content")})
    if fields.has("n") and fields.integer("n") != 1:
        raise InvalidRequest("n: only n = 1 is served (use repeat_prompt)")
    if fields.has("stream") and fields.boolean("stream"):
        raise InvalidRequest("stream: streaming is not served")
    return ChatRequest(messages=checked, repeat=_repeat(fields, max_repeat), sampling=parse_sampling(body))
