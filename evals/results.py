"""Per-session results of an evaluation run.

- `records.jsonl` in the report folder: one line per finished session (its key, labels and record),
  appended as sessions finish, so an interrupted run can be resumed (`RunRecords`).
- `sessions.jsonl` / `sessions.csv`: one row per session (`session_rows`), loadable with
  `load_results` (pandas) or `results_dataset` (`datasets.Dataset`).
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from groundcheck.programs.core.jsonio import dumps_lossless
from groundcheck.programs.errors import InputError

from .metrics import Scored
from .runner import session_key_parts

RECORDS_FILE = "records.jsonl"
MANIFEST_FILE = "run.json"
ROWS_JSONL = "sessions.jsonl"
ROWS_CSV = "sessions.csv"
# what must match for `--resume` to reuse a folder's records
RESUME_KEYS = ("dataset_sha256", "backend", "program_version", "model")
_RULE = re.compile(r"verdict rule (\d+): ([^\n]*)$")

Key = tuple[str, int, int]


def session_keys(sessions: list[Any]) -> list[Key]:
    """(session id, round, occurrence) per session: unique even when a dataset repeats an id."""
    seen: Counter[tuple[str, int]] = Counter()
    keys = []
    for session in sessions:
        sid, rnd = session_key_parts(session)
        keys.append((sid, rnd, seen[(sid, rnd)]))
        seen[(sid, rnd)] += 1
    return keys


class RunRecords:
    """The append-only `records.jsonl` of a report folder, with the run's manifest (`run.json`).

    Args:
        directory: the report folder.
        manifest: what identifies the run (dataset hash, backend, program, model...).
        resume: keep the records of an earlier run of the same manifest; otherwise start afresh.
            Records whose LM call failed (`verifier_error`) are not kept: a resumed run asks again.

    Raises:
        InputError: `resume` and the folder holds another run's records.
    """

    def __init__(self, directory: Path, manifest: dict[str, Any], *, resume: bool) -> None:
        self.directory = directory
        self.path = directory / RECORDS_FILE
        self.done: dict[Key, Scored] = {}
        directory.mkdir(parents=True, exist_ok=True)
        manifest_path = directory / MANIFEST_FILE
        if resume and self.path.exists():
            earlier = _read_json(manifest_path)
            differs = [k for k in RESUME_KEYS if earlier.get(k) != manifest.get(k)]
            if differs:
                raise InputError(f"{directory}: cannot resume: its records are of another run "
                                 f"({', '.join(f'{k} {earlier.get(k)!r} != {manifest.get(k)!r}' for k in differs)}); "
                                 "use another --report folder or drop --resume")
            self.done = self._read()
        else:
            self.path.write_text("", encoding="utf-8")
        manifest_path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2), encoding="utf-8")
        self._handle = self.path.open("a", encoding="utf-8", errors="surrogatepass")
        if self.done:  # rewrite what is kept, so that failed LM calls asked again do not appear twice
            self._handle.truncate(0)
            for key, scored in self.done.items():
                self._write(key, scored)
            self._handle.flush()

    def append(self, key: Key, scored: Scored) -> None:
        self._write(key, scored)
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def _write(self, key: Key, scored: Scored) -> None:
        line = {"key": list(key), "labels": scored.labels, "record": scored.record}
        self._handle.write(dumps_lossless(line) + "\n")

    def _read(self) -> dict[Key, Scored]:
        done: dict[Key, Scored] = {}
        with self.path.open(encoding="utf-8", errors="surrogatepass") as handle:
            for line in handle:
                try:
                    row = json.loads(line)
                    sid, rnd, occ = row["key"]
                    record = row["record"]
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short when the run was killed: that session runs again
                if record.get("verifier_error"):
                    continue
                done[(sid, rnd, occ)] = Scored(session_id=sid, labels=row.get("labels") or {}, record=record,
                                               round=rnd)
        return done


def _read_json(path: Path) -> dict[str, Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


# --- one row per session ------------------------------------------------------------------------

ROW_COLUMNS = (
    "session_id", "round", "gold_verdict", "predicted_verdict", "correct", "model_verdict", "verdict_rule",
    "verdict_rule_reason", "claims", "claim_misses", "parse_status", "rules_failed", "rules_warned",
    "lm_calls", "prompt_tokens", "completion_tokens", "latency_ms", "cost_usd", "model_not_asked",
    "verifier_error", "input_error", "backend", "program_version",
)


def session_row(scored: Scored) -> dict[str, Any]:
    """One flat row: verdicts, per-claim gold and predicted class (`claims`, a JSON list), rules fired,
    the verdict rule, LM usage and errors. Every value is a string, number, bool or None."""
    record, labels = scored.record, scored.labels
    gold_claims: dict[str, str] = labels.get("claim_verifications") or {}
    predicted: dict[str, str] = {}
    for check in record.get("claim_checks") or []:
        predicted.setdefault(check["claim_id"], check["verification"])
    claims = [{"claim_id": cid, "gold": gold_claims.get(cid), "predicted": predicted.get(cid)}
              for cid in dict.fromkeys([*predicted, *gold_claims])]
    gate = record.get("gatekeeper_result") or {}
    usage = record.get("lm_usage") or {}
    rule = _RULE.search(record.get("rationale") or "")
    gold, got = labels.get("verdict"), record.get("verdict")
    return {
        "session_id": scored.session_id,
        "round": scored.round,
        "gold_verdict": gold,
        "predicted_verdict": got,
        "correct": (gold == got) if gold and got else None,
        "model_verdict": record.get("model_verdict"),
        "verdict_rule": int(rule.group(1)) if rule else None,
        "verdict_rule_reason": rule.group(2) if rule else None,
        "claims": json.dumps(claims, ensure_ascii=False),
        "claim_misses": sum(1 for c in claims if c["gold"] is not None and c["gold"] != c["predicted"]),
        "parse_status": (record.get("executor_output_parse_status") or {}).get("status"),
        "rules_failed": " ".join(gate.get("failed_rules") or []),
        "rules_warned": " ".join(gate.get("warned_rules") or []),
        "lm_calls": usage.get("calls"),
        "prompt_tokens": usage.get("prompt_tokens"),
        "completion_tokens": usage.get("completion_tokens"),
        "latency_ms": usage.get("latency_ms"),
        "cost_usd": usage.get("cost_usd"),
        "model_not_asked": record.get("model_not_asked"),
        "verifier_error": record.get("verifier_error"),
        "input_error": record.get("input_error"),
        "backend": record.get("backend"),
        "program_version": record.get("program_version"),
    }


def session_rows(items: list[Scored]) -> list[dict[str, Any]]:
    return [session_row(s) for s in items]


def write_rows(directory: Path, rows: list[dict[str, Any]]) -> tuple[Path, Path]:
    """`sessions.jsonl` and `sessions.csv` in `directory`."""
    jsonl = directory / ROWS_JSONL
    with jsonl.open("w", encoding="utf-8", errors="backslashreplace") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    table = directory / ROWS_CSV
    with table.open("w", encoding="utf-8", errors="backslashreplace", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(ROW_COLUMNS))
        writer.writeheader()
        writer.writerows(rows)
    return jsonl, table


def _rows_path(path: str | Path) -> Path:
    path = Path(path)
    return path / ROWS_JSONL if path.is_dir() else path


def load_results(path: str | Path) -> Any:
    """A pandas DataFrame of a report folder's (or a `sessions.jsonl` file's) per-session rows."""
    import pandas as pd

    return pd.read_json(_rows_path(path), lines=True, dtype=False)


def results_dataset(path: str | Path) -> Any:
    """A `datasets.Dataset` of a report folder's (or a `sessions.jsonl` file's) per-session rows."""
    from datasets import Dataset

    return Dataset.from_list(rows_from_file(path))


def rows_from_file(path: str | Path) -> list[dict[str, Any]]:
    with _rows_path(path).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]

