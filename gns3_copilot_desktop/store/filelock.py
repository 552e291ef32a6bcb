"""A lock between the app's instances around a read-merge-write of a shared file.

A plain OS file lock (fcntl on POSIX, msvcrt on Windows) on `NAME.lock` beside the
file: the OS drops it when a process dies, so a crash never leaves a stale lock. Where
the lock file cannot be made (a read-only directory), the block runs unlocked: its
write will fail and say why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


@contextmanager
def locked(path: Path) -> Iterator[None]:
    lock_path = Path(path).with_name(Path(path).name + ".lock")
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        else:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # retries for about 10 s
        yield
    finally:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            else:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(fd)
