"""A clock the claim puts in a time zone, against the zone the output writes it in (issue 9, round 3).

"北京时间 06:12:44" over "2026-11-30T06:12:44Z" names the wrong moment (06:12:44 UTC is 14:12:44 in
Beijing), and "UTC 09:12:03" over "09:12:03.118+08:00" too: the output writes the zone, so the trace
decides (hard, a floor). The honest twins name the zone right, or convert. A clock written with its
zone ("…Z", "+08:00") carries the claim's word "UTC" / 时区.
"""

from __future__ import annotations

import pytest
from test_meaning_classes import assert_hard, session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.core.time_context import written_zones

UTC_LOG = "2026-11-30T06:12:44Z WARN  [user-profile] slow query detected: took 2841ms"
CST_LOG = "2026-11-30T09:12:03.118+08:00 ERROR [order-service] Deadlock found when trying to get lock"


@pytest.mark.parametrize(
    ("attack", "honest", "output", "excerpt"),
    [
        ("user-profile 的慢查询出现在北京时间 06:12:44", "user-profile 的慢查询出现在北京时间 14:12:44", UTC_LOG,
         "[user-profile] slow query detected"),
        ("user-profile 的慢查询出现在北京时间 06:12:44", "user-profile 的慢查询出现在 UTC 06:12:44", UTC_LOG,
         "[user-profile] slow query detected"),
        ("order-service 在 UTC 09:12:03 发生死锁", "order-service 在北京时间 09:12:03 发生死锁", CST_LOG,
         "[order-service] Deadlock found when trying to get lock"),
        ("order-service 在 UTC 09:12 发生死锁", "order-service 在 UTC 01:12 发生死锁", CST_LOG,
         "[order-service] Deadlock found when trying to get lock"),
    ],
)
def test_a_clock_labelled_with_another_zone_than_the_output_writes_is_absent(attack, honest, output, excerpt):
    assert_hard(session(attack, excerpt, output), "absent_mention", session(honest, excerpt, output))


def test_a_clock_without_a_zone_in_the_output_may_carry_any_label():
    output = "2026-11-30 06:12:44 WARN [user-profile] slow query detected"
    s = session("user-profile 的慢查询出现在北京时间 06:12:44", "[user-profile] slow query detected", output)
    assert verify_session(s).verdict == "PASS"


def test_utc_is_carried_by_a_zoned_clock():
    s = session("user-profile 在 06:12:44 UTC 出现慢查询（2841ms）", "[user-profile] slow query detected", UTC_LOG)
    assert verify_session(s).verdict == "PASS", verify_session(s).rationale


def test_written_zones():
    assert written_zones("at 06:12:44z and 06:12:44.5+08:00", "06:12:44") == {0, 8}
    assert written_zones("at 06:12 local", "06:12") == {None}
    assert written_zones("06:12:44-05:00", "06:12") == {-5}
    assert written_zones("16:12:44z", "06:12") == set()


def test_an_epoch_timestamp_is_a_utc_time():
    import json

    points = {"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"pod": "web-1"}, "values": [[1796029800, "0.2"], [1796030400, "7.9"]]}]}}
    output = json.dumps(points)  # 1796030400 is 09:20:00 UTC
    metric = {"tool": "query_metrics", "source_type": "metric"}
    attack = session("web-1 在北京时间 09:20 出现 7.9 的尖刺", "7.9", output, **metric)
    honest = session("web-1 在北京时间 17:20 出现 7.9 的尖刺", "7.9", output, **metric)
    assert_hard(attack, "absent_mention", honest)
