"""Products an output implies by its own format, though it never spells their name.

A MySQL slow log ("# Query_time: 12.4  Lock_time: 0.0  Rows_examined: 4800000") never writes
"mysql"; a claim "MySQL 慢查询 ..." citing it names a product the trace implies, while
"PostgreSQL 慢查询 ..." names one nothing in it implies. Signatures are data
(`data/products.tsv`), literal lower-case substrings that only that product's output holds.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

_DATA = "products.tsv"


@lru_cache(maxsize=1)
def _signatures_by_name() -> dict[str, tuple[str, ...]]:
    """Every name a claim may give a product (folded) -> the signatures of that product's output."""
    text = resources.files("groundcheck.programs.text").joinpath("data", _DATA).read_text(encoding="utf-8")
    return load_products(text.splitlines())


def load_products(lines: list[str]) -> dict[str, tuple[str, ...]]:
    """Parse `products.tsv` lines (product, '|'-separated names, '|'-separated signatures)."""
    by_name: dict[str, tuple[str, ...]] = {}
    for number, raw in enumerate(lines, 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.rstrip("\n").split("\t")
        if len(fields) != 3:
            raise ValueError(f"{_DATA} line {number}: expected 3 tab-separated fields, got {len(fields)}")
        names = [n.strip() for n in fields[1].split("|") if n.strip()]
        signatures = tuple(s for s in (s.strip() for s in fields[2].split("|")) if s)
        if not names or not signatures:
            raise ValueError(f"{_DATA} line {number}: a product needs names and signatures")
        for name in names:
            by_name[name] = by_name.get(name, ()) + signatures
    return by_name


def is_product_name(token: str) -> bool:
    """A (folded) name of a product the table knows ("mysql", "k8s")."""
    return token in _signatures_by_name()


def implied_in(token: str, folded_text: str, end: int | None = None) -> str | None:
    """The signature by which `folded_text[:end]` implies the product `token` names, or None (also
    when `token` names no known product). A signature that starts with a letter or digit must start
    a word ("raft" is not in "draft"); one that ends with a digit, a number (the port ":6379" is not
    in ":63790")."""
    signatures = _signatures_by_name().get(token)
    if not signatures:
        return None
    stop = len(folded_text) if end is None else end
    for signature in signatures:
        start = folded_text.find(signature, 0, stop)
        while start != -1:
            after = start + len(signature)
            left = start == 0 or not signature[0].isalnum() or not folded_text[start - 1].isalnum()
            right = not signature[-1].isdigit() or after >= len(folded_text) or not folded_text[after].isdigit()
            if left and right:
                return signature
            start = folded_text.find(signature, start + 1, stop)
    return None
