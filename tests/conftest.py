import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def no_global_lm():
    """Library code never calls dspy.configure: no test may leave a global LM behind."""
    yield
    if "dspy" in sys.modules:
        import dspy

        assert dspy.settings.lm is None, "something configured a global LM"
