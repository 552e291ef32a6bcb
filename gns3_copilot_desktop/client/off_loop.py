"""Work the window must not wait on (parsing a long chat's history) in a thread.

A Python thread of its own, not the loop's default executor: qasync's runs QThreads,
and one still alive when the app quits aborts it ("QThread: Destroyed while thread is
still running").

The thread still shares the GIL with the loop. What it makes (a 50,000-message chat is
about a million objects) made Python's garbage collector run full passes over all of
them while it worked, each holding the GIL for 40-370 ms: the window stalled although
the parsing was in a thread. So the collector waits while the work runs, and what the
work made, long-lived like the rest of a shown chat, is then set aside from its passes
(`gc.freeze()`, as the app does with its start-up objects). Frozen objects are still
freed when dropped, by their reference counts; only a reference cycle among them would
stay (parsed messages and transcript items make none).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="off-loop")


def _without_collector_passes(work: Callable[..., T], *args: Any) -> T:
    enabled = gc.isenabled()
    gc.disable()
    try:
        return work(*args)
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(_WORKER, _without_collector_passes, work, *args)
