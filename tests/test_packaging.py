"""Packaging a newcomer can trust: what pyproject declares, what the wheel holds, one-line errors for
missing extras, and an installed wheel reaching a local LM server."""

from __future__ import annotations

import json
import os
import re
import site
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from groundcheck.evals.stub_models import StubVerifierServer

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
EXAMPLE = ROOT / "evals" / "data" / "examples" / "pass_payment_503.json"
# folders with .py files that are not importable packages: the adversarial set's authoring scripts
NOT_PACKAGES = {"evals/data/adversarial"}

# Runs the CLI (or a statement) with some top-level modules made unimportable, as without an extra.
BLOCKING = """
import sys
blocked = set(sys.argv[1].split(","))
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Block())
if sys.argv[2] == "cli":
    from groundcheck.programs.cli import main
    sys.exit(main(sys.argv[3:]))
from groundcheck.programs.errors import GroundcheckError
try:
    exec(sys.argv[3])
except GroundcheckError as exc:
    print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
    sys.exit(2)
"""


def requirement(name: str) -> str:
    found = [d for d in PROJECT["dependencies"] if re.match(rf"{re.escape(name)}\b(?![-\w])", d)]
    assert len(found) == 1, (name, PROJECT["dependencies"])
    return found[0]


def test_the_whole_dspy_program_is_a_main_dependency():
    for name in ("dspy", "litellm", "pydantic", "tqdm", "pyahocorasick"):
        requirement(name)
    assert not any(d.startswith("dspy-ai") for d in PROJECT["dependencies"])
    floors = subprocess.run([sys.executable, str(ROOT / ".ci" / "floor_pins.py")], capture_output=True, text=True,
                            check=True).stdout.split()
    assert floors == [requirement("dspy").split(",")[0].replace(">=", "=="),
                      requirement("litellm").split(",")[0].replace(">=", "==")]
    assert floors[0] >= "dspy==3.4"  # dspy.lm15 and the `engine=` LM engines first ship in 3.4


def test_extras_and_dev():
    extras = PROJECT["optional-dependencies"]
    assert {"db", "evals", "optimize", "service", "telemetry", "dev"} <= set(extras)
    assert any(d.startswith("aiosqlite") for d in extras["db"]) and "sqlalchemy[asyncio]" in extras["db"][0]
    assert "groundcheck[db,evals,optimize,service,telemetry]" in extras["dev"]
    for tool in ("pytest", "hypothesis", "ruff", "mypy", "opentelemetry-sdk"):
        assert any(d.startswith(tool) for d in extras["dev"]), tool
    assert any(m.startswith("llm:") for m in PYPROJECT["tool"]["pytest"]["ini_options"]["markers"])


def test_license_is_an_spdx_string_with_the_full_text():
    assert PROJECT["license"] == "Apache-2.0" and PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text and "END OF TERMS AND CONDITIONS" in text
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## Unreleased" in changelog and "## 0.1.0" in changelog


def test_every_python_folder_is_a_listed_package_with_py_typed():
    mapping = {folder: name for name, folder in SETUPTOOLS["package-dir"].items()}
    found = set()
    for top in mapping:
        for folder in [ROOT / top, *sorted(p for p in (ROOT / top).rglob("*") if p.is_dir())]:
            relative = folder.relative_to(ROOT).as_posix()
            if "__pycache__" in relative or relative in NOT_PACKAGES or not any(folder.glob("*.py")):
                continue
            assert (folder / "__init__.py").is_file(), f"{relative} has modules but no __init__.py"
            head, _, rest = relative.partition("/")
            found.add(mapping[head] + ("." + rest.replace("/", ".") if rest else ""))
    assert found == set(SETUPTOOLS["packages"])
    for name in mapping.values():
        assert "py.typed" in SETUPTOOLS["package-data"][name], name
        assert (ROOT / SETUPTOOLS["package-dir"][name] / "py.typed").is_file(), name
    assert "data/*" in SETUPTOOLS["package-data"]["groundcheck.programs.text"]


@pytest.mark.parametrize(
    ("blocked", "args", "message"),
    [
        ("sqlalchemy", ["cli", "verify", str(EXAMPLE), "--db", "sqlite:///never.sqlite"],
         "groundcheck: error: the session store needs sqlalchemy: pip install 'groundcheck[db]'"),
        ("psycopg", ["cli", "verify", str(EXAMPLE), "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/db"],
         "groundcheck: error: database postgresql+psycopg://u:***@127.0.0.1:1/db needs psycopg: "
         "pip install 'groundcheck[db]'"),
        ("datasets", ["cli", "eval", "--dataset", "halueval-qa-hub"],
         "groundcheck: error: the halueval-qa-hub dataset needs datasets: pip install 'groundcheck[evals]'"),
        ("yaml", ["cli", "eval", "--dataset", "holmesgpt"],
         "groundcheck: error: the holmesgpt dataset needs yaml: pip install 'groundcheck[evals]'"),
        ("sqlalchemy", ["api", "from groundcheck.programs import AsyncSessionStore"],
         "MissingExtraError: AsyncSessionStore needs sqlalchemy: pip install 'groundcheck[db]'"),
        ("aiosqlite", ["api", "from groundcheck.programs import AsyncSessionStore\nAsyncSessionStore('sqlite:///x')"],
         "MissingExtraError: database sqlite:///x needs aiosqlite: pip install 'groundcheck[db]'"),
    ],
)
def test_a_missing_extra_is_one_line_naming_it(tmp_path, blocked, args, message):
    env = {**os.environ, "GROUNDCHECK_SHARED": str(ROOT.parent / "shared")}
    run = subprocess.run([sys.executable, "-c", BLOCKING, blocked, *args], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 2 and run.stderr.splitlines() == [message], run.stderr
    assert list(tmp_path.iterdir()) == []  # failed before writing anything (no database file)


def test_telemetry_without_opentelemetry_is_a_no_op(tmp_path):
    code = ("from groundcheck.programs import verification_span\n"
            "with verification_span('s', round=1, backend='rules') as span:\n"
            "    assert not span.recording\n    span.set('k', 1)\n")
    run = subprocess.run([sys.executable, "-c", BLOCKING, "opentelemetry", "api", code], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr


@pytest.mark.slow
def test_installed_wheel_verifies_with_a_local_lm(tmp_path):
    """The wheel builds without warnings, holds its data, installs, and `verify --backend lm` reaches a
    local server. Dependencies come from this environment (a .pth), so no index is needed."""
    import shutil

    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info",
                                                             "__pycache__", "reports", ".*_cache", "*.sqlite"))
    build = subprocess.run(
        [sys.executable, "-W", "default", "-c",
         f"import setuptools.build_meta as b; print(b.build_wheel({str(tmp_path / 'dist')!r}))"],
        cwd=src, capture_output=True, text=True, timeout=300,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    noise = [line for line in (build.stdout + build.stderr).splitlines()
             if re.search(r"warn|deprecat", line, re.I) and "byte-compiling is disabled" not in line]
    assert noise == []  # no setuptools banners (license table, package data)
    wheel = tmp_path / "dist" / build.stdout.strip().splitlines()[-1]
    names = zipfile.ZipFile(wheel).namelist()
    for expected in ("groundcheck/signatures/py.typed", "groundcheck/programs/py.typed", "groundcheck/evals/py.typed",
                     "groundcheck/programs/text/data/glossary.tsv",
                     "groundcheck/evals/data/examples/pass_payment_503.json",
                     "groundcheck/programs/compiled/verifier-default/program.json",
                     "groundcheck-0.1.0.dist-info/licenses/LICENSE"):
        assert expected in names, expected
    assert {n.split("/")[0] for n in names} == {"groundcheck", "groundcheck-0.1.0.dist-info"}
    metadata = zipfile.ZipFile(wheel).read("groundcheck-0.1.0.dist-info/METADATA").decode()
    assert "License-Expression: Apache-2.0" in metadata and "Requires-Dist: dspy<4,>=3.4.0" in metadata

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                              "--no-deps", "--no-index", "--quiet", str(wheel)], capture_output=True, text=True,
                             timeout=300)
    assert install.returncode == 0, install.stderr[-2000:]
    purelib = subprocess.run([str(venv / "bin" / "python"), "-c",
                              "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "deps-from-test-env.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")

    env = {**os.environ, "OPENAI_API_KEY": "sk-test", "GROUNDCHECK_DEBUG": ""}
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import groundcheck.programs as p; print(p.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True).stdout
    assert where.startswith(purelib)  # the wheel, not this checkout
    with StubVerifierServer() as server:
        run = subprocess.run([str(venv / "bin" / "groundcheck"), "verify", str(EXAMPLE), "--backend", "lm",
                              "--lm", "openai/x", "--api-base", server.base_url],
                             capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    record = json.loads(run.stdout)
    assert record["backend"] == "lm:openai/x" and record["verifier_error"] is None
    assert server.requests >= 1
