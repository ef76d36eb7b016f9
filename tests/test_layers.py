"""The house: each folder imports only the layers below it (read from the source, relative imports too).

    signatures  <  programs/text  <  programs/core  <  programs/lm  <  programs (cli, store...)  <  evals
                                                                         cli.py is the only module of
                                                                         programs/ that imports evals
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FOLDERS = {"signatures": "groundcheck.signatures", "programs": "groundcheck.programs", "evals": "groundcheck.evals"}
# modules at the top of programs/ that the layers below may use: errors, versions, telemetry hooks
SHARED_ROOT = ("groundcheck.programs.errors", "groundcheck.programs.version", "groundcheck.programs.telemetry")


def shared(name: str) -> bool:
    return any(name == s or name.startswith(s + ".") for s in SHARED_ROOT)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    name = ".".join([FOLDERS[parts[0]], *parts[1:]])
    return name.removesuffix(".__init__")


def imports_of(path: Path) -> set[str]:
    """Absolute names of every module `path` imports (a `from x import y` counts x and x.y)."""
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def groundcheck_imports(path: Path) -> set[str]:
    return {name for name in imports_of(path) if name.startswith("groundcheck.")}


def test_relative_imports_resolve_to_real_modules():
    checked = 0
    for folder in FOLDERS:
        for path in modules(folder):
            if "data" in path.relative_to(ROOT).parts:
                continue  # evals/data/adversarial holds the set's authoring scripts, not package code
            for name in groundcheck_imports(path):
                as_path = ROOT / name.replace("groundcheck.", "", 1).replace(".", "/")
                assert as_path.with_suffix(".py").exists() or (as_path / "__init__.py").exists() or \
                    as_path.parent.with_suffix(".py").exists() or (as_path.parent / "__init__.py").exists(), \
                    f"{path.relative_to(ROOT)} imports {name}"
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("layer", ["text", "core"])
def test_text_and_core_import_no_lm_no_dspy_no_evals(layer):
    for path in modules(f"programs/{layer}"):
        for name in imports_of(path):
            assert not name.startswith(("dspy", "litellm", "groundcheck.programs.lm", "groundcheck.evals")), \
                f"{path.relative_to(ROOT)} imports {name}"


def test_text_imports_nothing_above_it():
    for path in modules("programs/text"):
        for name in groundcheck_imports(path):
            ok = name.startswith(("groundcheck.programs.text", "groundcheck.signatures")) or shared(name)
            assert ok or name == "groundcheck.programs", f"{path.relative_to(ROOT)} imports {name}"


def test_core_reaches_up_to_the_root_only_for_errors_versions_and_telemetry():
    for path in modules("programs/core"):
        for name in groundcheck_imports(path):
            inside = name.startswith(("groundcheck.programs.core", "groundcheck.programs.text",
                                      "groundcheck.signatures"))
            assert inside or shared(name) or name == "groundcheck.programs", \
                f"{path.relative_to(ROOT)} imports {name}"


def test_only_the_cli_imports_evals_and_signatures_import_no_programs():
    for path in modules("programs"):
        if path.name == "cli.py" and path.parent.name == "programs":
            continue
        evals = [n for n in groundcheck_imports(path) if n.startswith("groundcheck.evals")]
        assert not evals, f"{path.relative_to(ROOT)} imports {evals}"
    for path in modules("signatures"):
        assert not [n for n in groundcheck_imports(path) if not n.startswith("groundcheck.signatures")], path


def test_no_import_cycle_between_artifacts_and_the_programs_they_load():
    artifacts = groundcheck_imports(ROOT / "programs" / "lm" / "artifacts.py")
    assert not {n for n in artifacts if n.startswith(("groundcheck.programs.lm.verifier",
                                                      "groundcheck.programs.lm.executor"))}
    assert "groundcheck.programs.lm.artifacts" in groundcheck_imports(ROOT / "programs" / "lm" / "verifier.py")
