"""Searching the chosen project's chats: titles, and the histories already loaded or
fetched for the search (a bounded number, a few at a time)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal

from ..client.errors import ControllerError, Unauthorized
from ..protocol.search import ChatHit, haystack, search_history, snippet
from ..protocol.translation import number, translate

if TYPE_CHECKING:
    from ..protocol.models import ConversationHistory

log = logging.getLogger(__name__)

MIN_QUERY = 2
MAX_FETCHED = 40  # histories fetched for one search; more chats are searched by title only
PARALLEL_FETCHES = 4


class SearchMixin:
    chat_search_results = Signal(str, list, str)  # query, [ChatHit], a note ("" or what was left out)

    def _history_cache(self) -> dict[str, tuple[str | None, ConversationHistory, str | None]]:
        cache = getattr(self, "_histories", None)
        if cache is None:
            cache = self._histories = {}
        return cache

    def remember_history(self, session_id: str, history: ConversationHistory) -> None:
        """Keep a loaded history for searching, tagged with the chat's last change."""
        session = next((s for s in self.sessions if s.thread_id == session_id), None)
        # The text is folded at the first search, not here: opening a chat stays as fast.
        self._history_cache()[session_id] = (session.updated_at if session else None, history, None)

    def forget_histories(self) -> None:
        self._history_cache().clear()

    def _cached(self, session) -> tuple[ConversationHistory, str] | None:
        cache = self._history_cache()
        entry = cache.get(session.thread_id)
        if entry is None or entry[0] != session.updated_at:
            return None  # the chat changed since: fetch it again
        if entry[2] is None:
            entry = cache[session.thread_id] = (entry[0], entry[1], haystack(entry[1]))
        return entry[1], entry[2]

    async def search_chats(self, query: str) -> list[ChatHit]:
        query = query.strip()
        if len(query) < MIN_QUERY or self.project is None:
            self.chat_search_results.emit(query, [], "")
            return []
        project_id = self.project.project_id
        # An exercise's hidden solution is not searched: a snippet would give it away.
        sessions = [s for s in self.sessions if not s.solution_hidden]
        missing = [s for s in sessions if self._cached(s) is None]
        fetched, left_out = missing[:MAX_FETCHED], missing[MAX_FETCHED:]
        if fetched:
            client = await self._fresh_client()
            gate = asyncio.Semaphore(PARALLEL_FETCHES)

            async def fetch(session) -> None:
                async with gate:
                    try:
                        history = await client.history(project_id, session.thread_id)
                    except Unauthorized:
                        raise
                    except ControllerError as exc:
                        log.info("search: history of %s not fetched: %s", session.thread_id, exc)
                        return
                if self.project is not None and self.project.project_id == project_id:
                    self._history_cache()[session.thread_id] = (session.updated_at, history, haystack(history))
                await asyncio.sleep(0)  # the window paints between two parsed histories

            await asyncio.gather(*(fetch(s) for s in fetched))
        hits, folded = [], query.casefold()
        for session in sessions:
            cached = self._cached(session)
            found = search_history(cached[0], query) if cached is not None and folded in cached[1] else None
            if found is not None or snippet(session.display_title, query) is not None:
                hits.append(ChatHit(session.thread_id, session.display_title, found or ""))
        note = ""
        if left_out:
            note = translate("PresenterSearch", "{count} older chats were searched by title only.").format(count=number(len(left_out)))
        self.chat_search_results.emit(query, hits, note)
        return hits
