"""Finding the OS keyring, started early in a thread of its own.

keyring picks its backend by loading every backend it knows; its macOS one looks for
its libraries even on Linux, by running `ldconfig` and `gcc`. That is 60-80 ms of
waiting on other programs (100-130 ms in all, with keyring's own import) before the
first token can be read, i.e. before the signed-in window. The search runs first in
the thread that loads the controller side (app.load_controller_side: before a
remembered sign-in is read, else once the sign-in dialog is up), or in a thread of its
own; the credential store waits for it before its first use of the keyring. keyring is
imported in that thread, so starting it costs the window nothing.

Whoever wants to know the outcome without waiting for it (the sign-in dialog offers
"remember me" only where a keyring exists) asks `when_found` to be called back.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import ModuleType

_search: threading.Thread | None = None
# One search per process: a second caller waits for the first (two threads importing
# keyring's backends at once could each meet a module the other is half-way through).
_lock = threading.Lock()
_done = False
_callbacks: list[Callable[[], None]] = []


def search() -> None:
    """Look for the keyring backend, in the calling thread (once; later calls wait for
    the first), then call back whoever asked to know."""
    global _done
    with _lock:
        if not _done:
            try:
                import keyring

                keyring.get_keyring()
            except Exception:  # noqa: BLE001 - the credential store meets it again, and says so
                pass
            _done = True
        waiting, _callbacks[:] = list(_callbacks), []
    for callback in waiting:
        callback()


def when_found(callback: Callable[[], None]) -> None:
    """Call `callback` once the search is over: now if it is, else in the thread that
    searches (the callback hands over to its own thread itself). Never starts a
    search: start-up decides when the search may cost CPU."""
    with _lock:
        if not _done:
            _callbacks.append(callback)
            return
    callback()


def start(thread: threading.Thread | None = None) -> None:
    """Start looking for the keyring (once), in a thread of its own, or as part of
    `thread` (started by the caller; it calls `search`)."""
    global _search
    if _search is None:
        _search = thread or threading.Thread(target=search, name="keyring-lookup", daemon=True)
        if thread is None:
            _search.start()


def wait() -> None:
    """Until the search started by `start` is over (at once if none was started)."""
    if _search is not None:
        _search.join()


def found() -> ModuleType:
    """The keyring module, once its backend has been looked for (here and now if no
    search was started)."""
    wait()
    import keyring

    return keyring


def missing() -> bool:
    """No usable keyring on this system (keyring's `fail` backend, or `null` chosen in
    its configuration): a remembered sign-in cannot be kept. Searches here and now if
    no search is over (never waits for the thread that searched: it goes on loading
    other things)."""
    search()
    import keyring
    from keyring.backends import fail, null

    return isinstance(keyring.get_keyring(), (fail.Keyring, null.Keyring))
