"""A small numpy interpreter for the ops of ahd's exported GPT graph (opset 14), used only by tests.

It reads the initializers straight from model.onnx, so comparing its logits with the torch GPT checks the
initializer -> state_dict mapping independently of that mapping.
"""
from __future__ import annotations

import math
from typing import Dict

import numpy as np
import onnx
from onnx import helper, numpy_helper

_erf = np.vectorize(math.erf, otypes=[np.float64])
# Cast targets by TensorProto code, spelled out: onnx.mapping is gone in onnx >= 1.16 and its replacement
# (helper.tensor_dtype_to_np_dtype) is missing before 1.13, so neither serves every onnx this suite meets.
_CAST_TYPES = {
    onnx.TensorProto.FLOAT: np.float32,
    onnx.TensorProto.DOUBLE: np.float64,
    onnx.TensorProto.FLOAT16: np.float16,
    onnx.TensorProto.INT32: np.int32,
    onnx.TensorProto.INT64: np.int64,
    onnx.TensorProto.BOOL: np.bool_,
}


def _attrs(node) -> dict:
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


def _slice(data, starts, ends, axes=None, steps=None):
    axes = range(len(starts)) if axes is None else axes
    steps = [1] * len(starts) if steps is None else steps
    index = [slice(None)] * data.ndim
    for s, e, a, st in zip(starts, ends, axes, steps):
        index[int(a)] = slice(int(s), int(e), int(st))
    return data[tuple(index)]


def _reshape(data, shape):
    shape = [data.shape[i] if d == 0 else int(d) for i, d in enumerate(shape)]
    return data.reshape(shape)


def _softmax(x, axis):
    shifted = x - x.max(axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=axis, keepdims=True)


def _run(node, inputs, attrs):
    op = node.op_type
    if op == "Constant":
        return [numpy_helper.to_array(attrs["value"])]
    if op == "Shape":
        return [np.array(inputs[0].shape, dtype=np.int64)]
    if op == "Gather":
        return [np.take(inputs[0], inputs[1], axis=attrs.get("axis", 0))]
    if op == "Cast":
        return [inputs[0].astype(_CAST_TYPES[attrs["to"]])]
    if op == "Range":
        return [np.arange(inputs[0], inputs[1], inputs[2]).astype(inputs[0].dtype)]
    if op == "Unsqueeze":
        out = inputs[0]
        for axis in sorted(int(a) % (out.ndim + len(inputs[1])) for a in inputs[1]):
            out = np.expand_dims(out, axis)
        return [out]
    if op == "Slice":
        return [_slice(*inputs)]
    if op == "Split":
        axis = attrs.get("axis", 0)
        sizes = inputs[1] if len(inputs) > 1 and inputs[1] is not None else [inputs[0].shape[axis] // len(node.output)] * len(node.output)
        return np.split(inputs[0], np.cumsum(sizes)[:-1], axis=axis)
    if op == "Concat":
        return [np.concatenate(inputs, axis=attrs["axis"])]
    if op == "Reshape":
        return [_reshape(inputs[0], inputs[1])]
    if op == "Transpose":
        return [np.transpose(inputs[0], attrs["perm"])]
    if op == "ReduceMean":
        return [inputs[0].mean(axis=tuple(attrs["axes"]), keepdims=bool(attrs.get("keepdims", 1))).astype(inputs[0].dtype)]
    if op == "Softmax":
        return [_softmax(inputs[0], attrs.get("axis", -1))]
    if op == "Erf":
        return [_erf(inputs[0]).astype(inputs[0].dtype)]
    if op == "Sqrt":
        return [np.sqrt(inputs[0])]
    if op == "Not":
        return [np.logical_not(inputs[0])]
    if op == "Where":
        return [np.where(*inputs)]
    binary = {
        "Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide, "Pow": np.power, "MatMul": np.matmul,
        "LessOrEqual": np.less_equal, "Greater": np.greater, "And": np.logical_and, "Equal": np.equal,
    }
    if op in binary:
        out = binary[op](inputs[0], inputs[1])
        if op == "Div" and np.issubdtype(inputs[0].dtype, np.integer):
            out = (inputs[0] // inputs[1]).astype(inputs[0].dtype)
        elif np.issubdtype(np.asarray(inputs[0]).dtype, np.floating):
            out = np.asarray(out).astype(inputs[0].dtype)
        return [out]
    raise NotImplementedError(f"onnx_eval: op {op}")


def run_graph(path: str, feeds: Dict[str, np.ndarray]) -> Dict[str, np.ndarray]:
    graph = onnx.load(path).graph
    values: Dict[str, np.ndarray] = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    values.update(feeds)
    values[""] = None
    for node in graph.node:
        if node.op_type == "Identity":
            values[node.output[0]] = values[node.input[0]]
            continue
        outputs = _run(node, [values[name] for name in node.input], _attrs(node))
        for name, value in zip(node.output, outputs):
            values[name] = value
    return {out.name: values[out.name] for out in graph.output}


def gpt_logits(path: str, ids, n_layer: int, n_head: int, head_dim: int) -> np.ndarray:
    """Logits [seq, vocab] of one sequence with an empty past."""
    t = len(ids)
    feeds = {
        "input_ids": np.array([ids], dtype=np.int64),
        "attention_mask": np.ones((1, t), dtype=np.int64),
        "position_ids": np.arange(t, dtype=np.int64)[None, :],
    }
    for i in range(n_layer):
        for kind in ("key", "value"):
            feeds[f"past_key_values.{i}.{kind}"] = np.zeros((1, n_head, 0, head_dim), dtype=np.float32)
    return run_graph(path, feeds)["logits"][0]
