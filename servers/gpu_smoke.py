#!/usr/bin/env python3
"""GPU smoke test of the torch ES server's core on one CUDA GPU; needs only torch and transformers.

    python3 servers/gpu_smoke.py [--json PATH]        # on a GPU machine: every check, about 2-4 minutes
    python3 servers/gpu_smoke.py --dry-run            # on CPU, small shapes: the checks that do not need CUDA

Checks, each printed `ok` / `FAIL` / `skip` with what it measured:
- bit-identity with the reference's arithmetic (written out here from its definition) in float32, bfloat16 and
  float16: apply, revert, update, over tensors that straddle small chunk sizes and one over the real chunk size;
- tensor-parallel shards (simulated) write what one rank writes, in every dtype, in place and with a master copy;
- exact master-copy apply/revert cycles in every dtype;
- a captured CUDA graph and torch.compile (inductor, and its CUDA-graph mode) see the in-place edits;
- two `--hf` servers (tiny model, master copy, exact reset) agree: fingerprints and texts after the same requests;
- timings and peak GPU memory of init, apply, revert, update, fingerprint, reset and batched generation on a
  randomly initialised model of Qwen2.5-0.5B's shape (bfloat16, master copy).
Exit status 0 when nothing failed. --json writes every line as data.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from typing import Any, Callable, Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402

from ahd_es_servers.es_core import SeededES, _coefficients  # noqa: E402
from ahd_es_servers.noise import CHUNK_ELEMENTS, tensor_id  # noqa: E402
from ahd_es_servers.shards import Place  # noqa: E402
from ahd_es_servers.weight_steps import Slot, WeightSteps, make_master  # noqa: E402

DTYPES = (torch.float32, torch.bfloat16, torch.float16)


def QUIET(line: str) -> None:
    pass  # the ES core's log lines are not the smoke test's output


class Report:
    def __init__(self) -> None:
        self.lines: List[Dict[str, Any]] = []

    def check(self, name: str, passed: bool, detail: str = "") -> None:
        self._add("ok" if passed else "FAIL", name, detail)

    def skip(self, name: str, why: str) -> None:
        self._add("skip", name, why)

    def timing(self, name: str, seconds: float, detail: str = "") -> None:
        self._add("time", name, f"{seconds:.4f} s" + (f" ({detail})" if detail else ""))

    def _add(self, outcome: str, name: str, detail: str) -> None:
        self.lines.append({"outcome": outcome, "name": name, "detail": detail})
        print(f"{outcome:<5}{name}" + (f": {detail}" if detail else ""), flush=True)

    @property
    def failed(self) -> bool:
        return any(line["outcome"] == "FAIL" for line in self.lines)


def sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


# ---- the reference's arithmetic, from its definition (not from ahd_es_servers) ----


def reference_generator(name: str, seed: int, device: torch.device) -> torch.Generator:
    key = int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest(), "little")
    generator = torch.Generator(device=device)
    generator.manual_seed((seed ^ key) % 2**64)
    return generator


@torch.no_grad()
def reference_perturb(params: Dict[str, torch.Tensor], seed: int, sigma: float, chunk: int) -> None:
    for name, param in params.items():
        generator, flat = reference_generator(name, seed, param.device), param.view(-1)
        for start in range(0, flat.numel(), chunk):
            end = min(start + chunk, flat.numel())
            eps = torch.randn((end - start,), generator=generator, dtype=torch.float32, device=param.device)
            flat[start:end].add_(eps.to(param.dtype), alpha=sigma)


@torch.no_grad()
def reference_update(params: Dict[str, torch.Tensor], seeds: List[int], coeffs: List[float], chunk: int) -> None:
    for name, param in params.items():
        generators, flat = [reference_generator(name, s, param.device) for s in seeds], param.view(-1)
        for start in range(0, flat.numel(), chunk):
            end = min(start + chunk, flat.numel())
            delta = torch.zeros((end - start,), dtype=torch.float32, device=param.device)
            for generator, coeff in zip(generators, coeffs):
                delta.add_(torch.randn((end - start,), generator=generator, dtype=torch.float32, device=param.device), alpha=coeff)
            flat[start:end].add_(delta.to(param.dtype))


def straddling_model(dtype: torch.dtype, device: torch.device, big: bool) -> torch.nn.Module:
    generator = torch.Generator().manual_seed(1)
    model = torch.nn.Module()
    shapes = {"a": (1000,), "b": (37, 91), "c": (3, 1001)}
    if big:
        shapes["d"] = (CHUNK_ELEMENTS + 1000,)
    for name, shape in shapes.items():
        model.register_parameter(name, torch.nn.Parameter(torch.randn(shape, generator=generator).to(device=device, dtype=dtype), requires_grad=False))
    return model


def check_reference_identity(report: Report, device: torch.device, big: bool) -> None:
    for dtype in DTYPES:
        for chunk in (1000, CHUNK_ELEMENTS):
            model = straddling_model(dtype, device, big)
            reference = {name: p.detach().clone() for name, p in model.named_parameters()}
            es = SeededES(model, chunk_elements=chunk, log=QUIET)
            es.init()
            same = []
            for step, (seed, sigma) in enumerate([(11, 0.01), (12, 0.3)]):
                es.apply(seed, sigma)
                reference_perturb(reference, seed, sigma, chunk)
                same.append(all(torch.equal(p, reference[n]) for n, p in model.named_parameters()))
                es.revert(seed, sigma)
                reference_perturb(reference, seed, -sigma, chunk)
                same.append(all(torch.equal(p, reference[n]) for n, p in model.named_parameters()))
            weights = [0.7, -1.3, 0.2]
            es.update([1, 2, 3], weights, 0.05, reward_normalization="none")
            reference_update(reference, [1, 2, 3], _coefficients(0.05, weights), chunk)
            same.append(all(torch.equal(p, reference[n]) for n, p in model.named_parameters()))
            report.check(f"reference arithmetic, {str(dtype)[6:]}, chunk {chunk}", all(same),
                         f"apply/revert/update bit for bit on {sum(p.numel() for p in model.parameters()):,} weights")


def shard_history(param: torch.Tensor, place, master: bool) -> None:
    """A short ES history on one tensor (or shard): apply, revert, update, apply."""
    name = "layers.0.proj.weight"
    steps = WeightSteps([Slot(name, tensor_id(name), param, make_master(param) if master else None, place)], 1000)
    steps.perturb(5, 0.05)
    steps.unperturb(5, 0.05)
    steps.step([1, 2], [0.01, -0.02])
    steps.perturb(6, 0.05)


def check_shards(report: Report, device: torch.device) -> None:
    generator = torch.Generator().manual_seed(3)
    full = torch.randn(96, 130, generator=generator)
    layouts = {"rows": (0, [[(0, 48)], [(48, 96)]]), "columns": (1, [[(0, 65)], [(65, 130)]]),
               "fused": (0, [[(0, 32), (64, 80), (80, 96)], [(32, 64), (64, 80), (80, 96)]])}
    for dtype in DTYPES:
        for master in (False, True):
            if device.type == "cpu" and dtype != torch.float32 and not master:
                report.skip(f"shards, {str(dtype)[6:]}, in place", "CPU kernels round vector bodies and scalar tails differently (CUDA only)")
                continue
            one = full.to(device=device, dtype=dtype, copy=True)
            shard_history(one, None, master)
            same = True
            for dim, ranks in layouts.values():
                for pieces in ranks:
                    shard = torch.cat([full.to(device=device, dtype=dtype).narrow(dim, s, e - s) for s, e in pieces], dim=dim).contiguous()
                    shard_history(shard, Place(tuple(full.shape), dim, tuple(pieces)), master)
                    same &= torch.equal(shard, torch.cat([one.narrow(dim, s, e - s) for s, e in pieces], dim=dim))
            report.check(f"shards, {str(dtype)[6:]}, {'master copy' if master else 'in place'}", bool(same), "2 ranks x rows, columns, fused QKV = 1 rank")


def check_master_cycles(report: Report, device: torch.device, cycles: int) -> None:
    for dtype in DTYPES:
        model = straddling_model(dtype, device, big=False)
        base = {n: p.detach().clone() for n, p in model.named_parameters()}
        es = SeededES(model, master_copy=True, chunk_elements=1000, log=QUIET)
        es.init()
        for seed in range(cycles):
            es.apply(seed, 0.05)
            es.revert(seed, 0.05)
        exact = all(torch.equal(p, base[n]) for n, p in model.named_parameters())
        report.check(f"master copy, {str(dtype)[6:]}, {cycles} apply/revert cycles", exact, "weights back bit for bit")


def mlp(device: torch.device) -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.GELU(), torch.nn.Linear(256, 64)).to(device).eval().requires_grad_(False)


def check_graphs_and_compile(report: Report, device: torch.device) -> None:
    x = torch.randn(8, 64, device=device)
    if device.type == "cuda":
        model = mlp(device)
        es = SeededES(model, log=QUIET)
        es.init()
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side), torch.no_grad():
            for _ in range(3):
                model(x)
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph), torch.no_grad():
            captured = model(x)
        graph.replay()
        before = captured.clone()
        es.apply(7, 0.05)
        graph.replay()
        with torch.no_grad():
            eager = model(x)
        close = torch.allclose(captured, eager, atol=1e-5, rtol=1e-4)
        report.check("CUDA graph replay sees in-place edits", close and not torch.allclose(captured, before),
                     f"max |replayed - eager| {float((captured - eager).abs().max()):.2e}")
        es.revert(7, 0.05)
    else:
        report.skip("CUDA graph replay sees in-place edits", "no CUDA")
    if not hasattr(torch, "compile"):
        report.skip("torch.compile sees in-place edits", f"torch {torch.__version__} has no torch.compile")
        return
    modes = [("inductor", None), ("inductor", "reduce-overhead")] if device.type == "cuda" else [("aot_eager", None)]
    for backend, mode in modes:
        model = mlp(device)
        es = SeededES(model, log=QUIET)
        es.init()
        compiled = torch.compile(model, backend=backend, mode=mode)
        with torch.no_grad():
            for _ in range(3):  # reduce-overhead records its graph after warm-up runs
                before = compiled(x).clone()
            es.apply(9, 0.05)
            after = compiled(x).clone()
            eager = model(x)
        close = torch.allclose(after, eager, atol=1e-5, rtol=1e-4)
        report.check(f"torch.compile ({backend}{', ' + mode if mode else ''}) sees in-place edits", close and not torch.allclose(before, after),
                     f"max |compiled - eager| {float((after - eager).abs().max()):.2e}")


def check_two_servers(report: Report, device: torch.device) -> None:
    try:
        from tests.hf_tiny import VARIANTS, build, transformers_missing
        from tests.server_process import ServerProcess
    except ImportError as error:
        report.skip("two --hf servers agree", f"servers/tests not importable ({error})")
        return
    missing = transformers_missing()
    if missing:
        report.skip("two --hf servers agree", missing)
        return
    variant = next(v for v in VARIANTS if v.dtype == "bfloat16" and v.arch == "qwen2")
    with tempfile.TemporaryDirectory() as root:
        path = build(variant, root)
        flags = ("--hf", path, "--dtype", variant.dtype, "--device", device.type, "--master-copy", "--exact-reset")
        servers = [ServerProcess(*flags, timeout=300), ServerProcess(*flags, timeout=300)]
        try:
            answers = []
            chat = {"messages": [{"role": "user", "content": "#tsp50 i1"}], "max_tokens": 32}
            for server in servers:
                server.post("/es/init", {})
                server.post("/es/apply", {"seed": 3, "sigma": 0.02})
                sampled = server.post("/v1/chat/completions", {**chat, "seed": 5, "temperature": 0.8, "repeat_prompt": 4})[1]
                server.post("/es/revert", {"seed": 3, "sigma": 0.02})
                server.post("/es/update", {"seeds": [1, 2, 3], "rewards": [1.0, 0.0, -1.0], "alpha": 0.01})
                status = server.post("/es/status")[1]
                greedy = server.post("/v1/chat/completions", {**chat, "temperature": 0})[1]
                answers.append((status["weights_fingerprint"], [c["message"]["content"] for c in sampled["choices"] + greedy["choices"]]))
            report.check("two --hf servers agree", answers[0] == answers[1], f"fingerprint {answers[0][0]}, 5 texts")
        finally:
            for server in servers:
                server.stop()


def check_timings(report: Report, device: torch.device, dry_run: bool) -> None:
    try:
        from transformers import AutoModelForCausalLM, Qwen2Config
    except ImportError as error:
        report.skip("timings on a Qwen2.5-0.5B-shaped model", f"transformers cannot be imported ({error})")
        return
    from ahd_es_servers.hf_model import HfLm

    if dry_run:
        shape = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, vocab_size=1110)
        label, prompt_len, rows, new_tokens = "tiny model (dry run)", 64, 4, 8
    else:  # Qwen2.5-0.5B-Instruct's config
        shape = dict(hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14, num_key_value_heads=2, vocab_size=151936)
        label, prompt_len, rows, new_tokens = "Qwen2.5-0.5B-shaped, bfloat16", 1024, 8, 128
    config = Qwen2Config(**shape, max_position_embeddings=4096, tie_word_embeddings=True)
    torch.manual_seed(0)
    with torch.device(device):
        model = AutoModelForCausalLM.from_config(config).to(torch.bfloat16).eval().requires_grad_(False)
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)
    es = SeededES(model, master_copy=True, exact_reset=True, log=QUIET)
    params = sum(p.numel() for p in model.parameters())

    def timed(name: str, call: Callable[[], Any], detail: str = "") -> None:
        sync(device)
        started = time.perf_counter()
        call()
        sync(device)
        report.timing(f"{label}: {name}", time.perf_counter() - started, detail)

    timed("init (master copy)", es.init, f"{params:,} parameters")
    timed("apply", lambda: es.apply(1, 0.001))
    timed("revert", lambda: es.revert(1, 0.001))
    timed("update, 8 seeds", lambda: es.update(list(range(8)), [float(i) for i in range(8)], 0.001))
    timed("fingerprint", es.fingerprint)
    lm = HfLm(model, device)
    prompt = torch.randint(3, shape["vocab_size"], (prompt_len,), generator=torch.Generator().manual_seed(0)).tolist()

    def generate() -> None:
        with torch.inference_mode():
            logits, cache = lm.prefill(prompt, rows)
            for _ in range(new_tokens):
                logits, cache = lm.extend(logits.argmax(-1).tolist(), cache)

    timed(f"generate {rows} rows x {new_tokens} tokens after a {prompt_len}-token prompt", generate)
    timed("reset (exact)", es.reset)
    if device.type == "cuda":
        peak = torch.cuda.max_memory_allocated(device)
        weights = sum(p.numel() * p.element_size() for p in model.parameters())
        report.check(f"{label}: peak GPU memory", True, f"{peak / 2**30:.2f} GiB (weights {weights / 2**30:.2f} GiB, master copy {4 * params / 2**30:.2f} GiB)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dry-run", action="store_true", help="CPU, small shapes: the checks that need no CUDA")
    parser.add_argument("--json", default=None, help="write the results here")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # CPU work here is small; more threads only wait on busy cores
    if not args.dry_run and not torch.cuda.is_available():
        print("gpu_smoke: no CUDA device (use --dry-run on CPU)", file=sys.stderr)
        return 2
    device = torch.device("cpu" if args.dry_run else "cuda")
    report = Report()
    started = time.perf_counter()
    print(f"gpu_smoke: torch {torch.__version__} on {torch.cuda.get_device_name(device) if device.type == 'cuda' else 'cpu (dry run)'}", flush=True)
    sections = [
        ("reference arithmetic", lambda: check_reference_identity(report, device, big=not args.dry_run)),
        ("shards", lambda: check_shards(report, device)),
        ("master copy", lambda: check_master_cycles(report, device, cycles=20 if args.dry_run else 200)),
        ("graphs and compile", lambda: check_graphs_and_compile(report, device)),
        ("two servers", lambda: check_two_servers(report, device)),
        ("timings", lambda: check_timings(report, device, args.dry_run)),
    ]
    for name, section in sections:
        section_started = time.perf_counter()
        section()
        report.timing(f"section {name}", time.perf_counter() - section_started)
    report.timing("gpu_smoke: total", time.perf_counter() - started)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"torch": torch.__version__, "device": str(device), "dry_run": args.dry_run, "lines": report.lines}, f, indent=1)
    print("gpu_smoke: " + ("FAILED" if report.failed else "all passed"), flush=True)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
