"""Where each tensor-parallel shard of a vLLM model lies in its full tensor (ahd_es_servers.shards.Place).

Read from vLLM's parallel layers, by class (most derived first), with their own attributes:
- QKVParallelLinear: rank r holds its query heads, then its key heads, then its value heads (key/value heads
  replicated over num_kv_head_replicas ranks when there are fewer than ranks);
- MergedColumnParallelLinear (gate_up_proj): its 1/T of each fused output, one after another;
- ColumnParallelLinear: rows [r * P, (r + 1) * P) of the output dimension (weight and bias);
- RowParallelLinear: columns [r * P, (r + 1) * P) of the input dimension (the bias is whole on every rank);
- VocabParallelEmbedding / ParallelLMHead: rows [r * P, (r + 1) * P) of the padded vocabulary.
With one rank every tensor is whole (no place); with several, a parameter vLLM replicates (norms, a row-parallel
bias) is placed whole, counted in the fingerprint by rank 0 (key/value heads shared by ranks: by the first of
them). A sharded
parameter of any other class, and fused MoE experts split over ranks, are refused at /es/init (a guessed place
would give wrong noise), and every place is checked against the parameter's shape. Imports no vllm: the classes are told apart by name.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

import torch

from ahd_es_servers.shards import Place

PlaceOf = Callable[[str, torch.Tensor], Optional[Place]]


def _classes(module: torch.nn.Module) -> List[str]:
    return [cls.__name__ for cls in type(module).__mro__]


def _column_pieces(module, rank: int, tp_size: int, size: int) -> Tuple[Tuple[int, int], ...]:
    classes = _classes(module)
    if "QKVParallelLinear" in classes:
        head, v_head = module.head_size, getattr(module, "v_head_size", module.head_size)
        q_total, kv_total = module.total_num_heads * head, module.total_num_kv_heads * head
        q, kv, v = module.num_heads * head, module.num_kv_heads * head, module.num_kv_heads * v_head
        kv_rank = rank // module.num_kv_head_replicas
        return (
            (rank * q, (rank + 1) * q),
            (q_total + kv_rank * kv, q_total + (kv_rank + 1) * kv),
            (q_total + kv_total + kv_rank * v, q_total + kv_total + (kv_rank + 1) * v),
        )
    if "MergedColumnParallelLinear" in classes:
        pieces, at = [], 0
        for full in module.output_sizes:
            part = full // tp_size
            pieces.append((at + rank * part, at + (rank + 1) * part))
            at += full
        return tuple(pieces)
    part = size // tp_size
    return ((rank * part, (rank + 1) * part),)


def _column_size(module, classes: List[str]) -> int:
    """The full output size of a column-parallel layer (its rows at tensor-parallel size 1)."""
    if "QKVParallelLinear" in classes:
        head, v_head = module.head_size, getattr(module, "v_head_size", module.head_size)
        return (module.total_num_heads + module.total_num_kv_heads) * head + module.total_num_kv_heads * v_head
    if "MergedColumnParallelLinear" in classes:
        return int(sum(module.output_sizes))
    return int(module.output_size)


def _replicated(param: torch.Tensor, rank: int) -> Optional[Place]:
    """A tensor every rank holds whole: its noise is the whole tensor's; rank 0 counts it in the fingerprint."""
    if param.dim() == 0:
        return None
    return Place(tuple(param.shape), 0, ((0, param.shape[0]),), owned=(rank == 0,))


def _place(module, local_name: str, param: torch.Tensor, rank: int, world: int) -> Optional[Place]:
    classes = _classes(module)
    tp_size = int(getattr(module, "tp_size", world) or 1)
    if tp_size == 1:
        return None
    rank = int(getattr(module, "tp_rank", rank))
    if "ReplicatedLinear" in classes:
        return _replicated(param, rank)
    if any("MoE" in name for name in classes):
        raise ValueError(f"a {type(module).__name__} shard: expert weights split over ranks are not placed by ahd_vllm.shard_places")
    shape = list(param.shape)
    if "VocabParallelEmbedding" in classes:
        full = int(module.num_embeddings_padded)
        part = full // tp_size
        return Place(tuple([full] + shape[1:]), 0, ((rank * part, (rank + 1) * part),))
    if "RowParallelLinear" in classes:
        if local_name == "bias":
            return _replicated(param, rank)
        full = int(module.input_size)
        part = full // tp_size
        return Place(tuple(shape[:1] + [full] + shape[2:]), 1, ((rank * part, (rank + 1) * part),))
    if "ColumnParallelLinear" in classes:
        full = _column_size(module, classes)
        pieces = _column_pieces(module, rank, tp_size, full)
        # Key/value heads shared by num_kv_head_replicas ranks: the first of them counts them in the fingerprint.
        shared = rank % getattr(module, "num_kv_head_replicas", 1) != 0 if "QKVParallelLinear" in classes else False
        owned = tuple(not (shared and i > 0) for i in range(len(pieces)))
        return Place(tuple([full] + shape[1:]), 0, pieces, owned)
    if hasattr(param, "output_dim") or hasattr(param, "input_dim"):
        raise ValueError(f"a {type(module).__name__} shard: its place in the full tensor is not known to ahd_vllm.shard_places")
    return _replicated(param, rank)


def place_finder(model: torch.nn.Module, tp_rank: int, tp_size: int) -> PlaceOf:
    """place_of(name, param) for SeededES(place_of=...): the shard's Place, None when the tensor is whole. A layer
    without its own tp_rank / tp_size (older vLLM) takes the worker's."""
    owners: Dict[str, Tuple[torch.nn.Module, str]] = {}
    for module_name, module in model.named_modules():
        for local_name, _ in module.named_parameters(recurse=False):
            owners[f"{module_name}.{local_name}" if module_name else local_name] = (module, local_name)

    def place_of(name: str, param: torch.Tensor) -> Optional[Place]:
        module, local_name = owners[name]
        try:
            return _place(module, local_name, param, tp_rank, tp_size)
        except (AttributeError, ValueError, ZeroDivisionError) as error:
            raise ValueError(f"tensor {name}: {error}") from error

    return place_of
