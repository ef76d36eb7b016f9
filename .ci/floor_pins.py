"""Print `name==floor` for the dependencies whose floor CI checks (from pyproject.toml, the one source)."""

import re
import sys
import tomllib
from pathlib import Path

CHECKED = ("dspy", "litellm")

deps = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]["dependencies"]
pins = []
for name in CHECKED:
    floors = [m.group(1) for d in deps if (m := re.fullmatch(rf"{name}\s*>=\s*([^,;\s]+).*", d))]
    if len(floors) != 1:
        sys.exit(f"pyproject.toml: no single '{name}>=' floor among the dependencies")
    pins.append(f"{name}=={floors[0]}")
print(" ".join(pins))
