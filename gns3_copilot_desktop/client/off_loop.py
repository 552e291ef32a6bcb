"""Work the window must not wait on (parsing a long chat's history) in a thread.

A Python thread of its own, not the loop's default executor: qasync's runs QThreads,
and one still alive when the app quits aborts it ("QThread: Destroyed while thread is
still running")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="off-loop")


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(_WORKER, work, *args)
