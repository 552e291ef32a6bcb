"""The chats (sessions) of the chosen project: list, open, rename, pin, delete."""

from __future__ import annotations

from ..protocol import Transcript

# Untitled chats whose first question is fetched at each refresh of the list; the
# answers are kept, so each chat's history is read once.
UNTITLED_LOOKUPS = 10


class ChatsMixin:
    session_mode_filter: str | None = None  # show only the chats of one Copilot mode

    async def refresh_sessions(self) -> None:
        if self.project is None or not self.project.is_opened:
            return
        client = await self._fresh_client()
        project_id = self.project.project_id
        self.sessions = await client.sessions(project_id, copilot_mode=self.session_mode_filter)
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
            history = await client.history(project_id, session_id)
            first = next((m.content for m in history.messages if m.role in ("user", "human") and m.content), "")
            self._first_questions[(self.url, project_id, session_id)] = first
        if self.project is not None and self.project.project_id == project_id:
            self._name_untitled(project_id)
            self.sessions_changed.emit(self.sessions)

    async def filter_sessions(self, mode: str | None) -> None:
        self.session_mode_filter = mode or None
        await self.refresh_sessions()

    def new_chat(self) -> None:
        self.session_id = None
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(None)

    async def open_session(self, session_id: str) -> None:
        if self.project is None:
            return
        running = self.turn_transcript
        if self.is_running and running is not None and running.session_id == session_id:
            # Back to the chat the agent works in: its live conversation, still streaming.
            self.session_id, self.transcript = session_id, running
            self.transcript_reset.emit(self.transcript)
            self.session_chosen.emit(session_id)
            return
        client = await self._fresh_client()
        project_id = self.project.project_id
        history = await client.history(project_id, session_id)
        self.remember_history(session_id, history)  # searchable without fetching it again
        self.session_id = session_id
        self.transcript = Transcript.from_history(history, self.records.for_chat(self.url, project_id, session_id))
        self.note_tools_used(self.transcript)
        # A record that no longer fits (the chat was changed elsewhere) is dropped.
        self.records.drop(self.url, project_id, session_id, [r.ordinal for r in self.transcript.dropped_records])
        self.transcript_reset.emit(self.transcript)
        self.session_chosen.emit(session_id)

    async def rename_session(self, session_id: str, title: str) -> None:
        if self.project is None:
            return
        title = title.strip()
        if not title:
            self.error.emit("A chat title cannot be empty.")
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
