"""K3 (Broad Peak): rules engine and heuristics. See ../shared/rules/k3.md."""

from .game import K3

__all__ = ["K3"]
