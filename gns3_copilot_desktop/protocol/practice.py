"""Fault-injection practice: `POST {chat}/inject` takes the chat's body and answers with
the chat's event stream; an empty message means "inject a fault". Its sessions carry the
Copilot mode `troubleshooting_injection`."""

from __future__ import annotations

from pydantic import field_validator

from .models import ChatRequest

RANDOM = 0  # "random" in the picker: the agent chooses how many


class InjectRequest(ChatRequest):
    """The chat body, where the message may be empty."""

    message: str = ""

    @field_validator("message")
    @classmethod
    def _not_blank(cls, value: str) -> str:  # replaces the chat's check: empty is allowed
        return value


def practice_message(faults: int) -> str:
    """What to ask for: nothing for one fault (upstream's default), else how many. Sent
    to the controller's agent, so English whatever the app's language (never translated)."""
    if faults == RANDOM:
        return "Inject a random number of network faults (1 to 3) for troubleshooting practice."
    if faults <= 1:
        return ""
    return f"Inject {faults} network faults for troubleshooting practice."
