"""OpenTelemetry: a span per verification and per turn with GenAI attributes when the host traces;
nothing otherwise (the SDK's in-memory exporter, in a fresh process so the global provider is ours)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from groundcheck.programs.telemetry import SpanHandle, _tracer, verification_span

pytest.importorskip("opentelemetry.sdk")

TESTS = Path(__file__).parent

SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

exporter = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(exporter))
trace.set_tracer_provider(provider)

from builders import base_contract, base_session
from fakes import ScriptedLM
from test_executor_turn import ALL_CALLS, react_steps
from groundcheck.programs import DiagnosisTurn, Executor, replay_tools, verify_session, verification_span

record = verify_session(base_session())
with verification_span("s-1", round=1, backend="rules") as span:
    span.record_verification(record)
lm = ScriptedLM(react_steps(ALL_CALLS, base_contract()))
DiagnosisTurn(Executor(replay_tools(base_session())), lm, "rules")("q", session_id="turn-9")
down = ScriptedLM([ConnectionError("down")], repeat_last=True)
DiagnosisTurn(Executor(replay_tools(base_session())), down, "rules")("q", session_id="turn-10")
out = []
for s in exporter.get_finished_spans():
    out.append({"name": s.name, "attributes": dict(s.attributes), "status": s.status.status_code.name,
                "events": [e.name for e in s.events]})
print(json.dumps(out, ensure_ascii=False, default=str))
"""


def test_spans_carry_genai_attributes_and_the_verdict_as_evaluation_result():
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(TESTS)], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    spans = json.loads(result.stdout.strip().splitlines()[-1])
    by_id = {s["attributes"].get("gen_ai.conversation.id"): s for s in spans}
    ver = by_id["s-1"]
    assert ver["name"] == "invoke_agent groundcheck.verifier"
    assert ver["attributes"]["gen_ai.operation.name"] == "invoke_agent"
    assert ver["attributes"]["gen_ai.evaluation.score.label"] == "PASS"
    assert ver["attributes"]["gen_ai.evaluation.name"] == "groundcheck.verdict"
    assert "gen_ai.evaluation.result" in ver["events"]
    turn = by_id["turn-9"]
    assert turn["name"] == "invoke_agent groundcheck.diagnosis_turn"
    assert turn["attributes"]["gen_ai.request.model"] == "scripted"
    assert turn["attributes"]["gen_ai.evaluation.score.label"] == "PASS"
    assert turn["attributes"]["gen_ai.usage.input_tokens"] == 0  # the scripted LM reports zero usage
    assert turn["status"] != "ERROR"
    outage = by_id["turn-10"]
    assert outage["status"] == "ERROR" and outage["attributes"]["error.type"] == "executor_error"


def test_no_provider_means_no_op():
    code = ("from groundcheck.programs.telemetry import _tracer, verification_span\n"
            "assert _tracer() is None\n"
            "with verification_span('s') as span:\n"
            "    assert not span.recording\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_handle_without_span_ignores_everything():
    handle = SpanHandle(None)
    handle.set("k", 1)
    handle.record_usage(1, 2, "m")
    handle.error("executor_error", "down")
    assert not handle.recording
    with verification_span("s") as span:
        assert span.recording == (_tracer() is not None)
