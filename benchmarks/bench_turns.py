"""Concurrent diagnosis turns: do turns whose tools block overlap under `DiagnosisTurn.acall`?

10 turns at once, each calling two sync tools that sleep 0.5 s, over the real litellm path to a
local OpenAI-compatible fake LM (tests/fake_lm_server.py). Serialized, that is >= 10 s; overlapped,
about 1 s plus the LM round trips. Also prints the same turns with async tools, and the sync API
from 10 threads. Run: python benchmarks/bench_turns.py  (target: acall wall time <= 2 s)
"""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))

from builders import base_contract, base_session
from fake_lm_server import ReactResponder, RespondingServer, with_invocations

from groundcheck.programs import DiagnosisTurn, Executor, LMSettings, make_lm

TURNS = 10
TOOL_SECONDS = 0.5
PLAN = [
    ("query_logs", {"service": "order-service"}),
    ("query_metrics", {"metric": "container_memory_working_set_bytes"}),
]


def _contract(question: str, retry: bool, seen: list[str]) -> dict[str, Any]:
    """The honest contract, keeping the claims the two calls support, citing this run's ids."""
    contract = base_contract()
    contract["claims"] = [
        c for c in contract["claims"]
        if all(i in ("call_o1", "call_o2") for b in c["evidence_bindings"] for i in b["source_invocation_ids"])
    ]
    return with_invocations(contract, dict(zip(["call_o1", "call_o2"], seen, strict=False)))


def _output(tool: str, **args: Any) -> Any:
    """The recorded output of the bundled session's call to `tool` whose arguments include `args`."""
    for call in base_session()["tool_calls"]:
        if call["tool_name"] == tool and args.items() <= call["arguments"].items():
            return call["output"]
    return "no data"


def _sync_tools() -> dict[str, Any]:
    def query_logs(service: str) -> Any:
        """Log lines of a service."""
        time.sleep(TOOL_SECONDS)
        return _output("query_logs", service=service)

    def query_metrics(metric: str) -> Any:
        """A metric series."""
        time.sleep(TOOL_SECONDS)
        return _output("query_metrics", metric=metric)

    return {"query_logs": query_logs, "query_metrics": query_metrics}


def _async_tools() -> dict[str, Any]:
    async def query_logs(service: str) -> Any:
        """Log lines of a service."""
        await asyncio.sleep(TOOL_SECONDS)
        return _output("query_logs", service=service)

    async def query_metrics(metric: str) -> Any:
        """A metric series."""
        await asyncio.sleep(TOOL_SECONDS)
        return _output("query_metrics", metric=metric)

    return {"query_logs": query_logs, "query_metrics": query_metrics}


async def _concurrent(turn: DiagnosisTurn) -> tuple[float, list[str]]:
    start = time.perf_counter()
    results = await asyncio.gather(*(turn.acall(f"订单服务为什么重启？#{i}") for i in range(TURNS)))
    return time.perf_counter() - start, [r.verdict for r in results]


def _serve(conn: Any) -> None:
    """The fake LM in a process of its own, as a real endpoint would be: its CPU is not the runtime's."""
    with RespondingServer(ReactResponder(PLAN, _contract)) as server:
        conn.send(server.base_url)
        conn.recv()  # until told to stop
        conn.send(len(server.requests))


def main() -> None:
    parent, child = multiprocessing.get_context("fork").Pipe()
    process = multiprocessing.get_context("fork").Process(target=_serve, args=(child,), daemon=True)
    process.start()
    base_url = parent.recv()
    try:
        lm = make_lm(LMSettings(model="openai/fake-executor", api_base=base_url, api_key="sk-local",
                                num_retries=0))
        asyncio.run(_concurrent(DiagnosisTurn(Executor(_async_tools()), lm, "rules")))  # warm-up: imports
        for label, tools in (("sync tools", _sync_tools()), ("async tools", _async_tools())):
            turn = DiagnosisTurn(Executor(tools), lm, "rules")
            runs = [asyncio.run(_concurrent(turn)) for _ in range(3)]
            walls = [w for w, _ in runs]
            print(f"acall, {TURNS} concurrent turns, 2 x {TOOL_SECONDS} s {label}: wall "
                  f"{statistics.median(walls):.2f} s median of 3 ({', '.join(f'{w:.2f}' for w in walls)}); "
                  f"verdicts {sorted(set(runs[0][1]))}; serialized would be >= {TURNS * 2 * TOOL_SECONDS:.0f} s")
        turn = DiagnosisTurn(Executor(_sync_tools()), lm, "rules")
        start = time.perf_counter()
        with ThreadPoolExecutor(TURNS) as pool:
            verdicts = list(pool.map(lambda i: turn(f"订单服务为什么重启？#{i}").verdict, range(TURNS)))
        print(f"sync call from {TURNS} threads, sync tools: wall {time.perf_counter() - start:.2f} s; "
              f"verdicts {sorted(set(verdicts))}")
    finally:
        parent.send("stop")
        print(f"LM requests served: {parent.recv()}")
        process.join(10)


if __name__ == "__main__":
    main()
