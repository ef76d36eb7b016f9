import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def private_lm_cache(tmp_path_factory, monkeypatch):
    """Each test session gets its own LM cache: no cached answer from an earlier run leaks in."""
    monkeypatch.setenv("GROUNDCHECK_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lm-cache"))


@pytest.fixture(autouse=True)
def no_global_lm():
    """Library code never calls dspy.configure: no test may leave a global LM behind."""
    yield
    if "dspy" in sys.modules:
        import dspy

        assert dspy.settings.lm is None, "something configured a global LM"
