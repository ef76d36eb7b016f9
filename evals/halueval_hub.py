"""`halueval-qa-hub`: HaluEval's QA records from the Hugging Face hub, as single-claim sessions.

The same 10,000 QA records HaluEval publishes (RUCAIBox/HaluEval `qa_data.json`), mirrored on the hub
as `pminervini/HaluEval`, config `qa`, split `data`: columns `knowledge`, `question`, `right_answer`,
`hallucinated_answer`. Each record becomes the two sessions `halueval.py` builds from the shared
file (one `lookup_knowledge` call, one claim; right answer supported, hallucinated one not), so
both datasets are scored alike. Session ids say which source they came from (`halueval-hub-...`).

`datasets` downloads the records on first use and caches them (`~/.cache/huggingface`). To run
offline, point `$GROUNDCHECK_HALUEVAL_HUB` at a local copy in the same schema: a folder written by
`Dataset.save_to_disk`, or `.parquet` / `.jsonl` / `.json` files (one file or a folder of them).
A test set: report on it, never tune rules to its records.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from groundcheck.programs.errors import DatasetError, describe_exception, require_extra

from .halueval import _session as halueval_session  # one converter for both sources

HUB_ID = "pminervini/HaluEval"
CONFIG = "qa"
SPLIT = "data"
ENV_VAR = "GROUNDCHECK_HALUEVAL_HUB"
COLUMNS = ("knowledge", "question", "right_answer", "hallucinated_answer")
NAME = "halueval-qa-hub"

_READERS = {".parquet": "from_parquet", ".jsonl": "from_json", ".json": "from_json"}


def load_halueval_hub(source: str | os.PathLike[str] | None = None, *,
                      cache_dir: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """The sessions of HaluEval QA, from the hub or from a local copy.

    Args:
        source: a local copy (see the module docstring); default `$GROUNDCHECK_HALUEVAL_HUB`, else
            the hub dataset `pminervini/HaluEval` (config `qa`).
        cache_dir: where `datasets` caches what it reads (default: its own cache).

    Raises:
        MissingExtraError: `datasets` is not installed (`pip install 'groundcheck[evals]'`).
        DatasetError: the hub cannot be reached, the local copy cannot be read, or a column is missing.
    """
    datasets = require_extra("datasets", "evals", f"the {NAME} dataset")
    chosen = source if source is not None else os.environ.get(ENV_VAR) or None
    if chosen is None:
        where = f"{HUB_ID} ({CONFIG}) from the Hugging Face hub"
        try:
            records = datasets.load_dataset(HUB_ID, CONFIG, split=SPLIT, cache_dir=_str(cache_dir))
        except Exception as exc:  # no network, hub down, renamed: one line, never a traceback
            raise DatasetError(
                f"{NAME}: cannot load {where}: {describe_exception(exc, 200)}; it needs network on first "
                f"use, or set {ENV_VAR} to a local copy"
            ) from None
    else:
        where = str(chosen)
        records = _load_local(datasets, Path(chosen), cache_dir)
    return convert_records(_rows(records, where))


def convert_records(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Two sessions per HaluEval QA record (right, hallucinated), in the format of `halueval.py`."""
    sessions = []
    for i, record in enumerate(records):
        for kind, answer, supported in (
            ("right", record["right_answer"], True),
            ("hallucinated", record["hallucinated_answer"], False),
        ):
            session = halueval_session(i, kind, dict(record), str(answer), supported)
            session["session_id"] = f"halueval-hub-{i:05d}-{kind}"
            sessions.append(session)
    return sessions


def hub_availability() -> str | None:
    """None when the dataset can be read here without asking anyone, else one line on how to get it."""
    try:
        import datasets  # noqa: F401
    except ImportError:
        return f"needs the evals extra: pip install 'groundcheck[evals]' (then downloads {HUB_ID} on first use)"
    local = os.environ.get(ENV_VAR)
    if local:
        return None if Path(local).exists() else f"${ENV_VAR} is {local}, which does not exist"
    return (f"downloads {HUB_ID} ({CONFIG}, Apache-2.0) from the Hugging Face hub on first use; needs network, "
            f"or set ${ENV_VAR} to a local copy")


def _load_local(datasets: Any, path: Path, cache_dir: str | os.PathLike[str] | None) -> Any:
    if not path.exists():
        raise DatasetError(f"{NAME}: {path} does not exist (${ENV_VAR} names a local copy of {HUB_ID} {CONFIG})")
    try:
        if path.is_dir() and ((path / "state.json").is_file() or (path / "dataset_dict.json").is_file()):
            return _pick_split(datasets.load_from_disk(str(path)), path)
        files = sorted(p for p in path.iterdir() if p.suffix in _READERS) if path.is_dir() else [path]
        readers = {_READERS.get(p.suffix) for p in files}
        if not files or None in readers or len(readers) > 1:
            raise DatasetError(f"{NAME}: {path} is not a saved dataset nor .parquet / .jsonl / .json files of one kind")
        # Dataset.from_* rather than load_dataset("parquet", ...): the latter pings a download counter
        reader = getattr(datasets.Dataset, str(readers.pop()))
        return reader([str(p) for p in files], cache_dir=_str(cache_dir))
    except DatasetError:
        raise
    except Exception as exc:
        raise DatasetError(f"{NAME}: cannot read {path}: {describe_exception(exc, 200)}") from None


def _pick_split(loaded: Any, path: Path) -> Any:
    if not hasattr(loaded, "keys"):
        return loaded  # a Dataset, not a DatasetDict
    splits = list(loaded.keys())
    if SPLIT in splits:
        return loaded[SPLIT]
    if len(splits) != 1:
        raise DatasetError(f"{NAME}: {path} holds splits {', '.join(splits)}; expected {SPLIT!r} or a single split")
    return loaded[splits[0]]


def _rows(records: Any, where: str) -> Iterable[Mapping[str, Any]]:
    missing = [c for c in COLUMNS if c not in (records.column_names or [])]
    if missing:
        raise DatasetError(f"{NAME}: {where} lacks column(s) {', '.join(missing)} (HaluEval QA: {', '.join(COLUMNS)})")
    return records


def _str(path: str | os.PathLike[str] | None) -> str | None:
    return None if path is None else str(path)
