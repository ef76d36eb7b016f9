"""Demo tools over one recorded incident (the bundled `pass_oomkilled` example).

A real service would call Loki / Prometheus / its knowledge base here. They show the three kinds
of tools groundcheck runs: an `async def` (awaited), plain functions (run in worker threads under
`acall`), and a `context` parameter that receives the per-request context (tenant, time window),
which the model never sees.
"""

from __future__ import annotations

import asyncio
import json
import time
from functools import cache
from typing import Any

from groundcheck.evals.examples import bundled_examples

LATENCY = 0.05  # seconds per call: a backend round trip


@cache
def _calls() -> list[dict[str, Any]]:
    path = next(p for p in bundled_examples() if p.name == "pass_oomkilled.json")
    return json.loads(path.read_text(encoding="utf-8"))["tool_calls"]


def _recorded(tool: str, **wanted: str) -> Any:
    for call in _calls():
        if call["tool_name"] == tool and all(call["arguments"].get(k) == v for k, v in wanted.items() if v):
            return call["output"]
    return "no data"


def _check_tenant(context: dict[str, Any] | None) -> None:
    if context and context.get("tenant") == "suspended":
        raise PermissionError("tenant suspended: no access to telemetry")


async def query_logs(service: str, start: str = "", end: str = "", context: dict[str, Any] | None = None) -> Any:
    """Log lines of a service between start and end (ISO 8601; default: the request's time window)."""
    _check_tenant(context)
    await asyncio.sleep(LATENCY)
    return _recorded("query_logs", service=service)


def query_metrics(metric: str, pod: str = "", context: dict[str, Any] | None = None) -> Any:
    """Points of a Prometheus metric, optionally for one pod."""
    _check_tenant(context)
    time.sleep(LATENCY)
    return _recorded("query_metrics", metric=metric)


def lookup_knowledge(query: str) -> Any:
    """Runbooks, skills and historical cases about a symptom (guidance, not evidence)."""
    time.sleep(LATENCY)
    return _recorded("lookup_knowledge")


TOOLS = {"query_logs": query_logs, "query_metrics": query_metrics, "lookup_knowledge": lookup_knowledge}
