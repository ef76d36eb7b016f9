"""A chat adapter that states the reply format in a few lines instead of JSON schemas.

DSPy's `ChatAdapter` lists every field twice and sends each typed output's JSON schema with every
prompt (~400 tokens for the Verifier). This one keeps the same `[[ ## field ## ]]` sections and the
same parsing, and describes the outputs in one sentence each; the signature's instructions name
the allowed values.
"""

from __future__ import annotations

import typing
from typing import Any

from dspy.adapters.chat_adapter import ChatAdapter
from pydantic import BaseModel


class CompactChatAdapter(ChatAdapter):
    """`ChatAdapter` sections, a short reply format, and no second call with the JSON adapter when a
    reply does not parse: one verification is one LM call (an unreadable reply becomes `verifier_error`
    and LOW_CONFID, never a PASS). Pass `use_json_adapter_fallback=True` to get DSPy's retry back."""

    def __init__(self, *, use_json_adapter_fallback: bool = False, **kwargs: Any) -> None:
        super().__init__(use_json_adapter_fallback=use_json_adapter_fallback, **kwargs)

    def format_field_description(self, signature: Any) -> str:
        inputs = ", ".join(signature.input_fields)
        return f"Inputs, each under its [[ ## name ## ]] header: {inputs}."

    def format_field_structure(self, signature: Any) -> str:
        return "Reply with these sections in order: " + ", ".join(
            f"[[ ## {name} ## ]] ({_shape(field.annotation)}{_desc(field)})"
            for name, field in signature.output_fields.items()
        ) + ", then [[ ## completed ## ]]."

    def format_task_description(self, signature: Any) -> str:
        return str(signature.instructions)

    def user_message_output_requirements(self, signature: Any) -> str:
        fields = ", ".join(f"`[[ ## {name} ## ]]`" for name in signature.output_fields)
        return f"Respond with the corresponding output fields: {fields}, then `[[ ## completed ## ]]`."


def _shape(annotation: Any) -> str:
    """A one-phrase description of a field's type: what the reply under its header must look like."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return "one of " + ", ".join(str(a) for a in args)
    if origin is list and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return "a JSON list of objects with keys " + ", ".join(args[0].model_fields)
    if annotation is float:
        return "a number"
    return "text"


def _desc(field: Any) -> str:
    desc = (field.json_schema_extra or {}).get("desc", "")
    return f"; {desc}" if desc and not desc.startswith("${") else ""
