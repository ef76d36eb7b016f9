"""Text matching for the evidence layer: normalisation, tokens and units, arithmetic, the bilingual
glossary, negation, time series, look-alike identifiers. Pure functions over strings; no DSPy."""

__all__: list[str] = []
