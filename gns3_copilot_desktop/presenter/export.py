"""Exporting the open chat (Markdown, HTML, JSON) and opening an exported one again,
offline. The export is made from the controller's stored history of the chat.

The export module (the wire models, pydantic) is loaded when first used: the
presenter is made before it, for the sign-in dialog to be up sooner."""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..protocol.translation import translate
from ..protocol.untrusted_text import in_sentence, visible

if TYPE_CHECKING:
    from ..protocol.export import ExportedChat

MAX_EXPORT_BYTES = 200 * 1024 * 1024  # an exported chat bigger than this is not one


def export_kind(path: Path) -> str:
    """The format from the file name: .md/.markdown, .html/.htm, else JSON."""
    suffix = path.suffix.lower()
    if suffix in (".md", ".markdown"):
        return "md"
    if suffix in (".html", ".htm"):
        return "html"
    return "json"


def write_atomically(path: Path, text: str) -> None:
    """Never a half-written file where an older export was."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class ExportMixin:
    async def exported_chat(self) -> ExportedChat | None:
        """The chosen chat as the controller stored it; None (and why) when there is none."""
        if self.project is None or self.session_id is None:
            self.error.emit(translate("Export", "Open a chat first: there is nothing to export yet."))
            return None
        if self.solution_hidden(self.session_id):
            self.error.emit(translate("Export", "This exercise's solution is hidden: reveal it before exporting its chat."))
            return None
        if self.is_running:
            self.error.emit(translate("Export", "The Copilot is still answering: export once the answer is complete."))
            return None
        client = await self._fresh_client()
        history = await client.history(self.project.project_id, self.session_id)
        session = next((s for s in self.sessions if s.thread_id == self.session_id), None)
        from ..protocol.export import ExportedChat

        records = self.records.for_chat(self.url, self.project.project_id, self.session_id)
        return ExportedChat(history, session, self.project.name, self.url, records=records)

    async def export_chat(self, path: Path, chat: ExportedChat | None = None,
                          answer_html: Callable[[str], str] | None = None) -> bool:
        """Write the chat (the open one unless given) to `path`, in the format its name
        says. `answer_html`: how a web page shows an answer's Markdown (the window's
        way, from the ui: see protocol.export.to_html)."""
        chat = chat or await self.exported_chat()
        if chat is None:
            return False
        from ..protocol.export import WRITERS, to_html

        kind = export_kind(path)
        if kind == "html" and answer_html is not None:
            answer_html = await self._answers_as_html(chat, answer_html)
        try:
            text = to_html(chat, answer_html) if kind == "html" else WRITERS[kind](chat)
            write_atomically(path, text)
        except OSError as exc:
            self.error.emit(translate("Export", "Could not write {file}: {reason}").format(file=path.name, reason=exc.strerror or exc))
            return False
        self.status.emit(translate("Export", "Exported “{chat}” to {path}.").format(chat=in_sentence(chat.title), path=visible(str(path))))
        return True

    @staticmethod
    async def _answers_as_html(chat: ExportedChat, answer_html: Callable[[str], str]) -> Callable[[str], str]:
        """Each answer made HTML in a turn of the loop of its own (a few milliseconds
        each): a long chat's page is made without stopping the window."""
        from ..protocol.items import AssistantText

        made: dict[str, str] = {}
        for item in chat.transcript().items:
            if isinstance(item, AssistantText):
                text = item.text.rstrip()
                if text not in made:
                    made[text] = answer_html(text)
                    await asyncio.sleep(0)
        return made.__getitem__

    def open_exported_chat(self, path: Path) -> ExportedChat | None:
        """Read a chat this app exported as JSON; no controller needed."""
        from ..protocol.export import NotAnExport, from_json

        try:
            if path.stat().st_size > MAX_EXPORT_BYTES:
                raise NotAnExport(translate("Export", "This file is too big to be an exported chat."))
            chat = from_json(path.read_bytes())
        except OSError as exc:
            self.error.emit(translate("Export", "Could not open {file}: {reason}").format(file=path.name, reason=exc.strerror or exc))
            return None
        except NotAnExport as exc:
            self.error.emit(translate("Export", "Could not open {file}: {reason}").format(file=path.name, reason=exc))
            return None
        return chat
