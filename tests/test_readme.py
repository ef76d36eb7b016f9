"""The README's first commands and its runnable Python snippet stay true."""

import re
from pathlib import Path

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_first_lines_give_the_two_commands_and_ci_calls_the_test_one():
    first = README.splitlines()[:6]
    assert any(line.startswith("make demo") for line in first)
    assert any(line.startswith("make test") for line in first)
    ci = (Path(__file__).parents[1] / ".ci" / "run").read_text()
    assert "make test" in ci


def test_runtime_snippet_runs():
    snippet = re.findall(r"```python\n(.*?)```", README, re.DOTALL)[0]
    namespace: dict = {}
    exec(compile(snippet, "README.md", "exec"), namespace)
    assert namespace["record"].verdict in ("PASS", "LOW_CONFID", "REJECT")
    assert "verifier_evaluation" in namespace["self_evaluation"]
