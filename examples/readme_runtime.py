import asyncio
import json
import os

from groundcheck.evals.examples import bundled_examples
from groundcheck.programs import (
    AsyncSessionStore,
    DiagnosisTurn,
    Executor,
    LMChecker,
    LMSettings,
    SessionStore,
    make_lm,
    verify_session,
)

# A recorded incident stands in for your backends here; the tools are what you write.
path = next(p for p in bundled_examples() if p.name == "pass_oomkilled.json")
session = json.loads(path.read_text(encoding="utf-8"))
recorded = session["tool_calls"]


async def query_logs(service: str, start: str = "", end: str = "", context: dict | None = None) -> str:
    """Log lines of a service between start and end (ISO 8601)."""
    # async tools are awaited; `context` is the per-request context (tenant...), never seen by the LM
    return next(c["output"] for c in recorded if c["tool_name"] == "query_logs")


def query_metrics(metric: str, pod: str = "") -> dict:
    """Points of a Prometheus metric, optionally for one pod."""
    # sync tools run in worker threads under `acall`, so concurrent turns overlap
    return next((c["output"] for c in recorded if c["arguments"].get("metric") == metric), {"points": []})


def lookup_knowledge(query: str) -> list:
    """Runbooks, skills and historical cases (guidance, not evidence)."""
    return next(c["output"] for c in recorded if c["tool_name"] == "lookup_knowledge")


lm = make_lm(LMSettings(model=os.environ.get("GROUNDCHECK_LM", "openai/gpt-4o-mini"),
                        api_base=os.environ.get("GROUNDCHECK_API_BASE"), timeout=60, num_retries=3))
checker = LMChecker(lm)                            # the shipped compiled Verifier
# checker = LMChecker(lm, load_verifier("programs/compiled/my-verifier"))   # a program you compiled
record = verify_session(session, checker)          # or: await averify_session(session, checker)
print(record.verdict, record.verifier_error)

executor = Executor({"query_logs": query_logs, "query_metrics": query_metrics,
                     "lookup_knowledge": lookup_knowledge})
turn = DiagnosisTurn(executor, executor_lm=lm, verifier=checker)     # retry round on REJECT
history = [{"role": "user", "content": "order-service 昨天也重启过吗？"},
           {"role": "assistant", "content": "昨天没有重启记录。"}]
result = turn("订单服务今天为什么反复重启？", history=history, context={"tenant": "acme"})
print(result.reply)                                # Chinese; says so when an LM was unavailable
print([r.verdict for r in result.records], result.outage)
store = SessionStore(os.environ.get("GROUNDCHECK_DB", "sqlite:///groundcheck.sqlite"))
for r in result.records:                           # one row per session: round 2 beside round 1
    store.save_verifier_evaluation(result.session_id, r)


async def chat_request(question: str) -> str:      # the same from an async service
    async_store = AsyncSessionStore(os.environ.get("GROUNDCHECK_DB", "sqlite:///groundcheck.sqlite"))
    result = await turn.acall(question, context={"tenant": "acme"})
    for r in result.records:
        await async_store.save_verifier_evaluation(result.session_id, r)
    await async_store.close()
    return result.reply


print(asyncio.run(chat_request("订单服务为什么重启？")))
