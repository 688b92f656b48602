"""The byte-level BPE encodes and decodes as ahd's tokenizer does, and as the recipe's encoder built it."""
import json
import os
import sys
import unittest

from ahd_es_servers.bundled import RECIPE_DIR
from ahd_es_servers.chat_template import ChatTemplate
from ahd_es_servers.tokenizer import ByteLevelBpe
from tests.helpers import FIRST_MODEL_DIR

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "tokenizer-agreement.json")


class Tokenizer(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tokenizer = ByteLevelBpe.from_file(os.path.join(FIRST_MODEL_DIR, "tokenizer.json"))

    def test_agrees_with_ahd_tokenizer(self):
        """tokenizer-agreement.json: ids and decoded text from @huggingface/tokenizers (tokenizer_agreement.mjs)."""
        with open(FIXTURE, encoding="utf-8") as f:
            fixture = json.load(f)
        self.assertGreater(len(fixture["texts"]), 300)
        for text, case in zip(fixture["texts"], fixture["cases"]):
            ids = self.tokenizer.encode(text)
            self.assertEqual(ids, case["ids"], repr(text))
            self.assertEqual(self.tokenizer.decode(ids), case["decoded"], repr(text))

    def test_agrees_with_the_recipe_encoder(self):
        sys.path.insert(0, RECIPE_DIR)
        import bpe

        with open(os.path.join(FIRST_MODEL_DIR, "tokenizer.json"), encoding="utf-8") as f:
            recipe = bpe.Encoder(json.load(f))
        text = "#kp100 e1\n<p>{Take the lightest item.}\nfunction f(a, b) {\n  return a[0] / (b + 1e-9);\n}\n<a>"
        self.assertEqual(self.tokenizer.encode(text), recipe.encode(text))

    def test_special_tokens(self):
        ids = self.tokenizer.encode("x<a>y<|end|>")
        self.assertIn(1, ids)
        self.assertEqual(ids[-1], 0)
        self.assertEqual(self.tokenizer.decode(ids), "xy")
        self.assertEqual(self.tokenizer.decode(ids, skip_special_tokens=False), "x<a>y<|end|>")

    def test_round_trip_of_unicode(self):
        text = "naïve — 数字 😀\u00a0tab\tend"
        self.assertEqual(self.tokenizer.decode(self.tokenizer.encode(text)), text)


class Template(unittest.TestCase):
    def test_compact_chat_template(self):
        with open(os.path.join(FIRST_MODEL_DIR, "tokenizer_config.json"), encoding="utf-8") as f:
            template = ChatTemplate(json.load(f))
        messages = [{"role": "user", "content": "#tsp50 i1"}]
        self.assertEqual(template.render(messages), "#tsp50 i1\n<a>")
        messages += [{"role": "assistant", "content": "{x}"}, {"role": "user", "content": "#tsp50 m1"}]
        self.assertEqual(template.render(messages), "#tsp50 i1\n<a>{x}<|end|>#tsp50 m1\n<a>")


if __name__ == "__main__":
    unittest.main()
