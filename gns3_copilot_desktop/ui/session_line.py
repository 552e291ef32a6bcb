"""How a chat is described in words: its mode, its size, how long ago it was active.
Pure functions (no widgets), so the list and the chat header say it the same way."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..protocol.models import ChatSession


def parse_stamp(stamp: str | None) -> datetime | None:
    """The controller's ISO times; naive ones are UTC (the server writes utcnow())."""
    if not stamp:
        return None
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def relative_time(stamp: str | None, now: datetime | None = None) -> str:
    moment = parse_stamp(stamp)
    if moment is None:
        return ""
    seconds = ((now or datetime.now(timezone.utc)) - moment).total_seconds()
    if seconds < 60:
        return "just now"
    for size, unit in ((86400 * 365, "year"), (86400 * 30, "month"), (86400 * 7, "week"), (86400, "day"), (3600, "hour"), (60, "min")):
        if seconds >= size:
            count = int(seconds // size)
            if unit == "day" and count == 1:
                return "yesterday"
            plural = "s" if count != 1 and unit != "min" else ""
            return f"{count} {unit}{plural} ago"
    return ""


def session_line(session: ChatSession, now: datetime | None = None) -> str:
    """Two lines: the title, then mode · messages · when (the list shows a pin as an icon)."""
    from ..protocol.llm_configs import mode_name

    details = []
    mode = (session.metadata or {}).get("copilot_mode")
    if mode:
        details.append(mode_name(mode))
    details.append(f"{session.message_count} message{'s' if session.message_count != 1 else ''}")
    when = relative_time(session.last_message_at or session.updated_at, now)
    if when:
        details.append(when)
    title = " ".join(session.display_title.split())  # one line, whatever the controller sent
    return f"{title}\n{' · '.join(details)}"


def session_statistics(session: ChatSession, now: datetime | None = None) -> str:
    """The chat header's line: what the controller counted, nothing it did not."""
    parts = []
    if session.total_tokens or session.input_tokens or session.output_tokens:
        parts.append(
            f"{session.input_tokens:,} tokens in · {session.output_tokens:,} out · {session.total_tokens:,} total"
        )
    if session.llm_calls_count:
        parts.append(f"{session.llm_calls_count} LLM call{'s' if session.llm_calls_count != 1 else ''}")
    when = relative_time(session.last_message_at, now)
    if when:
        stamp = parse_stamp(session.last_message_at)
        parts.append(f"last message {when} ({stamp.astimezone().strftime('%Y-%m-%d %H:%M')})")
    return " · ".join(parts)
