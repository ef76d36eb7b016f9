"""Patterns rewritten for speed must match exactly where their plain forms do."""

from __future__ import annotations

import random
import re

from groundcheck.programs.core import keyed_values, lexical_judgements, quoted_subject
from groundcheck.programs.text import content_words, negation, series


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


def _same_matches(plain: re.Pattern[str], fast: re.Pattern[str], texts: list[str]) -> int:
    matched = 0
    for text in texts:
        want = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert want == [(m.span(), m.groupdict()) for m in fast.finditer(text)], text
        matched += bool(want)
    return matched


def test_letter_first_word_patterns_match_as_their_look_behind_first_forms():
    word = re.compile(r"(?<![\w\-./])[A-Za-z][A-Za-z']+(?![\w\-./])")
    token = re.compile(r"(?<![a-z0-9_./\-])[a-z][a-z0-9_.\-]*[a-z0-9](?![a-z0-9_\-])")
    pieces = [*"aZx'-./_ 09", "连接", "é", "Pool", "svc3-2", "api.v1", "don't", "OOMKilled", "的"]
    texts = _random_texts(pieces, 40_000, 9)
    assert _same_matches(word, content_words._WORD, texts) > 200
    assert _same_matches(token, quoted_subject._TOKEN, texts) > 200


def test_the_hour_first_clock_matches_as_its_look_behind_first_form():
    clock = re.compile(r"(?<![\d:])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?(?![\d:])")
    pieces = [*"0123456789:: -x\u0663", "23:", "24:", "19:", "2:", "12:30:45", "1:5", "09:", "00:00", "点"]
    assert _same_matches(clock, series._CLOCK, _random_texts(pieces, 60_000, 10)) > 200
