"""Compiled programs on disk: a directory with the DSPy program state and `metadata.json`.

Loading checks the metadata and refuses an artifact made for another program kind or another
signature (fields added, removed or retyped) with a clear error; optimized instructions and demos
are what an artifact is for, so they are not part of the check. No API key is ever written.

An artifact is data, never configuration: loading keeps only each predictor's instructions, field
texts and demos. An LM state, LM `config` (`api_base`...), adapter or any other entry is refused
with a `ConfigError`, never applied; the model and endpoint come from the caller (`--lm`,
`--api-base`). Only regular files inside the artifact directory are read, each size-limited; a
bare state file is refused.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dspy

from ..core.jsonio import JSONLimitError, check_limits, loads_limited
from ..errors import ConfigError, describe_exception, one_line
from ..version import PROGRAM_VERSION, __version__

ARTIFACT_FORMAT = 1
COMPILED_DIR = Path(__file__).parents[1] / "compiled"  # programs/compiled: data beside the code
DEFAULT_VERIFIER = COMPILED_DIR / "verifier-default"
PROGRAM_FILE = "program.json"
METADATA_FILE = "metadata.json"
_SECRET_KEY = re.compile(r"(api[_-]?key|secret|token|password|authorization)", re.IGNORECASE)
_SECRET_VALUE = re.compile(r"\b(sk-[A-Za-z0-9_-]{8,}|Bearer\s+\S+)")
MAX_PROGRAM_BYTES = 32 * 1024 * 1024
MAX_METADATA_BYTES = 1024 * 1024
# what a predictor's saved state may hold; `lm` only as null, `fields` (decision settings) only empty
_PREDICTOR_KEYS = frozenset({"traces", "train", "demos", "signature", "lm", "fields"})
_SETTINGS_KEYS = re.compile(r"^(api_base|base_url|api_key|model_list|headers|extra_headers|adapter|config|lm)$",
                            re.IGNORECASE)
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")

# kind -> a fresh program for an artifact's metadata (see `register_kind`), and where the shipped kinds live
PROGRAM_KINDS: dict[str, Callable[[dict[str, Any]], dspy.Module]] = {}
_KIND_MODULES = {"verifier": "groundcheck.programs.lm.verifier", "executor": "groundcheck.programs.lm.executor"}


def signature_fingerprint(program: dspy.Module) -> str:
    """A hash of every predictor's input and output fields (names and types), not its instructions."""
    parts = []
    for name, predictor in sorted(program.named_predictors()):
        sig = predictor.signature
        fields = [f"{k}:{v.annotation}" for k, v in {**sig.input_fields, **sig.output_fields}.items()]
        parts.append(f"{name}({','.join(fields)})")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def save_artifact(program: dspy.Module, directory: str | Path, *, kind: str, metadata: dict[str, Any]) -> Path:
    """Write `program.json` and `metadata.json` into `directory` (created if needed)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    program.save(str(directory / PROGRAM_FILE))
    _strip_lm_state(directory / PROGRAM_FILE)
    meta = {
        **_scrub(metadata),
        "artifact_format": ARTIFACT_FORMAT,
        "kind": kind,
        "signature_fingerprint": signature_fingerprint(program),
        "groundcheck_version": __version__,
        "program_version": PROGRAM_VERSION,
        "dspy_version": dspy.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if kind == "executor":
        meta["tools"] = list(program.tool_names)
    (directory / METADATA_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=2), encoding="utf-8")
    _assert_no_secrets(directory)
    return directory


def read_metadata(directory: str | Path) -> dict[str, Any]:
    """The artifact's `metadata.json` (a JSON object without LM settings or endpoints)."""
    root = _artifact_dir(directory)
    return _metadata(_read_regular(root, METADATA_FILE, MAX_METADATA_BYTES, directory), directory)


def _metadata(data: bytes, directory: str | Path) -> dict[str, Any]:
    meta = _json_of(data, METADATA_FILE, directory)
    if not isinstance(meta, dict):
        raise ConfigError(f"{directory}: {METADATA_FILE} is not a JSON object")
    settings = _settings_paths(meta)
    if settings:
        raise ConfigError(f"{directory}: {METADATA_FILE} carries LM or endpoint settings ({', '.join(settings)}); "
                          "an artifact cannot set them, refused")
    tools = meta.get("tools")
    if tools is not None and not (isinstance(tools, list) and all(isinstance(t, str) and _TOOL_NAME.match(t)
                                                                  for t in tools)):
        raise ConfigError(f"{directory}: {METADATA_FILE}: tools must be a list of tool names")
    return meta


def artifact_identity(directory: str | Path) -> str:
    """What ran, for `program_version` (spec §9): `<artifact name>@sha256:<12 hex>` over the bytes of
    `program.json` and `metadata.json`, so two different programs never share one."""
    root = _artifact_dir(directory)
    program = _read_regular(root, PROGRAM_FILE, MAX_PROGRAM_BYTES, directory)
    return _identity(root.name, program, _read_regular(root, METADATA_FILE, MAX_METADATA_BYTES, directory))


def _identity(name: str, program: bytes, metadata: bytes) -> str:
    digest = hashlib.sha256()
    for file, data in ((PROGRAM_FILE, program), (METADATA_FILE, metadata)):
        digest.update(file.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return f"{name}@sha256:{digest.hexdigest()[:12]}"


def load_program(directory: str | Path, kind: str | None = None) -> dspy.Module:
    """Load a compiled Verifier or Executor, after checking its metadata.

    Args:
        directory: the artifact directory.
        kind: `verifier` or `executor` to insist on one; any when None.

    The loaded program's `artifact_identity` attribute is `artifact_identity(directory)`, computed
    from the very bytes that were loaded (for `program_version`).

    Raises:
        ConfigError: missing or unreadable files, another kind, an artifact format or signature this
            version cannot use, LM settings or any other entry than instructions, field texts and demos.
    """
    root = _artifact_dir(directory)
    meta_bytes = _read_regular(root, METADATA_FILE, MAX_METADATA_BYTES, directory)
    meta = _metadata(meta_bytes, directory)
    found = meta.get("kind")
    if kind and found != kind:
        raise ConfigError(f"{directory}: this artifact is a compiled {found!r} program, not a {kind!r}")
    if meta.get("artifact_format") != ARTIFACT_FORMAT:
        raise ConfigError(
            f"{directory}: artifact format {meta.get('artifact_format')!r}; this groundcheck reads {ARTIFACT_FORMAT}"
        )
    program = _empty_program(found, meta)
    expected = signature_fingerprint(program)
    if meta.get("signature_fingerprint") != expected:
        raise ConfigError(
            f"{directory}: compiled for another signature (fingerprint {meta.get('signature_fingerprint')}, "
            f"this groundcheck {expected}; made by groundcheck {meta.get('groundcheck_version')}): "
            "re-run `groundcheck optimize` with this version"
        )
    program_bytes = _read_regular(root, PROGRAM_FILE, MAX_PROGRAM_BYTES, directory)
    clean = _signature_state(_json_of(program_bytes, PROGRAM_FILE, directory), program, directory)
    try:
        program.load_state(clean)
    except Exception as exc:
        raise ConfigError(f"{directory}: cannot load {PROGRAM_FILE}: {describe_exception(exc, 300)}") from None
    program.artifact_identity = _identity(root.name, program_bytes, meta_bytes)
    return program


def _artifact_dir(directory: str | Path) -> Path:
    path = Path(directory)
    if not path.exists():
        raise ConfigError(f"{directory}: no such artifact directory")
    if not path.is_dir():
        raise ConfigError(f"{directory}: not an artifact directory; a compiled program is a directory with "
                          f"{PROGRAM_FILE} and {METADATA_FILE} (a bare state file is not accepted)")
    return path.resolve()


def _read_regular(root: Path, name: str, limit: int, shown: str | Path) -> bytes:
    """The bytes of `root/name`: a regular file inside `root` (links may not lead out), at most `limit`."""
    path = root / name
    if not os.path.lexists(path):
        if name == METADATA_FILE:
            raise ConfigError(f"{shown}: not a compiled groundcheck program (no {METADATA_FILE})")
        raise ConfigError(f"{shown}: no {name}")
    real = Path(os.path.realpath(path))
    if real.parent != root:
        raise ConfigError(f"{shown}: {name} is a link out of the artifact directory, refused")
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise ConfigError(f"{shown}: cannot read {name}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{shown}: {name} is not a regular file, refused")
        if info.st_size > limit:
            raise ConfigError(f"{shown}: {name} is larger than {limit} bytes, refused")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ConfigError(f"{shown}: {name} is larger than {limit} bytes, refused")
    return data


def _json_of(data: bytes, name: str, shown: str | Path) -> Any:
    try:
        value = loads_limited(data.decode("utf-8-sig"))
        check_limits(value)
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{shown}: {name} is not UTF-8 (byte offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{shown}: {name} is not JSON: {exc.msg} at line {exc.lineno}") from None
    except JSONLimitError as exc:
        raise ConfigError(f"{shown}: {name}: {one_line(str(exc), 300)}") from None
    return value


def _signature_state(state: Any, program: dspy.Module, shown: str | Path) -> dict[str, Any]:
    """Each predictor's instructions, field texts and demos, checked; anything else is refused."""
    if not isinstance(state, dict):
        raise ConfigError(f"{shown}: {PROGRAM_FILE} is not a JSON object")
    predictors = dict(program.named_predictors())
    unknown = sorted(set(state) - set(predictors) - {"metadata"})
    if unknown:
        raise ConfigError(f"{shown}: {PROGRAM_FILE} has entries this program does not have "
                          f"({', '.join(one_line(k, 60) for k in unknown[:5])}), refused")
    clean: dict[str, Any] = {}
    for name, predictor in predictors.items():
        entry = state.get(name)
        where = f"{shown}: {PROGRAM_FILE}: {name}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: missing or not an object")
        extra = sorted(set(entry) - _PREDICTOR_KEYS)
        if extra:
            kind = "LM settings" if any(_SETTINGS_KEYS.match(k) for k in extra) else "entries"
            raise ConfigError(f"{where}: carries {kind} ({', '.join(one_line(k, 60) for k in extra[:5])}); an "
                              "artifact holds instructions, field texts and demos only, refused")
        if entry.get("lm") is not None:
            model = entry["lm"].get("model") if isinstance(entry["lm"], dict) else None
            raise ConfigError(f"{where}: carries an LM state{f' ({one_line(str(model), 80)})' if model else ''}; the "
                              "model and endpoint are the caller's (--lm, --api-base), refused")
        if entry.get("fields") not in (None, {}):
            raise ConfigError(f"{where}: carries decision settings (fields), refused")
        clean[name] = {"traces": [], "train": [], "demos": _demos(entry.get("demos", []), where),
                       "signature": _signature_texts(entry.get("signature"), predictor, where), "lm": None}
    return clean


def _signature_texts(value: Any, predictor: Any, where: str) -> dict[str, Any]:
    count = len(predictor.signature.fields)
    if not isinstance(value, dict) or set(value) != {"instructions", "fields"}:
        raise ConfigError(f"{where}: signature must hold exactly instructions and fields")
    fields = value["fields"]
    ok = (isinstance(value["instructions"], str) and isinstance(fields, list) and len(fields) == count
          and all(isinstance(f, dict) and set(f) == {"prefix", "description"}
                  and all(isinstance(v, str) for v in f.values()) for f in fields))
    if not ok:
        raise ConfigError(f"{where}: signature texts malformed (instructions text, {count} fields of "
                          "prefix and description)")
    return {"instructions": value["instructions"], "fields": [dict(f) for f in fields]}


def _demos(value: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(d, dict) for d in value):
        raise ConfigError(f"{where}: demos must be a list of objects")
    return [dict(d) for d in value]


def _settings_paths(value: Any) -> list[str]:
    """Keys anywhere in `value` that would name an endpoint, credential or LM configuration."""
    found: list[str] = []
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack and len(found) < 5:
        item, path = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                key = f"{path}.{k}" if path else str(k)
                if re.match(r"^(api_base|base_url|api_key|model_list|headers|extra_headers)$", str(k), re.I):
                    found.append(one_line(key, 80))
                stack.append((v, key))
        elif isinstance(item, list):
            stack.extend((v, f"{path}.{i}") for i, v in enumerate(item))
    return found


def _strip_lm_state(path: Path) -> None:
    """Saved programs never carry an LM (a predictor that had one set keeps only its texts)."""
    state = json.loads(path.read_text(encoding="utf-8"))
    for name, entry in state.items():
        if name != "metadata" and isinstance(entry, dict):
            entry["lm"] = None
    path.write_text(json.dumps(state, ensure_ascii=False, indent=2), encoding="utf-8")


def register_kind(kind: str, build: Callable[[dict[str, Any]], dspy.Module]) -> None:
    """Make `kind` loadable: `build(metadata)` returns a fresh program whose state an artifact fills.

    Each program module registers its own kind (`verifier`, `executor`), so this module imports none
    of them: they import it.
    """
    PROGRAM_KINDS[kind] = build


def _empty_program(kind: Any, meta: dict[str, Any]) -> dspy.Module:
    if kind in _KIND_MODULES and kind not in PROGRAM_KINDS:
        importlib.import_module(_KIND_MODULES[kind])  # the module registers its kind when imported
    build = PROGRAM_KINDS.get(kind)
    if build is None:
        raise ConfigError(f"unknown artifact kind {kind!r}")
    return build(meta)


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if not _SECRET_KEY.search(str(k))}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, str):
        return _SECRET_VALUE.sub("[redacted]", value)
    return value


def _assert_no_secrets(directory: Path) -> None:
    for path in directory.iterdir():
        if path.is_file() and _SECRET_VALUE.search(path.read_text(encoding="utf-8", errors="replace")):
            path.unlink()
            raise ConfigError(f"refused to keep {path}: it contained something that looks like an API key")
