"""JSON in and out, safe for any input: depth and number-size limits, lossless lone surrogates.

Reading: `loads_limited` decodes like `json.loads`, but a nesting deeper than `MAX_DEPTH`, a number
literal longer than `MAX_NUMBER_CHARS`, a non-finite number (`1e999`, `NaN`, `Infinity`) never
reaches the pipeline: `check_limits` names the first offending path. Writing: `dumps_lossless` keeps
non-ASCII text as is and writes a lone surrogate (`"\\udc80"`, e.g. from a tool output that held
invalid UTF-16) as its JSON escape, which decodes back to the same string.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64
MAX_NUMBER_CHARS = 100
_MAX_INT_BITS = 333  # about MAX_NUMBER_CHARS decimal digits, checked without converting to text
# lone surrogates (not encodable as UTF-8), and the characters that line splitters other than "\n"
# break lines on (str.splitlines, JavaScript): JSON allows them raw, a JSON-lines record must not
_ESCAPED = re.compile("[\ud800-\udfff\x85\u2028\u2029]")
# a JSON string (optionally a key, with its colon) or one structural character
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?|[\[\]{},]', re.DOTALL)
_PATH_SHOWN = 8


class JSONLimitError(ValueError):
    """A JSON value over a limit; `path` is where (dotted keys and indexes, "" for the root)."""

    def __init__(self, problem: str, path: str = "") -> None:
        super().__init__(f"{path or '(root)'}: {problem}")
        self.problem = problem
        self.path = path


class _Refused:
    """A number literal decoded as a placeholder so that the walk can say where it was."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


def _parse_int(text: str) -> Any:
    return _too_long(text) or int(text)


def _parse_float(text: str) -> Any:
    if refused := _too_long(text):
        return refused
    value = float(text)
    return value if math.isfinite(value) else _Refused(f"number {text[:20]} is out of range")


def _parse_constant(text: str) -> Any:
    return _Refused(f"{text} is not a JSON number")


def _too_long(text: str) -> _Refused | None:
    if len(text) > MAX_NUMBER_CHARS:
        return _Refused(f"number literal of {len(text)} characters (limit {MAX_NUMBER_CHARS})")
    return None


def loads_limited(text: str) -> Any:
    """`json.loads` with the limits; the result still needs `check_limits` (refused numbers).

    Raises:
        json.JSONDecodeError: not JSON.
        JSONLimitError: nested too deep for the decoder (the path says where).
    """
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise JSONLimitError(f"nested deeper than {MAX_DEPTH} levels", too_deep_path(text)) from None


def raw_decode_noting(text: str) -> tuple[Any, int, bool]:
    """`JSONDecoder.raw_decode` with the limits (the errors of `loads_limited`), plus whether the value
    may be over a limit (`check_limits` needed).

    False only when the walk could find nothing: no number literal was refused (the decoder's only
    source of an offending scalar: an accepted integer literal has at most `MAX_NUMBER_CHARS`
    characters, so at most `_MAX_INT_BITS` bits, and an accepted float is finite) and the text
    opens at most `MAX_DEPTH` containers, so none lies `MAX_DEPTH` levels deep.
    """
    refused: list[_Refused] = []

    def parse_int(literal: str) -> Any:
        value = _parse_int(literal)
        if type(value) is _Refused:
            refused.append(value)
        return value

    def parse_float(literal: str) -> Any:
        value = _parse_float(literal)
        if type(value) is _Refused:
            refused.append(value)
        return value

    def parse_constant(literal: str) -> Any:
        refused.append(value := _parse_constant(literal))
        return value

    decoder = json.JSONDecoder(parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
    try:
        value, end = decoder.raw_decode(text)
    except RecursionError:
        raise JSONLimitError(f"nested deeper than {MAX_DEPTH} levels", too_deep_path(text)) from None
    return value, end, bool(refused) or text.count("{") + text.count("[") > MAX_DEPTH


def check_limits(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Walk a decoded value (iteratively: any depth is safe to walk).

    Only containers and offending numbers are visited one by one: strings and numbers within the
    limits are passed over where their container is read, and a path is built only for an error,
    so the cost follows the structure of a value, not the bytes of its strings.

    Raises:
        JSONLimitError: the first value nested deeper than `max_depth`, a refused or oversized
            number, or a non-finite float.
    """
    # (item, depth, path node); a node is (parent node, key), None for the root. Children are
    # pushed in order and popped last first, as a plain depth-first walk would visit them.
    stack: list[tuple[Any, int, _Node]] = [(value, 0, None)]
    pop, push, isfinite = stack.pop, stack.append, math.isfinite
    while stack:
        item, depth, node = pop()
        if not isinstance(item, dict | list):
            _raise_for_scalar(item, node)
            continue
        if depth >= max_depth:
            raise JSONLimitError(f"nested deeper than {max_depth} levels", format_path(_path(node)))
        child_depth = depth + 1
        for k, v in item.items() if isinstance(item, dict) else enumerate(item):
            kind = type(v)  # exact types of decoded JSON first: one test each, no call
            if kind is str or kind is bool or v is None:
                continue
            if kind is float:
                if isfinite(v):
                    continue
            elif kind is int:
                if v.bit_length() <= _MAX_INT_BITS:
                    continue
            elif kind is list or kind is dict:
                # a leaf container (a metrics point, a label set) within the depth limit: read its
                # scalars here rather than visit it; it is visited only if it holds something else
                if child_depth < max_depth:
                    for w in v.values() if kind is dict else v:
                        wk = type(w)
                        if not (wk is str or (wk is float and isfinite(w)) or wk is bool or w is None
                                or (wk is int and w.bit_length() <= _MAX_INT_BITS)):
                            break
                    else:
                        continue
            elif not isinstance(v, dict | list) and not _offending(v):
                continue
            push((v, child_depth, (node, k)))


_Node = tuple[Any, Any] | None


def _offending(item: Any) -> bool:
    """A scalar `check_limits` refuses (a refused literal, an oversized int, a non-finite float)."""
    if isinstance(item, _Refused):
        return True
    if isinstance(item, bool) or item is None:
        return False
    if isinstance(item, int):
        return item.bit_length() > _MAX_INT_BITS
    return isinstance(item, float) and not math.isfinite(item)


def _raise_for_scalar(item: Any, node: _Node) -> None:
    if isinstance(item, _Refused):
        raise JSONLimitError(item.why, format_path(_path(node)))
    if isinstance(item, bool) or item is None:
        return
    if isinstance(item, int) and item.bit_length() > _MAX_INT_BITS:
        raise JSONLimitError(f"integer of more than {MAX_NUMBER_CHARS} digits", format_path(_path(node)))
    if isinstance(item, float) and not math.isfinite(item):
        raise JSONLimitError(f"number {item} is not finite", format_path(_path(node)))


def _path(node: _Node) -> tuple[Any, ...]:
    keys: list[Any] = []
    while node is not None:
        node, key = node
        keys.append(key)
    return tuple(reversed(keys))


def format_path(path: tuple[Any, ...] | list[Any]) -> str:
    """`tool_calls.0.output.a`, cut after a few steps (a path 10,000 deep is not a useful message)."""
    shown = [_one_line(str(p))[:60] for p in path[:_PATH_SHOWN]]
    more = len(path) - _PATH_SHOWN
    return ".".join(shown) + (f"…(+{more} levels)" if more > 0 else "")


def too_deep_path(text: str, max_depth: int = MAX_DEPTH) -> str:
    """The path of the first container nested deeper than `max_depth` in JSON text (no decoding)."""
    frames: list[list[Any]] = []  # [kind, key or index]
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token[0] == '"':
            if match.group(1) and frames and frames[-1][0] == "o":
                frames[-1][1] = _key_text(token[: token.rindex('"') + 1])
        elif token in "{[":
            if len(frames) >= max_depth:
                return format_path([f[1] for f in frames])
            frames.append(["o", None] if token == "{" else ["a", 0])
        elif token == ",":
            if frames and frames[-1][0] == "a":
                frames[-1][1] += 1
        elif frames:
            frames.pop()
    return ""


def top_level_string(text: str, key: str) -> str | None:
    """The string value of `key` in the outermost object of JSON text, without decoding the rest."""
    depth, want = 0, False
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token[0] == '"':
            if depth == 1 and match.group(1):
                want = _key_text(token[: token.rindex('"') + 1]) == key
            elif want and depth == 1:
                return _key_text(token)
            else:
                want = False
        elif token in "{[":
            depth += 1
            want = False
        elif token in "]}":
            depth -= 1
        else:
            want = False
    return None


def _key_text(quoted: str) -> str:
    try:
        return str(json.loads(quoted))
    except ValueError:
        return quoted[1:-1]


def escape_lone_surrogates(text: str) -> str:
    """JSON text with every lone surrogate (and U+0085, U+2028, U+2029) written as its `\\u`
    escape: valid UTF-8, one line for any line splitter, and it decodes back to the same string."""
    if text.isascii() or (_encodes(text) and "\x85" not in text and "\u2028" not in text and "\u2029" not in text):
        return text  # nothing to escape: four C scans instead of a pattern tried at every character
    return _ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _encodes(text: str) -> bool:
    """UTF-8 can encode `text`: it holds no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def dumps_lossless(value: Any, *, indent: int | None = None) -> str:
    """JSON text (non-ASCII kept) that can always be written as UTF-8; see `escape_lone_surrogates`."""
    separators = (",", ": ") if indent is not None else (",", ":")
    return escape_lone_surrogates(json.dumps(value, ensure_ascii=False, indent=indent, separators=separators))


def model_json(model: Any, *, indent: int | None = None, **dump: Any) -> str:
    """A pydantic model as JSON text that always encodes (lone surrogates escaped, losslessly)."""
    try:
        text = model.model_dump_json(indent=indent, **dump)
    except Exception:  # pydantic refuses lone surrogates (in values and keys); this path escapes them
        separators = (",", ": ") if indent is not None else (",", ":")
        text = json.dumps(model.model_dump(mode="python", **dump), ensure_ascii=False, indent=indent,
                          separators=separators, default=str)
    return escape_lone_surrogates(text)


def _one_line(text: str) -> str:
    return text.replace("\n", "\\n").replace("\r", "\\r")
