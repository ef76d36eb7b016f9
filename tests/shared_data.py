"""`../shared` for tests: required in CI, skipped (with a reason) on a user's clone without it."""

import os

import pytest

from groundcheck.evals.shared import shared_dir, shared_hint


def require_shared():
    path = shared_dir(required=bool(os.environ.get("CI")))
    if path is None:
        pytest.skip(f"needs the shared data folder (spec, HolmesGPT fixtures, HaluEval): {shared_hint()}")
    return path
