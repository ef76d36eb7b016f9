# Two entry points (see README): `make demo` (main job, offline) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench setup setup-dev floor

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install --quiet -e ".[evals]"

setup-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"

demo: setup
	$(BIN)/groundcheck demo
	$(BIN)/groundcheck eval --dataset synthetic-test --report reports/synthetic-test

test: setup-dev
	$(BIN)/ruff check .
	MYPY=$(abspath $(BIN))/mypy bash .ci/mypy.sh
	$(BIN)/pytest -q

bench: setup
	$(BIN)/python benchmarks/bench_core.py
	$(BIN)/python benchmarks/bench_eval.py

# the LM-path tests on the lowest dspy / litellm pyproject.toml allows, in a throw-away venv (CI runs it too)
floor:
	bash -c 'set -euo pipefail; source .ci/floor.sh; floor_check'
