"""ahd-torch-server: the ES model-server protocol over a torch model (the bundled GPT, or a Hugging Face LM).

Prints exactly one line on stdout when ready: `ahd-torch-server listening on http://HOST:PORT`; logs go to
stderr. SIGTERM / SIGINT (or, with --stop-with-stdin, the end of stdin) let the request in progress finish, then
stop (exit 0). A model that cannot be loaded or served as asked, or an address that cannot be bound, is one line on
stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import sys

import torch

from .bundled import default_model_dir, load_bundled
from .errors import ModelLoadError
from .es_core import SeededES
from .loaded import LoadedModel

DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
DEFAULT_PORT = 11012  # the reference server's


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="ahd-torch-server", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--model", default=None, help="ahd model dir (default: the bundled default model, named by models/default.json)")
    source.add_argument("--hf", default=None, help="a Hugging Face causal LM (dir or hub id; needs transformers)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}; 0 picks a free port")
    parser.add_argument("--dtype", choices=sorted(DTYPES), default="float32")
    parser.add_argument("--device", default="auto", help="cpu, cuda, cuda:N (default: cuda when available, else cpu)")
    parser.add_argument("--master-copy", action="store_true", help="keep a float32 master copy of the ES tensors (exact revert; one more copy)")
    parser.add_argument("--exact-reset", action="store_true", help="keep the base weights in host memory: a reset restores them bit for bit")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--max-repeat-prompt", type=int, default=64, help="repeat_prompt above this is clamped (default 64)")
    parser.add_argument("--trust-remote-code", action="store_true", help="--hf: allow the model's own code")
    parser.add_argument("--stop-with-stdin", action="store_true", help="stop when stdin closes (a supervising parent that dies closes it)")
    return parser.parse_args(argv)


def load(args) -> LoadedModel:
    device = args.device if args.device != "auto" else ("cuda" if torch.cuda.is_available() else "cpu")
    dtype = DTYPES[args.dtype]
    if args.hf:
        from .hf_model import load_hf

        loaded = load_hf(args.hf, dtype, device, args.trust_remote_code)
    else:
        loaded = load_bundled(args.model or default_model_dir(), dtype, device)
    _probe(loaded, args.dtype, device)
    return loaded


def _probe(loaded: LoadedModel, dtype: str, device: str) -> None:
    """One forward now, so a dtype the device cannot run (float16 on CPU in torch 1.13) fails at start-up."""
    try:
        with torch.inference_mode():
            loaded.lm.prefill([0], 1)
    except RuntimeError as error:
        raise ModelLoadError(f"--dtype {dtype} does not run on {device} with torch {torch.__version__} ({error})") from error


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    torch.set_num_threads(max(1, args.threads))
    try:
        loaded = load(args)
    except ModelLoadError as error:
        print(f"ahd-torch-server: {error}", file=sys.stderr)
        return 2

    from .app import EsApp
    from .serving import serve
    from .torch_backend import TorchBackend

    backend = TorchBackend(loaded, SeededES(loaded.module, master_copy=args.master_copy, exact_reset=args.exact_reset))
    print(
        f"ahd-torch-server: {loaded.info.name} ({args.dtype}, master copy {'on' if args.master_copy else 'off'}, "
        f"exact reset {'on' if args.exact_reset else 'off'}), weights {backend.base_fingerprint}",
        file=sys.stderr,
        flush=True,
    )
    return serve(EsApp(backend, max_repeat=args.max_repeat_prompt), args.host, args.port, "ahd-torch-server", stop_with_stdin=args.stop_with_stdin)
