"""Honest readings the third red-team round found failing, with attack twins (issue 9).

- a denial about the other subjects ("另外两个没有重启") or a modal one ("不会触发重启") is no denial of
  what the output reports for the subject it names (soft: negation);
- a claim counting mixed states ("2 个 CrashLoopBackOff，1 个 Error，2 个 Running") states no outcome
  its quote contradicts;
- a kubectl command names its objects (`describe pod indexer-0 -n search`) as subject arguments do,
  and what it lists (`get pods`) names the rows (pod).
"""

from __future__ import annotations

from test_meaning_classes import facts_of, runbook_call, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.trace_index import subject_values

PODS = (
    "NAME                              READY   STATUS    RESTARTS       AGE\n"
    "cart-7f8d9c6b5-2xkq9              1/1     Running   0              2d1h\n"
    "cart-7f8d9c6b5-8bnmz              1/1     Running   5 (37m ago)    2d1h\n"
    "cart-7f8d9c6b5-w7vdc              1/1     Running   0              2d1h"
)
GET_PODS = {"args": "get pods -n shop -l app=cart"}


def _pods(claim: str, excerpt: str) -> dict:
    return session(claim, excerpt, PODS, tool="kubectl", arguments=GET_PODS)


def test_a_denial_about_the_other_subjects_is_no_conflict():
    excerpt = "cart-7f8d9c6b5-8bnmz              1/1     Running   5 (37m ago)"
    honest = _pods("cart 的 3 个 pod 都是 Running；cart-7f8d9c6b5-8bnmz 重启了 5 次，另外两个没有重启", excerpt)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = _pods("cart-7f8d9c6b5-8bnmz 没有重启过", excerpt)
    assert "negation" in facts_of(attack)[1]
    assert verify_session(attack).verdict != "PASS"


def test_a_modal_denial_states_how_things_work():
    output = (
        "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
        "    Restart Count:  2\n"
        "  Warning  Unhealthy  12m   kubelet  Readiness probe failed: HTTP probe failed with statuscode: 500"
    )
    claim = "重启由 OOMKilled 造成（Exit Code 137），readiness 探针返回 500 只会摘流量，不会触发重启"
    honest = session(claim, "Reason:       OOMKilled", output)
    assert "negation" not in facts_of(honest)[1]
    attack = session("容器没有发生重启，只是 readiness 探针返回 500", "Restart Count:  2", output)
    assert "negation" in facts_of(attack)[1]


def test_a_count_of_mixed_states_states_no_contradicted_outcome():
    output = (
        "NAME                                 READY   STATUS             RESTARTS\n"
        "media-5d8c7b9f6-2wq8r                0/1     CrashLoopBackOff   9\n"
        "media-5d8c7b9f6-7fz4k                1/1     Running            0\n"
        "media-5d8c7b9f6-tx7pl                0/1     Error              9"
    )
    excerpt = "media-5d8c7b9f6-2wq8r                0/1     CrashLoopBackOff"
    honest = session("3 个实例中 1 个 CrashLoopBackOff，1 个 Error，1 个 Running", excerpt, output)
    assert "opposite_outcome" not in facts_of(honest)[1]
    attack = session("media-5d8c7b9f6-2wq8r 运行正常", excerpt, output)
    assert "opposite_outcome" in facts_of(attack)[1]


def test_a_kubectl_command_names_its_objects():
    assert list(subject_values({"args": "describe pod indexer-0 -n search"})) == ["indexer-0", "search"]
    assert list(subject_values({"args": "logs deploy/api -c app --context prod-bj"})) == ["api", "app", "prod-bj"]
    assert list(subject_values({"args": "get pods -n shop -l app=cart"})) == ["shop", "cart"]
    assert list(subject_values({"args": "get pods"})) == []
    output = "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    137\n    Restart Count:  6"
    args = {"args": "describe pod indexer-0 -n search"}
    honest = session("indexer-0 上次以 Exit Code 137 退出，已重启 6 次", "Exit Code:    137", output, arguments=args)
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = session("indexer-1 上次以 Exit Code 137 退出，已重启 6 次", "Exit Code:    137", output, arguments=args)
    assert "absent_mention" in facts_of(attack)[0]


def test_a_listing_of_pods_names_its_rows_pods():
    excerpt = "cart-7f8d9c6b5-8bnmz              1/1     Running   5 (37m ago)"
    record = verify_session(_pods("cart-7f8d9c6b5-8bnmz 这个 pod 重启了 5 次", excerpt))
    assert record.verdict == "PASS", record.rationale


def test_jun_and_dou_before_a_state_are_scope_words():
    output = (
        "NAME                                READY   STATUS    RESTARTS   AGE\n"
        "notify-worker-6d5c7b8f9-4k2jd       1/1     Running   0          5h\n"
        "notify-worker-6d5c7b8f9-cz3m8       0/1     Pending   0          14m"
    )
    excerpt = "notify-worker-6d5c7b8f9-4k2jd       1/1     Running   0"
    for claim in ("notify-worker 的 pod 均处于 Running 状态", "notify-worker 的 pod 都是 Running 状态"):
        attack = session(claim, excerpt, output, tool="kubectl", arguments={"args": "get pods -n msg"})
        assert "scope_wording" in facts_of(attack)[1], claim
        assert verify_session(attack).verdict != "PASS"
    every = output.replace("0/1     Pending", "1/1     Running")
    honest = session("notify-worker 的 pod 均处于 Running 状态", excerpt, every, tool="kubectl",
                     arguments={"args": "get pods -n msg"})
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    # "都没有" is a denial, no scope
    assert "scope_wording" not in facts_of(session("这些 pod 都没有重启", excerpt, output))[1]


def test_a_port_is_read_off_an_address_the_claim_names_as_a_port():
    output = 'Readiness probe failed: Get "http://10.244.1.33:9000/ready": dial tcp 10.244.1.33:9000: connect: refused'
    excerpt = "dial tcp 10.244.1.33:9000: connect: refused"
    honest = session("readiness 探针访问 9000 端口被拒绝（refused）", excerpt, output)
    assert "absent_mention" not in facts_of(honest)[0]
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    attack = session("readiness 探针访问 9090 端口被拒绝（refused）", excerpt, output)
    assert "absent_mention" in facts_of(attack)[0]
    # a figure the claim does not call a port is not read off an address
    assert "absent_mention" in facts_of(session("探针失败了 9000 次", excerpt, output))[0]


def test_a_kubernetes_kind_a_claim_capitalises_is_no_proper_name():
    output = "Warning  Unhealthy  pod/feed-api-7b6c5d4f8-j8k2m  Readiness probe failed: connection refused"
    excerpt = "Readiness probe failed: connection refused"
    s = session("feed-api-7b6c5d4f8-j8k2m 的 readiness 探针失败，Pod 未就绪", excerpt, output)
    assert "absent_mention" not in facts_of(s)[0]


def test_a_denial_is_wrong_only_about_what_an_output_names():
    describe = (
        "    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    137\n    Restart Count:  6"
    )
    claim = "上次以 Exit Code 137 退出（Reason 为 Error，不是 OOMKilled），已重启 6 次"
    honest = session(claim, "Exit Code:    137", describe)
    assert "negation" not in facts_of(honest)[1]  # 137 is only a hint of an OOM, Terminated not an OOM
    oom = describe.replace("Reason:       Error", "Reason:       OOMKilled")
    attack = session("上次以 Exit Code 137 退出（不是 OOMKilled），已重启 6 次", "Exit Code:    137", oom)
    assert "negation" in facts_of(attack)[1]
    cert = "subject=CN=pay.example.com\nNot After : Dec  1 00:00:00 2026 GMT"
    assert "negation" not in facts_of(session("pay.example.com 的证书尚未过期", "Not After : Dec  1", cert))[1]


def test_vendor_and_exception_names_of_throttling_and_circuit_breaking():
    log = (
        "ERROR [sms] provider=aliyun-sms send failed: isv.BUSINESS_LIMIT_CONTROL\n"
        "ERROR [search-api] circuit_breaking_exception: [parent] Data too large"
    )
    assert verify_session(session("sms 调用短信服务被限流", "isv.BUSINESS_LIMIT_CONTROL", log)).verdict == "PASS"
    assert verify_session(session("search-api 触发熔断", "circuit_breaking_exception", log)).verdict == "PASS"


def test_a_figure_only_a_runbook_states_is_no_observation():
    log = "2026-11-30T12:41:07Z ERROR [billing-api] PSQLException: FATAL: sorry, too many clients already"
    content = "Common cause: a connection leak, or max_connections set too low (default 100)."
    knowledge = runbook_call("rb-pg-conn", content)
    guidance = {"source_type": "knowledge", "source_id": "rb-pg-conn", "tool_name": "lookup_knowledge",
                "source_invocation_ids": ["call_k1"], "evidence_excerpt": "max_connections set too low (default 100)"}
    attack = session("数据库的 max_connections 为 100，已被占满", "too many clients already", log,
                     extra_bindings=[guidance], extra_calls=[knowledge])
    record = verify_session(attack)
    assert "guidance_only_mention" in facts_of(attack)[0]
    assert record.claim_checks[0].verification == "unsupported" and record.verdict != "PASS"
    honest = session("数据库连接数已满（too many clients already）", "too many clients already", log,
                     extra_bindings=[guidance], extra_calls=[knowledge])
    assert "guidance_only_mention" not in facts_of(honest)[0]


def test_only_one_row_said_to_show_what_other_rows_show_too():
    excerpt = "cart-7f8d9c6b5-8bnmz              1/1     Running   5 (37m ago)"
    assert "other_row" not in facts_of(_pods("只有 cart-7f8d9c6b5-8bnmz 发生过重启，共 5 次", excerpt))[1]  # true
    two = PODS.replace("Running   0              2d1h", "Running   2 (1h ago)     2d1h")
    attack = session("只有 cart-7f8d9c6b5-8bnmz 发生过重启，共 5 次", excerpt, two, tool="kubectl", arguments=GET_PODS)
    honest = session("cart-7f8d9c6b5-8bnmz 发生过重启，共 5 次", excerpt, two, tool="kubectl", arguments=GET_PODS)
    assert "other_row" in facts_of(attack)[1] and verify_session(attack).verdict != "PASS"
    assert verify_session(honest).verdict == "PASS", verify_session(honest).rationale
    table = PODS.replace("2xkq9              1/1     Running   0", "2xkq9              0/1     Pending   0")
    pending = "cart-7f8d9c6b5-2xkq9              0/1     Pending   0"
    alone = session("只有 cart-7f8d9c6b5-2xkq9 处于 Pending", pending, table, tool="kubectl", arguments=GET_PODS)
    assert "other_row" not in facts_of(alone)[1]  # no other row is Pending
    both = table.replace("w7vdc              1/1     Running   0", "w7vdc              0/1     Pending   0")
    wrong = session("只有 cart-7f8d9c6b5-2xkq9 处于 Pending", pending, both, tool="kubectl", arguments=GET_PODS)
    assert "other_row" in facts_of(wrong)[1]


def test_an_answer_stating_as_fact_a_cause_only_a_hypothesis_links_is_unbacked():
    import json as _json

    log = (
        "2026-11-30T01:15:20Z WARN  [gc] G1 Evacuation Pause (young) 1.84s\n"
        "2026-11-30T01:15:24Z ERROR [trade-api] request timeout after 1500ms: POST /v1/trade"
    )
    s = session("trade-api 出现 1.84 秒的 GC 停顿，4 秒后有请求 1500ms 超时", "request timeout after 1500ms", log,
                answer="trade-api 出现了 1.84 秒的 GC 停顿，紧接着请求超时。超时就是 GC 停顿造成的。")
    contract = _json.loads(s["executor_final_answer"])
    contract["hypotheses"] = ["GC 停顿可能是请求超时的原因"]
    s["executor_final_answer"] = _json.dumps(contract, ensure_ascii=False)
    record = verify_session(s)
    assert any(f.source == "user_facing_answer" and f.classification == "no_evidence" for f in record.facts_checked)
    assert record.verdict != "PASS"
    contract["user_facing_answer"] = "trade-api 出现了 1.84 秒的 GC 停顿，紧接着请求超时，超时可能与 GC 停顿有关。"
    s["executor_final_answer"] = _json.dumps(contract, ensure_ascii=False)
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_a_chinese_colon_before_a_word_ends_an_identifier():
    from groundcheck.programs.text.tokens import extract_mentions

    assert extract_mentions("search-api：p99 延迟约 1.42 秒").entities == ("search-api",)
    assert [n.text for n in extract_mentions("10：30 出现").numbers] == ["10:30"]  # a clock keeps its colon
