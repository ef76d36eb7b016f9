"""groundcheck's stable runtime API.

The deterministic core is imported eagerly and pulls in neither `dspy` nor `litellm`. The LM
programs are reached through the same names but load DSPy only on first use.
"""

from __future__ import annotations

from typing import Any

from groundcheck.programs.errors import ConfigError, DatasetError, GroundcheckError, InputError
from groundcheck.programs.gatekeeper import run_gatekeeper
from groundcheck.programs.parse import ParsedOutput, parse_executor_output
from groundcheck.programs.pipeline import verify_session
from groundcheck.programs.reply import operator_reply
from groundcheck.programs.self_evaluation import merge_verifier_evaluation, verifier_rounds
from groundcheck.programs.sessions import ensure_session
from groundcheck.programs.version import PROGRAM_VERSION, __version__

# name -> module: the LM half loads DSPy on first use only
_LAZY: dict[str, str] = {
    "averify_session": "groundcheck.programs.pipeline",
    "LMSettings": "groundcheck.programs.lm",
    "make_lm": "groundcheck.programs.lm",
    "Verifier": "groundcheck.programs.verifier",
    "LMChecker": "groundcheck.programs.verifier",
    "load_verifier": "groundcheck.programs.verifier",
    "Executor": "groundcheck.programs.executor",
    "ToolResult": "groundcheck.programs.executor",
    "ToolTimeout": "groundcheck.programs.executor",
    "replay_tools": "groundcheck.programs.executor",
    "DiagnosisTurn": "groundcheck.programs.turn",
    "TurnResult": "groundcheck.programs.turn",
    "SessionStore": "groundcheck.programs.store",
    "AsyncSessionStore": "groundcheck.programs.async_store",
    "verification_span": "groundcheck.programs.telemetry",
    "load_program": "groundcheck.programs.artifacts",
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
