"""A call's output read as a time series (`text.series.parse_series`), once per call and session."""

from __future__ import annotations

from ..text.series import Series, parse_series
from .trace_index import CallEvidence


def series_of(ev: CallEvidence) -> Series:
    """The call's output as a time series, parsed once per call and session."""
    return ev.view("series", _series)


def _series(ev: CallEvidence) -> Series:
    return parse_series(ev.call.output, ev.flat, ev.text_end)
