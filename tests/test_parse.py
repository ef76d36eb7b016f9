import json

import pytest
from builders import base_contract
from hypothesis import given, settings
from hypothesis import strategies as st

from groundcheck.programs.core.parse import parse_executor_output

VALID = json.dumps(base_contract(), ensure_ascii=False)


def test_valid_bare_json():
    parsed = parse_executor_output(VALID)
    assert parsed.status.status == "valid"
    assert parsed.status.fenced is False
    assert parsed.contract is not None and len(parsed.contract.claims) == 5


@pytest.mark.parametrize("fence", ["```json\n{}\n```", "```\n{}\n```", "\ufeff  ```JSON\n{}\n```  \n"])
def test_single_fence_is_tolerated_and_marked(fence):
    parsed = parse_executor_output(fence.replace("{}", VALID))
    assert parsed.status.status == "valid"
    assert parsed.status.fenced is True


@pytest.mark.parametrize("raw", [None, "", "   \n\t", "\ufeff "])
def test_missing(raw):
    parsed = parse_executor_output(raw)
    assert parsed.status.status == "missing"
    assert parsed.contract is None and parsed.status.error


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("根据日志，支付服务 503 是因为连接池耗尽。", "not JSON"),
        ("结论如下：" + VALID, "not JSON"),
        (VALID + "\n以上是结论", "text after"),
        (VALID + VALID, "another JSON value"),
        (VALID[: len(VALID) // 2], "not JSON"),
        ("[1, 2]", "array"),
        ('"just a string"', "string"),
        ("```json\n" + VALID, "fence"),
        ("说明\n```json\n" + VALID + "\n```", "not JSON"),
    ],
)
def test_malformed_says_what(raw, says):
    parsed = parse_executor_output(raw)
    assert parsed.status.status == "malformed"
    assert says in parsed.status.error
    assert parsed.contract is None


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("claims", None, "claims"),
        ("claims", "c1", "claims"),
        ("user_facing_answer", 42, "user_facing_answer"),
        ("hypotheses", [{"no_text": 1}], "hypotheses.0"),
    ],
)
def test_mistyped_fields_are_malformed(field, value, where):
    contract = base_contract()
    contract[field] = value
    parsed = parse_executor_output(json.dumps(contract))
    assert parsed.status.status == "malformed"
    assert where in parsed.status.error


@pytest.mark.parametrize("field", ["answer_version", "claims", "user_facing_answer", "missing_info"])
def test_missing_top_level_field_is_malformed(field):
    contract = base_contract()
    del contract[field]
    parsed = parse_executor_output(json.dumps(contract))
    assert parsed.status.status == "malformed"
    assert field in parsed.status.error


def test_bad_support_level_is_malformed():
    contract = base_contract()
    contract["claims"][0]["support_level"] = "strong"
    parsed = parse_executor_output(json.dumps(contract))
    assert parsed.status.status == "malformed"
    assert "claims.0.support_level" in parsed.status.error


def test_deeply_nested_json_does_not_raise():
    parsed = parse_executor_output("[" * 100_000 + "]" * 100_000)
    assert parsed.status.status == "malformed"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_never_raises(text):
    parsed = parse_executor_output(text)
    assert parsed.status.status in ("valid", "missing", "malformed")
    assert (parsed.contract is not None) == (parsed.status.status == "valid")
    if parsed.status.status != "valid":
        assert parsed.status.error


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(
    path=st.sampled_from(
        [
            ("answer_version",),
            ("claims",),
            ("claims", 0),
            ("claims", 0, "support_level"),
            ("claims", 0, "evidence_bindings"),
            ("claims", 0, "evidence_bindings", 0, "source_invocation_ids"),
            ("hypotheses",),
            ("user_facing_answer",),
        ]
    ),
    value=_json_values,
    cut=st.integers(min_value=0, max_value=len(VALID)),
)
def test_mutated_contracts_never_raise(path, value, cut):
    contract = base_contract()
    target = contract
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    for raw in (json.dumps(contract), json.dumps(contract)[:cut]):
        parsed = parse_executor_output(raw)
        assert parsed.status.status == ("missing" if not raw.strip() else parsed.status.status)
        assert parsed.status.status in (("valid", "malformed") if raw.strip() else ("missing",))
        if parsed.status.status == "malformed":
            assert parsed.status.error
