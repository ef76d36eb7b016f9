"""README's Python snippets are files in examples/ that run as written (the LM one against the local
fake LM server), and the README shows exactly those files."""

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from builders import base_contract
from fake_lm_server import ReactResponder, RespondingServer, with_invocations

ROOT = Path(__file__).parents[1]
QUICKSTART = ROOT / "examples" / "readme_quickstart.py"
RUNTIME = ROOT / "examples" / "readme_runtime.py"
PLAN = [
    ("query_logs", {"service": "order-service"}),
    ("query_metrics", {"metric": "container_memory_working_set_bytes"}),
    ("query_metrics", {"metric": "kube_pod_container_status_restarts_total"}),
]


def _contract(question, retry, seen):
    return with_invocations(base_contract(), dict(zip(["call_o1", "call_o2", "call_o3"], seen, strict=False)))


def _run(path, tmp_path, **env):
    full_env = {**os.environ, **env}
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True, cwd=tmp_path,
                          env=full_env, timeout=300)


def test_quickstart_runs(tmp_path):
    result = _run(QUICKSTART, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert re.match(r"(PASS|LOW_CONFID|REJECT) \d", result.stdout)


def test_runtime_snippet_runs_against_a_local_lm(tmp_path):
    with RespondingServer(ReactResponder(PLAN, _contract)) as server:
        result = _run(RUNTIME, tmp_path, GROUNDCHECK_LM="openai/fake-model", GROUNDCHECK_API_BASE=server.base_url,
                      OPENAI_API_KEY="sk-local", GROUNDCHECK_DB=f"sqlite:///{tmp_path / 'gc.sqlite'}")
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"(PASS|LOW_CONFID|REJECT) None", lines[0])  # verified by the LM, no verifier error
    assert any(re.fullmatch(r"\['(PASS|LOW_CONFID)'\] None", line) for line in lines)  # one round, no outage
    assert base_contract()["user_facing_answer"] in result.stdout
    with sqlite3.connect(tmp_path / "gc.sqlite") as db:
        assert db.execute("select count(*) from diagnosis_session").fetchone()[0] == 2  # the two turns


def _python_blocks(readme: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```python\n(.*?)```", readme, re.DOTALL)]


def test_readme_shows_the_example_files():
    blocks = _python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    for path in (QUICKSTART, RUNTIME):
        assert path.read_text(encoding="utf-8").strip() in blocks, f"README must show {path.name} as is"
