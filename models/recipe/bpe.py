"""Byte-level BPE for the bundled model: trainer, encoder, and the Hugging Face tokenizer.json writer.

    /usr/bin/python3 models/recipe/bpe.py --corpus CORPUS.jsonl --vocab 1536 --out DIR

Pre-tokenisation is GPT-2's ByteLevel regex (the tokenizer.json sets use_regex), written here for ASCII text,
which is all the corpus holds. Special tokens are split out before pre-tokenisation, so prompt and answer
encode independently: the answer's first token never merges with the prompt's last.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re

# GPT-2 pattern with \p{L} -> [A-Za-z] and \p{N} -> [0-9] (identical on ASCII input).
PRETOKEN = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+""")


def special_split(specials: list[str]) -> re.Pattern:
    return re.compile("(" + "|".join(re.escape(s) for s in specials) + ")")


def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's reversible byte -> printable character map."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


BYTE_CHARS = bytes_to_unicode()


def words(text: str, specials: list[str]) -> list[str]:
    out = []
    for piece in special_split(specials).split(text):
        if piece and piece not in specials:
            out.extend("".join(BYTE_CHARS[b] for b in w.encode("utf-8")) for w in PRETOKEN.findall(piece))
    return out


def train(texts, vocab_size: int, specials: list[str]) -> list[tuple[str, str]]:
    counts: collections.Counter = collections.Counter()
    for t in texts:
        counts.update(words(t, specials))
    vocab_words = [list(w) for w in counts]
    freqs = [counts[w] for w in counts]
    pairs: collections.Counter = collections.Counter()
    where: dict[tuple[str, str], set[int]] = collections.defaultdict(set)
    for i, syms in enumerate(vocab_words):
        for a, b in zip(syms, syms[1:]):
            pairs[(a, b)] += freqs[i]
            where[(a, b)].add(i)
    merges: list[tuple[str, str]] = []
    target = vocab_size - 256 - len(specials)
    while len(merges) < target and pairs:
        best = max(pairs, key=lambda p: (pairs[p], p))
        if pairs[best] < 2:
            break
        merges.append(best)
        merged = best[0] + best[1]
        for i in list(where[best]):
            syms = vocab_words[i]
            f = freqs[i]
            for a, b in zip(syms, syms[1:]):
                pairs[(a, b)] -= f
                if pairs[(a, b)] <= 0:
                    del pairs[(a, b)]
            out, j = [], 0
            while j < len(syms):
                if j + 1 < len(syms) and syms[j] == best[0] and syms[j + 1] == best[1]:
                    out.append(merged)
                    j += 2
                else:
                    out.append(syms[j])
                    j += 1
            vocab_words[i] = out
            for a, b in zip(out, out[1:]):
                pairs[(a, b)] += f
                where[(a, b)].add(i)
        del where[best]
    return merges


class Encoder:
    def __init__(self, tokenizer_json: dict) -> None:
        self.vocab = tokenizer_json["model"]["vocab"]
        self.ranks = {tuple(m.split(" ")): r for r, m in enumerate(tokenizer_json["model"]["merges"])}
        self.special = {t["content"]: t["id"] for t in tokenizer_json["added_tokens"]}
        self.split = special_split(list(self.special))
        self.cache: dict[str, list[int]] = {}

    def _word(self, w: str) -> list[int]:
        if w in self.cache:
            return self.cache[w]
        syms = list(w)
        while len(syms) > 1:
            ranked = [(self.ranks.get((a, b), 1 << 30), k) for k, (a, b) in enumerate(zip(syms, syms[1:]))]
            rank, k = min(ranked)
            if rank == 1 << 30:
                break
            syms = syms[:k] + [syms[k] + syms[k + 1]] + syms[k + 2 :]
        ids = [self.vocab[s] for s in syms]
        self.cache[w] = ids
        return ids

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for piece in self.split.split(text):
            if piece in self.special:
                ids.append(self.special[piece])
            elif piece:
                for w in PRETOKEN.findall(piece):
                    ids.extend(self._word("".join(BYTE_CHARS[b] for b in w.encode("utf-8"))))
        return ids


def tokenizer_json(merges: list[tuple[str, str]], specials: list[str]) -> dict:
    vocab: dict[str, int] = {}
    for s in specials:
        vocab[s] = len(vocab)
    for b in range(256):
        vocab[BYTE_CHARS[b]] = len(vocab)
    for a, b in merges:
        vocab.setdefault(a + b, len(vocab))
    added = [
        {"id": vocab[s], "content": s, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
        for s in specials
    ]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": False,
            "vocab": vocab,
            "merges": [f"{a} {b}" for a, b in merges],
        },
    }


def tokenizer_config(fmt: dict) -> dict:
    return {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "bos_token": None,
        "eos_token": fmt["eosToken"],
        "pad_token": fmt["eosToken"],
        "unk_token": None,
        "model_max_length": 1024,
        "add_bos_token": False,
        "add_eos_token": False,
        "clean_up_tokenization_spaces": False,
        "chat_template": fmt["chatTemplate"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--vocab", type=int, default=1536)
    ap.add_argument("--sample", type=int, default=30000, help="examples used to count words")
    ap.add_argument("--format", help="format.json written by the corpus generator (default: next to the corpus)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    # format.json comes from src/scaffolds/prompts/compact.ts, the format's one source.
    with open(args.format or os.path.join(os.path.dirname(args.corpus), "format.json"), encoding="utf-8") as f:
        fmt = json.load(f)
    specials = fmt["specialTokens"]
    texts = []
    with open(args.corpus, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= args.sample:
                break
            texts.append(json.loads(line)["text"])
    merges = train(texts, args.vocab, specials)
    tok = tokenizer_json(merges, specials)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tok, f, ensure_ascii=False)
    with open(os.path.join(args.out, "tokenizer_config.json"), "w", encoding="utf-8") as f:
        json.dump(tokenizer_config(fmt), f, indent=2, ensure_ascii=False)
    enc = Encoder(tok)
    n_chars = sum(len(t) for t in texts[:2000])
    n_tok = sum(len(enc.encode(t)) for t in texts[:2000])
    print(f"bpe: {len(tok['model']['vocab'])} tokens, {len(merges)} merges, {n_chars / n_tok:.2f} chars/token")


if __name__ == "__main__":
    main()
