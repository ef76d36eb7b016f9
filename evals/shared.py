"""Locating `../shared` (spec, HolmesGPT fixtures, HaluEval): read in place, never copied."""

from __future__ import annotations

import os
from pathlib import Path

from groundcheck.programs.errors import DatasetError

ENV_VAR = "GROUNDCHECK_SHARED"


def shared_dir(required: bool = True) -> Path | None:
    """The shared folder: `$GROUNDCHECK_SHARED`, else `../shared` beside the repo or the working dir.

    Raises:
        DatasetError: when `required` and no candidate exists.
    """
    candidates = []
    if os.environ.get(ENV_VAR):
        candidates.append(Path(os.environ[ENV_VAR]))
    repo_root = Path(__file__).resolve().parents[1]
    candidates += [repo_root.parent / "shared", Path.cwd().parent / "shared", Path.cwd() / "shared"]
    for path in candidates:
        if (path / "spec").is_dir() or (path / "data").is_dir():
            return path
    if required:
        raise DatasetError(
            f"the shared data folder was not found (looked in {', '.join(str(c) for c in candidates)}); "
            f"set {ENV_VAR} to its path"
        )
    return None
