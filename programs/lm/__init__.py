"""The LM half: LM settings (any litellm model), the DSPy Verifier and Executor programs, the
diagnosis turn, compiled artifacts. Importing anything here loads DSPy; the core never does."""

__all__: list[str] = []
