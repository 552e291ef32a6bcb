"""The chats (sessions) of the chosen project: list, open, rename, pin, delete."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..client.off_loop import off_loop
from ..protocol.transcript import Transcript
from ..protocol.translation import translate

if TYPE_CHECKING:
    from ..protocol.models import ConversationHistory

# Untitled chats whose first question is fetched at each refresh of the list; the
# answers are kept, so each chat's history is read once.
UNTITLED_LOOKUPS = 10
# Messages fetched to open a chat (the server's `?limit=`, its newest ones): opening a
# chat of 50,000 messages costs what opening one of 200 does. The rest is fetched only
# when it is needed: scrolling above them, sending, or this app's records of its turns.
FIRST_PAGE = 200


def _is_whole(history: ConversationHistory, limit: int) -> bool:
    """Whether a page asked for with `limit` holds the whole chat. A server that
    ignores `?limit=` sends more than asked: that is the whole chat too."""
    return len(history.messages) != limit


def _from_first_question(history: ConversationHistory) -> ConversationHistory:
    """A page that starts inside a turn (a reply, a tool result) shows from the page's
    first question: half a turn would show tool results without their calls."""
    for index, message in enumerate(history.messages):
        if message.role in ("user", "human"):
            return history.model_copy(update={"messages": history.messages[index:]})
    return history


class ChatsMixin:
    session_mode_filter: str | None = None  # show only the chats of one Copilot mode

    async def refresh_sessions(self) -> None:
        if self.project is None or not self.project.is_opened:
            return
        client = await self._fresh_client()
        project_id = self.project.project_id
        self.sessions = await client.sessions(project_id, copilot_mode=self.session_mode_filter)
        self.hide_solutions()  # an exercise's title may name its fault
        missing = self._name_untitled(project_id)
        self.sessions_changed.emit(self.sessions)
        if missing:
            self.spawn(self._find_first_questions(project_id, missing))

    def _name_untitled(self, project_id: str) -> list[str]:
        """Give untitled chats their first question where it is known; the ids of those
        where it is not."""
        missing = []
        for session in self.sessions:
            if session.untitled:
                session.first_message = self._first_questions.get((self.url, project_id, session.thread_id))
                if session.first_message is None:
                    missing.append(session.thread_id)
        return missing

    async def _find_first_questions(self, project_id: str, session_ids: list[str]) -> None:
        client = await self._fresh_client()
        for session_id in session_ids[:UNTITLED_LOOKUPS]:
            # The first question is at the start: the whole chat, parsed off the loop.
            history = await client.history(project_id, session_id, in_thread=True)
            first = next((m.content for m in history.messages if m.role in ("user", "human") and m.content), "")
            self._first_questions[(self.url, project_id, session_id)] = first
        if self.project is not None and self.project.project_id == project_id:
            self._name_untitled(project_id)
            self.sessions_changed.emit(self.sessions)

    async def filter_sessions(self, mode: str | None) -> None:
        self.session_mode_filter = mode or None
        await self.refresh_sessions()

    def new_chat(self) -> None:
        self.forget_older()
        self.session_id = None
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(None)

    async def open_session(self, session_id: str) -> None:
        if self.project is None:
            return
        if self.solution_hidden(session_id):
            self.practice_reveal_asked.emit(session_id)  # the chat is the exercise's solution
            return
        running = self.turn_transcript
        if self.is_running and running is not None and running.session_id == session_id:
            # Back to the chat the agent works in: its live conversation, still streaming.
            self.forget_older()
            self.session_id, self.transcript = session_id, running
            self.transcript_reset.emit(self.transcript)
            self.session_chosen.emit(session_id)
            return
        client = await self._fresh_client()
        project_id = self.project.project_id
        history = await client.history(project_id, session_id, limit=FIRST_PAGE)
        self.forget_older()
        self.session_id = session_id
        records = self.records.for_chat(self.url, project_id, session_id)
        if _is_whole(history, FIRST_PAGE):
            self._show_whole(history, records)
            self.transcript_reset.emit(self.transcript)
        else:
            # The newest page alone. Records name their turn by its place in the WHOLE
            # chat, which a page does not know: they wait for the whole history.
            self.older_pending = True
            self.transcript = Transcript.from_history(_from_first_question(history))
            self.note_tools_used(self.transcript)
            self.transcript_reset.emit(self.transcript)
            if records:
                self.load_older()
        self.session_chosen.emit(session_id)

    def _show_whole(self, history: ConversationHistory, records: dict, transcript: Transcript | None = None) -> None:
        assert self.project is not None and self.session_id is not None
        self.remember_history(self.session_id, history)  # searchable without fetching it again
        self.transcript = transcript or Transcript.from_history(history, records)
        self.note_tools_used(self.transcript)
        # A record that no longer fits (the chat was changed elsewhere) is dropped.
        self.records.drop(self.url, self.project.project_id, self.session_id,
                          [r.ordinal for r in self.transcript.dropped_records])

    def forget_older(self) -> None:
        """Another chat is shown: the older messages of this one are not wanted."""
        self.older_pending = False
        if self._older_task is not None:
            self._older_task.cancel()
            self._older_task = None

    def load_older(self) -> asyncio.Task | None:
        """Fetch the whole chat in the background, once (the view asks when it is
        scrolled above the first page); the chat then shows it from where it was."""
        if not self.older_pending:
            return None
        if self._older_task is None or self._older_task.done():
            self._older_task = self.spawn(self._load_older())
        return self._older_task

    async def _load_older(self) -> None:
        if self.project is None or self.session_id is None:
            return
        client = await self._fresh_client()
        project_id, session_id, shown = self.project.project_id, self.session_id, self.transcript
        records = self.records.for_chat(self.url, project_id, session_id)
        # Parsed off the loop: a history of 50,000 messages is tens of megabytes.
        history = await client.history(project_id, session_id, in_thread=True)
        transcript = await off_loop(Transcript.from_history, history, records)
        if not self.older_pending or self.transcript is not shown or self.project is None \
                or self.project.project_id != project_id:
            return  # another chat was opened meanwhile
        self.older_pending = False
        self._show_whole(history, records, transcript)
        self.transcript_extended.emit(self.transcript)

    async def send_when_whole(self, text: str, continued_with: dict[str, int | None] | None = None) -> None:
        """A question asked in a chat opened on its newest page: the turn's record must
        know its place in the whole chat, so the rest is fetched first."""
        task = self.load_older()
        if task is not None:
            await asyncio.wait([task])  # its failure is reported by `spawn`
        if self.older_pending or not self.send(text, continued_with):
            self.draft_returned.emit(text)

    async def rename_session(self, session_id: str, title: str) -> None:
        if self.project is None:
            return
        title = title.strip()
        if not title:
            self.error.emit(translate("PresenterChats", "A chat title cannot be empty."))
            return
        client = await self._fresh_client()
        await client.rename_session(self.project.project_id, session_id, title[:255])
        await self.refresh_sessions()

    async def pin_session(self, session_id: str, pinned: bool) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        await client.pin_session(self.project.project_id, session_id, pinned)
        await self.refresh_sessions()

    async def delete_session(self, session_id: str) -> None:
        if self.project is None:
            return
        client = await self._fresh_client()
        await client.delete_session(self.project.project_id, session_id)
        self.records.forget_chat(self.url, self.project.project_id, session_id)
        if session_id == self.session_id:
            self.new_chat()
        await self.refresh_sessions()
