#!/usr/bin/env python3
"""Entry point: python3 servers/vllm/vllm_server.py --model PATH [--tensor-parallel-size N] [--port N] ... (see --help).

Puts servers/ and servers/vllm on sys.path and on PYTHONPATH, so vLLM's worker processes can import the
worker extension (ahd_vllm.worker_extension) and the ES core (ahd_es_servers).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATHS = [HERE, os.path.dirname(HERE)]
sys.path[:0] = PATHS
os.environ["PYTHONPATH"] = os.pathsep.join(PATHS + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

from ahd_vllm.front import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
