"""The --hf code path (hf_model.py) against a stand-in `transformers` module that wraps the bundled GPT: loading,
chat template, encode/decode and the KV-cache loop give the bundled model's own greedy answer."""
import sys
import types
import unittest
from unittest import mock

import torch

from ahd_es_servers.bundled import load_bundled
from ahd_es_servers.generation import generate
from ahd_es_servers.sampling import Sampling
from tests.helpers import FIRST_MODEL_DIR

GREEDY = Sampling(temperature=0, top_p=1, top_k=0, max_new_tokens=120)
MESSAGES = [{"role": "user", "content": "#kp100 i1"}]


def stand_in_transformers(bundled):
    """AutoTokenizer / AutoModelForCausalLM as --hf uses them, backed by the bundled model."""

    class Tokenizer:
        eos_token = "<|end|>"
        unk_token_id = None

        def __call__(self, text, add_special_tokens=True):
            assert add_special_tokens is False
            return {"input_ids": bundled.codec.encode(text)}

        def decode(self, ids, skip_special_tokens=False):
            return bundled.codec.decode(ids, skip_special_tokens=skip_special_tokens)

        def apply_chat_template(self, messages, tokenize, add_generation_prompt, **kwargs):
            assert tokenize is False and add_generation_prompt is True
            return bundled.render_chat(messages, **kwargs)

        def convert_tokens_to_ids(self, token):
            return bundled.codec.token_id(token)

    class CausalLm(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.gpt = bundled.module
            self.config = types.SimpleNamespace(to_dict=lambda: {})

        def forward(self, input_ids, past_key_values=None, use_cache=True, logits_to_keep=0):
            logits, past = self.gpt(input_ids, past_key_values=past_key_values)
            return types.SimpleNamespace(logits=logits, past_key_values=past)

    module = types.ModuleType("transformers")
    module.__version__ = "5.0.0"
    module.AutoTokenizer = types.SimpleNamespace(from_pretrained=lambda path, **kw: Tokenizer())
    module.AutoModelForCausalLM = types.SimpleNamespace(from_pretrained=lambda path, dtype, trust_remote_code: CausalLm())
    return module


class HfPath(unittest.TestCase):
    def test_same_greedy_answer_as_the_bundled_path(self):
        from ahd_es_servers.hf_model import load_hf

        bundled = load_bundled(FIRST_MODEL_DIR)
        with mock.patch.dict(sys.modules, {"transformers": stand_in_transformers(bundled)}):
            hf = load_hf(FIRST_MODEL_DIR, torch.float32, "cpu")
        self.assertEqual((hf.info.name, hf.info.prompt_style, hf.info.stop_ids), ("ahd-heuristic-lm", "compact", [0, 1, 2]))
        answers = []
        for loaded in (bundled, hf):
            prompt = loaded.codec.encode(loaded.render_chat(MESSAGES))
            answers.append(generate(loaded.lm, loaded.codec, prompt, GREEDY, [0], loaded.info.stop_ids, loaded.info.max_positions))
        self.assertEqual(answers[0], answers[1])


if __name__ == "__main__":
    unittest.main()
