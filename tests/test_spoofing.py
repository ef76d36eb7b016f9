"""Look-alike identifiers: mixed scripts, whole-script look-alikes, confusable digits."""

import time

import pytest

from groundcheck.programs.text.spoofing import mixed_script_tokens


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pаyment-service 返回 503", ["pаyment-service"]),  # Cyrillic а (U+0430)
        ("订单服务pаyment超时", ["pаyment"]),  # glued to Chinese
        ("ｐаyment 超时", ["pаyment"]),  # full-width Latin becomes ASCII first, the Cyrillic stays
        ("order-sеrvice-7d9f 重启", ["order-sеrvice-7d9f"]),  # Cyrillic е
        ("gateway 的 ΑΡΙ 超时", ["αρι"]),  # Greek capitals that read "API"
        ("рор-1 异常", ["рор-1"]),  # all Cyrillic look-alikes
        ("状态码 5О3", ["5о3"]),  # Cyrillic О for a zero
        ("状态码 5O3", ["5o3"]),  # Latin O between digits
        ("状态码 5٠3", ["5٠3"]),  # Arabic-Indic zero
        ("pay\u200bmеnt", ["paymеnt"]),  # an invisible character does not split the token
    ],
)
def test_look_alike_tokens_are_found(text, expected):
    assert mixed_script_tokens(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "payment-service 在 14:03 返回 503，延迟 870ms",
        "pod order-service-7d9f8b6c5-x2kqp 被 OOMKilled",
        "p99 延迟 200μs，ratio α=0.5",  # micro sign and a lone Greek letter
        "café naïve",
        "日志中出现 ошибка",  # a Russian word, not a look-alike of a Latin one
        "ＰＯＯＬ-7 耗尽",  # full-width only
        "サービス 서비스",
    ],
)
def test_ordinary_text_has_none(text):
    assert mixed_script_tokens(text) == []


def test_per_claim_cost_is_small():
    claims = [
        "14:03 payment-service 的连接池 pool-7 耗尽，活跃连接 50，等待 30000ms",
        "pod order-service-7d9f8b6c5-x2kqp 被 OOMKilled（exit code 137）后进入 CrashLoopBackOff",
        "14:03 order-service logs show java.lang.OutOfMemoryError: Java heap space",
    ]
    n = 3000
    start = time.perf_counter()
    for i in range(n):
        mixed_script_tokens(claims[i % 3])
    per_claim = (time.perf_counter() - start) / n
    assert per_claim < 200e-6  # measured ~10 µs; generous for a loaded machine
