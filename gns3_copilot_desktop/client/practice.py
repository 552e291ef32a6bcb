"""Fault-injection practice (part of `ControllerClient`): the inject route takes the
chat's body and streams the chat's events, so it rides on `stream_chat`."""

from __future__ import annotations

from collections.abc import AsyncIterator

from ..protocol.events import ChatEvent
from ..protocol.practice import InjectRequest


class PracticeMixin:
    def stream_inject(
        self, project_id: str, request: InjectRequest, *, max_changes: int | None = None
    ) -> AsyncIterator[ChatEvent]:
        """Inject faults into the project's lab; an empty message asks for one fault.
        The runtime limits hold as in a chat (`stream_chat`: by the controller, or by
        this app where the controller does not enforce them)."""
        return self.stream_chat(project_id, request, max_changes=max_changes, route="inject")
