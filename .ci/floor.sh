# The dependency floors are true: a second venv with the lowest dspy / litellm that pyproject.toml
# allows (.ci/floor_pins.py), groundcheck installed from a copy of this tree, and the LM-path tests.
# Sourced by .ci/run after the main suite; about a minute from a warm pip cache.
floor_check() {
    local work pins
    work="$(mktemp -d)"
    pins="$(python3 .ci/floor_pins.py)"
    echo "floor check: $pins"
    # a copy: pip builds in the source tree, and a build/ left here could leak into a later wheel
    mkdir "$work/src"
    tar --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' -cf - . | tar -xf - -C "$work/src"
    python3 -m venv "$work/venv"
    # shellcheck disable=SC2086  # $pins is a list of requirements
    "$work/venv/bin/pip" install --quiet $pins "$work/src[db]" "pytest>=8"
    (cd "$work/src" && "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
        tests/test_lm_verifier.py tests/test_cascade.py tests/test_http_lm.py tests/test_executor_turn.py)
    rm -rf "$work"
}
