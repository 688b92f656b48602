"""The torch server end to end: its own process on a free port, the protocol, errors, generation, shutdown."""
import http.client
import json
import socket
import unittest

from tests.helpers import FIRST_MODEL_DIR
from tests.server_process import ServerProcess

CHAT = {"messages": [{"role": "user", "content": "#tsp50 i1"}], "max_tokens": 60}


class Http(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess("--model", FIRST_MODEL_DIR, "--master-copy", "--exact-reset")

    @classmethod
    def tearDownClass(cls):
        if cls.server.proc.poll() is None:
            cls.server.stop()

    def ok(self, path, body=None, method="POST"):
        status, reply = self.server.post(path, body, method=method)
        self.assertEqual(status, 200, reply)
        return reply

    def refused(self, path, body=None, status=400, pattern="", raw=None, method="POST"):
        got, reply = self.server.post(path, body, raw=raw, method=method)
        self.assertEqual(got, status, reply)
        self.assertIs(reply["ok"], False)
        self.assertRegex(reply["error"], pattern)
        self.assertNotIn("\n", reply["error"])
        return reply

    def chat(self, **fields):
        return self.ok("/v1/chat/completions", {**CHAT, **fields})

    def test_0_ready_line_and_status_before_init(self):
        self.assertRegex(self.server.ready_line, r"^ahd-torch-server listening on http://127\.0\.0\.1:\d+\n$")
        status = self.ok("/es/status", method="GET")
        self.assertEqual(
            {k: status[k] for k in ("initialized", "parameter_scope", "n_tensors", "total_params", "update_history", "active_perturbation")},
            {"initialized": False, "parameter_scope": None, "n_tensors": 0, "total_params": 0, "update_history": 0, "active_perturbation": None},
        )
        self.assertEqual((status["model"], status["noise"], status["ahd_prompt_style"]), ("ahd-heuristic-lm", "torch", "compact"))
        self.assertEqual(status["sampling_defaults"], {"temperature": 0.8, "top_p": 0.95, "top_k": 0, "max_new_tokens": 400})
        self.assertRegex(status["weights_fingerprint"], r"^[0-9a-f]{16}$")
        self.assertEqual(status["weights_fingerprint"], status["base_fingerprint"])
        self.refused("/es/apply", {"seed": 1, "sigma": 0.01}, 409, "POST /es/init first")

    def test_1_es_protocol(self):
        first = self.ok("/es/init", {"parameter_scope": "full"})
        self.assertEqual((first["ok"], first["parameter_scope"], first["n_tensors"], first["total_params"]), (True, "full", 52, 1041920))
        self.assertFalse(self.ok("/es/apply", {"seed": 7, "sigma": 0.001})["already_applied"])
        self.assertTrue(self.ok("/es/apply", {"seed": 7, "sigma": 0.001})["already_applied"])
        self.refused("/es/apply", {"seed": 8, "sigma": 0.001}, 409, "seed 7 sigma 0.001 is still applied")
        self.refused("/es/update", {"seeds": [1], "rewards": [1.0], "alpha": 0.1}, 409, "revert it first")
        self.refused("/es/revert", {"seed": 8, "sigma": 0.001}, 409, "is applied")
        self.assertFalse(self.ok("/es/revert", {"seed": 7, "sigma": 0.001})["already_reverted"])
        self.assertTrue(self.ok("/es/revert", {"seed": 7, "sigma": 0.001})["already_reverted"])
        status = self.ok("/es/status")
        self.assertEqual(status["weights_fingerprint"], status["base_fingerprint"])  # master copy: exact revert

        update = self.ok("/es/update", {"seeds": [1, 2], "rewards": [3.0, 1.0], "alpha": 0.001, "reward_normalization": "none"})
        self.assertEqual((update["n"], update["alpha"], update["reward_mean"], update["reward_best"]), (2, 0.001, 2.0, 3.0))
        status = self.ok("/es/status")
        self.assertEqual(status["update_history"], 1)
        self.assertNotEqual(status["weights_fingerprint"], status["base_fingerprint"])

        self.ok("/es/apply", {"seed": 9, "sigma": 0.002})
        again = self.ok("/es/init", {})
        self.assertEqual(again["previous_state_reset"], {"ok": True, "reverted_updates": 1, "reverted_perturbation": {"seed": 9, "sigma": 0.002}})
        status = self.ok("/es/status")
        self.assertEqual(status["weights_fingerprint"], status["base_fingerprint"])  # --exact-reset
        reset = self.ok("/es/reset", {})
        self.assertEqual((reset["reverted_updates"], reset["reverted_perturbation"]), (0, None))

    def test_2_bad_requests(self):
        self.ok("/es/init")
        self.refused("/es/apply", raw=b"{not json", pattern="not JSON")
        self.refused("/es/apply", [1, 2], pattern="body: must be a JSON object")
        self.refused("/es/apply", {"seed": "7", "sigma": 0.1}, pattern="^seed: must be an integer")
        self.refused("/es/apply", {"seed": 7, "sigma": -1}, pattern="^sigma: must be >= 0")
        self.refused("/es/apply", {"seed": 7, "sigma": True}, pattern="^sigma: must be a finite number")
        self.refused("/es/update", {"seeds": [1], "rewards": [1.0]}, pattern="^alpha: is required")
        self.refused("/es/update", {"seeds": [1, 2], "rewards": [1.0], "alpha": 0.1}, pattern="^rewards: seeds and rewards")
        self.refused("/es/update", {"seeds": [1], "rewards": [1.0], "alpha": 0.1, "reward_normalization": "rank"}, pattern="reward_normalization")
        self.refused("/es/update", {"seeds": [1, 2], "rewards": [1.0, -1.0], "alpha": 1e308, "reward_normalization": "none"}, pattern="weights unchanged")
        self.refused("/es/init", {"parameter_scope": "lora"}, pattern="no LoRA parameters")
        self.refused("/v1/chat/completions", {"messages": "hi"}, pattern="^messages:")
        self.refused("/v1/chat/completions", {**CHAT, "temperature": "hot"}, pattern="^temperature: must be a finite number")
        self.refused("/v1/chat/completions", {**CHAT, "n": 2}, pattern="^n: only n = 1")
        self.refused("/v1/chat/completions", {"messages": [{"role": "user", "content": "x " * 900}]}, pattern="model's context is 832")
        self.refused("/completions", {"prompt": 5}, pattern="^prompt:")
        self.refused("/completions", {"prompt": "x", "params": {"top_p": 0}}, pattern="^params.top_p: must be > 0")
        self.refused("/nowhere", {}, 404, "no route /nowhere")
        self.refused("/es/apply", None, 405, "takes POST, not GET", method="GET")
        self.refused("/es/status", raw=b"x" * (16 * 1024 * 1024 + 1), status=413, pattern="request body over")
        self.ok("/es/status")  # still serving

    def test_3_seeded_chat_is_repeatable(self):
        first = self.chat(seed=42, temperature=0.8)
        self.assertEqual(first["object"], "chat.completion")
        self.assertEqual(first["model"], "ahd-heuristic-lm")
        self.assertEqual(first["choices"][0]["message"]["role"], "assistant")
        self.assertIn(first["choices"][0]["finish_reason"], ("stop", "length"))
        usage = first["usage"]
        self.assertEqual(usage["total_tokens"], usage["prompt_tokens"] + usage["completion_tokens"])
        self.assertEqual(first["choices"], self.chat(seed=42, temperature=0.8)["choices"])
        two = self.chat(seed=41, temperature=0.8, repeat_prompt=2)
        self.assertEqual(len(two["choices"]), 2)
        self.assertEqual(two["choices"][1]["message"], first["choices"][0]["message"])  # generation k uses seed + k

    def test_4_greedy_is_stable_across_a_perturbation(self):
        greedy = self.chat(temperature=0)["choices"][0]["message"]["content"]
        self.assertTrue(greedy.startswith("{"))
        self.assertEqual(self.chat(temperature=0, seed=5)["choices"][0]["message"]["content"], greedy)
        self.ok("/es/init")
        self.ok("/es/apply", {"seed": 3, "sigma": 0.05})
        perturbed = self.chat(temperature=0)["choices"][0]["message"]["content"]
        self.ok("/es/revert", {"seed": 3, "sigma": 0.05})
        self.assertNotEqual(perturbed, greedy)
        self.assertEqual(self.chat(temperature=0)["choices"][0]["message"]["content"], greedy)

    def test_5_completions_shape(self):
        reply = self.ok("/completions", {"prompt": ["#kp100 i1", "#asp15 i1"], "repeat_prompt": 2, "params": {"max_new_tokens": 8, "seed": 1}})
        self.assertEqual(list(reply), ["content"])
        self.assertEqual(len(reply["content"]), 4)
        self.assertTrue(all(isinstance(text, str) for text in reply["content"]))
        raw = self.ok("/completions", {"prompt": "#kp100 i1\n<a>", "use_chat_template": False, "do_sample": False, "max_tokens": 8})
        templated = self.ok("/completions", {"prompt": "#kp100 i1", "do_sample": False, "max_tokens": 8})
        self.assertEqual(raw["content"], templated["content"])
        stopped = self.ok("/completions", {"prompt": "#kp100 i1", "temperature": 0, "stop": ["item"]})
        self.assertNotIn("item", stopped["content"][0])

    def test_6_http_framing(self):
        host, port = self.server.url[len("http://"):].split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        connection.request("POST", "/es/status", body=iter([b'{"a"', b": 1}"]), encode_chunked=True, headers={"Content-Type": "application/json"})
        self.assertEqual(connection.getresponse().status, 200)  # a chunked body is read
        connection.close()
        with socket.create_connection((host, int(port)), timeout=60) as raw:
            raw.sendall(b"POST /es/status HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n")
            answer = raw.makefile("rb").read().decode()
        self.assertTrue(answer.startswith("HTTP/1.0 400"), answer)
        self.assertEqual(json.loads(answer.split("\r\n\r\n", 1)[1]), {"ok": False, "error": "the request body's length is malformed"})

    def test_9_sigterm_stops_cleanly(self):
        self.assertEqual(self.server.stop(), 0)


if __name__ == "__main__":
    unittest.main()
