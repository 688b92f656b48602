"""Export a GPT checkpoint (or a seeded random init, for test fixtures) to an ahd/Hugging Face style model dir.

    python3 models/recipe/export_onnx.py --checkpoint ckpt.pt --tokenizer-dir DIR --out DIR
    python3 models/recipe/export_onnx.py --random-config config.json --tokenizer-dir DIR --out DIR

The model dir holds model.onnx, config.json, generation_config.json, tokenizer.json, tokenizer_config.json.
model.onnx is one graph for prefill and decode (an empty past is allowed):
    inputs  input_ids [batch, seq] int64, attention_mask [batch, past+seq] int64, position_ids [batch, seq] int64,
            past_key_values.{i}.key / .value [batch, heads, past, head_dim] float32
    outputs logits [batch, seq, vocab] float32, present.{i}.key / .value [batch, heads, past+seq, head_dim] float32
Weights stay graph initializers (ahd lifts them to inputs at load time). Export quirks of torch 1.13: a tied
lm_head is folded into its own transposed copy (the graph then holds two independent matrices), and
initializers with identical values (e.g. the ones/zeros of a fresh init) are merged behind Identity nodes.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from typing import List

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpt import GPT, GPTConfig, load_checkpoint  # noqa: E402

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json")


class OnnxForward(nn.Module):
    """Flat-argument forward with the export's input/output order."""

    def __init__(self, model: GPT) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask, position_ids, *past_flat):  # type: ignore[no-untyped-def]
        past = [(past_flat[2 * i], past_flat[2 * i + 1]) for i in range(len(past_flat) // 2)]
        logits, presents = self.model(input_ids, attention_mask, position_ids, past)
        return (logits, *[t for kv in presents for t in kv])


def io_names(n_layer: int) -> tuple[List[str], List[str]]:
    past = [f"past_key_values.{i}.{kind}" for i in range(n_layer) for kind in ("key", "value")]
    present = [f"present.{i}.{kind}" for i in range(n_layer) for kind in ("key", "value")]
    return ["input_ids", "attention_mask", "position_ids", *past], ["logits", *present]


def export_graph(model: GPT, path: str, opset: int) -> None:
    cfg = model.cfg
    head_dim = cfg.n_embd // cfg.n_head
    batch, past_len, seq = 1, 3, 2  # traced with a non-empty past; all these axes are dynamic
    input_ids = torch.zeros(batch, seq, dtype=torch.long)
    attention_mask = torch.ones(batch, past_len + seq, dtype=torch.long)
    position_ids = torch.arange(past_len, past_len + seq).unsqueeze(0)
    past = [torch.zeros(batch, cfg.n_head, past_len, head_dim) for _ in range(2 * cfg.n_layer)]
    inputs, outputs = io_names(cfg.n_layer)
    axes = {
        "input_ids": {0: "batch", 1: "seq"},
        "attention_mask": {0: "batch", 1: "total"},
        "position_ids": {0: "batch", 1: "seq"},
        "logits": {0: "batch", 1: "seq"},
    }
    axes.update({name: {0: "batch", 2: "past"} for name in inputs[3:]})
    axes.update({name: {0: "batch", 2: "total"} for name in outputs[1:]})
    with torch.no_grad():
        torch.onnx.export(
            OnnxForward(model),
            (input_ids, attention_mask, position_ids, *past),
            path,
            input_names=inputs,
            output_names=outputs,
            dynamic_axes=axes,
            opset_version=opset,
            do_constant_folding=True,
        )


def token_id(tokenizer: dict, token: object) -> int | None:
    """Id of a special token (a string or an AddedToken-like dict) in a tokenizer.json."""
    if isinstance(token, dict):
        token = token.get("content")
    if not isinstance(token, str):
        return None
    for added in tokenizer.get("added_tokens", []):
        if added.get("content") == token:
            return int(added["id"])
    vocab = tokenizer.get("model", {}).get("vocab")
    if isinstance(vocab, dict) and token in vocab:
        return int(vocab[token])
    return None


def write_json(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--checkpoint", help="checkpoint written by gpt.save_checkpoint")
    src.add_argument("--random-config", help="JSON GPTConfig (plus optional 'seed'): export a random init")
    ap.add_argument("--tokenizer-dir", required=True, help="dir with tokenizer.json and tokenizer_config.json")
    ap.add_argument("--out", required=True, help="model dir to write")
    ap.add_argument("--name", default="ahd-gpt", help="model name recorded in config.json")
    ap.add_argument("--prompt-style", choices=("reference", "compact", "compact-sig"), default="reference")
    ap.add_argument("--opset", type=int, default=14)
    ap.add_argument("--temperature", type=float, default=1.0)
    ap.add_argument("--top-p", type=float, default=1.0)
    ap.add_argument("--top-k", type=int, default=0)
    ap.add_argument("--max-new-tokens", type=int, default=512)
    args = ap.parse_args()

    torch.set_num_threads(2)
    if args.checkpoint:
        model = load_checkpoint(args.checkpoint)
    else:
        with open(args.random_config, encoding="utf-8") as f:
            spec = json.load(f)
        torch.manual_seed(int(spec.pop("seed", 0)))
        model = GPT(GPTConfig.from_dict(spec)).eval()
    cfg = model.cfg

    with open(os.path.join(args.tokenizer_dir, "tokenizer.json"), encoding="utf-8") as f:
        tokenizer = json.load(f)
    with open(os.path.join(args.tokenizer_dir, "tokenizer_config.json"), encoding="utf-8") as f:
        tokenizer_config = json.load(f)
    bos_id = token_id(tokenizer, tokenizer_config.get("bos_token"))
    eos_id = token_id(tokenizer, tokenizer_config.get("eos_token"))
    if eos_id is None:
        sys.exit("export_onnx: tokenizer_config.json eos_token is missing or not in tokenizer.json")
    ids = list(tokenizer.get("model", {}).get("vocab", {}).values()) + [t["id"] for t in tokenizer.get("added_tokens", [])]
    vocab_needed = max(ids, default=-1) + 1
    if vocab_needed > cfg.vocab_size:
        sys.exit(f"export_onnx: tokenizer has {vocab_needed} ids, model vocab_size is {cfg.vocab_size}")

    os.makedirs(args.out, exist_ok=True)
    export_graph(model, os.path.join(args.out, "model.onnx"), args.opset)
    for name in TOKENIZER_FILES:
        shutil.copyfile(os.path.join(args.tokenizer_dir, name), os.path.join(args.out, name))
    write_json(
        os.path.join(args.out, "config.json"),
        {
            "_name_or_path": args.name,
            "model_type": "gpt2",
            "architectures": ["GPT2LMHeadModel"],
            "vocab_size": cfg.vocab_size,
            "num_hidden_layers": cfg.n_layer,
            "num_attention_heads": cfg.n_head,
            "hidden_size": cfg.n_embd,
            "max_position_embeddings": cfg.block_size,
            "tie_word_embeddings": cfg.tie_weights,
            "bos_token_id": bos_id,
            "eos_token_id": eos_id,
            "use_cache": True,
            "ahd_prompt_style": args.prompt_style,
        },
    )
    write_json(
        os.path.join(args.out, "generation_config.json"),
        {
            "bos_token_id": bos_id,
            "eos_token_id": eos_id,
            "do_sample": args.temperature > 0,
            "temperature": args.temperature,
            "top_p": args.top_p,
            "top_k": args.top_k,
            "max_new_tokens": args.max_new_tokens,
        },
    )
    print(f"export_onnx: wrote {args.out} ({model.num_params()} parameters, opset {args.opset})")


if __name__ == "__main__":
    main()
