"""Choosing and building the LM: any litellm model string, never a global `dspy.configure`.

No phoning home. litellm downloads its model cost map when it is first imported unless
`LITELLM_LOCAL_MODEL_COST_MAP=True`; groundcheck sets that variable (when the host has not) right
before its own first import of DSPy / litellm: on importing this module, which only the LM half of
groundcheck does, never `import groundcheck.programs` nor the deterministic core. When the host
imported litellm first, litellm's import-time behaviour was the host's: groundcheck then changes
nothing and only reads litellm's in-memory cost map (`local_cost_usd`), never fetching one.
litellm telemetry is off (DSPy sets it off).
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass, field
from typing import Any

from ..errors import ConfigError

logger = logging.getLogger(__name__)

COST_MAP_VAR = "LITELLM_LOCAL_MODEL_COST_MAP"


def ensure_local_cost_map() -> bool:
    """Set `LITELLM_LOCAL_MODEL_COST_MAP=True` unless litellm is already loaded or the host chose a value.

    Returns:
        True when litellm will use (or already uses) its bundled cost map as far as groundcheck can tell.
    """
    if "litellm" in sys.modules:
        if os.environ.get(COST_MAP_VAR, "").lower() != "true":
            logger.info("litellm was imported before groundcheck without %s=True: its cost map is the "
                        "host's choice; groundcheck only reads it", COST_MAP_VAR)
            return False
        return True
    if COST_MAP_VAR not in os.environ:
        os.environ[COST_MAP_VAR] = "True"
        logger.debug("set %s=True before loading litellm (no cost-map download)", COST_MAP_VAR)
    return os.environ[COST_MAP_VAR].lower() == "true"


ensure_local_cost_map()  # this module is the LM half's first stop: before any import of dspy / litellm

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
        cache: reuse DSPy's response cache (off by default: a live verdict must reflect a live call;
            `eval` and `optimize` turn it on, see `groundcheck.evals.cache`).
    """

    model: str
    timeout: float = DEFAULT_TIMEOUT
    num_retries: int = DEFAULT_RETRIES
    temperature: float | None = 0.0
    max_tokens: int | None = 4000
    api_base: str | None = None
    api_key: str | None = field(default=None, repr=False)
    extra: dict[str, Any] = field(default_factory=dict)
    cache: bool = False


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
    """A `dspy.LM` on the litellm engine; DSPy's response cache only with `settings.cache`."""
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
            cache=settings.cache,
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


def local_cost_usd(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    """Cost from litellm's in-memory cost map (never fetched); None for a model it does not know."""
    ensure_local_cost_map()
    import litellm

    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
        )
    except Exception:  # unknown model / provider: cost unknown, not an error
        return None
    return float(prompt_cost + completion_cost)
