"""Runs a WSGI app on werkzeug's single-threaded server until SIGTERM / SIGINT.

The one stdout line `<name> listening on http://HOST:PORT` (the real port, also for --port 0) says it is ready;
a signal lets the request in progress finish, then the server stops and the process exits 0. With
`stop_with_stdin`, the end of stdin does the same: a parent that dies (a test runner killed mid-run) closes the
pipe, so its servers never outlive it.
"""
from __future__ import annotations

import os
import signal
import sys
import threading

from werkzeug.serving import make_server


def serve(app, host: str, port: int, name: str, ready=None, stop_with_stdin: bool = False) -> int:
    """`ready`: the stream for the ready line (default stdout)."""
    try:
        server = make_server(host, port, app, threaded=False)
    except (OSError, SystemExit) as error:
        print(f"{name}: cannot listen on {host}:{port} ({error})", file=sys.stderr)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if stop_with_stdin:
        threading.Thread(target=_set_at_eof, args=(sys.stdin.fileno(), stop), name="stdin", daemon=True).start()
    serving = threading.Thread(target=server.serve_forever, name="http", daemon=True)
    serving.start()
    shown = f"[{host}]" if ":" in host else host
    print(f"{name} listening on http://{shown}:{server.server_port}", file=ready or sys.stdout, flush=True)
    while not stop.wait(0.5):
        if not serving.is_alive():
            return 1
    server.shutdown()  # returns once the request in progress is answered
    server.server_close()
    return 0


def _set_at_eof(fd: int, stop: threading.Event) -> None:
    # os.read, not sys.stdin: a daemon thread blocked inside a buffered reader aborts the interpreter at exit.
    while os.read(fd, 65536):
        pass  # what a parent writes is not used: only the end of the stream matters
    stop.set()
