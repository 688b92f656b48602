"""ahd-vllm-server: the ES model-server protocol on a vLLM engine (one replica: tensor parallel over its GPUs).

The HTTP routes are ahd_es_servers.app's, over VllmBackend: ES calls go to every worker through
llm.collective_rpc (EsWorkerExtension), generation through llm.generate with the sampler seed in
SamplingParams(seed=...). Prefix caching is off, so no KV block computed under other weights is reused; the
single-threaded server serialises generation with apply/revert.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import traceback
from typing import Any, Dict, List, Sequence, Tuple

from ahd_es_servers.errors import InvalidRequest, ModelLoadError
from ahd_es_servers.generation import Generation
from ahd_es_servers.hf_model import tokenizer_info
from ahd_es_servers.model_dir import ModelInfo
from ahd_es_servers.sampling import Sampling

from .memory import checkpoint_parameters, gpu_memory_utilization
from .rpc_es import RpcEs

EXTENSION = "ahd_vllm.worker_extension.EsWorkerExtension"
DEFAULT_PORT = 11012


class VllmBackend:
    noise = "torch"

    def __init__(self, llm: Any, es: RpcEs, info: ModelInfo) -> None:
        self.llm = llm
        self.es = es
        self.info = info
        self.tokenizer = llm.get_tokenizer()
        self.base_fingerprint = es.fingerprint()

    def chat_prompt(self, messages: List[Dict[str, str]], template_kwargs: Dict[str, Any]) -> str:
        return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True, **template_kwargs)

    def generate(self, items: Sequence[Tuple[str, int]], sampling: Sampling) -> List[Generation]:
        from vllm import SamplingParams

        prompts = [{"prompt_token_ids": self.tokenizer(text, add_special_tokens=False)["input_ids"]} for text, _ in items]
        params = [
            SamplingParams(
                n=1,
                temperature=sampling.temperature,
                top_p=sampling.top_p,
                top_k=sampling.top_k if sampling.top_k > 0 else -1,
                min_p=sampling.min_p or 0.0,
                repetition_penalty=sampling.repetition_penalty or 1.0,
                presence_penalty=sampling.presence_penalty,
                max_tokens=sampling.max_new_tokens,
                stop=sampling.stop or None,
                stop_token_ids=list(self.info.stop_ids),
                seed=seed,
                skip_special_tokens=True,
            )
            for _, seed in items
        ]
        try:
            outputs = self.llm.generate(prompts, params, use_tqdm=False)
        except ValueError as error:  # e.g. a prompt longer than the context
            raise InvalidRequest(str(error)) from error
        generations = []
        for prompt, output in zip(prompts, outputs):
            completion = output.outputs[0]
            reason = "length" if completion.finish_reason == "length" else "stop"
            generations.append(Generation(completion.text, len(prompt["prompt_token_ids"]), len(completion.token_ids), reason))
        return generations

    def fingerprint(self) -> str:
        return self.es.fingerprint()

    def es_init(self, **request: Any) -> Dict[str, Any]:
        return self.es.es_init(**request)

    def es_apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self.es.es_apply(seed, sigma)

    def es_revert(self, seed: int, sigma: float) -> Dict[str, Any]:
        return self.es.es_revert(seed, sigma)

    def es_update(self, **request: Any) -> Dict[str, Any]:
        return self.es.es_update(**request)

    def es_reset(self) -> Dict[str, Any]:
        return self.es.es_reset()

    def es_status(self) -> Dict[str, Any]:
        return self.es.es_status()


def _info(model: str, llm: Any) -> ModelInfo:
    return tokenizer_info(model, {"_name_or_path": model}, llm.get_tokenizer())


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="ahd-vllm-server", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True, help="Hugging Face model dir or hub id (unquantised weights)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}; 0 picks a free port")
    parser.add_argument("--tensor-parallel-size", type=int, default=1)
    parser.add_argument("--dtype", default="bfloat16", choices=["auto", "float16", "bfloat16", "float32"])
    parser.add_argument("--master-copy", action="store_true", help="float32 master copy of the ES tensors on each GPU (exact revert)")
    parser.add_argument("--exact-reset", action="store_true", help="base weights in host memory on each worker: a reset restores them bit for bit")
    parser.add_argument("--gpu-memory-utilization", type=float, default=None,
                        help="fraction of each GPU vLLM may reserve (default: sized from the model so ES's memory fits beside it)")
    parser.add_argument("--max-model-len", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0, help="engine seed (requests carry their own sampler seeds)")
    parser.add_argument("--enforce-eager", action="store_true", help="no CUDA graphs (slower; for debugging)")
    parser.add_argument("--trust-remote-code", action="store_true")
    parser.add_argument("--max-repeat-prompt", type=int, default=64)
    return parser.parse_args(argv)


def _gpu_bytes() -> int:
    """Memory of the first visible GPU, asked in a child process: CUDA initialised in this one would make vLLM
    fall back to spawning its workers."""
    probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.cuda.mem_get_info()[1])"], capture_output=True, text=True)
    if probe.returncode != 0:
        raise ModelLoadError(f"cannot read the GPU's memory: {' '.join(probe.stderr.split()[-12:])}")
    return int(probe.stdout)


def sized_utilization(args) -> float:
    """--gpu-memory-utilization, or one sized from the model's parameter count (memory.py)."""
    if args.gpu_memory_utilization is not None:
        return args.gpu_memory_utilization
    parameters = checkpoint_parameters(args.model)
    if parameters is None and args.master_copy:
        raise ModelLoadError("--master-copy needs the model's size: give a local model dir with *.safetensors, or --gpu-memory-utilization")
    weight_bytes = 4 if args.dtype == "float32" else 2
    return gpu_memory_utilization(_gpu_bytes(), parameters or 0, weight_bytes, args.tensor_parallel_size, args.master_copy)


def load_engine(args) -> Any:
    try:
        from vllm import LLM
    except ImportError as error:
        raise ModelLoadError(f"vLLM is not installed here (from vllm import LLM: {error})") from error
    utilization = sized_utilization(args)
    print(f"ahd-vllm-server: gpu_memory_utilization {utilization}", file=sys.stderr, flush=True)
    kwargs = dict(
        model=args.model,
        tensor_parallel_size=args.tensor_parallel_size,
        dtype=args.dtype,
        seed=args.seed,
        gpu_memory_utilization=utilization,
        enable_prefix_caching=False,
        enforce_eager=args.enforce_eager,
        trust_remote_code=args.trust_remote_code,
        worker_extension_cls=EXTENSION,
    )
    if args.max_model_len:
        kwargs["max_model_len"] = args.max_model_len
    return LLM(**kwargs)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # vLLM and its worker processes log to stdout: send file descriptor 1 to stderr, keeping a copy of the real
    # stdout for the one ready line.
    sys.stdout.flush()
    ready = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    try:
        llm = load_engine(args)
        es = RpcEs(lambda method, **kwargs: llm.collective_rpc(method, kwargs=kwargs))
        es.call("es_setup", master_copy=args.master_copy, exact_reset=args.exact_reset)
        backend = VllmBackend(llm, es, _info(args.model, llm))
    except ModelLoadError as error:
        print(f"ahd-vllm-server: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # the engine's own failures (no GPU, out of memory, no such model): say so in one line
        traceback.print_exc(file=sys.stderr)
        print(f"ahd-vllm-server: cannot start the vLLM engine: {' '.join(str(error).split())}", file=sys.stderr)
        return 2

    from ahd_es_servers.app import EsApp
    from ahd_es_servers.serving import serve

    print(
        f"ahd-vllm-server: {backend.info.name} (tp {args.tensor_parallel_size}, {args.dtype}, "
        f"master copy {'on' if args.master_copy else 'off'}, exact reset {'on' if args.exact_reset else 'off'}), "
        f"weights {backend.base_fingerprint}",
        file=sys.stderr,
        flush=True,
    )
    return serve(EsApp(backend, max_repeat=args.max_repeat_prompt), args.host, args.port, "ahd-vllm-server", ready)
