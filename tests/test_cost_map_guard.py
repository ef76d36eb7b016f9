"""No phoning home whatever the import order (each order in a fresh process).

groundcheck imported first: `import groundcheck.programs` and a rules verification leave the
environment alone; the LM half sets LITELLM_LOCAL_MODEL_COST_MAP before litellm loads, and nothing
leaves loopback. litellm imported first (the host's choice): groundcheck changes nothing in the
environment and triggers no cost-map fetch of its own; cost lookups read the in-memory map.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent

GUARD = r"""
import json, os, socket, sys, threading
sys.path.insert(0, sys.argv[1])
from net_guard import _loopback as loopback
attempts = []
real_getaddrinfo, real_connect = socket.getaddrinfo, socket.socket.connect
def guarded_getaddrinfo(host, *a, **k):
    if not loopback(host):
        attempts.append(f"resolve {host} ({threading.current_thread().name})")
        raise OSError("network disabled")
    return real_getaddrinfo(host, *a, **k)
def guarded_connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not loopback(address[0]):
        attempts.append(f"connect {address} ({threading.current_thread().name})")
        raise OSError("network disabled")
    return real_connect(self, address)
socket.getaddrinfo, socket.socket.connect = guarded_getaddrinfo, guarded_connect

def lm_verification():
    from builders import base_session
    from fakes import verifier_answer
    from dspy.utils.dummies import DummyLM
    from openai_server import ScriptedOpenAIServer
    from groundcheck.programs import LMChecker, LMSettings, Verifier, make_lm, verify_session
    from groundcheck.programs.lm.settings import local_cost_usd
    text = DummyLM([])._format_answer_fields(verifier_answer({f"c{i}": "direct_observation" for i in range(1, 6)}))
    with ScriptedOpenAIServer() as server:
        server.script = [("ok", text)]
        lm = make_lm(LMSettings(model="openai/gpt-4o-mini", api_base=server.base_url, api_key="sk-test"))
        record = verify_session(base_session(), LMChecker(lm, Verifier()))
        asked = len(server.requests)
    return (record.verifier_error is None and asked >= 1), local_cost_usd("gpt-4o-mini", 1000, 1000)
"""

GROUNDCHECK_FIRST = GUARD + r"""
import groundcheck.programs
from groundcheck.programs import verify_session
from builders import base_session
verify_session(base_session())
after_core = (os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP"), "litellm" in sys.modules, "dspy" in sys.modules)
import groundcheck.programs.lm.executor
after_lm_half = os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP")
verdict, cost = lm_verification()
print(json.dumps({"after_core": after_core, "after_lm_half": after_lm_half, "answered": verdict,
                  "cost": cost, "attempts": attempts}))
"""

LITELLM_FIRST = GUARD + r"""
import litellm
host_attempts = list(attempts)  # litellm's own import-time fetch, the host's business
attempts.clear()
import groundcheck.programs.lm.executor
verdict, cost = lm_verification()
# litellm keeps retrying its import-time fetch in a thread of its own: still the host's import
ours = [a for a in attempts if "litellm-model-cost-map-retry" not in a]
print(json.dumps({"env": os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP"), "answered": verdict, "cost": cost,
                  "host_attempts": host_attempts, "attempts": ours}))
"""


def _run(code: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "LITELLM_LOCAL_MODEL_COST_MAP"}
    result = subprocess.run([sys.executable, "-c", code, str(TESTS)], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_groundcheck_imported_first_sets_the_guard_only_for_its_lm_half():
    out = _run(GROUNDCHECK_FIRST)
    assert out["after_core"] == [None, False, False]  # importing groundcheck changed nothing
    assert out["after_lm_half"] == "True"
    assert out["answered"] is True and out["cost"] and out["cost"] > 0  # the LM was asked and answered
    assert out["attempts"] == []


def test_litellm_imported_first_groundcheck_fetches_nothing_and_leaves_env_alone():
    out = _run(LITELLM_FIRST)
    assert out["host_attempts"]  # the guard works: litellm imported bare does try to fetch
    assert out["env"] is None  # the host's import-time choice stays the host's
    assert out["answered"] is True and out["cost"] and out["cost"] > 0
    assert out["attempts"] == []  # whatever litellm did at its own import, groundcheck fetched nothing
