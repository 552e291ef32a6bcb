"""A conversation exported: Markdown for lab reports, self-contained HTML, and JSON
that the app opens again offline. Pure: text in, text out.

The source is the controller's history (`ConversationHistory`), the same thing the app
opens a chat from, so an exported chat reads back exactly as it showed. Everything in
it is untrusted (LLM text, tool output, titles): the HTML escapes all of it and loads
nothing from anywhere; the Markdown, opened in viewers that load images and show raw
HTML, has them made inert (inert_markdown) and puts tool data in fences longer than any
run of backticks inside. Both show hiding characters as marks, as the window does.

Markdown and HTML are documents for people: their headings and the app's notices are in
the language the app speaks when exporting (the conversation itself stays as it was
written). The JSON is for the app: its keys and format never change with the language.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from .items import AssistantText, ErrorNotice, InfoNotice, ToolCall, ToolStatus, UserMessage
from .copilot_modes import mode_name
from .fences import fence_after_line
from .inert_markdown import fence_left_open, inert
from .models import ChatSession, ConversationHistory
from .transcript import Transcript
from .turn_records import TurnRecord
from .translation import number, sentence, translate
from .untrusted_text import visible

FORMAT = "gns3-copilot-chat"
FORMAT_VERSION = 1


class NotAnExport(ValueError):
    """The file is not a chat this app exported (or is damaged)."""


@dataclass
class ExportedChat:
    history: ConversationHistory
    session: ChatSession | None = None
    project_name: str = ""
    controller: str = ""
    exported_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    # What this app recorded of the chat's turns (stopped by a limit, by you, by a lost
    # connection), by ordinal: the controller's history does not say it.
    records: dict[int, TurnRecord] = field(default_factory=dict)
    _transcript: Transcript | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def title(self) -> str:
        return (self.session.display_title if self.session else None) or self.history.title or translate("ExportWords", "Chat")

    @property
    def mode(self) -> str | None:
        return (self.session.metadata or {}).get("copilot_mode") if self.session else None

    def transcript(self) -> Transcript:
        """The chat as the window shows it, folded once: a web page's answers are made
        in loop turns of their own before the page is written (presenter.export), each
        reading it."""
        if self._transcript is None:
            self._transcript = Transcript.from_history(self.history, self.records)
        return self._transcript


# -- JSON ------------------------------------------------------------------------------


def to_json(chat: ExportedChat) -> str:
    document = {
        "format": FORMAT, "version": FORMAT_VERSION, "exported_at": chat.exported_at,
        "controller": chat.controller, "project": chat.project_name,
        "session": chat.session.model_dump(mode="json") if chat.session else None,
        "history": chat.history.model_dump(mode="json"),
        "turn_records": {str(ordinal): record.as_json() for ordinal, record in sorted(chat.records.items())},
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def from_json(text: str | bytes) -> ExportedChat:
    try:
        document = json.loads(text)
    except ValueError as exc:
        start = (text.decode("utf-8", "replace") if isinstance(text, bytes) else text)[:200].lstrip("\ufeff \t\r\n")
        if start.startswith(("# ", "<!DOCTYPE html", "<html")):
            # (The export's own Markdown or web page: the default kind is Markdown.)
            raise NotAnExport(translate(
                "ExportWords", "This chat was exported as Markdown or as a web page, which are for reading: only a chat "
                "exported as JSON can be opened again. Export it again and choose JSON."
            )) from exc
        raise NotAnExport(sentence(translate("ExportWords", "This file is not JSON ({reason})."), reason=exc)) from exc
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise NotAnExport(translate("ExportWords", "This file is not a chat exported by GNS3 Copilot Desktop."))
    if not isinstance(document.get("version"), int) or document["version"] > FORMAT_VERSION:
        raise NotAnExport(
            translate("ExportWords", "This chat was exported by a newer version of the app: update it to open the file.")
        )
    try:
        history = ConversationHistory.model_validate(document.get("history"))
        session = ChatSession.model_validate(document["session"]) if document.get("session") else None
    except ValueError as exc:
        damage = str(exc).splitlines()[0]
        raise NotAnExport(translate("ExportWords", "This exported chat is damaged: {reason}").format(reason=damage)) from exc
    return ExportedChat(
        history, session, str(document.get("project") or ""), str(document.get("controller") or ""),
        str(document.get("exported_at") or ""), _records(document.get("turn_records")),
    )


def _records(data: Any) -> dict[int, TurnRecord]:
    """The turn records of an export (files of earlier versions have none); odd entries
    are left out, as the record store does."""
    records: dict[int, TurnRecord] = {}
    if isinstance(data, dict):
        for value in data.values():
            record = TurnRecord.from_json(value)
            if record is not None:
                records[record.ordinal] = record
    return records


# -- Markdown --------------------------------------------------------------------------


def _fence(text: str, language: str = "") -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language}\n{text}\n{ticks}"


def _pretty(text: str | None) -> tuple[str, str]:
    """Tool data as pretty JSON when it is JSON, else as it came."""
    if text is None:
        return "", ""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False), "json"
    except ValueError:
        return text, ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _call_status(call: ToolCall) -> str:
    if call.limit is not None:
        return f"⚠ {call.limit.refusal()}"  # the turn's flag, a notice, says which limit and why
    if call.status == ToolStatus.ABORTED:
        return translate("ExportWords", "stopped before it ran")
    if call.status == ToolStatus.DONE:
        return translate("ExportWords", "done")
    return translate("ExportWords", "not finished")  # a history that ends while a call is pending


def _header_facts(chat: ExportedChat) -> list[tuple[str, str]]:
    facts = [(translate("ExportWords", "Project"), chat.project_name), (translate("ExportWords", "Controller"), chat.controller)]
    if chat.mode:
        facts.append((translate("ExportWords", "Copilot mode"), mode_name(chat.mode)))
    if chat.session is not None and chat.session.llm_calls_count:
        facts.append((translate("ExportWords", "LLM calls"), number(chat.session.llm_calls_count)))
    if chat.session is not None and chat.session.total_tokens:
        facts.append((translate("ExportWords", "Tokens"), number(chat.session.total_tokens)))
    facts.append((translate("ExportWords", "Exported"), chat.exported_at))
    return [(k, v) for k, v in facts if v]


def to_markdown(chat: ExportedChat) -> str:
    """The chat as a Markdown document, every untrusted text in it made inert for a
    Markdown viewer (inert_markdown: images as links, raw HTML as text, hiding characters
    as marks; tool data, in fences, with its marks)."""
    out = [inert(f"# {_one_line(chat.title)}"), ""]
    fact = translate("ExportWords", "- **{key}:** {value}")
    out += [inert(fact.format(key=key, value=_one_line(value))) for key, value in _header_facts(chat)]
    questions = 0
    for item in chat.transcript().items:
        if isinstance(item, UserMessage):
            questions += 1
            out += ["", translate("ExportWords", "## Question {number}").format(number=number(questions)), "",
                    _quote(inert(item.text))]
        elif isinstance(item, AssistantText):
            out += ["", _under_the_question(_closed(inert(item.text.rstrip())))]
        elif isinstance(item, ToolCall):
            arguments, language = _pretty(item.arguments)
            heading = translate("ExportWords", "### Tool call `{name}` ({status})")
            out += ["", inert(heading.format(name=_one_line(item.name), status=_call_status(item))), "",
                    translate("ExportWords", "Arguments:"), "", _fence(visible(arguments or "{}"), language)]
            if item.output is not None:
                result, language = _pretty(item.output)
                out += ["", translate("ExportWords", "Result:"), "", _fence(visible(result), language)]
        elif isinstance(item, (ErrorNotice, InfoNotice)):
            mark = "⚠" if isinstance(item, InfoNotice) and item.kind == "limit" else "ℹ" if isinstance(item, InfoNotice) else "✖"
            out += ["", inert(f"> {mark} {_one_line(item.text)}")]
    return "\n".join(out).rstrip() + "\n"


# A heading as md4c reads one: up to three spaces, one to six marks, then a space or
# the line's end ("#hashtag" and "    # a comment" are not).
_HEADING = re.compile(r"( {0,3})(#{1,6})(?=[ \t]|$)")


def _under_the_question(answer: str) -> str:
    """An answer's headings two levels down, outside its code: in the document they
    belong under "## Question N", beside "### Tool call"; as the answer wrote them
    ("## Topology") they were the questions' equals in the document's outline."""
    if "#" not in answer:
        return answer
    lines = answer.split("\n")
    fence = None
    for index, line in enumerate(lines):
        before, fence = fence, fence_after_line(line, fence)
        heading = _HEADING.match(line) if before is None and fence is None else None
        if heading is not None:
            lines[index] = heading.group(1) + "#" * min(6, len(heading.group(2)) + 2) + line[heading.end():]
    return "\n".join(lines)


def _closed(answer: str) -> str:
    """An answer whose code block is left open closed at its end, as the window shows
    it: open, it went on over what follows in the document (and a later answer's
    "~~~~" line closed it, its code read as text)."""
    fence = fence_left_open(answer)
    return answer if fence is None else f"{answer}\n{fence}"


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines() or [""])


# -- HTML ------------------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #1b1b1b; }
h1 { font-size: 1.5em; } .facts { color: #555; }
.question { background: #e8f0fe; border-radius: 8px; padding: .6em 1em; margin: 1.5em 0 .8em; }
.answer { margin: .6em 0; } .question, .plain { white-space: pre-wrap; }
.answer table { border-collapse: collapse; margin: .5em 0; } .answer th, .answer td { border: 1px solid #c8ccd2; padding: .2em .6em; text-align: left; }
.answer blockquote { border-left: 3px solid #c8ccd2; margin: .5em 0; padding-left: 1em; color: #444; }
.answer code { background: #f4f5f7; border-radius: 3px; padding: 0 .2em; } .answer pre code { padding: 0; }
.answer .link { text-decoration: underline dotted; }
.tool { border: 1px solid #c8d3e6; border-radius: 8px; margin: .6em 0; padding: .4em .8em; }
.tool.limit { border-color: #d98a00; background: #fff6e5; }
.tool summary { cursor: pointer; font-weight: 600; }
pre { background: #f4f5f7; padding: .5em; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.notice { color: #8a5a00; } .error { color: #c62828; }
"""


def _e(text: str) -> str:
    """Untrusted text for the page: escaped, its hiding characters shown as marks."""
    return html.escape(visible(text), quote=True)


def to_html(chat: ExportedChat, answer_html: Callable[[str], str] | None = None) -> str:
    """One file, no scripts, nothing fetched (the policy forbids it), all text escaped.
    `answer_html`: an answer's Markdown as an HTML fragment, as the window shows it
    (ui/answer_html, by the untrusted-text policy); without it, answers are their
    Markdown as text."""
    body = [f"<h1>{_e(chat.title)}</h1>", '<ul class="facts">']
    fact = translate("ExportWords", "<li><b>{key}:</b> {value}</li>")
    body += [fact.format(key=_e(key), value=_e(value)) for key, value in _header_facts(chat)]
    body.append("</ul>")
    for item in chat.transcript().items:
        if isinstance(item, UserMessage):
            body.append(f'<div class="question answer">{_e(item.text)}</div>')
        elif isinstance(item, AssistantText) and answer_html is not None:
            body.append(f'<div class="answer">\n{answer_html(item.text.rstrip())}\n</div>')
        elif isinstance(item, AssistantText):
            body.append(f'<div class="answer plain">{_e(item.text.rstrip())}</div>')
        elif isinstance(item, ToolCall):
            arguments, _ = _pretty(item.arguments)
            limit = " limit" if item.limit is not None else ""
            body.append(f'<details class="tool{limit}" open><summary>{_e(item.name)} · {_e(_call_status(item))}</summary>')
            heading = _e(translate("ExportWords", "Arguments"))
            body.append(f"<p>{heading}</p><pre>{_e(arguments or '{}')}</pre>")
            if item.output is not None:
                heading = _e(translate("ExportWords", "Result"))
                body.append(f"<p>{heading}</p><pre>{_e(_pretty(item.output)[0])}</pre>")
            body.append("</details>")
        elif isinstance(item, ErrorNotice):
            body.append(f'<p class="error">✖ {_e(item.text)}</p>')
        elif isinstance(item, InfoNotice):
            body.append(f'<p class="notice">{"⚠" if item.kind == "limit" else "ℹ"} {_e(item.text)}</p>')
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        f"<title>{_e(chat.title)}</title>\n<style>{_STYLE}</style></head>\n<body>\n"
        + "\n".join(body) + "\n</body></html>\n"
    )


WRITERS = {"md": to_markdown, "html": to_html, "json": to_json}
