"""Locating `../shared` (spec, HolmesGPT fixtures, HaluEval): read in place, never copied."""

from __future__ import annotations

import os
from pathlib import Path

from groundcheck.programs.errors import DatasetError

ENV_VAR = "GROUNDCHECK_SHARED"


def shared_dir(required: bool = True) -> Path | None:
    """The shared folder: `$GROUNDCHECK_SHARED` when set (then only there), else `../shared` beside
    the repo or the working directory.

    Raises:
        DatasetError: when `required` and it is not found; the message says where it looked and how
            to enable it.
    """
    for path in shared_candidates():
        if (path / "spec").is_dir() or (path / "data").is_dir():
            return path
    if required:
        raise DatasetError(f"the shared data folder was not found: {shared_hint()}")
    return None


def shared_candidates() -> list[Path]:
    """Where `shared_dir` looks, in order, each folder once."""
    if os.environ.get(ENV_VAR):
        return [Path(os.environ[ENV_VAR])]
    repo_root = Path(__file__).resolve().parents[1]
    beside_repo = [repo_root.parent / "shared"] if (repo_root / "pyproject.toml").is_file() else []  # a checkout
    seen: dict[Path, None] = {}
    for path in (*beside_repo, Path.cwd().parent / "shared", Path.cwd() / "shared"):
        seen.setdefault(path.resolve(), None)
    return list(seen)


def shared_hint() -> str:
    """One line on how to make the shared folder available here (names each place looked once)."""
    places = " or ".join(str(p) for p in shared_candidates())
    if os.environ.get(ENV_VAR):
        return f"${ENV_VAR} is {places}, which holds no spec/ or data/; point it at the shared folder"
    return f"looked in {places}; put the shared folder there or set ${ENV_VAR} to its path"
