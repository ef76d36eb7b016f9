"""Patterns rewritten for speed must match exactly where their plain forms do."""

from __future__ import annotations

import random
import re

from groundcheck.programs.core import keyed_values, lexical_judgements
from groundcheck.programs.text import negation


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


def test_the_direction_and_zero_cues_match_where_their_plain_forms_do():
    direction = re.compile(r"[升涨增提降跌减落][到至]|[高长加升低降少落][到至]")
    zero = re.compile(r"(?:^|\s)0\s")
    pieces = [*"0123 \t\nx-.", "升到", "降至", "高", "至", "到", "的", "长", "加", "少", "低", "落到", " 0 ", "0\n",
              "10 "]
    for text in _random_texts(pieces, 40_000, 8):
        assert (direction.search(text) is None) == (lexical_judgements._DIRECTION_CUE.search(text) is None), text
        assert (zero.search(text) is None) == (negation._ZERO_ANYWHERE.search(text) is None), text
