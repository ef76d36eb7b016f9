"""The example sessions bundled with the package (their labels give the expected outcome)."""

from __future__ import annotations

from pathlib import Path

EXAMPLES_DIR = Path(__file__).parent / "data" / "examples"


def bundled_examples() -> list[Path]:
    return sorted(EXAMPLES_DIR.glob("*.json"))
