"""The weights of an ahd model.onnx (models/recipe/export_onnx.py) as the state_dict of models/recipe/gpt.py's GPT.

The export (torch 1.13) keeps each weight as a graph initializer, wrapped in OnnxForward, so names read
'model.<parameter>'; two quirks need undoing: a Linear weight is stored transposed for MatMul under a generated
name ('onnx::MatMul_561'), found through the MatMul node's scope name ('/model/blocks.0/mlp/mlp.0/MatMul'); and
initializers with equal values are merged, the duplicates reappearing as Identity nodes whose outputs carry the
original names. A tied lm_head is exported as its own transposed copy: it must equal the embedding exactly.

Every parameter must receive a value and every float initializer must be used, or loading fails.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

import numpy as np
import onnx
import torch
from onnx import numpy_helper

from .errors import ModelLoadError

PREFIX = "model."  # OnnxForward holds the GPT as `self.model`


def module_of_scope(node_name: str) -> str:
    """'/model/blocks.0/mlp/mlp.0/MatMul' -> 'blocks.0.mlp.0' (a container's child scope repeats its name)."""
    parts = [p for p in node_name.split("/") if p][:-1]
    if not parts or parts[0] != PREFIX[:-1]:
        return ""
    path: List[str] = []
    for part in parts[1:]:
        if path and part.startswith(path[-1] + "."):
            path[-1] = part
        else:
            path.append(part)
    return ".".join(path)


def _identity_sources(graph: onnx.GraphProto, initializers: Dict[str, np.ndarray]) -> Dict[str, str]:
    """Name consumed -> initializer holding its values (through chains of Identity nodes)."""
    sources = {name: name for name in initializers}
    changed = True
    while changed:
        changed = False
        for node in graph.node:
            if node.op_type == "Identity" and node.input[0] in sources and node.output[0] not in sources:
                sources[node.output[0]] = sources[node.input[0]]
                changed = True
    return sources


def gpt_state_dict(onnx_path: str, model: torch.nn.Module) -> Dict[str, torch.Tensor]:
    """The state_dict for `model` (a GPT of the same config), from the ONNX file's initializers."""
    graph = onnx.load(onnx_path).graph
    initializers = {t.name: numpy_helper.to_array(t) for t in graph.initializer if t.data_type == onnx.TensorProto.FLOAT}
    sources = _identity_sources(graph, initializers)
    expected = {name: tuple(t.shape) for name, t in model.state_dict().items()}
    modules = dict(model.named_modules())
    found: Dict[str, List[Tuple[str, np.ndarray]]] = {}
    used = set()

    def take(param: str, consumed: str, values: np.ndarray) -> None:
        if param not in expected:
            raise ModelLoadError(f"{onnx_path}: {consumed} maps to {param}, which the model does not have")
        if tuple(values.shape) != expected[param]:
            raise ModelLoadError(f"{onnx_path}: {consumed} has shape {values.shape}, {param} needs {expected[param]}")
        found.setdefault(param, []).append((consumed, values))
        used.add(sources[consumed])

    for node in graph.node:
        if node.op_type == "Identity":
            continue
        for index, consumed in enumerate(node.input):
            if consumed not in sources:
                continue
            values = initializers[sources[consumed]]
            if consumed.startswith(PREFIX) and consumed[len(PREFIX):] in expected:
                take(consumed[len(PREFIX):], consumed, values)
            elif node.op_type == "MatMul" and index == 1 and isinstance(modules.get(module_of_scope(node.name)), torch.nn.Linear):
                take(f"{module_of_scope(node.name)}.weight", consumed, values.T)
            else:
                raise ModelLoadError(f"{onnx_path}: cannot tell which parameter initializer {consumed} (used by {node.name}) is")

    unused = sorted(set(initializers) - used)
    if unused:
        raise ModelLoadError(f"{onnx_path}: float initializers not mapped to the model: {', '.join(unused)}")
    state: Dict[str, torch.Tensor] = {}
    for param in expected:
        if param not in found:
            raise ModelLoadError(f"{onnx_path}: no initializer for parameter {param}")
        (first_name, first), *others = found[param]
        for name, values in others:
            if not np.array_equal(first, values):
                raise ModelLoadError(f"{onnx_path}: {first_name} and {name} both hold {param} but differ")
        state[param] = torch.from_numpy(np.ascontiguousarray(first).copy())
    _check_ties(onnx_path, model, state)
    return state


def _check_ties(onnx_path: str, model: torch.nn.Module, state: Dict[str, torch.Tensor]) -> None:
    """Names of one tied tensor (wte.weight and lm_head.weight) must receive equal values."""
    by_tensor: Dict[int, str] = {}
    for name, tensor in model.state_dict(keep_vars=True).items():
        first = by_tensor.setdefault(id(tensor), name)
        if first != name and not torch.equal(state[first], state[name]):
            raise ModelLoadError(f"{onnx_path}: {first} and {name} are tied in the model but differ in the graph")
