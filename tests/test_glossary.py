"""The bilingual glossary: concept naming, evidence coverage, and no false alarms on honest claims."""

import json
from pathlib import Path

import pytest

from groundcheck.programs.text.glossary import (
    carries,
    claim_analysis,
    concept_coverage,
    concepts_in,
    coverage_class,
    glossary,
    load_glossary,
    uncovered_concepts,
)

DATA = Path(__file__).parent.parent / "programs" / "text" / "data" / "glossary.tsv"


def test_glossary_table_is_well_formed_and_large():
    rows = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"]
    assert len(rows) >= 200
    assert all(len(r) == 4 for r in rows), [r[0] for r in rows if len(r) != 4]
    ids = [r[0] for r in rows]
    assert len(ids) == len(set(ids))
    for cid, zh, en, hints in rows:
        assert zh or en, cid
        for term in (zh + "|" + en + "|" + hints).split("|"):
            assert term == term.lower() and term == term.strip(), (cid, term)
    assert len(glossary()) == len(rows)


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("磁盘已满", "disk_full"),
        ("No space left on device", "disk_full"),
        ("请求超时", "timeout"),
        ("read timed out", "timeout"),
        ("连接池耗尽", "connection_pool"),
        ("连接池耗尽", "exhausted"),
        ("数据库发生主从切换", "failover"),
        ("pod 被 OOMKilled", "oom"),
        ("容器内存溢出", "oom"),
        ("k8s-worker-3 上 37 个 pod 被驱逐", "evicted"),
        ("证书已过期", "cert_expired"),
        ("key 已过期", "expired"),
        ("网关限流", "rate_limit"),
        ("requests were throttled", "rate_limit"),
        ("副本不足", "replica"),
        ("下游服务不可达", "unreachable"),
        ("P99 延迟升高", "latency"),
        ("错误率升至 18%", "error_rate"),
    ],
)
def test_terms_name_concepts_in_both_languages(text, concept):
    assert concept in concepts_in(text)


def test_longest_term_wins_and_identifiers_name_nothing():
    assert "failover" in concepts_in("主从切换")
    assert concepts_in("order-events-consumer 报错") == concepts_in("报错")  # "consumer" inside an identifier
    assert "oom" not in concepts_in("the room is full")  # short terms stand alone
    assert "java 堆" not in concepts_in("java堆") and "heap" in concepts_in("java 堆") & concepts_in("java堆")


def test_chinese_claim_is_covered_by_english_evidence():
    log = "2026-11-08T11:12:03Z ERROR write /data/binlog.000123 failed: No space left on device (errno 28)"
    assert uncovered_concepts("写入失败，磁盘已满", [log]) == []
    assert carries(log, "disk_full") and carries(log, "write_failure")
    assert not carries(log, "failover")


def test_uncovered_concepts_names_what_no_evidence_carries():
    log = "write failed: No space left on device"
    assert uncovered_concepts("数据库发生主从切换，磁盘已满", [log]) == ["database", "failover"]
    assert uncovered_concepts("数据库发生主从切换", [log, "mysql: failover to replica-2 completed"]) == []


def test_negated_and_hedged_mentions_are_not_counted():
    log = "kubelet: PLEG is not healthy"
    cov = concept_coverage("节点 NotReady，容器运行时可能无响应", [log + "; node NotReady"])
    assert "container_runtime" not in cov.named  # hedged clause
    assert concept_coverage("没有发生主从切换", [log]).uncovered == ()
    analysis = claim_analysis("没有发生主从切换")
    assert analysis.negated == frozenset({0})


def test_skip_leaves_out_concepts():
    assert uncovered_concepts("发生主从切换", ["nothing"], skip=["failover"]) == []


def test_coverage_class():
    log = "write failed: No space left on device"
    mostly = concept_coverage("数据库发生主从切换", [log])
    assert mostly.mostly_uncovered and coverage_class(mostly, "direct") == "unsupported"
    assert coverage_class(mostly, "indirect") == "unsupported"
    some = concept_coverage("磁盘已满导致写入失败并触发告警", [log])
    assert some.uncovered == ("alert",) and not some.mostly_uncovered
    assert coverage_class(some, "direct") == "overstated"
    assert coverage_class(some, "indirect") is None
    assert coverage_class(concept_coverage("磁盘已满", [log]), "direct") is None


def test_load_glossary_from_lines():
    g = load_glossary(["# comment", "c1\t甲乙\tfoo bar\tbaz", "c2\t丙丁\t\t"])
    assert len(g) == 2
    assert [m.concept_ids for m in g.mentions("甲乙 and Foo Bar 丙丁")] == [("c1",), ("c1",), ("c2",)]


def _synthetic_claims(path):
    from groundcheck.programs.core.parse import parse_executor_output
    from groundcheck.programs.core.trace_index import output_text

    for line in Path(path).read_text(encoding="utf-8").splitlines():
        session = json.loads(line)
        contract = parse_executor_output(session["executor_final_answer"]).contract
        if contract is None:
            continue
        outputs = {c["invocation_id"]: output_text(c["output"]) for c in session["tool_calls"]}
        labels = (session.get("labels") or {}).get("claim_verifications", {})
        for claim in contract.claims:
            cited = [outputs[i] for b in claim.evidence_bindings for i in b.source_invocation_ids if i in outputs]
            yield claim, labels.get(claim.claim_id), cited


def test_honest_synthetic_claims_raise_no_false_alarm():
    path = Path(__file__).parent.parent / "evals" / "data" / "synthetic" / "test.jsonl"
    honest = flagged = caught = unsupported = 0
    for claim, label, cited in _synthetic_claims(path):
        cov = concept_coverage(claim.claim_text, cited)
        if label == "direct_observation":
            honest += 1
            flagged += bool(cov.uncovered)
        elif label == "unsupported" and claim.support_level == "direct":
            unsupported += 1
            caught += coverage_class(cov, "direct") == "unsupported"
    assert honest > 800
    assert flagged == 0
    assert caught >= unsupported // 2  # it also sees invented content


def test_no_evidence_view_is_cached_by_text():
    """A process-wide cache keyed by output text would outlive sessions (and flatter benchmarks
    that repeat one session): views live with their call (`CallEvidence.view`), and a view passed
    in is used as is."""
    from groundcheck.programs.text import glossary as g

    text = "write failed: No space left on device"
    first = g.evidence_view(text)
    assert first.carries("disk_full") and g.evidence_view(text) is not first
    assert g.evidence_view(first) is first and carries(first, "write_failure")
    g.claim_analysis("磁盘已满")
    g.clear_caches()
    assert g.claim_analysis.cache_info().currsize == 0


def test_qualified_class_names_name_their_concept():
    assert "oom" in concepts_in("日志出现 java.lang.OutOfMemoryError")
    assert "null_pointer" in concepts_in("出现 java.lang.NullPointerException")
    assert "oom" not in concepts_in("服务 outofmemoryerror-exporter 已部署")  # part of an identifier


def test_scan_matcher_finds_what_the_automaton_finds(monkeypatch):
    from groundcheck.programs.text import glossary as g

    text = "12:02 起连接池耗尽，数据库主从切换，pod 被 OOMKilled，No space left on device"
    expected = g.glossary().mentions(text)
    monkeypatch.setattr(g, "ahocorasick", None)
    fallback = g.load_glossary(DATA.read_text(encoding="utf-8").splitlines())
    assert type(fallback._automaton).__name__ == "_ScanMatcher"
    assert fallback.mentions(text) == expected
