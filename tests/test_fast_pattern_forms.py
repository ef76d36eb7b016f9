"""Patterns rewritten for speed must match exactly where their plain forms do."""

from __future__ import annotations

import random
import re

from groundcheck.programs.core import keyed_values


def _random_texts(pieces: list[str], count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12))) for _ in range(count)]


def test_the_key_then_figure_cue_matches_as_its_look_behind_first_form():
    plain = re.compile(r"(?<![\w.\-])[A-Za-z_][\w.\-]{3,}(?![\w.\-])" + keyed_values._CONNECTOR_WORDS + r"-?\d")
    pieces = ["a", "Z", "_", ".", "-", "x1", "db", "的", "值", "为", " ", "：", ":", "=", "约", "5", "-3", "连接",
              "key_name", "svc3-2", "pool-3-2", "，", "é"]
    matched = 0
    for text in _random_texts(pieces, 40_000, 7):
        want, got = plain.search(text), keyed_values._KEY_THEN_FIGURE.search(text)
        assert (want and want.span()) == (got and got.span()), text
        matched += want is not None
    assert matched > 200
