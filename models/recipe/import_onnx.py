"""Reads a bundled model's weights back out of its model.onnx into a gpt.py checkpoint, so train.py can fine-tune a
model whose training checkpoint is gone (work folders do not outlive a session; the ONNX is committed).

    python models/recipe/import_onnx.py --model-dir models/ahd-heuristic-lm-5 --out $W/imported.pt [--no-check]

export_onnx.py keeps the embeddings, layer norms and biases under their parameter names ("model.<name>") and turns
each Linear weight into an anonymous, transposed MatMul constant ("onnx::MatMul_<n>"). Those are matched to the
blocks by the order of the MatMul nodes that read them (the graph is topologically sorted: per block qkv, proj,
mlp.0, mlp.2, then the head), each checked against the shape its place expects. With tied weights the head must be
the token embedding transposed. Unless --no-check, the imported torch model's logits are compared with
onnxruntime's on one fixed token sequence and the import is refused beyond --tolerance.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from typing import Dict, List

import numpy as np
import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpt import GPT, GPTConfig, save_checkpoint  # noqa: E402

PREFIX = "model."
LINEARS = ("attn.qkv", "attn.proj", "mlp.0", "mlp.2")


def fail(message: str) -> None:
    print(f"import_onnx: {message}", file=sys.stderr)
    sys.exit(2)


def config_of(model_dir: str) -> GPTConfig:
    with open(os.path.join(model_dir, "config.json")) as f:
        c = json.load(f)
    return GPTConfig(vocab_size=c["vocab_size"], n_layer=c["num_hidden_layers"], n_head=c["num_attention_heads"],
                     n_embd=c["hidden_size"], block_size=c["max_position_embeddings"],
                     tie_weights=bool(c.get("tie_word_embeddings", True)))


def linear_shapes(cfg: GPTConfig) -> Dict[str, tuple]:
    """The MatMul constant's shape ([in, out]: a Linear's weight transposed) for each Linear of a block."""
    e = cfg.n_embd
    return {"attn.qkv": (e, 3 * e), "attn.proj": (e, e), "mlp.0": (e, 4 * e), "mlp.2": (4 * e, e)}


def state_dict_of(graph: onnx.GraphProto, cfg: GPTConfig) -> Dict[str, torch.Tensor]:
    constants = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    # torch 1.13's export merges constants of equal value (a fresh init's ones and zeros) behind Identity nodes.
    for node in graph.node:
        if node.op_type == "Identity" and node.input[0] in constants:
            constants[node.output[0]] = constants[node.input[0]]
    state = {name[len(PREFIX):]: torch.from_numpy(array.copy()) for name, array in constants.items() if name.startswith(PREFIX)}
    # Anonymous weights in the order their MatMul nodes run; a constant read twice counts once.
    ordered: List[str] = []
    for node in graph.node:
        if node.op_type == "MatMul":
            for name in node.input:
                if name in constants and not name.startswith(PREFIX) and name not in ordered:
                    ordered.append(name)
    expected = 4 * cfg.n_layer + 1
    if len(ordered) != expected:
        fail(f"expected {expected} MatMul weights for {cfg.n_layer} layers, found {len(ordered)}")
    shapes = linear_shapes(cfg)
    for i, name in enumerate(ordered[:-1]):
        block, linear = divmod(i, 4)
        key = f"blocks.{block}.{LINEARS[linear]}.weight"
        array = constants[name]
        if tuple(array.shape) != shapes[LINEARS[linear]]:
            fail(f"{name} has shape {list(array.shape)}, but {key} needs {list(shapes[LINEARS[linear]])} (transposed)")
        state[key] = torch.from_numpy(array.T.copy())
    head = constants[ordered[-1]]
    if tuple(head.shape) != (cfg.n_embd, cfg.vocab_size):
        fail(f"the head {ordered[-1]} has shape {list(head.shape)}, expected {[cfg.n_embd, cfg.vocab_size]}")
    if cfg.tie_weights:
        if not np.array_equal(head.T, state["wte.weight"].numpy()):
            fail("config.json says the head is tied, but the head differs from the token embedding")
        state["lm_head.weight"] = state["wte.weight"]
    else:
        state["lm_head.weight"] = torch.from_numpy(head.T.copy())
    return state


def logits_gap(model: GPT, onnx_path: str, cfg: GPTConfig) -> float:
    """Largest |torch - onnxruntime| over the logits of one fixed sequence (no cache)."""
    import onnxruntime as ort  # only the check needs it

    length = min(64, cfg.block_size)
    ids = (np.arange(length, dtype=np.int64) * 7919 % cfg.vocab_size).reshape(1, length)
    feeds = {"input_ids": ids, "attention_mask": np.ones((1, length), np.int64),
             "position_ids": np.arange(length, dtype=np.int64).reshape(1, length)}
    head_dim = cfg.n_embd // cfg.n_head
    for i in range(cfg.n_layer):
        for kind in ("key", "value"):
            feeds[f"past_key_values.{i}.{kind}"] = np.zeros((1, cfg.n_head, 0, head_dim), np.float32)
    session = ort.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    theirs = session.run(["logits"], feeds)[0]
    with torch.no_grad():
        mine, _ = model(torch.from_numpy(ids))
    return float(np.abs(mine.numpy() - theirs).max())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model-dir", required=True, help="a model folder with model.onnx and config.json")
    ap.add_argument("--out", required=True, help="the checkpoint to write (train.py --init-from reads it)")
    ap.add_argument("--no-check", action="store_true", help="skip the logits comparison (needs onnxruntime)")
    ap.add_argument("--tolerance", type=float, default=1e-4)
    args = ap.parse_args()
    onnx_path = os.path.join(args.model_dir, "model.onnx")
    for path in (onnx_path, os.path.join(args.model_dir, "config.json")):
        if not os.path.exists(path):
            fail(f"no {os.path.basename(path)} in {args.model_dir}")
    cfg = config_of(args.model_dir)
    model = GPT(cfg)
    state = state_dict_of(onnx.load(onnx_path).graph, cfg)
    missing, unexpected = model.load_state_dict(state, strict=False)
    if missing or unexpected:
        fail(f"the graph does not fill the model: missing {missing}, unexpected {unexpected}")
    model.eval()
    if not args.no_check:
        gap = logits_gap(model, onnx_path, cfg)
        if gap > args.tolerance:
            fail(f"the imported model's logits differ from the ONNX graph's by {gap:.2e} (tolerance {args.tolerance:.0e})")
        print(f"logits equal onnxruntime's within {gap:.2e}")
    save_checkpoint(model, args.out, source=os.path.abspath(args.model_dir))
    with open(args.out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    print(f"wrote {args.out}: {sum(p.numel() for p in model.parameters())} parameters, sha256 {digest}")


if __name__ == "__main__":
    main()
