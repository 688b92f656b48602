"""Starts servers/torch_server.py as its own process on a free port, and talks JSON to it (tests only)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from typing import Any, Optional, Tuple

SERVERS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER_SCRIPT = os.path.join(SERVERS_DIR, "torch_server.py")
READY_PREFIX = "ahd-torch-server listening on "
# Test servers run with these unimportable (a stand-in package that raises), as in GPU images without Flask.
BLOCKED_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "blocked")


def blocked_env() -> dict:
    """The environment of a Python process in which `import flask` and `import werkzeug` fail."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([BLOCKED_DIR, *filter(None, [os.environ.get("PYTHONPATH")])])}


class ServerProcess:
    def __init__(self, *args: str, timeout: float = 60.0) -> None:
        self.proc = subprocess.Popen(
            # --stop-with-stdin: a test run that dies closes the pipe, and its servers stop with it.
            [sys.executable, SERVER_SCRIPT, "--port", "0", "--threads", "1", "--stop-with-stdin", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=blocked_env(),
        )
        line = self.proc.stdout.readline()
        if not line.startswith(READY_PREFIX):
            self.proc.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.proc.stderr.read()}")
        self.ready_line = line
        self.url = line[len(READY_PREFIX):].strip()

    def post(self, path: str, body: Any = None, raw: Optional[bytes] = None, method: str = "POST") -> Tuple[int, Any]:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=30)
        finally:
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.proc.stderr.close()
        return code

    def close_stdin(self) -> int:
        """Closes the server's stdin (as a parent that dies does) and waits for it to stop."""
        self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=30)
        finally:
            self.proc.stdout.close()
            self.proc.stderr.close()
        return code


def post_json(url: str, body: Any) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=300) as resp:
        return json.loads(resp.read())
