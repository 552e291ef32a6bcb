"""Recognising the messages that say a runtime limit stopped the agent.

The runtime-limits design has the controller answer every tool call of a batch that
would pass `max_tool_calls` with a tool message like:

    Tool call limit reached (15 calls). Please simplify your request or break it into
    smaller steps. Current tool call count: 14/15.

Those arrive live as `tool_end` events and later as `role: "tool"` history messages.
The text may come pretty-printed, indented, or JSON-encoded (as a JSON string, or as a
field of a JSON object), so the detector is tolerant of all three.

Two kinds of words live here. The design's wording (`tool_limit_message` and the other
`*_message`/`*_notice` functions) is a controller's: the reference controller sends it
and the regexes read the real server's, so it stays English, exactly. What this app says
about a limit (`LimitNotice.summary()`, `refusal()`, `app_limit_message()`, shown on the
flags and cards, never sent or parsed back) is in the user's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .translation import QT_TRANSLATE_NOOP, number, translate
from .untrusted_text import in_sentence

_TOOL_LIMIT = re.compile(r"^\s*Tool\s+call\s+limit\s+reached\s*\(\s*(\d+)\s*calls?\s*\)\s*\.?", re.I)
_COUNT = re.compile(r"Current\s+tool\s+call\s+count\s*:\s*(\d+)\s*/\s*(\d+)", re.I)
_PER_TOOL_LIMIT = re.compile(
    r"^\s*Tool\s+limit\s+reached\s+for\s+(\S+)\s*\(\s*(\d+)\s*calls?\s*\)\s*\.?", re.I
)
_PER_TOOL_COUNT = re.compile(r"Current\s+count\s+for\s+\S+\s*:\s*(\d+)\s*/\s*(\d+)", re.I)
_TIME_LIMIT = re.compile(r"^\s*Execution\s+time\s+limit\s+reached\s*\(\s*(\d+)\s*seconds?\s*\)", re.I)
_ITERATION_LIMIT = re.compile(
    r"^\s*Iteration\s+limit\s+reached\s*\(\s*(\d+)\s*iterations?\s*\)\s*\.?", re.I
)
_JSON_TEXT_KEYS = ("message", "error", "content", "output", "detail")

# A refused call's status, by limit kind: (refused by the controller, by this app).
_REFUSALS = {
    "tool_calls": (
        QT_TRANSLATE_NOOP("LimitWords", "refused: tool-call limit"),
        QT_TRANSLATE_NOOP("LimitWords", "refused: tool-call limit (this app)"),
    ),
    "iterations": (
        QT_TRANSLATE_NOOP("LimitWords", "refused: iteration limit"),
        QT_TRANSLATE_NOOP("LimitWords", "refused: iteration limit (this app)"),
    ),
    "time": (
        QT_TRANSLATE_NOOP("LimitWords", "refused: time limit"),
        QT_TRANSLATE_NOOP("LimitWords", "refused: time limit (this app)"),
    ),
    "changes": (
        QT_TRANSLATE_NOOP("LimitWords", "refused: configuration limit"),
        QT_TRANSLATE_NOOP("LimitWords", "refused: configuration limit (this app)"),
    ),
    "tool": (
        QT_TRANSLATE_NOOP("LimitWords", "refused: limit for {tool}"),
        QT_TRANSLATE_NOOP("LimitWords", "refused: limit for {tool} (this app)"),
    ),
    None: (QT_TRANSLATE_NOOP("LimitWords", "refused: limit"), QT_TRANSLATE_NOOP("LimitWords", "refused: limit (this app)")),
}


@dataclass(frozen=True)
class LimitNotice:
    """What a limit message says: which limit, its value, and how far the count got."""

    kind: str  # "tool_calls" or "iterations"
    limit: int
    count: int | None
    text: str
    enforced_by: str = "controller"  # or "app": this app refused the calls
    tool: str | None = None  # the tool, for a per-tool limit
    asked: int | None = None  # the calls of the refused batch, once the turn is over

    def refusal(self) -> str:
        """What a refused tool call's card says."""
        by_controller, by_app = _REFUSALS.get(self.kind, _REFUSALS[None])
        text = translate("LimitWords", by_app if self.enforced_by == "app" else by_controller)
        return text.format(tool=in_sentence(self.tool or ""))

    def summary(self) -> str:
        """Which limit, and what happened: the words of the turn's one flag."""
        if self.kind == "time":
            return translate("LimitWords", "Time limit reached: {duration}").format(duration=_duration(self.limit))
        if self.kind == "iterations":
            return translate("LimitWords", "Iteration limit reached: {limit} of {limit} iterations used").format(
                limit=number(self.limit)
            )
        count = self.count
        if self.enforced_by != "app":
            # The design's count is the calls run before the refused batch.
            count = self.limit if count is None else min(count, self.limit)
        count = count or 0
        fields = {"count": number(count), "limit": number(self.limit), "tool": in_sentence(self.tool or ""),
                  "asked": number(self.asked or 0)}
        if count < self.limit and self.kind in ("tool_calls", "tool"):
            # Calls left, yet stopped: the model asked for more at once than were left,
            # and a batch runs whole or not at all. "0 of 2 used" next to a stop read as
            # a contradiction: say what happened instead.
            return _batch_refused(self.kind, count, self.asked).format(**fields)
        if self.kind == "changes":
            text = translate("LimitWords", "Configuration limit reached: {count} of {limit} changes made")
        elif self.kind == "tool":
            text = translate("LimitWords", "Limit for {tool} reached: {count} of {limit} calls used")
        else:
            text = translate("LimitWords", "Tool call limit reached: {count} of {limit} tool calls used")
        text = text.format(**fields)
        if count > self.limit:
            # This app's abort came too late for some calls: say what really ran.
            text += translate("LimitWords", " (the controller ran them before this app's abort reached it)")
        return text

    def flag(self) -> str:
        """The one flag of a stopped turn, as a sentence: live, reopened and exported."""
        if self.enforced_by == "app":
            return translate("LimitWords", "{summary} (enforced by this app).").format(summary=self.summary())
        return translate("LimitWords", "{summary}.").format(summary=self.summary())


def _batch_refused(kind: str, count: int, asked: int | None) -> str:
    """A batch of calls that did not fit in what was left: none of it ran."""
    case = ("none ran" if count == 0 else "some ran") + (", asked" if asked else "")
    return translate("LimitWords", _BATCH_REFUSED[kind][case])


# A refused batch's words, by limit kind and case: whether calls ran before it, and
# whether the batch's size is known (it is once the turn is over).
_BATCH_REFUSED = {
    "tool_calls": {
        "none ran": QT_TRANSLATE_NOOP("LimitWords", "Tool call limit: the tool calls asked for at once were more than "
                                      "the {limit} allowed, so none of them ran"),
        "none ran, asked": QT_TRANSLATE_NOOP("LimitWords", "Tool call limit: {asked} tool calls asked for at once, more "
                                             "than the {limit} allowed, so none of them ran"),
        "some ran": QT_TRANSLATE_NOOP("LimitWords", "Tool call limit: {count} of {limit} tool calls ran; the next calls, "
                                      "asked for at once, would have gone past it, so none of them ran"),
        "some ran, asked": QT_TRANSLATE_NOOP("LimitWords", "Tool call limit: {count} of {limit} tool calls ran; the next "
                                             "{asked}, asked for at once, would have gone past it, so none of them ran"),
    },
    "tool": {
        "none ran": QT_TRANSLATE_NOOP("LimitWords", "Limit for {tool}: the calls asked for at once were more than the "
                                      "{limit} allowed, so none of them ran"),
        "none ran, asked": QT_TRANSLATE_NOOP("LimitWords", "Limit for {tool}: {asked} calls asked for at once, more than "
                                             "the {limit} allowed, so none of them ran"),
        "some ran": QT_TRANSLATE_NOOP("LimitWords", "Limit for {tool}: {count} of {limit} calls ran; the next calls, "
                                      "asked for at once, would have gone past it, so none of them ran"),
        "some ran, asked": QT_TRANSLATE_NOOP("LimitWords", "Limit for {tool}: {count} of {limit} calls ran; the next "
                                             "{asked}, asked for at once, would have gone past it, so none of them ran"),
    },
}


# The controller's own answers in a tool's place (a limit's, an abort's) are a few
# hundred characters. A tool's real output can be megabytes: it is not searched for
# them, since each search of it held the window for milliseconds.
NOTICE_MAX_CHARS = 64 * 1024


def _candidate_texts(text: str) -> list[str]:
    """The text itself and, when it is JSON, the strings inside it."""
    candidates = [text]
    stripped = text.strip()
    if stripped[:1] in ('"', "{"):
        try:
            decoded = json.loads(stripped)
        except ValueError:
            return candidates
        if isinstance(decoded, str):
            candidates.append(decoded)
        elif isinstance(decoded, dict):
            candidates.extend(
                decoded[key] for key in _JSON_TEXT_KEYS if isinstance(decoded.get(key), str)
            )
    return candidates


def detect_limit_notice(text: str | None) -> LimitNotice | None:
    """A tool-call limit notice in a tool message's text, or None."""
    # Cheap tests first: this runs on every tool result, some of them megabytes long,
    # and a notice is a short message of the controller's (searching 5 MB three times
    # held the window for 6 ms).
    if not text or len(text) > NOTICE_MAX_CHARS or ("limit" not in text and "Limit" not in text and "LIMIT" not in text):
        return None
    for candidate in _candidate_texts(text):
        match = _TOOL_LIMIT.match(candidate)
        if match:
            limit = int(match.group(1))
            count_match = _COUNT.search(candidate)
            count = int(count_match.group(1)) if count_match else None
            return LimitNotice("tool_calls", limit, count, candidate.strip())
        match = _PER_TOOL_LIMIT.match(candidate)
        if match:
            count_match = _PER_TOOL_COUNT.search(candidate)
            count = int(count_match.group(1)) if count_match else None
            return LimitNotice("tool", int(match.group(2)), count, candidate.strip(), tool=match.group(1))
    return None


def detect_iteration_notice(text: str | None) -> LimitNotice | None:
    """An iteration- or time-limit notice at the start of an assistant message, or None."""
    if not text or "limit" not in text.lower():
        return None
    for candidate in _candidate_texts(text):
        match = _ITERATION_LIMIT.match(candidate)
        if match:
            limit = int(match.group(1))
            return LimitNotice("iterations", limit, limit, candidate.strip())
        match = _TIME_LIMIT.match(candidate)
        if match:
            return LimitNotice("time", int(match.group(1)), None, candidate.strip())
    return None


def tool_limit_message(limit: int, count: int) -> str:
    """The design's exact wording, which the reference controller sends (English, as the
    real server's: `detect_limit_notice` reads it)."""
    return (
        f"Tool call limit reached ({limit} calls). "
        "Please simplify your request or break it into smaller steps. "
        f"Current tool call count: {count}/{limit}."
    )


def app_limit_message(kind: str, limit: int, count: int, tool: str | None = None) -> str:
    """What a refused call's card explains when this app enforced the limit. The card
    shows it where a controller's own message would be, but no controller ever said it:
    it is the app's, in the user's language (nothing sends or parses it)."""
    fields = {"limit": number(limit), "count": number(count), "tool": in_sentence(tool or ""), "duration": _duration(limit)}
    if kind == "time":
        text = translate("LimitWords", "Time limit reached ({duration}). This app stopped the turn.")
    elif kind == "changes":
        text = translate(
            "LimitWords",
            "Configuration limit reached ({limit} changes). This call would change the lab once more. "
            "Changes made: {count}/{limit}.",
        )
    elif kind == "tool":
        text = translate("LimitWords", "Limit for {tool} reached ({limit} calls). Calls made: {count}/{limit}.")
    elif kind == "tool_calls":
        text = translate(
            "LimitWords",
            "Tool call limit reached ({limit} calls). Please simplify your request or break it into smaller "
            "steps. Current tool call count: {count}/{limit}.",
        )
    else:
        text = translate(
            "LimitWords",
            "Iteration limit reached ({limit} iterations). The agent stopped before it could finish; "
            "raise the iteration limit to let it go on.",
        )
    return text.format(**fields)


def per_tool_limit_message(tool: str, limit: int, count: int) -> str:
    """The design's phase-2 wording for a per-tool limit (the reference controller)."""
    return (
        f"Tool limit reached for {tool} ({limit} calls). "
        "Please simplify your request or break it into smaller steps. "
        f"Current count for {tool}: {count}/{limit}."
    )


def time_limit_notice(seconds: int) -> str:
    """The design's phase-2 wording for the time limit (the reference controller)."""
    return (
        f"Execution time limit reached ({seconds} seconds). "
        "The agent stopped before it could finish; raise the time limit to let it go on."
    )


def _duration(seconds: int) -> str:
    if seconds % 60 == 0:
        return translate("LimitWords", "{minutes} min").format(minutes=number(seconds // 60))
    return translate("LimitWords", "{seconds} s").format(seconds=number(seconds))


def iteration_limit_message(limit: int) -> str:
    """The design's wording for the iteration limit (the reference controller)."""
    return (
        f"Iteration limit reached ({limit} iterations). "
        "The agent stopped before it could finish; raise the iteration limit to let it go on."
    )


def continuing_words(limits: dict[str, int | None]) -> str:
    """What "Continue with higher limits" raised, said on the continued message, live
    and when the chat is reopened: "Continuing with up to 10 iterations and 6 tool
    calls." `limits`: field -> value (None: unlimited), `tool:NAME` for a tool's."""
    words = limits_in_words(limits)
    return translate("LimitWords", "Continuing with up to {limits}.").format(limits=words) if words else ""


def limits_in_words(limits: dict[str, int | None]) -> str:
    """`10 iterations and 6 tool calls` (see `continuing_words`)."""
    parts = []
    for key, value in limits.items():
        if key == "max_iterations" and value is not None:
            parts.append(translate("LimitWords", "{count} iterations").format(count=number(value)))
        elif key == "max_tool_calls":
            parts.append(translate("LimitWords", "unlimited tool calls") if value is None
                         else translate("LimitWords", "{count} tool calls").format(count=number(value)))
        elif key == "max_minutes":
            parts.append(translate("LimitWords", "no time limit") if value is None
                         else translate("LimitWords", "{minutes} min").format(minutes=number(value)))
        elif key == "max_changes":
            parts.append(translate("LimitWords", "unlimited configuration changes") if value is None
                         else translate("LimitWords", "no configuration changes") if value == 0
                         else translate("LimitWords", "{count} configuration changes").format(count=number(value)))
        elif key.startswith("tool:") and value is not None:
            parts.append(translate("LimitWords", "{count} calls of {tool}").format(count=number(value), tool=in_sentence(key[5:])))
    if len(parts) < 2:
        return "".join(parts)
    return translate("LimitWords", "{first} and {last}").format(
        first=translate("LimitWords", ", ").join(parts[:-1]), last=parts[-1])
