"""Greedy answers of this torch server equal those of ahd's own onnx server (`ahd serve`) on the bundled model.

Needs a running `ahd serve` (node), so it runs only when AHD_SERVE_URL names one:
    node bin/ahd.js serve --port 0        # prints its URL
    cd servers && AHD_SERVE_URL=http://127.0.0.1:PORT /usr/bin/python3 -m unittest tests.test_ahd_serve_agreement -v
"""
import os
import unittest

from tests.server_process import ServerProcess, post_json

AHD_SERVE_URL = os.environ.get("AHD_SERVE_URL")
PROBLEMS = ("tsp50", "kp100", "asp15", "aco-tsp50", "aco-cvrp50", "aco-bpp500")


def chat(url: str, content: str) -> dict:
    body = {"messages": [{"role": "user", "content": content}], "temperature": 0, "max_tokens": 400, "seed": 0}
    return post_json(f"{url}/v1/chat/completions", body)


def parent_block(answer: str) -> str:
    """An answer `{description}\\ncode` as a compact-prompt parent block."""
    return f"<p>{answer.strip()}"


@unittest.skipUnless(AHD_SERVE_URL, "set AHD_SERVE_URL to a running `ahd serve` to compare greedy answers")
class GreedyAgreement(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def compare(self, content: str) -> str:
        ours, theirs = chat(self.server.url, content), chat(AHD_SERVE_URL, content)
        mine, other = ours["choices"][0], theirs["choices"][0]
        self.assertEqual(mine["message"]["content"], other["message"]["content"], content)
        self.assertEqual(mine["finish_reason"], other["finish_reason"])
        self.assertEqual(ours["usage"], theirs["usage"])
        return mine["message"]["content"]

    def test_every_operator_on_every_task(self):
        """30 prompts: i1, m1, m2, e1, e2 on each of the six tasks, parents taken from the answers."""
        for problem in PROBLEMS:
            first = self.compare(f"#{problem} i1")
            mutated = self.compare(f"#{problem} m1\n{parent_block(first)}")
            retuned = self.compare(f"#{problem} m2\n{parent_block(first)}")
            self.compare(f"#{problem} e1\n{parent_block(first)}\n{parent_block(mutated)}")
            self.compare(f"#{problem} e2\n{parent_block(first)}\n{parent_block(retuned)}")
