import json

import pytest

from groundcheck.evals.datasets import dataset_names, from_hf_dataset, load_dataset, to_hf_dataset, write_jsonl
from groundcheck.programs.errors import DatasetError


def test_named_datasets_listed():
    assert {"synthetic-train", "synthetic-dev", "synthetic-test", "holmesgpt", "halueval"} <= set(dataset_names())


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
