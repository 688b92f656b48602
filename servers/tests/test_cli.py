"""Start-up failures of the torch server are one line on stderr and exit status 2; --stop-with-stdin stops it."""
import subprocess
import sys
import unittest

import torch

from tests.server_process import SERVER_SCRIPT, ServerProcess

try:
    import transformers  # noqa: F401

    HAVE_TRANSFORMERS = True
except ImportError:
    HAVE_TRANSFORMERS = False


def run(*args):
    return subprocess.run([sys.executable, SERVER_SCRIPT, "--port", "0", *args], capture_output=True, text=True, timeout=120)


class StartupFailures(unittest.TestCase):
    def assertOneLineExit2(self, result, pattern):
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stdout, "")
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertRegex(result.stderr, pattern)

    @unittest.skipIf(HAVE_TRANSFORMERS, "transformers is installed")
    def test_hf_without_transformers(self):
        self.assertOneLineExit2(run("--hf", "/tmp/some-model"), "^ahd-torch-server: --hf needs the transformers package")

    @unittest.skipIf(torch.cuda.is_available(), "a GPU runs float16")
    def test_float16_on_cpu(self):
        self.assertOneLineExit2(run("--dtype", "float16"), "--dtype float16 does not run on cpu")

    def test_missing_model_dir(self):
        self.assertOneLineExit2(run("--model", "/nonexistent/model"), "model dir /nonexistent/model not found")


class StopWithStdin(unittest.TestCase):
    def test_the_end_of_stdin_stops_the_server(self):
        server = ServerProcess()
        status, _ = server.post("/es/status", method="GET")
        self.assertEqual(status, 200)
        self.assertEqual(server.close_stdin(), 0)


if __name__ == "__main__":
    unittest.main()
