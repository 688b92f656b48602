"""Where a tensor-parallel shard lies in its full tensor, and which of the full tensor's noise it takes.

ES noise is defined on the full tensor (noise.py: one generator per tensor name, consecutive chunks over the
flattened tensor). A rank holding a shard draws the full tensor's chunks in order, as one rank would, and keeps the
elements at its shard's places, so every shard gets its own part of the one Gaussian draw (no two shards share
noise) and tensor parallelism of any size writes the weights tensor parallelism 1 writes.

A Place says: along dimension `dim` of `full_shape`, the shard holds the index ranges `pieces`, one after another
(a column-parallel shard holds one range; a fused QKV or gate/up shard one per fused part). Seen as
[outer, D, inner] (D = full_shape[dim]), the full tensor's flattened chunk [a, b) meets the shard in O(pieces)
Segments: whole rows of `outer` (a strided box) and the partial rows at the chunk's two ends (contiguous runs).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple

import torch


@dataclass(frozen=True)
class Place:
    full_shape: Tuple[int, ...]
    dim: int
    pieces: Tuple[Tuple[int, int], ...]
    # Per piece, whether this rank counts it in the weights fingerprint: a piece several ranks hold (a replicated
    # norm, key/value heads shared by ranks) is counted by one of them, so the ranks' sums add up to one rank's.
    owned: Tuple[bool, ...] = ()

    def owns(self, piece: int) -> bool:
        return not self.owned or self.owned[piece]

    @property
    def full_numel(self) -> int:
        return math.prod(self.full_shape)

    @property
    def local_shape(self) -> Tuple[int, ...]:
        shape = list(self.full_shape)
        shape[self.dim] = sum(end - start for start, end in self.pieces)
        return tuple(shape)

    def check(self, name: str, shape: Sequence[int]) -> None:
        """A place that does not describe the tensor is refused, never guessed around."""
        size = self.full_shape[self.dim] if 0 <= self.dim < len(self.full_shape) else -1
        fits = all(0 <= start < end <= size for start, end in self.pieces) and len(self.owned) in (0, len(self.pieces))
        if not fits or tuple(shape) != self.local_shape:
            raise ValueError(f"tensor {name}: shape {tuple(shape)} is not the shard {self.pieces} along dim {self.dim} of {self.full_shape}")


@dataclass(frozen=True)
class Segment:
    """One part of a chunk's noise and the part of the local tensor it goes to (views of equal shape)."""

    local: Callable[[torch.Tensor], torch.Tensor]
    noise: Callable[[torch.Tensor], torch.Tensor]
    piece: int = 0  # which of the place's pieces it lies in


def whole_segment(start: int, end: int) -> Segment:
    """An unsharded tensor: the chunk is the flat range [start, end)."""
    return Segment(local=lambda t: t.view(-1)[start:end], noise=lambda chunk: chunk)


def shard_segments(place: Place, start: int, end: int) -> List[Segment]:
    """The shard's parts of the full tensor's flattened chunk [start, end), in the shard's element order."""
    outer = math.prod(place.full_shape[: place.dim])
    size = place.full_shape[place.dim]
    inner = math.prod(place.full_shape[place.dim + 1 :])
    local_size = place.local_shape[place.dim]
    row = size * inner  # elements per row of `outer` in the full tensor
    offsets, at = [], 0
    for s, e in place.pieces:
        offsets.append(at)
        at += e - s
    segments: List[Segment] = []

    def partial(r: int, lo: int, hi: int) -> None:
        """Row r of `outer`, elements [lo, hi) within the row (full coordinates)."""
        for piece, ((s, e), o) in enumerate(zip(place.pieces, offsets)):
            u, v = max(lo, s * inner), min(hi, e * inner)
            if u < v:
                local_lo = o * inner + u - s * inner
                full_lo = r * row + u - start
                segments.append(Segment(
                    local=lambda t, r=r, a=local_lo, n=v - u: t.view(outer, local_size * inner)[r, a : a + n],
                    noise=lambda chunk, a=full_lo, n=v - u: chunk[a : a + n],
                    piece=piece,
                ))

    first, last = start // row, (end - 1) // row
    if first == last:
        partial(first, start - first * row, end - first * row)
        return segments
    whole_from = first + (1 if start % row else 0)
    whole_to = last + (1 if end % row == 0 else 0)
    if start % row:
        partial(first, start % row, row)
    if whole_from < whole_to:
        for piece, ((s, e), o) in enumerate(zip(place.pieces, offsets)):
            segments.append(Segment(
                local=lambda t, s=s, e=e, o=o: t.view(outer, local_size, inner)[whole_from:whole_to, o : o + e - s, :],
                noise=lambda chunk, s=s, e=e: chunk[whole_from * row - start : whole_to * row - start].view(whole_to - whole_from, size, inner)[:, s:e, :],
                piece=piece,
            ))
    if end % row:
        partial(last, 0, end % row)
    return segments


def chunk_segments(place: Optional[Place], start: int, end: int) -> List[Segment]:
    return [whole_segment(start, end)] if place is None else shard_segments(place, start, end)
