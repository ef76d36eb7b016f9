"""groundcheck's stable runtime API.

The deterministic core is imported eagerly and pulls in neither `dspy` nor `litellm`. The LM
programs are reached through the same names but load DSPy only on first use.
"""

from __future__ import annotations

from typing import Any

from .core.gatekeeper import run_gatekeeper
from .core.parse import ParsedOutput, parse_executor_output
from .core.pipeline import verify_session
from .core.reply import operator_reply
from .core.self_evaluation import merge_verifier_evaluation, verifier_rounds
from .core.sessions import ensure_session
from .errors import ConfigError, DatasetError, GroundcheckError, InputError
from .version import PROGRAM_VERSION, __version__

# name -> module: the LM half loads DSPy on first use only
_LAZY: dict[str, str] = {
    "averify_session": "groundcheck.programs.core.pipeline",
    "LMSettings": "groundcheck.programs.lm.settings",
    "make_lm": "groundcheck.programs.lm.settings",
    "Verifier": "groundcheck.programs.lm.verifier",
    "LMChecker": "groundcheck.programs.lm.verifier",
    "load_verifier": "groundcheck.programs.lm.verifier",
    "Executor": "groundcheck.programs.lm.executor",
    "ToolResult": "groundcheck.programs.lm.executor",
    "ToolTimeout": "groundcheck.programs.lm.executor",
    "replay_tools": "groundcheck.programs.lm.executor",
    "DiagnosisTurn": "groundcheck.programs.lm.turn",
    "TurnResult": "groundcheck.programs.lm.turn",
    "SessionStore": "groundcheck.programs.store",
    "AsyncSessionStore": "groundcheck.programs.async_store",
    "verification_span": "groundcheck.programs.telemetry",
    "load_program": "groundcheck.programs.lm.artifacts",
}

__all__ = [
    "PROGRAM_VERSION",
    "ConfigError",
    "DatasetError",
    "GroundcheckError",
    "InputError",
    "ParsedOutput",
    "__version__",
    "ensure_session",
    "merge_verifier_evaluation",
    "operator_reply",
    "parse_executor_output",
    "run_gatekeeper",
    "verifier_rounds",
    "verify_session",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'groundcheck.programs' has no attribute {name!r}")
