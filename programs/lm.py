"""Choosing and building the LM: any litellm model string, never a global `dspy.configure`.

Importing this module turns off what would phone home: litellm's download of its model cost map
(it must be set before litellm is first imported) and litellm telemetry (DSPy sets it off).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from groundcheck.programs.errors import ConfigError

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

ENV_MODEL = "GROUNDCHECK_LM"
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 3


@dataclass(frozen=True)
class LMSettings:
    """How to reach the model. API base and key come from the usual litellm variables unless given.

    Args:
        model: a litellm model string, e.g. `openai/gpt-4o-mini`, `deepseek/deepseek-chat`,
            `openai/qwen-plus` (with an OpenAI-compatible `api_base`), `anthropic/claude-3-5-haiku-latest`,
            `ollama_chat/qwen2.5`, `hosted_vllm/...`.
        timeout: seconds per request.
        num_retries: retries with exponential backoff on rate limits and transient errors.
    """

    model: str
    timeout: float = DEFAULT_TIMEOUT
    num_retries: int = DEFAULT_RETRIES
    temperature: float | None = 0.0
    max_tokens: int | None = 4000
    api_base: str | None = None
    api_key: str | None = field(default=None, repr=False)
    extra: dict[str, Any] = field(default_factory=dict)


def resolve_model(model: str | None) -> str:
    """The model string from the argument, else `$GROUNDCHECK_LM`.

    Raises:
        ConfigError: neither is set.
    """
    chosen = model or os.environ.get(ENV_MODEL)
    if not chosen:
        raise ConfigError(f"no LM given: pass --lm MODEL or set {ENV_MODEL} (any litellm model string)")
    return chosen


def make_lm(settings: LMSettings | str) -> Any:
    """A `dspy.LM` on the litellm engine; DSPy's response cache is off (verdicts must reflect the call)."""
    import dspy

    if isinstance(settings, str):
        settings = LMSettings(model=settings)
    kwargs: dict[str, Any] = dict(settings.extra)
    if settings.api_base:
        kwargs["api_base"] = settings.api_base
    if settings.api_key:
        kwargs["api_key"] = settings.api_key
    try:
        return dspy.LM(
            settings.model,
            engine="litellm",
            cache=False,
            timeout=settings.timeout,
            num_retries=settings.num_retries,
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            **kwargs,
        )
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"cannot use LM {settings.model!r}: {exc}") from None


def model_name(lm: Any) -> str:
    return str(getattr(lm, "model", type(lm).__name__))
