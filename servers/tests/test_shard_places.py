"""vLLM's tensor-parallel layouts (stand-in layers carrying the attributes vLLM's parallel layers carry), through
the worker extension and RpcEs: two ranks, put together, hold what one rank holds after apply, revert and update."""
import os
import sys
import types
import unittest
from unittest import mock

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "vllm"))
from ahd_vllm import worker_extension  # noqa: E402
from ahd_vllm.rpc_es import RpcEs  # noqa: E402
from ahd_vllm.shard_places import place_finder  # noqa: E402
from ahd_vllm.worker_extension import EsWorkerExtension  # noqa: E402

from ahd_es_servers.errors import InvalidRequest  # noqa: E402

HIDDEN, HEAD, Q_HEADS, KV_HEADS, INTER, VOCAB = 4, 2, 2, 1, 6, 8


def parameter(values, **attrs):
    param = torch.nn.Parameter(values.clone(), requires_grad=False)
    for key, value in attrs.items():
        setattr(param, key, value)
    return param


class LinearBase(torch.nn.Module):
    def __init__(self, tp_size, tp_rank, weight, bias=None, **attrs):
        super().__init__()
        self.tp_size, self.tp_rank = tp_size, tp_rank
        self.weight = parameter(weight, output_dim=0, input_dim=1)
        if bias is not None:
            self.bias = parameter(bias, output_dim=0)
        self.__dict__.update(attrs)


class ColumnParallelLinear(LinearBase):
    pass


class MergedColumnParallelLinear(ColumnParallelLinear):
    pass


class QKVParallelLinear(ColumnParallelLinear):
    pass


class RowParallelLinear(LinearBase):
    pass


class VocabParallelEmbedding(LinearBase):
    pass


class Norm(torch.nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = parameter(weight)


def full_weights():
    g = torch.Generator().manual_seed(5)
    r = lambda *shape: torch.randn(*shape, generator=g)  # noqa: E731
    return {
        "embed": r(VOCAB, HIDDEN), "qkv": r((Q_HEADS + 2 * KV_HEADS) * HEAD, HIDDEN), "qkv_bias": r((Q_HEADS + 2 * KV_HEADS) * HEAD),
        "o": r(HIDDEN, Q_HEADS * HEAD), "o_bias": r(HIDDEN), "gate_up": r(2 * INTER, HIDDEN), "down": r(HIDDEN, INTER), "norm": r(HIDDEN),
    }


def rows(t, *ranges):
    return torch.cat([t[s:e] for s, e in ranges])


def rank_model(w, tp, rank):
    """Rank `rank` of `tp`: vLLM's layouts, written out here independently of shard_places.py."""
    q, kv, inter, vocab = Q_HEADS * HEAD // tp, KV_HEADS * HEAD, INTER // tp, VOCAB // tp
    replicas = max(1, tp // KV_HEADS)
    kv_rank = rank // replicas
    kv_part = KV_HEADS * HEAD // (tp // replicas)
    qkv_ranges = [(rank * q, (rank + 1) * q), (Q_HEADS * HEAD + kv_rank * kv_part, Q_HEADS * HEAD + (kv_rank + 1) * kv_part),
                  (Q_HEADS * HEAD + kv + kv_rank * kv_part, Q_HEADS * HEAD + kv + (kv_rank + 1) * kv_part)]
    model = torch.nn.Module()
    model.embed = VocabParallelEmbedding(tp, rank, w["embed"][rank * vocab : (rank + 1) * vocab], num_embeddings_padded=VOCAB)
    model.qkv = QKVParallelLinear(tp, rank, rows(w["qkv"], *qkv_ranges), rows(w["qkv_bias"], *qkv_ranges), head_size=HEAD,
                                  total_num_heads=Q_HEADS, total_num_kv_heads=KV_HEADS, num_heads=Q_HEADS // tp,
                                  num_kv_heads=max(1, KV_HEADS // tp), num_kv_head_replicas=replicas)
    model.o = RowParallelLinear(tp, rank, w["o"][:, rank * q : (rank + 1) * q], w["o_bias"], input_size=Q_HEADS * HEAD)
    model.gate_up = MergedColumnParallelLinear(tp, rank, rows(w["gate_up"], (rank * inter, (rank + 1) * inter), (INTER + rank * inter, INTER + (rank + 1) * inter)),
                                               output_sizes=[INTER, INTER])
    model.down = RowParallelLinear(tp, rank, w["down"][:, rank * inter : (rank + 1) * inter], input_size=INTER)
    model.norm = Norm(w["norm"])
    return model


class Worker(EsWorkerExtension):
    def __init__(self, model):
        self.model_runner = types.SimpleNamespace(model=model)


def replica(*models):
    """One worker per rank, each told its tensor-parallel rank and size as vLLM would tell it."""
    workers = [Worker(m) for m in models]
    for rank, worker in enumerate(workers):
        with mock.patch.object(worker_extension, "_tensor_parallel", return_value=(rank, len(models))):
            worker.es_setup(master_copy=True, exact_reset=False)
        worker._ahd_es.log = lambda line: None
    return RpcEs(lambda method, **kwargs: [getattr(w, method)(**kwargs) for w in workers])


def history(es):
    es.es_init(parameter_scope="full", target_modules=None, verbose=False)
    es.es_apply(3, 0.1)
    es.es_revert(3, 0.1)
    es.es_update(seeds=[1, 2], rewards=[1.0, -1.0], alpha=0.1, reward_normalization="none", reward_normalization_ddof=0, reward_normalization_eps=1e-8)
    es.es_apply(4, 0.1)


class ShardPlaces(unittest.TestCase):
    def test_two_ranks_hold_what_one_rank_holds(self):
        w = full_weights()
        one = rank_model(w, 1, 0)
        es_one = replica(one)
        base = es_one.fingerprint()
        history(es_one)
        ranks = [rank_model(w, 2, r) for r in range(2)]
        es_two = replica(*ranks)
        self.assertEqual(es_two.fingerprint(), base)  # the fingerprint does not depend on the tensor-parallel size
        history(es_two)
        self.assertEqual(es_two.fingerprint(), es_one.fingerprint())
        self.assertNotEqual(es_one.fingerprint(), base)
        after = {name: p.detach() for name, p in one.named_parameters()}
        for r, model in enumerate(ranks):
            expected = rank_model(after_as_weights(after), 2, r)
            for (name, got), (_, want) in zip(model.named_parameters(), expected.named_parameters()):
                with self.subTest(rank=r, tensor=name):
                    self.assertTrue(torch.equal(got, want))
        self.assertFalse(torch.equal(ranks[0].qkv.weight[:2], ranks[1].qkv.weight[:2]))  # own query noise per rank

    def test_a_sharded_layer_of_unknown_layout_is_refused_at_init(self):
        model = rank_model(full_weights(), 2, 0)
        model.fancy = type("FancyParallelLinear", (LinearBase,), {})(2, 0, torch.ones(2, 2))
        es = replica(model)
        with self.assertRaisesRegex(InvalidRequest, "fancy.weight: a FancyParallelLinear shard: its place in the full tensor is not known"):
            es.es_init(parameter_scope="full", target_modules=None, verbose=False)
        self.assertFalse(es.es_status()["initialized"])

    def test_layers_without_their_own_rank_and_size_take_the_workers(self):
        for rank in range(2):
            with_attrs, without = rank_model(full_weights(), 2, rank), rank_model(full_weights(), 2, rank)
            for module in without.modules():
                module.__dict__.pop("tp_size", None)
                module.__dict__.pop("tp_rank", None)
            own, workers = place_finder(with_attrs, 0, 1), place_finder(without, rank, 2)
            for (name, param), (_, same) in zip(with_attrs.named_parameters(), without.named_parameters()):
                if not name.startswith("norm."):  # no parallel layer: its place follows the worker's size alone
                    self.assertEqual(workers(name, same), own(name, param), name)

    def test_experts_split_over_ranks_are_refused_at_init(self):
        model = rank_model(full_weights(), 2, 0)
        model.experts = type("FusedMoE", (torch.nn.Module,), {})()
        model.experts.tp_size, model.experts.w13_weight = 2, torch.nn.Parameter(torch.ones(2, 4, 2), requires_grad=False)
        with self.assertRaisesRegex(InvalidRequest, "experts.w13_weight: a FusedMoE shard: expert weights split over ranks"):
            replica(model).es_init(parameter_scope="full", target_modules=None, verbose=False)


def after_as_weights(after):
    return {
        "embed": after["embed.weight"], "qkv": after["qkv.weight"], "qkv_bias": after["qkv.bias"], "o": after["o.weight"],
        "o_bias": after["o.bias"], "gate_up": after["gate_up.weight"], "down": after["down.weight"], "norm": after["norm.weight"],
    }


if __name__ == "__main__":
    unittest.main()
