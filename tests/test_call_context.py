"""What a call's arguments say its output is about (issue 9, red-team round 3).

`kubectl --context prod-bj get deploy …` lists one cluster's deployments: a claim naming the cluster
(prod-bj 集群) or the deployments' replicas (副本) is carried by the call, though the output's own text
never says "cluster" or "replicas". The value itself is still only the call's subject: a claim naming
prod-bj while citing the prod-sh call is not directly observed.
"""

from __future__ import annotations

from test_meaning_classes import session

from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.query_meaning import subject_meaning

DEPLOY = (
    "NAME                         READY   UP-TO-DATE   AVAILABLE   AGE\n"
    "search-gateway               4/4     4            4           92d"
)
EXCERPT = "search-gateway               4/4     4            4"


def _session(claim: str, context: str) -> dict:
    arguments = {"context": context, "args": "get deploy -n search"}
    return session(claim, EXCERPT, DEPLOY, tool="kubectl", arguments=arguments)


def test_a_cluster_context_and_a_deployment_listing_carry_cluster_and_replicas():
    record = verify_session(_session("prod-bj 集群 search-gateway 4 个副本全部可用（4/4）", "prod-bj"))
    assert record.verdict == "PASS", record.rationale


def test_a_cluster_the_cited_call_is_not_about_is_not_observed():
    record = verify_session(_session("prod-bj 集群 search-gateway 4 个副本全部可用（4/4）", "prod-sh"))
    assert record.verdict != "PASS"
    assert "prod-bj" in record.claim_checks[0].detail


def test_subject_meaning_reads_context_keys_and_replicated_listings():
    assert subject_meaning({"context": "prod-bj", "args": "get deploy x"}) == "cluster deployment replicas"
    assert subject_meaning({"args": "get statefulsets -n db"}) == "statefulset replicas namespace"
    assert subject_meaning({"args": "describe pod api-0 -n db"}) == "pod container namespace"  # a pod runs containers
    assert subject_meaning({"args": "logs api-0 -n db"}) == "namespace container"  # a pod name, its logs: a container's
    assert subject_meaning({"context": 3}) == ""  # not a name
