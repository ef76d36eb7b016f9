"""The LM response cache of `eval` and `optimize`: DSPy's disk cache in a user cache directory.

A repeated evaluation with the same program, model and sessions makes no LM call. `verify` and the
runtime API stay uncached unless asked (`LMSettings(cache=True)`): a live verdict must reflect a live
call. The cache key is the request (model, messages, sampling settings), never the API key or base.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "GROUNDCHECK_CACHE_DIR"


def cache_dir() -> Path:
    """`$GROUNDCHECK_CACHE_DIR`, else `$XDG_CACHE_HOME/groundcheck/lm` (`~/.cache/groundcheck/lm`)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "groundcheck" / "lm"


def enable_lm_cache(directory: str | Path | None = None) -> Path:
    """Point DSPy's response cache (memory + disk) at `directory` (default `cache_dir()`).

    DSPy keeps one cache per process; LMs built with `cache=True` use it. Returns the directory.
    """
    import dspy

    path = Path(directory) if directory is not None else cache_dir()
    path.mkdir(parents=True, exist_ok=True)
    dspy.configure_cache(enable_disk_cache=True, enable_memory_cache=True, disk_cache_dir=str(path))
    return path
