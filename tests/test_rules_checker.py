import pytest
from builders import binding, claim, session_with

from groundcheck.programs.core.pipeline import verify_session


def classes(session):
    return {c.claim_id: c.verification for c in verify_session(session).claim_checks}


def check_of(session, claim_id):
    return next(c for c in verify_session(session).claim_checks if c.claim_id == claim_id)


def test_honest_claims():
    assert classes(session_with()) == {
        "c1": "direct_observation",
        "c2": "direct_observation",
        "c3": "direct_observation",
        "c4": "direct_observation",
        "c5": "reasonable_inference",
    }


@pytest.mark.parametrize(
    "text",
    [
        "14:03 order-service 日志出现 ORA-00060 死锁",  # fabricated error code
        "pod order-service-5c4d7b9f8-abcde 被 OOMKilled",  # fabricated pod name
        "14:03 order-service 日志出现 java.lang.StackOverflowError",  # fabricated exception
        "order-service 当前镜像版本为 v2.3.1",  # fabricated version
        "14:03 order-service 连接 10.2.3.4 失败",  # fabricated IP
        "内存工作集在 14:03 达到 768Mi",  # number contradicting the metric
        "13:50 到 14:05 之间容器重启 17 次",  # count contradicting the metric
    ],
)
def test_fabricated_entity_or_number_is_contradicted(text):
    s = session_with(lambda c: claim(c, "c1").update(claim_text=text))
    check = check_of(s, "c1")
    assert check.verification == "contradicted"
    assert "no tool output" in check.detail


@pytest.mark.parametrize(
    "text",
    [
        "内存工作集在 14:03 达到 512Mi",  # 536870912 bytes = 512Mi
        "内存工作集在 14:03 达到 0.5Gi",  # 0.5Gi = 536870912 bytes
        "内存工作集在 14:03 达到 536,870,912 bytes",
        "内存工作集 13:50 到 14:03 增加了 135266304 字节",  # difference of two points
        "内存工作集在 14:03 达到 limit 的 100%",  # ratio of two values
        "从 13:50 到 14:05 共 15 分钟内重启 4 次",  # time span between timestamps
        "ｏｒｄｅｒ-ｓｅｒｖｉｃｅ 在 １４:０３ 出现 OutOfMemoryError",  # full-width text
    ],
)
def test_numbers_following_from_evidence_count_as_found(text):
    def mutate(c):
        claim(c, "c3").update(claim_text=text)
        claim(c, "c3")["evidence_bindings"].append(
            binding("query_metrics", "call_o3", '["14:05", 4]', "metric", "restarts")
        )
        claim(c, "c3")["evidence_bindings"].append(binding("query_logs", "call_o1", "OutOfMemoryError"))

    assert check_of(session_with(mutate), "c3").verification == "direct_observation"


def test_indirect_support_is_a_ceiling():
    s = session_with(lambda c: claim(c, "c1").update(support_level="indirect"))
    assert check_of(s, "c1").verification == "reasonable_inference"


def test_entity_only_outside_cited_output_is_inference():
    s = session_with(
        lambda c: claim(c, "c4").update(
            claim_text="13:50 到 14:05 之间 order-service 容器因 CrashLoopBackOff 重启 4 次"
        )
    )
    check = check_of(s, "c4")
    assert check.verification == "reasonable_inference"
    assert "crashloopbackoff" in check.detail


def test_causal_claim_presented_as_direct_is_overstated():
    s = session_with(lambda c: claim(c, "c5").update(support_level="direct"))
    check = check_of(s, "c5")
    assert check.verification == "overstated"
    assert "causal" in check.detail


@pytest.mark.parametrize("word", ["一定", "肯定", "已确认", "definitely", "confirmed", "always"])
def test_certainty_on_inferred_claim_is_overstated(word):
    s = session_with(
        lambda c: claim(c, "c5").update(claim_text=claim(c, "c5")["claim_text"] + f"，{word}如此")
    )
    assert check_of(s, "c5").verification == "overstated"


def test_certainty_on_observed_fact_stays_direct():
    s = session_with(
        lambda c: claim(c, "c1").update(claim_text="已确认 14:03 order-service 出现 OutOfMemoryError")
    )
    assert check_of(s, "c1").verification == "direct_observation"


def test_no_binding_is_unsupported():
    def mutate(c):
        claim(c, "c5").update(support_level="none", evidence_bindings=[], claim_text="JVM 参数配置不当")

    check = check_of(session_with(mutate), "c5")
    assert check.verification == "unsupported"
    assert check.evidence_refs == []


def test_general_knowledge_is_external_unknown():
    def mutate(c):
        claim(c, "c5").update(
            support_level="none", evidence_bindings=[], claim_text="JVM 默认最大堆通常为物理内存的四分之一"
        )

    assert check_of(session_with(mutate), "c5").verification == "external_unknown"


def test_guidance_binding_is_unsupported():
    def mutate(c):
        claim(c, "c5")["evidence_bindings"] = [
            binding(
                "lookup_knowledge", "call_o4", "常见原因：堆设置超过容器 limit", "runbook", "rb-jvm-oom-002"
            )
        ]

    check = check_of(session_with(mutate), "c5")
    assert check.verification == "unsupported"
    assert "guidance" in check.detail


def test_fabricated_reference_is_never_direct():
    def mutate(c):
        claim(c, "c1")["evidence_bindings"][0]["source_invocation_ids"] = ["call_x"]

    check = check_of(session_with(mutate), "c1")
    assert check.verification == "unsupported"
    assert check.evidence_refs == []


def test_evidence_refs_copy_trace_ref_and_tool():
    check = check_of(session_with(), "c5")
    assert [r.source_invocation_ids for r in check.evidence_refs] == [["call_o1"], ["call_o2"]]
    assert check.evidence_refs[0].trace_ref.endswith(":0000000000000b01")
    assert check.evidence_refs[1].tool_name == "query_metrics"


def test_english_claim_with_unfounded_words_is_unsupported():
    def mutate(c):
        claim(c, "c1")["claim_text"] = "order-service crashed after a database migration replaced the schema"

    assert check_of(session_with(mutate), "c1").verification in ("unsupported", "contradicted")


def test_english_proper_name_absent_everywhere_is_contradicted():
    def mutate(c):
        claim(c, "c1")["claim_text"] = "the heap error came from the Kafka consumer in order-service"

    assert check_of(session_with(mutate), "c1").verification == "contradicted"


def test_every_contradicting_judgement_has_its_place_in_the_order():
    import re
    from pathlib import Path

    from groundcheck.programs.core.rules_checker import _CONTRADICTING

    core = Path(__file__).parent.parent / "programs" / "core"
    named = {
        m.group(1)
        for path in core.glob("*.py")
        for m in re.finditer(r'SoftJudgement\(\s*"([a-z_]+)",\s*"contradicted"', path.read_text(encoding="utf-8"))
    }
    assert named and named <= set(_CONTRADICTING), named - set(_CONTRADICTING)
