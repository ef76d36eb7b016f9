"""Named datasets and files of labeled sessions; conversion to and from `datasets.Dataset`.

Names: `synthetic-train`, `synthetic-dev`, `synthetic-test`, `adversarial` (committed JSONL), `examples` (bundled),
`holmesgpt` and `halueval` (built from `../shared/data`, read in place).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from groundcheck.evals.examples import EXAMPLES_DIR
from groundcheck.evals.shared import shared_dir
from groundcheck.programs.errors import DatasetError

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


def load_dataset(name_or_path: str) -> NamedDataset:
    """A bundled dataset by name, or sessions from a `.jsonl` / `.json` file or a folder of `.json`.

    Raises:
        DatasetError: unknown name, unreadable file, or a line that is not JSON.
    """
    if name_or_path in _BUILDERS:
        sessions = _BUILDERS[name_or_path]()
        return NamedDataset(name_or_path, sessions, sessions_sha256(sessions))
    path = Path(name_or_path)
    if not path.exists():
        raise DatasetError(f"unknown dataset {name_or_path!r}: not a file, and not one of {', '.join(dataset_names())}")
    sessions = read_jsonl(path) if path.suffix == ".jsonl" else _read_json_files(path)
    return NamedDataset(path.stem if path.is_file() else path.name, sessions, sessions_sha256(sessions))


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    sessions = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc.strerror}") from None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            sessions.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{lineno}: not JSON: {exc.msg}") from None
    return sessions


def write_jsonl(path: Path, sessions: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for session in sessions:
            handle.write(json.dumps(session, ensure_ascii=False) + "\n")


def sessions_sha256(sessions: list[dict[str, Any]]) -> str:
    digest = hashlib.sha256()
    for session in sessions:
        digest.update(json.dumps(session, ensure_ascii=False).encode())
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


def _read_json_files(path: Path) -> list[dict[str, Any]]:
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    sessions = []
    for file in files:
        try:
            sessions.append(json.loads(file.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise DatasetError(f"{file}: cannot read as JSON: {exc}") from None
    return sessions


def _synthetic(split: str) -> Callable[[], list[dict[str, Any]]]:
    return lambda: read_jsonl(SYNTHETIC_DIR / f"{split}.jsonl")


def _holmesgpt() -> list[dict[str, Any]]:
    from groundcheck.evals.holmesgpt import import_holmesgpt

    sessions, _skipped = import_holmesgpt(shared_dir() / "data" / "holmesgpt" / "cases")
    return sessions


def _halueval() -> list[dict[str, Any]]:
    from groundcheck.evals.halueval import convert_halueval

    return convert_halueval(shared_dir() / "data" / "external" / "halueval_qa_one_turn.jsonl")


_BUILDERS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "synthetic-train": _synthetic("train"),
    "synthetic-dev": _synthetic("dev"),
    "synthetic-test": _synthetic("test"),
    "adversarial": lambda: read_jsonl(ADVERSARIAL_FILE),
    "examples": lambda: _read_json_files(EXAMPLES_DIR),
    "holmesgpt": _holmesgpt,
    "halueval": _halueval,
}
