"""Fault-injection practice: the controller's agent breaks something in the lab (the
inject route), the user sees its progress but not what it did, and then troubleshoots
in a normal chat. The agent's own account (the solution) waits until asked for."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal

from ..client.errors import ControllerError, LLMNotConfigured, Unauthorized
from ..protocol.transcript import Transcript
from ..protocol.translation import translate
from ..store.settings import HIDDEN, REVEALED

if TYPE_CHECKING:
    from ..protocol.practice import InjectRequest

log = logging.getLogger(__name__)

DEFAULT_INJECT_MESSAGE = "Inject a network fault for troubleshooting practice"  # upstream's, for an empty message



class PracticeMixin:
    practice_changed = Signal(object)  # Transcript of the injection
    practice_running = Signal(bool)
    # The user chose an exercise's chat whose solution is hidden: ask before showing it.
    practice_reveal_asked = Signal(str)  # session id

    practice_transcript: Transcript | None = None
    _practice_task: asyncio.Task | None = None

    @property
    def is_practising(self) -> bool:
        return self._practice_task is not None and not self._practice_task.done()

    def start_practice(self, faults: int) -> bool:
        """Ask for `faults` faults (practice.RANDOM: the agent picks 1 to 3)."""
        if self.is_practising or self.is_running:
            self.error.emit(translate("Practice", "Wait for the Copilot to finish before starting an exercise."))
            return False
        if self.project is None or not self.project.is_opened or self.client is None:
            self.error.emit(translate("Practice", "Choose an opened project first: the faults go into its lab."))
            return False
        from ..protocol.practice import InjectRequest, practice_message  # pydantic: loaded after start-up

        # Under the user's runtime limits, as any turn: the agent changes the lab, and a
        # limit that stops it is said (the screen shows the transcript's limit stop).
        request = self.limited_request(InjectRequest, message=practice_message(faults))
        if request is None:
            return False
        transcript = Transcript()
        self.begin_limited_turn(transcript, request, shown=request.message or DEFAULT_INJECT_MESSAGE)
        self.practice_transcript = transcript
        self._practice_task = self.spawn(
            self._run_practice(self.project.project_id, request, transcript, self.limits.max_changes)
        )
        self.practice_running.emit(True)
        self.practice_changed.emit(transcript)
        return True

    async def _run_practice(
        self, project_id: str, request: InjectRequest, transcript: Transcript, max_changes: int | None = None,
    ) -> None:
        try:
            client = await self._fresh_client()
            async with contextlib.aclosing(client.stream_inject(project_id, request, max_changes=max_changes)) as events:
                async for event in events:
                    transcript.apply(event)
                    if transcript.session_id and self.settings.practice_solution(self.store_key, transcript.session_id) is None:
                        # Known as an exercise from its first event, whatever the
                        # controller's list says of its mode: hidden until revealed.
                        self.settings.set_practice_solution(self.store_key, transcript.session_id, HIDDEN)
                        self._hide_listed_solutions()
                    self.practice_changed.emit(transcript)
            transcript.end_of_stream()
        except asyncio.CancelledError:
            transcript.mark_stopped()
            raise
        except ControllerError as exc:
            transcript.fail(exc.message)
            if isinstance(exc, Unauthorized):
                self._report(exc)
            elif isinstance(exc, LLMNotConfigured):
                self.llm_setup_needed.emit(exc.message)
        finally:
            self.practice_running.emit(False)
            self.practice_changed.emit(transcript)
        self.spawn(self.refresh_sessions())

    async def stop_practice(self) -> None:
        """Stop through the controller's abort endpoint (upstream's web UI only hangs up),
        then hang up if it does not wrap up in time."""
        task, transcript = self._practice_task, self.practice_transcript
        if task is None or task.done() or transcript is None:
            return
        transcript.request_abort()
        self.practice_changed.emit(transcript)
        await self.abort_then_hang_up(task, self.project.project_id if self.project else None, transcript.session_id)

    # -- the exercise's chat: its solution stays hidden until the user asks ------------

    def hide_solutions(self) -> None:
        """Mark the listed chats that are exercises whose solution was not revealed."""
        for session in self.sessions:
            seen = self.settings.practice_solution(self.store_key, session.thread_id)
            session.solution_hidden = (session.is_practice or seen is not None) and seen != REVEALED

    def _hide_listed_solutions(self) -> None:
        if any(s.thread_id == getattr(self.practice_transcript, "session_id", None) for s in self.sessions):
            self.hide_solutions()
            self.sessions_changed.emit(self.sessions)

    def solution_hidden(self, session_id: str | None) -> bool:
        if session_id is None:
            return False
        session = next((s for s in self.sessions if s.thread_id == session_id), None)
        if session is not None:
            return session.solution_hidden
        return self.settings.practice_solution(self.store_key, session_id) == HIDDEN

    def reveal_solution(self, session_id: str | None) -> None:
        """The user asked to see what the exercise broke: its chat shows as any other."""
        if not session_id:
            return
        self.settings.set_practice_solution(self.store_key, session_id, REVEALED)
        self.tell_once(self.settings.problem)
        self.hide_solutions()
        self.sessions_changed.emit(self.sessions)
