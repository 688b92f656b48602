"""Runs a WSGI app on werkzeug's single-threaded server until SIGTERM / SIGINT.

The one stdout line `<name> listening on http://HOST:PORT` (the real port, also for --port 0) says it is ready;
a signal lets the request in progress finish, then the server stops and the process exits 0.
"""
from __future__ import annotations

import signal
import sys
import threading

from werkzeug.serving import make_server


def serve(app, host: str, port: int, name: str, ready=None) -> int:
    """`ready`: the stream for the ready line (default stdout)."""
    try:
        server = make_server(host, port, app, threaded=False)
    except (OSError, SystemExit) as error:
        print(f"{name}: cannot listen on {host}:{port} ({error})", file=sys.stderr)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
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
