"""Synthetic Chinese AIOps sessions with labels that come from their construction (never the checker)."""

from .generate import FAULTS, generate_sessions

__all__ = ["FAULTS", "generate_sessions"]
