"""What the user has typed but not sent, kept for each chat: text typed for one chat
does not follow them to another, and comes back when they return."""

from __future__ import annotations

DraftKey = tuple[str, str | None, str | None]  # controller URL, project id, chat id (None: a new chat)


class Drafts:
    def __init__(self) -> None:
        self._texts: dict[DraftKey, str] = {}
        self.key: DraftKey | None = None

    def switch(self, key: DraftKey, typed: str) -> str:
        """Keep what is typed for the chat being left; the text of the chat shown now."""
        if self.key is not None and key != self.key:
            self._keep(self.key, typed)
            self.key = key
            return self._texts.pop(key, "")
        self.key = key
        return typed

    def rename(self, key: DraftKey) -> None:
        """The new chat shown got its id from the controller: same chat, same draft."""
        if self.key is not None and self.key != key:
            self._texts.pop(self.key, None)
        self.key = key

    def _keep(self, key: DraftKey, typed: str) -> None:
        if typed.strip():
            self._texts[key] = typed
        else:
            self._texts.pop(key, None)
