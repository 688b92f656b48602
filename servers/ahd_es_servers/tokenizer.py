"""Byte-level BPE from a Hugging Face tokenizer.json (the kind models/recipe/bpe.py writes), encode and decode.

Encode: split out added tokens (longest first), pre-tokenise each remaining piece with the ByteLevel regex
(GPT-2's pattern with Unicode letters/numbers), map its UTF-8 bytes to GPT-2's printable characters, apply the
merges by rank, look the symbols up. No special tokens are added. Decode: byte-level pieces back to bytes
(invalid UTF-8 replaced), added tokens as their text, special ones left out when asked.

Whitespace (\\s) is the set JavaScript's regex uses, as ahd's onnx backend tokenises with @huggingface/tokenizers.
Only what a byte-level BPE needs is implemented; anything else in tokenizer.json is refused at load.
"""
from __future__ import annotations

import json
import re
import sys
import unicodedata
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from .errors import ModelLoadError

# JavaScript's \s: what ahd's tokenizer library matches.
WHITESPACE = "\t\n\u000b\u000c\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def byte_to_char() -> Dict[int, str]:
    """GPT-2's reversible map of the 256 bytes onto printable characters."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("\u00a1"), ord("\u00ac") + 1)) + list(range(ord("\u00ae"), ord("\u00ff") + 1))
    chars = {b: chr(b) for b in printable}
    extra = 0
    for b in range(256):
        if b not in chars:
            chars[b] = chr(256 + extra)
            extra += 1
    return chars


BYTE_TO_CHAR = byte_to_char()
CHAR_TO_BYTE = {c: b for b, c in BYTE_TO_CHAR.items()}


def _class_of(prefix: str) -> str:
    """A regex character-class body for every code point whose general category starts with `prefix`."""
    ranges: List[Tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)).startswith(prefix):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in ranges)


def _pattern(letters: str, numbers: str) -> re.Pattern:
    s = f"[{WHITESPACE}]"
    not_s = f"[^{WHITESPACE}]"
    return re.compile(
        rf"'s|'t|'re|'ve|'m|'ll|'d| ?[{letters}]+| ?[{numbers}]+| ?[^{WHITESPACE}{letters}{numbers}]+|{s}+(?!{not_s})|{s}+"
    )


ASCII_PATTERN = _pattern("A-Za-z", "0-9")


@lru_cache(maxsize=1)
def unicode_pattern() -> re.Pattern:
    """The full pattern (built once, on the first non-ASCII text: it scans every code point)."""
    return _pattern(_class_of("L"), _class_of("N"))


def pretokenize(text: str) -> List[str]:
    pattern = ASCII_PATTERN if text.isascii() else unicode_pattern()
    return pattern.findall(text)


class ByteLevelBpe:
    def __init__(self, spec: dict, source: str = "tokenizer.json") -> None:
        model = spec.get("model") or {}
        _require(model.get("type") == "BPE", source, f"model.type {model.get('type')!r} (only BPE is served)")
        _require(spec.get("normalizer") is None, source, "a normalizer")
        _require(not model.get("dropout"), source, "BPE dropout")
        _require(not model.get("continuing_subword_prefix") and not model.get("end_of_word_suffix"), source, "subword affixes")
        _require(not model.get("byte_fallback"), source, "byte_fallback")
        pre = spec.get("pre_tokenizer") or {}
        _require(pre.get("type") == "ByteLevel", source, f"pre_tokenizer {pre.get('type')!r} (only ByteLevel is served)")
        decoder = spec.get("decoder")
        _require(decoder is None or decoder.get("type") == "ByteLevel", source, f"decoder {decoder and decoder.get('type')!r}")
        self.add_prefix_space = bool(pre.get("add_prefix_space", False))
        self.use_regex = bool(pre.get("use_regex", True))
        self.ignore_merges = bool(model.get("ignore_merges", False))
        self.vocab: Dict[str, int] = dict(model["vocab"])
        merges = [m.split(" ") if isinstance(m, str) else list(m) for m in model.get("merges", [])]
        self.ranks = {(a, b): rank for rank, (a, b) in enumerate(merges)}
        self.added: Dict[str, int] = {}
        self.special_ids = set()
        for token in spec.get("added_tokens", []):
            _require(not (token.get("lstrip") or token.get("rstrip") or token.get("single_word")), source, "added tokens with lstrip/rstrip/single_word")
            self.added[token["content"]] = int(token["id"])
            if token.get("special"):
                self.special_ids.add(int(token["id"]))
        self.id_to_token: Dict[int, str] = {i: t for t, i in self.vocab.items()}
        self.id_to_token.update({i: t for t, i in self.added.items()})
        self.added_ids = set(self.added.values())
        longest_first = sorted(self.added, key=len, reverse=True)
        self.added_split = re.compile("(" + "|".join(re.escape(t) for t in longest_first) + ")") if longest_first else None
        self._words: Dict[str, List[int]] = {}

    @staticmethod
    def from_file(path: str) -> "ByteLevelBpe":
        with open(path, encoding="utf-8") as f:
            return ByteLevelBpe(json.load(f), path)

    def token_id(self, token: str) -> Optional[int]:
        return self.added.get(token, self.vocab.get(token))

    def encode(self, text: str) -> List[int]:
        ids: List[int] = []
        pieces = self.added_split.split(text) if self.added_split else [text]
        for piece in pieces:
            if piece in self.added:
                ids.append(self.added[piece])
            elif piece:
                ids.extend(self._encode_piece(piece))
        return ids

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        parts: List[str] = []
        pending: List[str] = []
        for token_id in ids:
            token_id = int(token_id)
            if token_id in self.added_ids:
                parts.append(self._bytes_to_text(pending))
                pending = []
                if not (skip_special_tokens and token_id in self.special_ids):
                    parts.append(self.id_to_token[token_id])
            elif token_id in self.id_to_token:
                pending.append(self.id_to_token[token_id])
        parts.append(self._bytes_to_text(pending))
        return "".join(parts)

    def _encode_piece(self, piece: str) -> List[int]:
        if self.add_prefix_space and not piece.startswith(" "):
            piece = " " + piece
        words = pretokenize(piece) if self.use_regex else [piece]
        ids: List[int] = []
        for word in words:
            ids.extend(self._encode_word("".join(BYTE_TO_CHAR[b] for b in word.encode("utf-8"))))
        return ids

    def _encode_word(self, word: str) -> List[int]:
        cached = self._words.get(word)
        if cached is not None:
            return cached
        if self.ignore_merges and word in self.vocab:
            symbols = [word]
        else:
            symbols = self._merge(list(word))
        ids = [self.vocab[s] for s in symbols if s in self.vocab]  # no unk token: an unknown symbol is dropped, as HF does
        self._words[word] = ids
        return ids

    def _merge(self, symbols: List[str]) -> List[str]:
        """Merge the lowest-ranked adjacent pair (leftmost among equals) until no pair has a rank."""
        while len(symbols) > 1:
            best_rank, best_at = None, -1
            for at in range(len(symbols) - 1):
                rank = self.ranks.get((symbols[at], symbols[at + 1]))
                if rank is not None and (best_rank is None or rank < best_rank):
                    best_rank, best_at = rank, at
            if best_rank is None:
                break
            symbols[best_at : best_at + 2] = [symbols[best_at] + symbols[best_at + 1]]
        return symbols

    @staticmethod
    def _bytes_to_text(tokens: List[str]) -> str:
        if not tokens:
            return ""
        data = bytes(CHAR_TO_BYTE[c] for token in tokens for c in token if c in CHAR_TO_BYTE)
        return data.decode("utf-8", errors="replace")


def _require(ok: bool, source: str, what: str) -> None:
    if not ok:
        raise ModelLoadError(f"{source}: unsupported tokenizer feature: {what}")
