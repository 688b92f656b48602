"""Serves an app.EsApp over HTTP with the standard library's single-threaded server until SIGTERM / SIGINT.

No Flask or werkzeug: the GPU images the vLLM front runs in need not carry them. One request per connection
(HTTP/1.0, as werkzeug's single-threaded server answers), so a client's idle keep-alive connection never holds up
the others. The one stdout line `<name> listening on http://HOST:PORT` (the real port, also for --port 0) says it
is ready; a signal lets the request in progress finish, then the server stops and the process exits 0. With
`stop_with_stdin`, the end of stdin does the same: a parent that dies (a test runner killed mid-run) closes the
pipe, so its servers never outlive it.
"""
from __future__ import annotations

import os
import signal
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from .app import EsApp, encode

MAX_BODY_BYTES = 16 * 1024 * 1024
DRAIN_BYTES = 64 * 1024 * 1024
JOIN_SECONDS = 60.0


class _Server(HTTPServer):
    allow_reuse_address = True
    # Connections wait in the listen backlog while a request is served (one at a time): 128 as werkzeug's, not
    # socketserver's 5, so a burst of clients is queued rather than dropped into SYN retries.
    request_queue_size = 128

    def __init__(self, address, app: EsApp) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.app = app
        super().__init__(address, _Handler)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "ahd-es-server"

    def do_POST(self) -> None:
        self._serve()

    do_GET = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_POST

    def _serve(self) -> None:
        path = self.path.split("?", 1)[0]
        app = self.server.app
        try:
            raw = self._body()
        except ValueError:  # a Content-Length or chunk size that is not a number
            status, body = app.failed(self.command, path, 400, "the request body's length is malformed")
        else:
            if raw is None:
                status, body = app.failed(self.command, path, 413, f"request body over {MAX_BODY_BYTES} bytes")
            else:
                status, body = app.respond(self.command, path, raw)
        data = encode(body)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _body(self):
        """The request body, or None when it is over MAX_BODY_BYTES."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            return self._chunked()
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            self._drain(length)
            return None
        return self.rfile.read(length) if length > 0 else b""

    def _chunked(self):
        parts, size = [], 0
        while True:
            count = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
            if count == 0:
                self.rfile.readline()
                return b"".join(parts)
            size += count
            if size > MAX_BODY_BYTES:
                self._drain(DRAIN_BYTES)
                return None
            parts.append(self.rfile.read(count))
            self.rfile.readline()

    def _drain(self, length: int) -> None:
        # Read what the client is still sending (up to a cap), so it gets the 413 instead of a broken pipe.
        left = min(length, DRAIN_BYTES)
        while left > 0:
            got = self.rfile.read1(min(left, 65536)) if hasattr(self.rfile, "read1") else self.rfile.read(min(left, 65536))
            if not got:
                break
            left -= len(got)

    def log_message(self, format: str, *args) -> None:
        sys.stderr.write(f"{self.address_string()} {self.command} {self.path} {format % args}\n")


def serve(app: EsApp, host: str, port: int, name: str, ready=None, stop_with_stdin: bool = False) -> int:
    """`ready`: the stream for the ready line (default stdout)."""
    try:
        server = _Server((host, port), app)
    except OSError as error:
        print(f"{name}: cannot listen on {host}:{port} ({error})", file=sys.stderr)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if stop_with_stdin:
        threading.Thread(target=_set_at_eof, args=(sys.stdin.fileno(), stop), name="stdin", daemon=True).start()
    serving = threading.Thread(target=server.serve_forever, name="http")
    serving.start()
    shown = f"[{host}]" if ":" in host else host
    print(f"{name} listening on http://{shown}:{server.server_address[1]}", file=ready or sys.stdout, flush=True)
    while not stop.wait(0.5):
        if not serving.is_alive():
            server.server_close()
            return 1
    server.shutdown()  # returns once the request in progress is answered
    server.server_close()
    # Joined, not left to die with the interpreter: a thread still alive while torch 2.x runs its exit-time
    # destructors can abort the process ("terminate called without an active exception", status 134).
    serving.join(JOIN_SECONDS)
    return 0


def _set_at_eof(fd: int, stop: threading.Event) -> None:
    # os.read, not sys.stdin: a daemon thread blocked inside a buffered reader aborts the interpreter at exit.
    while os.read(fd, 65536):
        pass  # what a parent writes is not used: only the end of the stream matters
    stop.set()
