"""`halueval-qa-hub`: the real loading code, run offline on small datasets this test writes itself."""

import json
import sys

import pytest
from net_guard import loopback_only

from groundcheck.evals.datasets import dataset_availability, load_dataset
from groundcheck.evals.halueval import convert_halueval
from groundcheck.evals.halueval_hub import CONFIG, ENV_VAR, HUB_ID, SPLIT, load_halueval_hub
from groundcheck.programs.errors import DatasetError, MissingExtraError

datasets = pytest.importorskip("datasets")

RECORDS = [
    {
        "knowledge": "Arthur's Magazine (1844-1846) was an American literary periodical published in Philadelphia."
                     "First for Women is a woman's magazine published by Bauer Media Group in the USA.",
        "question": "Which magazine was started first Arthur's Magazine or First for Women?",
        "right_answer": "Arthur's Magazine",
        "hallucinated_answer": "First for Women was started first.",
    },
    {
        "knowledge": "The Oberoi Group is a hotel company with its head office in Delhi. It operates 31 hotels.",
        "question": "The Oberoi family is part of a hotel company that has a head office in what city?",
        "right_answer": "Delhi",
        "hallucinated_answer": "Mumbai",
    },
    {
        "knowledge": "Allison Beth Adler is an American television writer and producer. She worked on Supergirl.",
        "question": "What show did Allison Beth Adler produce?",
        "right_answer": "Supergirl",
        "hallucinated_answer": "She produced The Crown for Netflix in 2016.",
    },
]


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    with loopback_only(monkeypatch) as attempts:
        yield
    assert attempts == [], "the hub loader reached for the network"


def expected_sessions(tmp_path):
    """What `halueval.py` builds from the same records (the shared-file route), ids renamed."""
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    sessions = convert_halueval(path)
    for session in sessions:
        i, kind = session["session_id"].removeprefix("halueval-").split("-", 1)
        session["session_id"] = f"halueval-hub-{int(i):05d}-{kind}"
    return sessions


def test_saved_dataset_via_env_var_gives_the_shared_format(tmp_path, monkeypatch):
    saved = tmp_path / "saved"
    datasets.DatasetDict({SPLIT: datasets.Dataset.from_list(RECORDS)}).save_to_disk(str(saved))
    monkeypatch.setenv(ENV_VAR, str(saved))
    named = load_dataset("halueval-qa-hub")
    assert named.name == "halueval-qa-hub"
    assert named.sessions == expected_sessions(tmp_path)
    assert [s["labels"]["supported"] for s in named.sessions] == [True, False] * len(RECORDS)
    assert dataset_availability()["halueval-qa-hub"] is None


@pytest.mark.parametrize("suffix", ["parquet", "jsonl"])
def test_data_files_are_read_through_datasets(tmp_path, suffix):
    table = datasets.Dataset.from_list(RECORDS)
    path = tmp_path / f"qa.{suffix}"
    table.to_parquet(str(path)) if suffix == "parquet" else table.to_json(str(path), lines=True)
    sessions = load_halueval_hub(path, cache_dir=tmp_path / "cache")
    assert sessions == expected_sessions(tmp_path)


def test_default_source_is_the_hub_config(monkeypatch, tmp_path):
    calls = []

    def fake_load_dataset(*args, **kwargs):
        calls.append((args, kwargs))
        return datasets.Dataset.from_list(RECORDS[:1])

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    sessions = load_halueval_hub()
    assert calls == [((HUB_ID, CONFIG), {"split": SPLIT, "cache_dir": None})]
    assert [s["session_id"] for s in sessions] == ["halueval-hub-00000-right", "halueval-hub-00000-hallucinated"]
    assert "Hugging Face hub" in dataset_availability()["halueval-qa-hub"]


def test_unreachable_hub_is_one_line_naming_the_offline_route(monkeypatch):
    def no_network(*args, **kwargs):
        raise ConnectionError("Couldn't reach 'pminervini/HaluEval' on the Hub (LocalEntryNotFoundError)\nmore")

    monkeypatch.setattr(datasets, "load_dataset", no_network)
    with pytest.raises(DatasetError) as info:
        load_dataset("halueval-qa-hub")
    message = str(info.value)
    assert "\n" not in message and "ConnectionError" in message and ENV_VAR in message


def test_wrong_schema_and_missing_copy_are_dataset_errors(tmp_path, monkeypatch):
    path = tmp_path / "other.parquet"
    datasets.Dataset.from_list([{"question": "q", "answer": "a"}]).to_parquet(str(path))
    with pytest.raises(DatasetError, match="lacks column\\(s\\) knowledge, right_answer, hallucinated_answer"):
        load_halueval_hub(path, cache_dir=tmp_path / "cache")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "absent"))
    with pytest.raises(DatasetError, match="does not exist"):
        load_halueval_hub()
    assert "does not exist" in dataset_availability()["halueval-qa-hub"]


def test_without_the_evals_extra_it_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "datasets", None)  # import datasets -> ImportError
    with pytest.raises(MissingExtraError, match=r"^the halueval-qa-hub dataset needs datasets: "
                                                r"pip install 'groundcheck\[evals\]'$"):
        load_halueval_hub()
    assert "groundcheck[evals]" in dataset_availability()["halueval-qa-hub"]
