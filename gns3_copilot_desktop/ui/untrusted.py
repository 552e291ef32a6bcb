"""The one rendering policy for text the app does not control: the LLM's answers and tool
arguments, network devices' tool outputs, other users' project and chat names, the
controller's own words.

- It stays text: labels are plain text, tooltips and rich-text lines escape it.
- Markdown has no raw HTML (`<ip>` shows as `<ip>`), and rendering it loads nothing:
  an image becomes its alt text and a link to its address, never a read of a file, a
  device, a FIFO or the network.
- Links open only on a click, only `http`/`https`, and only after a confirmation that
  shows the real address; anything else can be copied, not opened. No link navigates
  inside the chat.
- Characters that hide or reorder text (bidi overrides, zero-width spaces, NUL) are
  shown as visible marks, so `[\u202efdp.exe](…)` cannot pass for "exe.pdf".
- Input that would make Qt's Markdown importer slow or deep (very long lines, deep
  nesting, huge tables) is shown as plain text with a notice.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QWidget

from ..protocol.fences import code_ranges
from ..protocol.table_ends import end_tables
from ..protocol.translation import sentence, translate
from ..protocol.untrusted_text import in_sentence, visible  # noqa: F401 - the policy's text half, used through here
from .qt_namespace import Qt, set_by_name

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextDocument
    from PySide6.QtWidgets import QMessageBox

# The window's labels need only `visible` and `set_plain` before it is first painted;
# the Markdown and link parts load their Qt classes (their Python enums: 5-7 ms) and
# `html` (2 ms) when first used, after the window is up (app.start_up_done warms them).

# What Qt's Markdown importer is given at most in one piece (see markdown_view's cuts);
# beyond these the piece is shown as plain text.
MAX_LINE_CHARS = 4096
MAX_NESTING = 32
MAX_TABLE_COLUMNS = 64
MAX_BRACKET_DEPTH = 64


def escaped(text: str) -> str:
    """For the rare place that must be rich text (a tooltip): escaped, marks visible."""
    import html

    return html.escape(visible(text), quote=False)


def tooltip(text: str) -> str:
    """A tooltip for untrusted text: Qt guesses rich text in tooltips, so it is given
    escaped, in a block that keeps its line breaks."""
    if not text:
        return ""
    return f"<p style='white-space:pre-wrap'>{escaped(text)}</p>"


def set_plain(label: QLabel, text: str) -> None:
    """Put untrusted text in a label: plain text, hiding characters shown."""
    set_by_name(label, textFormat="PlainText")
    label.setText(visible(text))


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    label = QLabel(parent)
    set_plain(label, text)
    return label


def plain_message_box(icon, title: str, text: str, buttons, parent: QWidget | None) -> QMessageBox:
    """A QMessageBox whose text names something of someone else's: plain text (by
    default Qt guesses, and `<img src=…>` in a name would make it read that file),
    hiding characters shown. The format is set before the text ever reaches it."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(icon, title, "", buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(visible(text))
    return box


def set_plain_label_text(dialog, text: str) -> None:
    """A QInputDialog's question as plain text, hiding characters shown. Qt has no
    setter for its format: its one QLabel is made by the first setLabelText, so that
    is given nothing, the label made plain, and only then the text."""
    if dialog.findChild(QLabel) is None:
        dialog.setLabelText("")
    dialog.findChild(QLabel).setTextFormat(Qt.TextFormat.PlainText)
    dialog.setLabelText(visible(text))


# -- Markdown -----------------------------------------------------------------------

_NESTING_RE = re.compile(r"^[ \t>*+\-\d.)]*")
_LONG_RUN = re.compile(r"\S{200}")


def too_hard(text: str) -> str | None:
    """Why this piece of Markdown must not go to the importer (None: it may)."""
    if text.count("[") + text.count("(") > MAX_BRACKET_DEPTH:  # only then worth a closer look
        depth = deepest = 0
        for char in re.findall(r"[\[\]()]", text):
            if char in "[(":
                depth += 1
                deepest = max(deepest, depth)
            elif depth:
                depth -= 1
        if deepest > MAX_BRACKET_DEPTH:
            return translate("Untrusted", "brackets nested too deep")
    for line in text.split("\n"):
        if len(line) > MAX_LINE_CHARS:
            return translate("Untrusted", "a line is too long")
        prefix = _NESTING_RE.match(line).group()  # type: ignore[union-attr]
        if prefix.count(">") > MAX_NESTING or len(prefix) > MAX_NESTING * 4:
            return translate("Untrusted", "nested too deep")
        if line.lstrip().startswith("|") and line.count("|") > MAX_TABLE_COLUMNS + 1:
            return translate("Untrusted", "a table is too wide")
    return None


def render_markdown(document: QTextDocument, text: str, wrapped_as: str | None = None) -> None:
    """Untrusted Markdown into a document, by the policy above. `wrapped_as`: the text
    whose long runs make it wrap anywhere, if not all of it (see link_definitions)."""
    from PySide6.QtGui import QTextOption

    reason = too_hard(text)
    if reason is not None:
        render_plain_with_notice(document, text, sentence(translate("Untrusted", "Shown as plain text ({reason})."), reason=reason))
        return
    document.setMarkdown(_with_alt_text(visible(end_tables(text))), markdown_features())
    option = document.defaultTextOption()
    # Qt looks for a word boundary in a long run without spaces at length cost per
    # line: such a run (a base64 blob, a hash, "AAAA…") wraps anywhere instead.
    wanted = QTextOption.WrapMode.WrapAnywhere if long_run(text if wrapped_as is None else wrapped_as) else QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    if option.wrapMode() != wanted:
        option.setWrapMode(wanted)
        document.setDefaultTextOption(option)
    if "](" in text or "]:" in text:  # inline or reference images; else there are none
        _images_as_links(document)


# The alt text given to an image that has none (see _with_alt_text): a private-use
# character, shown as "[image]".
NO_ALT = "\ue000"


def _with_alt_text(text: str) -> str:
    """`![](address)` given an alt text, outside code: Qt's importer makes an image only
    of one that has some. Without, the image was nothing at all, its address lost, and a
    badge, `[![](…)](…)`, its link too."""
    if "![](" not in text:
        return text
    code = code_ranges(text)

    def given(match: re.Match[str]) -> str:
        at = match.start()
        line = text.rfind("\n", 0, at) + 1
        if any(start <= at < end for start, end in code) or text.count("`", line, at) % 2:
            return match.group()  # in a code block or a code span: as written
        return f"![{NO_ALT}]("

    return re.sub(r"!\[\]\(", given, text)


def long_run(text: str) -> bool:
    """Whether `text` has a run without spaces that render_markdown wraps anywhere."""
    return _LONG_RUN.search(text) is not None


@functools.cache  # (a flag made from PySide's enums costs 26 us, on every parse)
def markdown_features() -> QTextDocument.MarkdownFeature:
    """GitHub's dialect without raw HTML."""
    from PySide6.QtGui import QTextDocument

    features = QTextDocument.MarkdownFeature
    return features(features.MarkdownDialectGitHub.value | features.MarkdownNoHTML.value)


def render_plain_with_notice(document: QTextDocument, text: str, notice: str) -> None:
    from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor

    document.setPlainText(visible(text))
    cursor = QTextCursor(document)
    note = QTextCharFormat()
    note.setFontItalic(True)
    note.setForeground(QColor("#888888"))
    cursor.insertText(notice + "\n", note)


def _images_as_links(document: QTextDocument) -> None:
    """Each image becomes "[image: alt]" linking to its address: nothing is loaded."""
    from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextFormat

    images = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.isValid() and fragment.charFormat().isImageFormat():
                image = fragment.charFormat().toImageFormat()
                alt = image.property(QTextFormat.Property.ImageAltText) or ""
                images.append((fragment.position(), fragment.length(), image.name(), str(alt)))
            it += 1
        block = block.next()
    for position, length, address, alt in reversed(images):
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(address)
        link.setFontUnderline(True)
        link.setToolTip(tooltip(address))
        shown = translate("Untrusted", "[image: {text}]").format(text=visible(alt)) if alt and alt != NO_ALT else translate("Untrusted", "[image]")
        cursor.insertText(shown, link)


def placeholder_resource() -> QImage:
    """What a document gets if it ever asks for a resource: an empty picture. Nothing
    is read (the images are made links before layout; this is the second guard)."""
    from PySide6.QtGui import QImage

    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    image.fill(0)
    return image


# -- links ---------------------------------------------------------------------------

OPENABLE = ("http", "https")


def openable(url: QUrl) -> bool:
    """Whether a link may be followed: a valid http(s) address with a host. The window
    asks before opening one (open_link); the exported web page keeps only these as links."""
    return url.scheme().lower() in OPENABLE and url.isValid() and bool(url.host())


def open_link(url: QUrl, parent: QWidget | None) -> QMessageBox:
    """A click on a link in untrusted text: show where it really goes and ask.
    http/https can be opened in the browser or copied; anything else only copied."""
    from PySide6.QtWidgets import QMessageBox

    target = url.toString()
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("Untrusted", "Open link?"))
    box.setTextFormat(Qt.TextFormat.PlainText)
    shown = visible(target)
    if len(shown) > 2000:
        shown = shown[:2000] + "…"
    opener = None
    if openable(url):
        box.setText(translate("Untrusted", "This link goes to:\n\n{address}\n\nOpen it in your browser?").format(address=shown))
        opener = box.addButton(translate("Untrusted", "Open in browser"), QMessageBox.ButtonRole.AcceptRole)
    else:
        box.setText(
            translate("Untrusted", "This link is not a web address, so the app does not open it:\n\n{address}").format(address=shown)
        )
    copier = box.addButton(translate("Untrusted", "Copy link"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)

    def chosen(_result: int) -> None:
        from PySide6.QtGui import QDesktopServices, QGuiApplication

        clicked = box.clickedButton()
        if opener is not None and clicked is opener:
            QDesktopServices.openUrl(url)
        elif clicked is copier:
            QGuiApplication.clipboard().setText(target)

    box.finished.connect(chosen)
    box.open()
    return box
