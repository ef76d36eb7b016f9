"""The LM half: LM settings (any litellm model), the DSPy Verifier and Executor programs, the
diagnosis turn, compiled artifacts. Importing anything here loads DSPy; the core never does."""

# first of all: the no-phoning-home guard is set before any module of this package imports DSPy or
# litellm (settings itself imports neither)
from . import settings as _settings  # noqa: F401

__all__: list[str] = []
