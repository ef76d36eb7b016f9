import json
from pathlib import Path

import pytest

from groundcheck.evals import shared
from groundcheck.evals.datasets import (
    dataset_availability,
    dataset_names,
    from_hf_dataset,
    load_dataset,
    to_hf_dataset,
    write_jsonl,
)
from groundcheck.evals.shared import ENV_VAR, shared_candidates
from groundcheck.programs.errors import DatasetError


def test_named_datasets_listed():
    names = {"synthetic-train", "synthetic-dev", "synthetic-test", "holmesgpt", "halueval", "halueval-qa-hub"}
    assert names <= set(dataset_names())
    assert set(dataset_availability()) == set(dataset_names())


def test_bundled_datasets_are_always_available():
    availability = dataset_availability()
    for name in ("synthetic-train", "synthetic-dev", "synthetic-test", "adversarial", "examples"):
        assert availability[name] is None, name


@pytest.mark.parametrize("name", ["holmesgpt", "halueval"])
def test_shared_dataset_without_the_folder_says_how_to_enable_it(tmp_path, monkeypatch, name):
    empty = tmp_path / "no-shared"
    monkeypatch.setenv(ENV_VAR, str(empty))
    assert dataset_availability()[name] == {
        "holmesgpt": "needs ../shared or $GROUNDCHECK_SHARED (HolmesGPT fixtures, Apache-2.0)",
        "halueval": "needs ../shared or $GROUNDCHECK_SHARED (HaluEval QA, MIT)",
    }[name]
    with pytest.raises(DatasetError) as info:
        load_dataset(name)
    message = str(info.value)
    assert message.count(str(empty)) == 1 and ENV_VAR in message and "\n" not in message


def test_shared_folder_is_named_once_from_the_repo_root(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    repo_root = Path(shared.__file__).resolve().parents[1]
    monkeypatch.chdir(repo_root)  # ../shared beside the repo and beside the working dir: one folder
    assert shared_candidates() == [repo_root.parent / "shared", repo_root / "shared"]


def test_hf_round_trip_keeps_every_field():
    sessions = load_dataset("synthetic-dev").sessions[:40]
    ds = to_hf_dataset(sessions)
    assert ds.num_rows == 40
    assert ds.features["tool_calls"].dtype == "string"  # free-form nested values travel as JSON text
    back = from_hf_dataset(ds)
    for original, restored in zip(sessions, back, strict=True):
        for key, value in original.items():
            assert restored[key] == value, key


def test_load_from_path_and_hash(tmp_path):
    sessions = load_dataset("synthetic-dev").sessions[:5]
    path = tmp_path / "five.jsonl"
    write_jsonl(path, sessions)
    named = load_dataset(str(path))
    assert named.name == "five" and named.sessions == sessions
    assert named.sha256 == load_dataset(str(path)).sha256
    sessions[0]["original_query"] += "?"
    write_jsonl(path, sessions)
    assert load_dataset(str(path)).sha256 != named.sha256


def test_unknown_dataset_and_bad_line(tmp_path):
    with pytest.raises(DatasetError, match="unknown dataset"):
        load_dataset("no-such-set")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"session_id": "a"}) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=":2: not JSON"):
        load_dataset(str(bad))
