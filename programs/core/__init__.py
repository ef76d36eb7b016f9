"""The deterministic core: parse, evidence, Gatekeeper, claim checkers, verdict rules, record, reply.

No DSPy and no litellm here (a test asserts it): a runtime that only post-processes pays no import
cost. The public names are re-exported from `groundcheck.programs`.
"""

__all__: list[str] = []
