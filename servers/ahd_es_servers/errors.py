"""Errors the servers answer as {"ok": false, "error": "<one line>"}, each with its HTTP status."""
from __future__ import annotations


class ServerError(Exception):
    """A request that cannot be served; `status` is the HTTP status of the answer."""

    status = 500

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))


class InvalidRequest(ServerError):
    """A malformed or invalid request body, or values the weights cannot take (HTTP 400)."""

    status = 400


class StateConflict(ServerError):
    """A request the ES state forbids now, e.g. apply while another perturbation is active (HTTP 409)."""

    status = 409


class ModelLoadError(Exception):
    """The model cannot be loaded or served as asked (the CLI exits with status 2)."""
