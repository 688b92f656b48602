"""What the HTTP app serves, on one torch model in this process: the ES core and the decoding loop."""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from .es_core import SeededES
from .generation import Generation, generate
from .loaded import LoadedModel
from .sampling import Sampling


class TorchBackend:
    noise = "torch"

    def __init__(self, loaded: LoadedModel, es: SeededES) -> None:
        self.loaded = loaded
        self.es = es
        self.info = loaded.info
        self.base_fingerprint = es.fingerprint()

    def chat_prompt(self, messages: List[Dict[str, str]], template_kwargs: Dict[str, Any]) -> str:
        return self.loaded.render_chat(messages, **template_kwargs)

    def generate(self, items: Sequence[Tuple[str, int]], sampling: Sampling) -> List[Generation]:
        """One generation per (prompt text, sampler seed), in order."""
        codec = self.loaded.codec
        return [
            generate(self.loaded.lm, codec, codec.encode(text), sampling, seed, self.info.stop_ids, self.info.max_positions)
            for text, seed in items
        ]

    def fingerprint(self) -> str:
        return self.es.fingerprint()

    def es_init(self, **request: Any) -> Dict[str, Any]:
        return self.es.init(**request)

    def es_apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self.es.apply(seed, sigma)

    def es_revert(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self.es.revert(seed, sigma)

    def es_update(self, **request: Any) -> Dict[str, Any]:
        return self.es.update(**request)

    def es_reset(self) -> Dict[str, Any]:
        return self.es.reset()

    def es_status(self) -> Dict[str, Any]:
        return self.es.status()
