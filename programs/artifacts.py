"""Compiled programs on disk: a directory with the DSPy program state and `metadata.json`.

Loading checks the metadata and refuses an artifact made for another program kind or another
signature (fields added, removed or retyped) with a clear error; optimized instructions and demos
are what an artifact is for, so they are not part of the check. No API key is ever written.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dspy

from groundcheck.programs.errors import ConfigError
from groundcheck.programs.version import PROGRAM_VERSION, __version__

ARTIFACT_FORMAT = 1
COMPILED_DIR = Path(__file__).parent / "compiled"
DEFAULT_VERIFIER = COMPILED_DIR / "verifier-default"
PROGRAM_FILE = "program.json"
METADATA_FILE = "metadata.json"
_SECRET_KEY = re.compile(r"(api[_-]?key|secret|token|password|authorization)", re.IGNORECASE)
_SECRET_VALUE = re.compile(r"\b(sk-[A-Za-z0-9_-]{8,}|Bearer\s+\S+)")


def signature_fingerprint(program: dspy.Module) -> str:
    """A hash of every predictor's input and output fields (names and types), not its instructions."""
    parts = []
    for name, predictor in sorted(program.named_predictors()):
        sig = predictor.signature
        fields = [f"{k}:{v.annotation}" for k, v in {**sig.input_fields, **sig.output_fields}.items()]
        parts.append(f"{name}({','.join(fields)})")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def save_artifact(program: dspy.Module, directory: str | Path, *, kind: str, metadata: dict[str, Any]) -> Path:
    """Write `program.json` and `metadata.json` into `directory` (created if needed)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    program.save(str(directory / PROGRAM_FILE))
    meta = {
        **_scrub(metadata),
        "artifact_format": ARTIFACT_FORMAT,
        "kind": kind,
        "signature_fingerprint": signature_fingerprint(program),
        "groundcheck_version": __version__,
        "program_version": PROGRAM_VERSION,
        "dspy_version": dspy.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if kind == "executor":
        meta["tools"] = list(program.tool_names)
    (directory / METADATA_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=2), encoding="utf-8")
    _assert_no_secrets(directory)
    return directory


def read_metadata(directory: str | Path) -> dict[str, Any]:
    path = Path(directory) / METADATA_FILE
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{directory}: not a compiled groundcheck program (no {METADATA_FILE})") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: unreadable metadata: {exc}") from None
    if not isinstance(meta, dict):
        raise ConfigError(f"{path}: metadata is not a JSON object")
    return meta


def load_program(directory: str | Path, kind: str | None = None) -> dspy.Module:
    """Load a compiled Verifier or Executor, after checking its metadata.

    Args:
        directory: the artifact directory.
        kind: `verifier` or `executor` to insist on one; any when None.

    Raises:
        ConfigError: missing or unreadable files, another kind, an artifact format or signature this
            version cannot use.
    """
    meta = read_metadata(directory)
    found = meta.get("kind")
    if kind and found != kind:
        raise ConfigError(f"{directory}: this artifact is a compiled {found!r} program, not a {kind!r}")
    if meta.get("artifact_format") != ARTIFACT_FORMAT:
        raise ConfigError(
            f"{directory}: artifact format {meta.get('artifact_format')!r}; this groundcheck reads {ARTIFACT_FORMAT}"
        )
    program = _empty_program(found, meta)
    expected = signature_fingerprint(program)
    if meta.get("signature_fingerprint") != expected:
        raise ConfigError(
            f"{directory}: compiled for another signature (fingerprint {meta.get('signature_fingerprint')}, "
            f"this groundcheck {expected}; made by groundcheck {meta.get('groundcheck_version')}): "
            "re-run `groundcheck optimize` with this version"
        )
    try:
        program.load(str(Path(directory) / PROGRAM_FILE))
    except Exception as exc:
        raise ConfigError(f"{directory}: cannot load {PROGRAM_FILE}: {exc}") from None
    return program


def default_verifier() -> dspy.Module:
    """The shipped compiled Verifier, or a fresh one if it is not installed."""
    if (DEFAULT_VERIFIER / METADATA_FILE).is_file():
        return load_program(DEFAULT_VERIFIER, "verifier")
    from groundcheck.programs.verifier import Verifier

    return Verifier()


def _empty_program(kind: Any, meta: dict[str, Any]) -> dspy.Module:
    if kind == "verifier":
        from groundcheck.programs.verifier import Verifier

        return Verifier()
    if kind == "executor":
        from groundcheck.programs.executor import STANDARD_TOOLS, Executor, unbound_tools

        return Executor(unbound_tools(meta.get("tools", STANDARD_TOOLS)))
    raise ConfigError(f"unknown artifact kind {kind!r}")


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if not _SECRET_KEY.search(str(k))}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, str):
        return _SECRET_VALUE.sub("[redacted]", value)
    return value


def _assert_no_secrets(directory: Path) -> None:
    for path in directory.iterdir():
        if path.is_file() and _SECRET_VALUE.search(path.read_text(encoding="utf-8", errors="replace")):
            path.unlink()
            raise ConfigError(f"refused to keep {path}: it contained something that looks like an API key")
