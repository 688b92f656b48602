#!/usr/bin/env python3
"""Entry point: python3 servers/torch_server.py [--model DIR | --hf PATH] [--port N] ... (see --help)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ahd_es_servers.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
