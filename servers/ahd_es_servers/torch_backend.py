"""What the HTTP app serves, on one torch model in this process: the ES core and the decoding loop."""
from __future__ import annotations

import itertools
from typing import Any, Dict, List, Sequence, Tuple

from .es_core import SeededES
from .generation import Generation, generate
from .loaded import LoadedModel
from .sampling import Sampling

MAX_BATCH = 16  # rows decoded together: bounds the KV cache of one request (64 repeats of a long prompt)


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
        """One generation per (prompt text, sampler seed), in order; consecutive items of one prompt (its
        repeat_prompt generations) are decoded together, at most MAX_BATCH rows at a time."""
        codec = self.loaded.codec
        generations: List[Generation] = []
        for text, group in itertools.groupby(items, key=lambda item: item[0]):
            seeds = [seed for _, seed in group]
            prompt = codec.encode(text)
            for start in range(0, len(seeds), MAX_BATCH):
                generations += generate(self.loaded.lm, codec, prompt, sampling, seeds[start : start + MAX_BATCH], self.info.stop_ids, self.info.max_positions)
        return generations

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
