"""Adds tokens to a trained model's byte-level BPE tokenizer and grows its checkpoint to match, for fine-tuning.

    python models/recipe/add_tokens.py --checkpoint $W/imported.pt --tokenizer-dir $W/tokenizer --text " ||" \
        --out-checkpoint $W/extended.pt --out-tokenizer-dir $W/tokenizer-extended

Each --text must be one pre-token (one word of the GPT-2 split: ` ||`, not `a || b`) that encodes today as two or
more tokens. Merges are appended after the existing ones, left to right over today's pieces (` `, `|`, `|` gives
`Ġ |` then `Ġ| |`), each new token taking the next id; so a text where none of the new pairs meets encodes exactly
as before, and a text where one does gets the longer token. Why: a small model writes two identical tokens in a row
badly (ahd-heuristic-lm-10 miscounted ` ||`, three tokens, in a quarter of its aco-tsp50 programs), where one token
leaves nothing to count.

Each new token's row of the token embedding (and of the head, tied or not) starts as the mean of the rows of the
pieces it replaces, so before any training step the model reads it roughly as it read those pieces. The other rows,
and every other weight, are copied unchanged.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from typing import List, Tuple

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpe import Encoder, words  # noqa: E402

EMBEDDINGS = ("wte.weight", "lm_head.weight")  # rows indexed by token id


def fail(message: str) -> None:
    print(f"add_tokens: {message}", file=sys.stderr)
    sys.exit(2)


def extend_tokenizer(tok: dict, texts: List[str]) -> Tuple[dict, List[List[int]]]:
    """The tokenizer with each text's merges appended, and per new token (in id order) the old ids it replaces."""
    enc = Encoder(tok)
    specials = list(enc.special)
    vocab, merges = dict(tok["model"]["vocab"]), list(tok["model"]["merges"])
    inv = {i: s for s, i in vocab.items()}
    sources: List[List[int]] = []
    if len(set(texts)) != len(texts):
        fail("a --text is given twice")
    for text in texts:
        pieces = words(text, specials)
        if len(pieces) != 1:
            fail(f"--text {text!r} is {len(pieces)} pre-tokens; give one word of the split (such as ' ||')")
        ids = enc.encode(text)
        if len(ids) < 2:
            fail(f"--text {text!r} is already one token (id {ids[0]})")
        acc = inv[ids[0]]
        for k in range(1, len(ids)):
            nxt = inv[ids[k]]
            merges.append(f"{acc} {nxt}")
            acc += nxt
            if acc not in vocab:
                vocab[acc] = len(vocab)
                sources.append(ids[: k + 1])
    out = json.loads(json.dumps(tok))
    out["model"]["vocab"], out["model"]["merges"] = vocab, merges
    return out, sources


def extend_checkpoint(ckpt: dict, sources: List[List[int]]) -> dict:
    """The checkpoint with one row per new token appended to each embedding-sized matrix, as its pieces' mean."""
    vocab_size = ckpt["config"]["vocab_size"]
    state = dict(ckpt["model"])
    grown = {}
    for key in EMBEDDINGS:
        if key not in state:
            continue
        weight = state[key]
        if weight.shape[0] != vocab_size:
            fail(f"{key} has {weight.shape[0]} rows, the config says vocab_size {vocab_size}")
        # Tied weights share one tensor: grow it once, so the head stays the embedding.
        ident = id(weight)
        if ident not in grown:
            rows = torch.stack([weight[ids].mean(dim=0) for ids in sources])
            grown[ident] = torch.cat([weight, rows.to(weight.dtype)], dim=0)
        state[key] = grown[ident]
    return {"config": {**ckpt["config"], "vocab_size": vocab_size + len(sources)}, "model": state}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", required=True, help="a gpt.py checkpoint (import_onnx.py's or train.py's)")
    ap.add_argument("--tokenizer-dir", required=True, help="its tokenizer.json and tokenizer_config.json")
    ap.add_argument("--text", action="append", required=True, help="a word to make one token (repeatable)")
    ap.add_argument("--out-checkpoint", required=True)
    ap.add_argument("--out-tokenizer-dir", required=True)
    args = ap.parse_args()
    with open(os.path.join(args.tokenizer_dir, "tokenizer.json"), encoding="utf-8") as f:
        tok = json.load(f)
    ckpt = torch.load(args.checkpoint, map_location="cpu")
    if ckpt["config"]["vocab_size"] != len(tok["model"]["vocab"]):
        fail(f"the checkpoint has {ckpt['config']['vocab_size']} tokens, the tokenizer {len(tok['model']['vocab'])}")
    tok2, sources = extend_tokenizer(tok, args.text)
    ckpt2 = extend_checkpoint(ckpt, sources)
    os.makedirs(args.out_tokenizer_dir, exist_ok=True)
    with open(os.path.join(args.out_tokenizer_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tok2, f, ensure_ascii=False)
    shutil.copy(os.path.join(args.tokenizer_dir, "tokenizer_config.json"), args.out_tokenizer_dir)
    torch.save(ckpt2, args.out_checkpoint)
    added = [s for s, i in tok2["model"]["vocab"].items() if i >= len(tok["model"]["vocab"])]
    print(f"add_tokens: {len(added)} tokens added ({', '.join(repr(s) for s in added)}), vocab {len(tok2['model']['vocab'])}")


if __name__ == "__main__":
    main()
