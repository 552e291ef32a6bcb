"""The records of turns that the controller's history cannot show as they were (a limit
this app enforced, an answer cut by Stop): one small JSON file in the config directory,
keyed by controller, project and chat. No secrets: the controller URL, ids, the user's
own question and the partial answer the user already saw.

Bounded: at most `MAX_CHATS` chats and `MAX_BYTES` in all (the least recently changed
chats go first), `MAX_TURNS_PER_CHAT` records each, each record itself capped
(protocol.turn_records). A damaged file is set aside (JsonFile); a damaged entry in a
readable one is skipped."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from ..protocol.turn_records import TurnRecord
from .jsonfile import JsonFile, SaveFailed

log = logging.getLogger(__name__)

MAX_CHATS = 200
MAX_TURNS_PER_CHAT = 50
MAX_BYTES = 4_000_000
VERSION = 1


def _key(url: str, project_id: str, session_id: str) -> str:
    return f"{url.rstrip('/')}|{project_id}|{session_id}"


class TurnRecordStore:
    def __init__(self, path: Path):
        self._file = JsonFile(path)
        data = self._file.read({})
        chats = data.get("chats") if data.get("version") == VERSION else None
        self._chats: dict[str, dict[str, Any]] = {
            key: chat for key, chat in (chats.items() if isinstance(chats, dict) else ())
            if isinstance(chat, dict) and isinstance(chat.get("turns"), list)
            and isinstance(chat.get("updated", 0), (int, float)) and not isinstance(chat.get("updated"), bool)
        }

    @property
    def problem(self) -> str | None:
        return self._file.problem

    def for_chat(self, url: str, project_id: str, session_id: str) -> dict[int, TurnRecord]:
        """The records of one chat, by the ordinal of their turn's user message."""
        chat = self._chats.get(_key(url, project_id, session_id))
        turns = chat.get("turns") if isinstance(chat, dict) else None
        records: dict[int, TurnRecord] = {}
        for raw in turns if isinstance(turns, list) else []:
            record = TurnRecord.from_json(raw)
            if record is not None:
                records[record.ordinal] = record
        return records

    def add(self, url: str, project_id: str, session_id: str, record: TurnRecord) -> None:
        key = _key(url, project_id, session_id)
        turns = [r for r in self.for_chat(url, project_id, session_id).values() if r.ordinal != record.ordinal]
        turns = sorted([*turns, record], key=lambda r: r.ordinal)[-MAX_TURNS_PER_CHAT:]
        self._chats[key] = {"updated": time.time(), "turns": [r.as_json() for r in turns]}
        by_age = sorted(self._chats, key=lambda k: self._chats[k].get("updated", 0))
        while len(self._chats) > MAX_CHATS or (len(self._chats) > 1 and self._size() > MAX_BYTES):
            del self._chats[by_age.pop(0)]
        self._save()

    def _size(self) -> int:
        return len(json.dumps(self._chats, ensure_ascii=False))

    def drop(self, url: str, project_id: str, session_id: str, ordinals: list[int]) -> None:
        """Forget records that no longer match their chat's history."""
        if not ordinals:
            return
        key = _key(url, project_id, session_id)
        kept = [r for o, r in self.for_chat(url, project_id, session_id).items() if o not in ordinals]
        if kept:
            self._chats[key] = {"updated": time.time(), "turns": [r.as_json() for r in kept]}
        else:
            self._chats.pop(key, None)
        self._save()

    def forget_chat(self, url: str, project_id: str, session_id: str) -> None:
        if self._chats.pop(_key(url, project_id, session_id), None) is not None:
            self._save()

    def _save(self) -> None:
        try:
            self._file.write({"version": VERSION, "chats": self._chats})
        except SaveFailed as exc:
            # The record only restores a view: losing it must not stop a chat. (JsonFile
            # says it with SaveFailed, in words the window can show.)
            log.warning("could not save the turn records: %s", exc)
            self._file.problem = str(exc)
