"""Seed-replay ES over a live torch module: the state machine of the reference's /es/* routes.

One perturbation at most is active; applying the active one again, or reverting when none is active, is a
no-op (so a retried request is harmless); updates are refused while a perturbation is active. Updates are kept
as (seeds, normalised weights, alpha) so reset can undo them, newest first, by stepping with -alpha (the
reference's way: exact only up to float rounding). No weight copy is kept unless asked for: master_copy (a float32
copy of the ES tensors for exact reverts, weight_steps.py) or exact_reset (the base weights in host memory,
restored bit for bit by a reset).

init is split for tensor-parallel ranks (the vLLM front): check_init refuses without writing; prepare_init resets
the previous state and allocates the master copies; commit_init makes them live, abort_init drops them.
"""
from __future__ import annotations

import math
import sys
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

import torch

from .editable import check_editable
from .errors import InvalidRequest, ServerError, StateConflict
from .fingerprint import fingerprint_of, tensor_sums
from .noise import CHUNK_ELEMENTS
from .normalise import canonical_mode, normalise_rewards
from .selection import canonical_scope, select, select_full
from .shards import Place
from .weight_steps import Slot, WeightSteps, make_master


def _log_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _finite_or_none(value: float) -> Optional[float]:
    return value if math.isfinite(value) else None


class SeededES:
    def __init__(
        self,
        model: torch.nn.Module,
        *,
        master_copy: bool = False,
        exact_reset: bool = False,
        chunk_elements: int = CHUNK_ELEMENTS,
        log: Callable[[str], None] = _log_stderr,
        place_of: Optional[Callable[[str, torch.Tensor], Optional[Place]]] = None,
    ) -> None:
        self.model = model
        # place_of(name, param): where a tensor-parallel shard lies in its full tensor (None: whole), so each
        # shard takes its own part of the full tensor's noise (shards.py).
        self.place_of = place_of
        self._staged: Optional[Dict[str, Any]] = None
        self.master_copy = master_copy
        # exact_reset: the base weights, kept in host memory, so a reset restores them bit for bit.
        self.base = [(item.param, item.param.detach().to("cpu", copy=True)) for item in select_full(model)] if exact_reset else None
        self.chunk_elements = chunk_elements
        self.log = log
        self.scope: Optional[str] = None
        self.steps: Optional[WeightSteps] = None
        self.history: List[Dict[str, Any]] = []
        self.active: Optional[Dict[str, Any]] = None
        self._version = 0  # bumped on every weight write; keys the fingerprint cache
        self._fingerprint: Optional[tuple] = None

    @property
    def initialized(self) -> bool:
        return self.steps is not None

    # ---- routes ----

    def init(self, parameter_scope: object = "full", target_modules: Optional[Iterable[str]] = None, verbose: bool = True) -> Dict[str, Any]:
        self.prepare_init(parameter_scope, target_modules, verbose)
        return self.commit_init()

    def check_init(self, parameter_scope: object = "full", target_modules: Optional[Iterable[str]] = None, verbose: bool = True) -> None:
        """Raises what init would refuse (scope, selection, shard places, a model ES cannot edit); writes nothing."""
        self._plan_init(parameter_scope, target_modules)

    def prepare_init(self, parameter_scope: object = "full", target_modules: Optional[Iterable[str]] = None, verbose: bool = True) -> None:
        """The first phase of an init (over tensor-parallel ranks: on every rank before any commits): refusals
        first, so a bad init changes nothing; then the previous state reset and the master copies allocated. A
        failure from there on (out of memory) leaves ES uninitialised over the reset weights."""
        scope, planned = self._plan_init(parameter_scope, target_modules)
        previous = self.reset() if self.initialized else None
        self.steps = None  # drop the old master copies before making new ones
        self.scope = None
        self._staged = None
        slots = []
        for item, place in planned:
            try:
                master = make_master(item.param) if self.master_copy else None
            except RuntimeError as error:  # out of memory; the masters made so far go with `slots`
                raise ServerError(
                    f"init: cannot allocate the master copy of {item.name} ({error}); ES is not initialised "
                    f"(the previous state was reset)"
                ) from error
            slots.append(Slot(item.name, item.key, item.param, master, place))
        self._staged = {"scope": scope, "slots": slots, "previous": previous, "verbose": verbose}

    def commit_init(self) -> Dict[str, Any]:
        """The second phase: the prepared state becomes the live one (allocates nothing, so cannot fail)."""
        staged, self._staged = self._staged, None
        if staged is None:
            raise StateConflict("init: nothing prepared")
        self.steps = WeightSteps(staged["slots"], self.chunk_elements)
        self.scope = staged["scope"]
        self.history = []
        self.active = None
        if staged["verbose"]:
            self.log(f"[es] scope={self.scope} tensors={len(self.steps.slots)} params={self._total_params():,} master_copy={self.master_copy}")
        return {
            "ok": True,
            "parameter_scope": self.scope,
            "n_tensors": len(self.steps.slots),
            "total_params": self._total_params(),
            "previous_state_reset": staged["previous"],
        }

    def abort_init(self) -> None:
        """Another rank's prepare failed: drop this one's (ES stays uninitialised here too)."""
        self._staged = None

    def _plan_init(self, parameter_scope: object, target_modules: Optional[Iterable[str]]):
        scope = canonical_scope(parameter_scope)
        targets = None if target_modules is None else [str(t) for t in target_modules]
        check_editable(self.model)
        planned = []
        for item in select(self.model, scope, targets):
            if not item.param.is_contiguous():
                raise InvalidRequest(f"tensor {item.name} is not contiguous; ES perturbs flattened views in place")
            try:
                place = self.place_of(item.name, item.param) if self.place_of else None
                if place is not None:
                    place.check(item.name, item.param.shape)
            except ValueError as error:
                raise InvalidRequest(f"init: {error}") from error
            planned.append((item, place))
        return scope, planned

    def apply(self, seed: int, sigma: float) -> Dict[str, Any]:
        requested, already = self._plan_apply(seed, sigma)
        if not already:
            self.steps.perturb(requested["seed"], requested["sigma"])
            self._touched()
            self.active = requested
        return {"ok": True, **requested, "already_applied": already}

    def check_apply(self, seed: int, sigma: float) -> None:
        """Raises what apply(seed, sigma) would raise, writing nothing (the first phase of a sharded apply)."""
        requested, already = self._plan_apply(seed, sigma)
        if not already:
            self.steps.check_perturb(requested["seed"], requested["sigma"])

    def _plan_apply(self, seed: int, sigma: float):
        requested = _perturbation(seed, sigma)
        self._require_init()
        if self.active is not None and self.active != requested:
            raise StateConflict(
                f"cannot apply seed {requested['seed']} sigma {requested['sigma']}: "
                f"seed {self.active['seed']} sigma {self.active['sigma']} is still applied; revert it first"
            )
        return requested, self.active is not None

    def revert(self, seed: int, sigma: float) -> Dict[str, Any]:
        requested = _perturbation(seed, sigma)
        steps = self._require_init()
        if self.active is None:
            return {"ok": True, **requested, "already_reverted": True}
        if self.active != requested:
            raise StateConflict(
                f"cannot revert seed {requested['seed']} sigma {requested['sigma']}: "
                f"seed {self.active['seed']} sigma {self.active['sigma']} is applied"
            )
        steps.unperturb(requested["seed"], requested["sigma"])
        self._touched()
        self.active = None
        return {"ok": True, **requested, "already_reverted": False}

    def update(
        self,
        seeds: Sequence[int],
        rewards: Sequence[float],
        alpha: float,
        reward_normalization: object = "zscore",
        reward_normalization_ddof: int = 0,
        reward_normalization_eps: float = 1e-8,
    ) -> Dict[str, Any]:
        plan = self._plan_update(seeds, rewards, alpha, reward_normalization, reward_normalization_ddof, reward_normalization_eps)
        self.steps.step(plan["seeds"], _coefficients(plan["alpha"], plan["weights"]))
        self._touched()
        self.history.append({"seeds": plan["seeds"], "weights": plan["weights"], "alpha": plan["alpha"]})
        return {
            "ok": True,
            "n": len(plan["seeds"]),
            "alpha": plan["alpha"],
            "reward_mean": _finite_or_none(float(torch.tensor(plan["rewards"], dtype=torch.float32).mean())),
            "reward_best": max(plan["rewards"]),
            "weight_norm": _finite_or_none(float(torch.linalg.norm(torch.tensor(plan["weights"], dtype=torch.float32)))),
        }

    def check_update(self, **request: Any) -> None:
        """Raises what update(**request) would raise, writing nothing."""
        plan = self._plan_update(**request)
        self.steps.check_step(plan["seeds"], _coefficients(plan["alpha"], plan["weights"]))

    def _plan_update(
        self,
        seeds: Sequence[int],
        rewards: Sequence[float],
        alpha: float,
        reward_normalization: object = "zscore",
        reward_normalization_ddof: int = 0,
        reward_normalization_eps: float = 1e-8,
    ) -> Dict[str, Any]:
        self._require_init()
        if self.active is not None:
            raise StateConflict(
                f"update refused while perturbation seed {self.active['seed']} sigma {self.active['sigma']} is applied; revert it first"
            )
        seeds = [int(s) for s in seeds]
        rewards = [float(r) for r in rewards]
        alpha = float(alpha)
        _check_update_values(seeds, rewards, alpha, reward_normalization_ddof, reward_normalization_eps)
        mode = canonical_mode(reward_normalization)
        weights = normalise_rewards(rewards, mode, int(reward_normalization_ddof), float(reward_normalization_eps))
        return {"seeds": seeds, "rewards": rewards, "alpha": alpha, "weights": weights}

    def reset(self) -> Dict[str, Any]:
        steps = self._require_init()
        reverted_perturbation = self.active
        if self.base is not None:
            return self._restore_base()
        if reverted_perturbation is not None:
            steps.unperturb(reverted_perturbation["seed"], reverted_perturbation["sigma"])
            self.active = None
            self._touched()
        reverted_updates = len(self.history)
        # Newest first; an update leaves the history only once it is undone.
        while self.history:
            item = self.history[-1]
            steps.step(item["seeds"], _coefficients(-item["alpha"], item["weights"]))
            self._touched()
            self.history.pop()
        return {"ok": True, "reverted_updates": reverted_updates, "reverted_perturbation": reverted_perturbation}

    @torch.no_grad()
    def _restore_base(self) -> Dict[str, Any]:
        summary = {"ok": True, "reverted_updates": len(self.history), "reverted_perturbation": self.active}
        for param, saved in self.base:
            param.copy_(saved)
        for slot in self.steps.slots:
            if slot.master is not None:
                slot.master.copy_(slot.param)
        self._touched()
        self.history = []
        self.active = None
        return summary

    def status(self) -> Dict[str, Any]:
        return {
            "ok": True,
            "initialized": self.initialized,
            "parameter_scope": self.scope,
            "n_tensors": len(self.steps.slots) if self.steps else 0,
            "total_params": self._total_params(),
            "update_history": len(self.history),
            "active_perturbation": self.active,
        }

    # ---- weights ----

    def fingerprint(self) -> str:
        """Fingerprint of every float tensor of the model (whatever the scope), cached until the next write."""
        return fingerprint_of(self.fingerprint_sums())

    def fingerprint_sums(self) -> List[list]:
        """[name, dtype, full shape, sums] per float tensor (fingerprint.py); a tensor-parallel shard's sums are its
        share of the full tensor's, so the ranks' add up to one rank's."""
        if self._fingerprint is None or self._fingerprint[0] != self._version:
            entries = []
            for item in select_full(self.model):
                try:
                    place = self.place_of(item.name, item.param) if self.place_of else None
                except ValueError:  # a shard of unknown layout (init refuses it): keyed by its own positions
                    place = None
                shape = tuple(item.param.shape) if place is None else place.full_shape
                entries.append([item.name, str(item.param.dtype), list(shape), tensor_sums(item.param, place)])
            self._fingerprint = (self._version, entries)
        return self._fingerprint[1]

    def _touched(self) -> None:
        self._version += 1

    def _total_params(self) -> int:
        return int(sum(slot.param.numel() for slot in self.steps.slots)) if self.steps else 0

    def _require_init(self) -> WeightSteps:
        if self.steps is None:
            raise StateConflict("ES is not initialised: POST /es/init first")
        return self.steps


def _perturbation(seed: int, sigma: float) -> Dict[str, Any]:
    sigma = float(sigma)
    if not math.isfinite(sigma) or sigma < 0.0:
        raise InvalidRequest(f"sigma: must be finite and non-negative (got {sigma})")
    return {"seed": int(seed), "sigma": sigma}


def _coefficients(alpha: float, weights: Sequence[float]) -> List[float]:
    """c_i = (alpha / N) * w_i, in Python floats as the reference computes them."""
    scale = float(alpha) / float(len(weights))
    return [scale * float(w) for w in weights]


def _check_update_values(seeds: List[int], rewards: List[float], alpha: float, ddof: int, eps: float) -> None:
    if not seeds or len(seeds) != len(rewards):
        raise InvalidRequest(f"seeds and rewards must be non-empty and equally long (got {len(seeds)} and {len(rewards)})")
    if not all(math.isfinite(r) for r in rewards):
        raise InvalidRequest("rewards: must all be finite")
    if not math.isfinite(alpha) or alpha < 0.0:
        raise InvalidRequest(f"alpha: must be finite and non-negative (got {alpha})")
    if int(ddof) < 0:
        raise InvalidRequest(f"reward_normalization_ddof: must be non-negative (got {ddof})")
    if not math.isfinite(float(eps)) or float(eps) <= 0.0:
        raise InvalidRequest(f"reward_normalization_eps: must be finite and positive (got {eps})")
