#!/usr/bin/env bash
# Type-check the package as `groundcheck.*`. mypy does not read setuptools' package-dir mapping
# (programs/ -> groundcheck.programs, ...), so build the import view it expects from symlinks under
# build/typecheck/ (git-ignored) and check from there; settings live in pyproject.toml [tool.mypy].
# Usage: .ci/mypy.sh [extra mypy arguments]; MYPY overrides the mypy command (default .venv/bin/mypy).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mypy="${MYPY:-$root/.venv/bin/mypy}"
[[ $mypy != */* || $mypy == /* ]] || mypy="$PWD/$mypy"  # a relative path: from the caller's folder
view="$root/build/typecheck"
mkdir -p "$view/groundcheck"
for d in programs signatures evals; do
    ln -sfn "$root/$d" "$view/groundcheck/$d"
done
cd "$view"
exec "$mypy" --config-file "$root/pyproject.toml" \
    -p groundcheck.programs -p groundcheck.signatures -p groundcheck.evals "$@"
