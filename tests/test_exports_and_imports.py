import subprocess
import sys

import groundcheck.evals
import groundcheck.programs
import groundcheck.signatures

CORE_MODULES = [
    "groundcheck.programs",
    "groundcheck.programs.core.parse",
    "groundcheck.programs.core.gatekeeper",
    "groundcheck.programs.core.rules_checker",
    "groundcheck.programs.core.verdict",
    "groundcheck.programs.core.pipeline",
    "groundcheck.programs.core.trace_summary",
    "groundcheck.programs.cli",
    "groundcheck.signatures",
]


def test_exports_exist():
    for module in (groundcheck.programs, groundcheck.signatures, groundcheck.evals):
        assert module.__all__
        for name in module.__all__:
            assert getattr(module, name) is not None, (module.__name__, name)


def test_core_imports_neither_dspy_nor_litellm():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in CORE_MODULES)
        + "from groundcheck.programs import verify_session\n"
        + "from groundcheck.evals.examples import bundled_examples\n"
        + "import json; verify_session(json.load(open(bundled_examples()[0])))\n"
        + "bad = [m for m in sys.modules if m.split('.')[0] in ('dspy', 'litellm')]\n"
        + "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
