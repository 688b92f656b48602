"""/es/init refuses a model whose forward runs on weights derived at load (quantised, repacked, MLA, shuffled
experts): ES's edits of the parameters would not reach it. Refused before anything changes."""
import types
import unittest

import torch

from ahd_es_servers.errors import InvalidRequest
from ahd_es_servers.es_core import SeededES
from tests.helpers import SmallTensors


def quiet(model):
    return SeededES(model, log=lambda line: None)


class Fp8LinearMethod:
    pass


class UnquantizedLinearMethod:
    pass


class UnquantizedFusedMoEMethod:
    def __init__(self, aiter):
        self.rocm_aiter_moe_enabled = aiter


class Editable(unittest.TestCase):
    def refused(self, model, pattern):
        es = quiet(model)
        with self.assertRaisesRegex(InvalidRequest, "^ES cannot move this model's weights in place: " + pattern):
            es.init()
        self.assertFalse(es.status()["initialized"])

    def test_plain_float_models_are_served(self):
        model = SmallTensors()
        model.linear = torch.nn.Linear(2, 2)
        model.linear.quant_method = UnquantizedLinearMethod()
        model.moe = torch.nn.Module()
        model.moe.quant_method = UnquantizedFusedMoEMethod(aiter=False)
        model.config = types.SimpleNamespace(quantization_config=None, kv_lora_rank=None)
        self.assertTrue(quiet(model).init()["ok"])

    def test_quantised_configs(self):
        model = SmallTensors()
        model.config = types.SimpleNamespace(quantization_config={"quant_method": "awq"})
        self.refused(model, r"it is quantised")

    def test_mla(self):
        model = SmallTensors()
        model.config = types.SimpleNamespace(kv_lora_rank=512)
        self.refused(model, r"its MLA attention")

    def test_packed_parameters(self):
        model = SmallTensors()
        model.packed = torch.nn.Parameter(torch.zeros(4, 4, dtype=torch.int8), requires_grad=False)
        self.refused(model, r"parameter packed is int8")

    def test_repacking_quant_methods(self):
        model = SmallTensors()
        model.proj = torch.nn.Linear(2, 2)
        model.proj.quant_method = Fp8LinearMethod()
        self.refused(model, r"module proj runs through Fp8LinearMethod")

    def test_shuffled_experts(self):
        model = SmallTensors()
        model.experts = torch.nn.Module()
        model.experts.quant_method = UnquantizedFusedMoEMethod(aiter=True)
        self.refused(model, r"module experts shuffles its weights")

    def test_weights_derived_at_load(self):
        model = SmallTensors()
        model.attn = torch.nn.Module()
        model.attn.W_UV = torch.zeros(4, 4)  # a plain attribute, as MLA's absorbed projection
        self.refused(model, r"module attn holds W_UV, a weight derived at load")

    def test_a_refusal_leaves_the_previous_state(self):
        model = SmallTensors()
        es = quiet(model)
        es.init()
        es.apply(1, 0.1)
        model.config = types.SimpleNamespace(kv_lora_rank=8)
        with self.assertRaises(InvalidRequest):
            es.init()
        self.assertEqual(es.status()["active_perturbation"], {"seed": 1, "sigma": 0.1})


if __name__ == "__main__":
    unittest.main()
