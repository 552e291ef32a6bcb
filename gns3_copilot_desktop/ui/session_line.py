"""How a chat is described in words: its mode, its size, how long ago it was active.
Pure functions (no widgets), so the list and the chat header say it the same way, in the
user's language, numbers and dates as their locale writes them (QLocale)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING

from PySide6.QtCore import QDateTime, QLocale

from ..protocol.translation import QT_TRANSLATE_NOOP, number, translate
from ..protocol.untrusted_text import in_sentence

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


# How long ago, by unit: (seconds in it, one, several). English has two forms, Chinese one.
_AGO = (
    (86400 * 365, QT_TRANSLATE_NOOP("SessionLine", "1 year ago"), QT_TRANSLATE_NOOP("SessionLine", "{count} years ago")),
    (86400 * 30, QT_TRANSLATE_NOOP("SessionLine", "1 month ago"), QT_TRANSLATE_NOOP("SessionLine", "{count} months ago")),
    (86400 * 7, QT_TRANSLATE_NOOP("SessionLine", "1 week ago"), QT_TRANSLATE_NOOP("SessionLine", "{count} weeks ago")),
    (86400, QT_TRANSLATE_NOOP("SessionLine", "yesterday"), QT_TRANSLATE_NOOP("SessionLine", "{count} days ago")),
    (3600, QT_TRANSLATE_NOOP("SessionLine", "1 hour ago"), QT_TRANSLATE_NOOP("SessionLine", "{count} hours ago")),
    (60, QT_TRANSLATE_NOOP("SessionLine", "{count} min ago"), QT_TRANSLATE_NOOP("SessionLine", "{count} min ago")),
)


def relative_time(stamp: str | None, now: datetime | None = None) -> str:
    moment = parse_stamp(stamp)
    if moment is None:
        return ""
    seconds = ((now or datetime.now(timezone.utc)) - moment).total_seconds()
    if seconds < 60:
        return translate("SessionLine", "just now")
    for size, one, several in _AGO:
        if seconds >= size:
            count = int(seconds // size)
            return translate("SessionLine", one if count == 1 else several).format(count=number(count))
    return ""


def local_time(moment: datetime) -> str:
    """A moment as the user's language writes a date and time, in their time zone."""
    return QLocale().toString(QDateTime.fromSecsSinceEpoch(int(moment.timestamp())), QLocale.FormatType.ShortFormat)


def message_count(count: int) -> str:
    if count == 1:
        return translate("SessionLine", "1 message")
    return translate("SessionLine", "{count} messages").format(count=number(count))


def session_line(session: ChatSession, now: datetime | None = None) -> str:
    """Two lines: the title, then mode · messages · when (the list shows a pin as an icon)."""
    from ..protocol.copilot_modes import mode_name

    details = []
    mode = (session.metadata or {}).get("copilot_mode")
    if mode:
        details.append(mode_name(mode))
    details.append(message_count(session.message_count))
    when = relative_time(session.last_message_at or session.updated_at, now)
    if when:
        details.append(when)
    # One line, whatever the controller sent, that cannot turn the details line round.
    title = in_sentence(" ".join(session.display_title.split()))
    return f"{title}\n{' · '.join(details)}"


def session_tooltip(session: ChatSession) -> str:
    """The whole title (the list elides it), its size and when it last changed."""
    moment = parse_stamp(session.updated_at)
    details = [message_count(session.message_count), *([local_time(moment)] if moment is not None else [])]
    return f"{session.display_title}\n{' · '.join(details)}"


def session_statistics(session: ChatSession, now: datetime | None = None) -> str:
    """The chat header's line: what the controller counted, nothing it did not."""
    parts = []
    if session.total_tokens or session.input_tokens or session.output_tokens:
        parts.append(
            translate("SessionLine", "{input} tokens in · {output} out · {total} total").format(
                input=number(session.input_tokens), output=number(session.output_tokens), total=number(session.total_tokens)
            )
        )
    if session.llm_calls_count:
        if session.llm_calls_count == 1:
            parts.append(translate("SessionLine", "1 LLM call"))
        else:
            parts.append(translate("SessionLine", "{count} LLM calls").format(count=number(session.llm_calls_count)))
    when = relative_time(session.last_message_at, now)
    if when:
        # The date and time in the tooltip (last_message_time): in the line, the chat's
        # figures took two lines at 1024 px, and the header grew under the conversation.
        parts.append(translate("SessionLine", "last message {when}").format(when=when))
    return " · ".join(parts)


def last_message_time(session: ChatSession) -> str:
    """When the chat's last message came, as a date and a time of this computer's; ""
    when the controller did not say or said it unreadably."""
    stamp = parse_stamp(session.last_message_at)
    return translate("SessionLine", "Last message: {time}").format(time=local_time(stamp)) if stamp else ""
