"""A live-model check for users: `GROUNDCHECK_LM=openai/gpt-4o-mini pytest -m llm tests/test_live_llm.py`.

Runs a small eval of the LM backend on synthetic-test against the real model (API key and base from
the usual litellm variables) and fails when the false-PASS rate or the LM error rate is too high.
Skipped unless `GROUNDCHECK_LM` is set. Tune with GROUNDCHECK_LIVE_LIMIT (sessions, default 40) and
GROUNDCHECK_LIVE_MAX_FALSE_PASS (default 0.05).
"""

import io
import json
import os

import pytest

from groundcheck.programs.cli import main

pytestmark = [
    pytest.mark.llm,
    pytest.mark.skipif(not os.environ.get("GROUNDCHECK_LM"), reason="set GROUNDCHECK_LM to a litellm model string"),
]


def test_live_model_false_pass_rate(tmp_path):
    limit = os.environ.get("GROUNDCHECK_LIVE_LIMIT", "40")
    max_false_pass = os.environ.get("GROUNDCHECK_LIVE_MAX_FALSE_PASS", "0.05")
    out, err = io.StringIO(), io.StringIO()
    code = main(["eval", "--dataset", "synthetic-test", "--backend", "lm", "--limit", limit, "--report",
                 str(tmp_path), "--fail-over", f"false_pass_rate={max_false_pass}",
                 "--fail-over", "lm_error_rate=0.2"], stdout=out, stderr=err)
    print(out.getvalue())
    assert code == 0, err.getvalue()
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["metrics"]["lm_sessions"] > 0 and report["provenance"]["model"] == os.environ["GROUNDCHECK_LM"]
