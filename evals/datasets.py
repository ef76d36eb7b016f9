"""Named datasets and files of labeled sessions; conversion to and from `datasets.Dataset`.

Names: `synthetic-train`, `synthetic-dev`, `synthetic-test`, `adversarial` (committed JSONL), `examples` (bundled),
`holmesgpt` and `halueval` (built from `../shared/data`, read in place), `halueval-qa-hub` (HaluEval QA from
the Hugging Face hub, `halueval_hub.py`). `dataset_availability()` says which load here and how to get the others.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundcheck.programs.core.sessions import MAX_SESSION_BYTES, iter_json_lines, json_object_from_bytes
from groundcheck.programs.errors import DatasetError, InputError, require_extra

from .examples import EXAMPLES_DIR
from .shared import ENV_VAR as SHARED_ENV_VAR
from .shared import shared_dir, shared_hint

SYNTHETIC_DIR = Path(__file__).parent / "data" / "synthetic"
ADVERSARIAL_FILE = Path(__file__).parent / "data" / "adversarial" / "adversarial.jsonl"
JSON_COLUMNS = ("tool_calls", "messages", "retry_context", "verifier_model_output", "labels")


@dataclass(frozen=True)
class NamedDataset:
    name: str
    sessions: list[dict[str, Any]]
    sha256: str


def dataset_names() -> list[str]:
    return sorted(_BUILDERS)


def dataset_availability() -> dict[str, str | None]:
    """Each named dataset: None when it can be loaded here, else one line on how to get it.

    Example:
        >>> dataset_availability()["halueval"]
        'needs ../shared or $GROUNDCHECK_SHARED (HaluEval QA, MIT)'
    """
    return {name: _AVAILABILITY[name]() for name in dataset_names()}


def load_dataset(name_or_path: str, *, bad_lines: str = "raise") -> NamedDataset:
    """A bundled dataset by name, or sessions from a `.jsonl` / `.json` file or a folder of `.json`.

    Args:
        bad_lines: `"raise"`: a line (or file) that cannot be read as a JSON object within the limits
            is a `DatasetError`; `"keep"`: it stays in `sessions` as an `InputError` (naming the
            line, the session and the field where known), which `run_verification` counts as an
            input error and skips, so one bad line does not stop an evaluation.

    Raises:
        DatasetError: unknown name, unreadable file, or (with `"raise"`) a bad line.
    """
    if bad_lines not in ("raise", "keep"):
        raise ValueError(f"bad_lines must be 'raise' or 'keep', not {bad_lines!r}")
    if name_or_path in _BUILDERS:
        sessions = _BUILDERS[name_or_path]()
        return NamedDataset(name_or_path, sessions, sessions_sha256(sessions))
    path = Path(name_or_path)
    if not path.exists():
        raise DatasetError(f"unknown dataset {name_or_path!r}: not a file, and not one of {', '.join(dataset_names())}")
    keep = bad_lines == "keep"
    sessions = read_jsonl(path, keep_bad=keep) if path.suffix == ".jsonl" else _read_json_files(path, keep_bad=keep)
    return NamedDataset(path.stem if path.is_file() else path.name, sessions, sessions_sha256(sessions))


def read_jsonl(path: Path, *, keep_bad: bool = False) -> list[Any]:
    """The JSON objects of a `.jsonl` file, in order (UTF-8, a BOM allowed, within the JSON limits).

    A bad line raises `DatasetError`, or with `keep_bad` stays in the list as an `InputError`.
    """
    sessions: list[Any] = []
    try:
        for _lineno, value in iter_json_lines(path):
            if isinstance(value, InputError) and not keep_bad:
                raise DatasetError(str(value))
            sessions.append(value)
    except InputError as exc:  # the file itself: unreadable, UTF-16...
        raise DatasetError(str(exc)) from None
    return sessions


def write_jsonl(path: Path, sessions: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for session in sessions:
            handle.write(json.dumps(session, ensure_ascii=False) + "\n")


def sessions_sha256(sessions: list[Any]) -> str:
    digest = hashlib.sha256()
    for session in sessions:
        text = f"input_error: {session}" if isinstance(session, InputError) else json.dumps(session, ensure_ascii=False)
        digest.update(text.encode("utf-8", errors="surrogatepass"))
        digest.update(b"\n")
    return digest.hexdigest()


def to_hf_dataset(sessions: list[dict[str, Any]]) -> Any:
    """A `datasets.Dataset`; free-form nested fields travel as JSON strings (spec §10)."""
    from datasets import Dataset

    rows = [_encode(s) for s in sessions]
    return Dataset.from_list(rows)


def from_hf_dataset(dataset: Any) -> list[dict[str, Any]]:
    return [_decode(dict(row)) for row in dataset]


def _encode(session: dict[str, Any]) -> dict[str, Any]:
    row = {
        "session_id": session["session_id"],
        "round": int(session.get("round", 1)),
        "original_query": session.get("original_query", ""),
        "executor_final_answer": session.get("executor_final_answer"),
    }
    for column in JSON_COLUMNS:
        row[column] = json.dumps(session.get(column), ensure_ascii=False)
    return row


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    session = {k: v for k, v in row.items() if k not in JSON_COLUMNS}
    for column in JSON_COLUMNS:
        session[column] = json.loads(row[column]) if row.get(column) is not None else None
    session["tool_calls"] = session["tool_calls"] or []
    return session


def _read_json_files(path: Path, *, keep_bad: bool = False) -> list[Any]:
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    sessions: list[Any] = []
    for file in files:
        try:
            with file.open("rb") as handle:
                data = handle.read(MAX_SESSION_BYTES + 1)
            if len(data) > MAX_SESSION_BYTES:
                raise InputError(f"larger than {MAX_SESSION_BYTES} bytes")
            sessions.append(json_object_from_bytes(data))
        except OSError as exc:
            raise DatasetError(f"{file}: cannot read: {exc.strerror or exc}") from None
        except InputError as exc:
            if not keep_bad:
                raise DatasetError(f"{file}: cannot read as a session: {exc}") from None
            sessions.append(InputError(f"{file}: {exc}", session_id=exc.session_id, field=exc.field))
    return sessions



def _synthetic(split: str) -> Callable[[], list[dict[str, Any]]]:
    return lambda: read_jsonl(SYNTHETIC_DIR / f"{split}.jsonl")


def _holmesgpt() -> list[dict[str, Any]]:
    require_extra("yaml", "evals", "the holmesgpt dataset")  # its cases are YAML
    from .holmesgpt import import_holmesgpt

    sessions, _skipped = import_holmesgpt(_shared_path("holmesgpt"))
    return sessions


def _halueval() -> list[dict[str, Any]]:
    from .halueval import convert_halueval

    return convert_halueval(_shared_path("halueval"))


def _halueval_hub() -> list[dict[str, Any]]:
    from .halueval_hub import load_halueval_hub

    return load_halueval_hub()


def _shared_path(name: str) -> Path:
    parts, what = _SHARED[name]
    root = shared_dir(required=False)
    if root is None:
        raise DatasetError(f"dataset {name!r} ({what}) needs the shared data folder: {shared_hint()}")
    path = root.joinpath(*parts)
    if not path.exists():
        raise DatasetError(f"dataset {name!r} ({what}): {path} is missing from the shared data folder")
    return path


def _shared_availability(name: str) -> str | None:
    parts, what = _SHARED[name]
    root = shared_dir(required=False)
    if root is None:
        return f"needs ../shared or ${SHARED_ENV_VAR} ({what})"
    return None if root.joinpath(*parts).exists() else f"needs {root.joinpath(*parts)} ({what})"


def _hub_availability() -> str | None:
    from .halueval_hub import hub_availability

    return hub_availability()


def _bundled_availability(path: Path) -> Callable[[], str | None]:
    return lambda: None if path.exists() else f"missing from this install: {path}"


# name -> (path inside the shared folder, what it is)
_SHARED: dict[str, tuple[tuple[str, ...], str]] = {
    "holmesgpt": (("data", "holmesgpt", "cases"), "HolmesGPT fixtures, Apache-2.0"),
    "halueval": (("data", "external", "halueval_qa_one_turn.jsonl"), "HaluEval QA, MIT"),
}

_BUILDERS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "synthetic-train": _synthetic("train"),
    "synthetic-dev": _synthetic("dev"),
    "synthetic-test": _synthetic("test"),
    "adversarial": lambda: read_jsonl(ADVERSARIAL_FILE),
    "examples": lambda: _read_json_files(EXAMPLES_DIR),
    "holmesgpt": _holmesgpt,
    "halueval": _halueval,
    "halueval-qa-hub": _halueval_hub,
}

_AVAILABILITY: dict[str, Callable[[], str | None]] = {
    "synthetic-train": _bundled_availability(SYNTHETIC_DIR / "train.jsonl"),
    "synthetic-dev": _bundled_availability(SYNTHETIC_DIR / "dev.jsonl"),
    "synthetic-test": _bundled_availability(SYNTHETIC_DIR / "test.jsonl"),
    "adversarial": _bundled_availability(ADVERSARIAL_FILE),
    "examples": _bundled_availability(EXAMPLES_DIR),
    "holmesgpt": lambda: _shared_availability("holmesgpt"),
    "halueval": lambda: _shared_availability("halueval"),
    "halueval-qa-hub": _hub_availability,
}
