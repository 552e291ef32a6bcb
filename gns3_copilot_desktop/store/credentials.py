"""The JWT token (and, with "remember me", the password) in the OS keyring.

Keyed by controller URL and user. Where no keyring backend exists (keyring's `fail`
backend raises NoKeyringError), the secrets stay in this process's memory only and the
window says so once: never a plain-text file.
"""

from __future__ import annotations

import logging

from ..protocol.translation import sentence, translate
from . import keyring_lookup

log = logging.getLogger(__name__)

SERVICE = "gns3-copilot-desktop"


class CredentialStore:
    def __init__(self, service: str = SERVICE):
        self.service = service
        self._memory: dict[str, str] = {}
        self.available = True
        # Why the keyring is not used, for the window to show once.
        self.problem: str | None = None

    @staticmethod
    def _key(url: str, username: str, kind: str) -> str:
        return f"{kind}:{username}@{url.rstrip('/')}"

    def _failed(self, exc: Exception) -> None:
        if self.available:
            self.available = False
            self.problem = sentence(translate(
                "Credentials",
                "No system keyring is available, so your sign-in is kept in memory only and will be asked again next time ({reason}).",
            ), reason=_why(exc))
            log.warning("keyring unavailable: %r", exc)

    def check(self) -> bool:
        """Once the keyring has been looked for: can a sign-in be remembered? Where no
        keyring exists it is said before anyone ticks "remember me" for nothing."""
        if self.available and keyring_lookup.missing():
            from keyring.errors import NoKeyringError  # loaded by the search: no wait

            self._failed(NoKeyringError())
        return self.available

    def _get(self, key: str) -> str | None:
        if self.available:
            keyring = keyring_lookup.found()
            try:
                return keyring.get_password(self.service, key)
            except (keyring.errors.KeyringError, RuntimeError) as exc:
                self._failed(exc)
        return self._memory.get(key)

    def _set(self, key: str, secret: str) -> None:
        if self.available:
            keyring = keyring_lookup.found()
            try:
                keyring.set_password(self.service, key, secret)
                return
            except (keyring.errors.KeyringError, RuntimeError) as exc:
                self._failed(exc)
        self._memory[key] = secret

    def _delete(self, key: str) -> None:
        self._memory.pop(key, None)
        if self.available:
            keyring = keyring_lookup.found()
            try:
                keyring.delete_password(self.service, key)
            except keyring.errors.PasswordDeleteError:
                pass
            except (keyring.errors.KeyringError, RuntimeError) as exc:
                self._failed(exc)

    def token(self, url: str, username: str) -> str | None:
        return self._get(self._key(url, username, "token"))

    def password(self, url: str, username: str) -> str | None:
        return self._get(self._key(url, username, "password"))

    def save(self, url: str, username: str, token: str, password: str | None) -> None:
        """Store the token; the password only when given ("remember me")."""
        self._set(self._key(url, username, "token"), token)
        if password is not None:
            self._set(self._key(url, username, "password"), password)
        else:
            self._delete(self._key(url, username, "password"))

    def forget(self, url: str, username: str) -> None:
        """Sign out: the token and any remembered password are deleted."""
        self._delete(self._key(url, username, "token"))
        self._delete(self._key(url, username, "password"))


def _why(exc: Exception) -> str:
    """Why the keyring failed, in a user's words (keyring's own messages name Python
    packages to install). keyring is loaded: the error came from it."""
    from keyring.errors import KeyringLocked, NoKeyringError

    if isinstance(exc, NoKeyringError):
        return translate("Credentials", "this system has no keyring service, such as GNOME Keyring or KWallet")
    if isinstance(exc, KeyringLocked):
        return translate("Credentials", "the keyring is locked")
    return str(exc).strip() or translate("Credentials", "the keyring refused")
