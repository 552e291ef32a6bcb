"""The main window: projects and chats on the left, the conversation in the middle,
the runtime limits on the right. It renders the presenter's state and hands the user's
intents to it; it never talks HTTP."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QMargins, QObject, QSize, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ..protocol.translation import number, translate
from . import loop_turn, theme, untrusted
from .chat_header import ChatHeader
from .chat_view import ChatView
from .closed_project_notice import ClosedProjectNotice
from .composer import Composer
from .drafts import Drafts
from .limits_panel import LimitsPanel
from .menu_titles import add_menu_titles
from .qt_namespace import Qt, set_by_name
from .sidebar import ProjectPicker, SessionList
from .selectable import SelectableLabel
from .status_line import StatusLine

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

    from ..presenter import Presenter

ALERT_MS = 10000
# The side panels' width, and how far they yield to keep the conversation readable: at
# 1024 pixels (a laptop, a classroom projector) they yield 40 pixels each, to their own
# minimum at most, and a table or a code block has 560 (476 with 420 here, too narrow).
SIDE_WIDTH = 270
CENTRE_MIN = 560
HOLD_PAINT_MS = 50  # the longest a repaint waits for the chat to finish a frame
# Qt passes a size change up one parent per turn of its loop (answer block → answer →
# message → group → conversation → scroll area): a repaint lays out that many levels
# first.
LAYOUT_LEVELS = 8
FIRST_SIZE = QSize(1280, 800)
FRAME_ALLOWANCE = QMargins(0, 0, 16, 48)  # a window manager's borders and title bar


def first_size(available: QSize) -> QSize:
    """The window's size at start: 1280x800, or what a smaller screen (a 1024x768
    laptop, a projector) leaves free beside the window's frame, so that no part of it
    starts off-screen where the window manager does not shrink it (or where there is
    none, as under Xvfb). A screen that says it has no room is not believed."""
    if available.isEmpty():
        return FIRST_SIZE
    return FIRST_SIZE.boundedTo(available.shrunkBy(FRAME_ALLOWANCE))


class PaintHold(QObject):
    """Hands the window's repaints to MainWindow._update_requested once a presenter is
    attached (before, the chat renders nothing to wait for). A filter, not an `event()`
    of the window's own: the first QEvent given to Python makes PySide build the Python
    types of some forty event classes (3 ms), which the first frame does not need."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        return event.type() == QEvent.Type.UpdateRequest and self.window._update_requested(event)


class MainWindow(QMainWindow):
    closed = Signal()
    first_painted = Signal()  # the window's first frame is on screen
    _unpainted = True

    def __init__(self, presenter: Presenter | None = None):
        """The window can be shown before its presenter exists: the app paints it
        first and loads the controller side (httpx, pydantic, keyring) afterwards. Its
        first frame has every part where it stays (the menu bar's titles, the chat
        list's filter and search, the chat header's place): what the presenter brings
        is wiring and content, so nothing moves once the window is on screen."""
        super().__init__()
        self.presenter: Presenter | None = None
        self.setWindowTitle("GNS3 Copilot Desktop")
        self.setWindowIcon(theme.app_icon())
        self.resize(first_size(self.screen().availableGeometry().size()))
        self.menu_titles = add_menu_titles(self.menuBar())

        # Top: who and where.
        # Plain text (it names the controller and the user, untrusted), not rich text: a
        # rich-text label's document reports each repaint at a new width to screen readers
        # as text events of a label that has no text for them ("Received text event for
        # invalid interface").
        self.connection = untrusted.plain_label(translate("MainWindow", "Not signed in"))
        # What these labels say is what a screen reader reads (a name would replace it);
        # what they are is their description.
        self.connection.setAccessibleDescription(translate("MainWindow", "Connection"))
        # Signed out, cancelled the dialog, or the controller rejected the token: there
        # is always a way to sign in again.
        self.sign_in_button = QPushButton(translate("MainWindow", "Sign in…"))
        self.sign_out_button = QPushButton(translate("MainWindow", "Sign out"))
        self.sign_out_button.setVisible(False)
        top = QHBoxLayout()
        top.setContentsMargins(12, 8, 12, 4)
        top.addWidget(self.connection, 1)
        top.addWidget(self.sign_in_button)
        top.addWidget(self.sign_out_button)

        # Left: projects and chats.
        self.projects = ProjectPicker()
        self.sessions = SessionList()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(12, 4, 6, 12)
        left_layout.addWidget(self.projects)
        left_layout.addSpacing(8)
        left_layout.addWidget(self.sessions, 1)

        # Centre: alert, streaming banner, the chat, the message box.
        self.alert = SelectableLabel()  # selectable while pointed at (see SelectableLabel)
        self.alert.setAccessibleDescription(translate("MainWindow", "Error"))
        self.alert.setWordWrap(True)
        self.alert.setVisible(False)
        self.alert.setStyleSheet(f"background: {theme.RED}; color: white; padding: 6px 10px; border-radius: 6px;")
        set_by_name(self.alert, textFormat="PlainText")  # errors quote the controller
        self._alert_timer = QTimer(self)
        self._alert_timer.setSingleShot(True)
        self._alert_timer.timeout.connect(lambda: self.alert.setVisible(False))
        self.banner = QLabel()
        self.banner.setAccessibleDescription(translate("MainWindow", "Turn status"))
        # Beside Stop, where the eyes are while an answer streams in, and in a place
        # kept for it: shown at the top, it pushed the whole chat down at every question
        # and back up at its end, under the pointer of someone about to click in it.
        banner_place = self.banner.sizePolicy()
        banner_place.setRetainSizeWhenHidden(True)
        self.banner.setSizePolicy(banner_place)
        # Wrapped in a narrow window, as the alert is: unwrapped, the silent controller's
        # longer sentence made the window itself wider than the screen gave it.
        self.banner.setWordWrap(True)
        self.banner.setText(" ")  # (see _update_banner)
        self.banner.setVisible(False)
        self.banner.setStyleSheet(f"background: {theme.BLUE}; color: white; padding: 5px 10px; border-radius: 6px;")
        self.banner.linkActivated.connect(lambda _link: self.presenter.spawn(self.presenter.stop()))
        self._silence_check = QTimer(self)  # a silent controller is told, not hidden
        self._silence_check.setInterval(1000)
        self._silence_check.timeout.connect(self._update_banner)
        self.closed_notice = ClosedProjectNotice()
        self._closed_note = ""  # the status bar's "… is closed", dropped once the user moves on
        self.chat_header = ChatHeader()  # the Copilot mode and the chat's figures
        self.chat = ChatView()
        self._paint_held = False
        self._paint_hold_filter: PaintHold | None = None  # installed with the presenter
        self._paint_hold = QTimer(self)
        self._paint_hold.setSingleShot(True)
        self._paint_hold.setInterval(HOLD_PAINT_MS)
        self._paint_hold.timeout.connect(self._release_paint)
        self.chat.settled.connect(self._release_paint)
        self.composer = Composer()
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(6, 4, 6, 0)
        centre_layout.setSpacing(4)
        centre_layout.addWidget(self.alert)
        centre_layout.addWidget(self.closed_notice)
        centre_layout.addWidget(self.chat_header)
        centre_layout.addWidget(self.chat, 1)
        centre_layout.addWidget(self.banner)
        centre_layout.addWidget(self.composer)

        # Right: the limits.
        self.limits = LimitsPanel()
        set_by_name(self.limits.enforcement, textFormat="PlainText")  # may name the controller's version
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 4, 12, 12)
        right_layout.addWidget(self.limits)
        right_layout.addStretch(1)

        splitter = QSplitter()  # side by side (Qt's default orientation)
        for widget, stretch in ((left, 0), (centre, 1), (right, 0)):
            splitter.addWidget(widget)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setSizes([SIDE_WIDTH, 740, SIDE_WIDTH])
        splitter.setChildrenCollapsible(False)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(0)
        body_layout.addLayout(top)
        body_layout.addWidget(line)
        body_layout.addWidget(splitter, 1)
        self.setCentralWidget(body)
        self.setStatusBar(StatusLine())

        self.left, self.centre, self.right, self.splitter = left, centre, right, splitter
        self.theme_from_command_line: str | None = None
        self.language_from_command_line: str | None = None
        self.restart_wanted = False  # View → Language → Restart now: app.main starts it again
        self.restart_language: str | None = None  # …told this language (it could not be saved)
        self.menus = None  # the menus' contents, made with the presenter (after the first paint)
        self._sign_in_dialog = None
        self.demo_credentials = None  # the embedded demo controller's, in demo mode (app.connect)
        self.demo_key: str | None = None  # …and the name its chats' places are kept under
        self._running = False
        self._stopping = False
        self._banner_says = None  # what the banner says now (see _update_banner)
        self._drafts = Drafts()
        self._conversation_changed = False
        self.composer.set_can_send(False, translate("MainWindow", "Starting…"))
        if presenter is not None:
            self.attach(presenter)

    @property
    def sign_in_dialog(self):
        """Made when first needed: most starts sign in with a stored token."""
        if self._sign_in_dialog is None:
            from .sign_in_dialog import SignInDialog

            self._sign_in_dialog = SignInDialog(self)
            for label in (self._sign_in_dialog.reason, self._sign_in_dialog.error):
                set_by_name(label, textFormat="PlainText")  # they quote the controller
            self._sign_in_dialog.submitted.connect(lambda *a: self.presenter.spawn(self._sign_in(*a)))
            for field in (self._sign_in_dialog.url, self._sign_in_dialog.username):
                field.textEdited.connect(self._forget_demo_password)
        return self._sign_in_dialog

    def attach(self, presenter: Presenter) -> None:
        self.presenter = presenter
        if self._paint_hold_filter is None:
            self._paint_hold_filter = PaintHold(self)
            self.installEventFilter(self._paint_hold_filter)
        self._wire()
        from .menus import Menus

        self.menus = Menus(self)
        from .companion_menu import install  # the Copilot menu and its screens (issue 14)

        self.companion = install(self, presenter)
        self.limits.set_presets(presenter.presets.presets())
        self._update_can_send()

    # -- wiring ---------------------------------------------------------------------------

    def _wire(self) -> None:
        from PySide6.QtGui import QKeySequence, QShortcut  # (1 ms of enums: after the first paint)

        p, spawn = self.presenter, self.presenter.spawn
        # intents → presenter
        self.sign_out_button.clicked.connect(self.sign_out)
        self.sign_in_button.clicked.connect(self.ask_sign_in)
        self.projects.project_chosen.connect(lambda pid: spawn(p.choose_project(pid)))
        self.projects.open_requested.connect(lambda: spawn(p.open_project()))
        self.closed_notice.open_requested.connect(lambda: spawn(p.open_project()))
        self.sessions.new_chat.connect(self.new_chat)
        p.tool_names_changed.connect(self.limits.more.set_tool_names)
        self.sessions.session_chosen.connect(lambda sid: spawn(p.open_session(sid)))
        self.sessions.rename_requested.connect(lambda sid, title: spawn(p.rename_session(sid, title)))
        self.sessions.pin_requested.connect(lambda sid, pinned: spawn(p.pin_session(sid, pinned)))
        self.sessions.delete_requested.connect(lambda sid: spawn(p.delete_session(sid)))
        self.composer.send.connect(self._send)
        self.composer.stop.connect(self.stop_turn)
        self.chat.continue_requested.connect(p.continue_with_higher_limits)
        self.chat.continue_preview = p.continue_preview
        self.chat.continue_requested.connect(self.chat.jump_to_latest)  # (as for a message sent)
        # The frames of a stream are paced on all the window spends rendering them.
        p.render_clock = loop_turn.rendered_ms
        self.chat.earlier_wanted.connect(p.load_older)
        self.limits.limits_changed.connect(p.set_limits)
        self.limits.limits_changed.connect(lambda _: self.chat.refresh_limit_bar())  # what Continue would raise
        self.limits.preset_saved.connect(self._save_preset)
        self.limits.preset_deleted.connect(self._delete_preset)
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.new_chat)
        # Esc stops the turn wherever focus is in the window (dialogs keep their own Esc).
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, activated=self._escape)
        # presenter → widgets
        p.sign_in_needed.connect(self._ask_sign_in)
        p.sign_in_failed.connect(self._sign_in_failed)
        p.remember_possible.connect(self._remember_possible)
        p.signed_in.connect(self._signed_in)
        p.signed_out.connect(self._signed_out)
        p.certificate_untrusted.connect(self._ask_trust)
        p.capabilities_changed.connect(self._capabilities)
        p.projects_changed.connect(lambda projects: self.projects.set_projects(projects, p.project.project_id if p.project else None))
        p.project_chosen.connect(self._project_chosen)
        p.closed_under_chat.connect(lambda project: self.closed_notice.show_for(project.name))
        p.project_closed_note.connect(self._show_closed_note)
        p.sessions_changed.connect(lambda sessions: self.sessions.set_sessions(sessions, p.session_id))
        p.sessions_changed.connect(lambda _sessions: self._update_title())  # a new chat gets its name
        p.session_chosen.connect(self._session_chosen)
        p.transcript_reset.connect(self._transcript_reset)
        p.transcript_extended.connect(self.chat.extend)
        p.transcript_changed.connect(self._transcript_changed)
        p.turn_running.connect(self._turn_running)
        p.limits_restored.connect(self.limits.set_limits)
        p.draft_returned.connect(self.composer.give_back)
        p.error.connect(self.show_alert)
        # Messages may quote the controller or name a project: hiding characters shown
        # (the status bar draws plain text, but it does reorder it).
        p.notice.connect(lambda text: self.statusBar().showMessage(untrusted.visible(text), 15000))
        p.status.connect(lambda text: self.statusBar().showMessage(untrusted.visible(text), 8000))

    async def _sign_in(self, url: str, username: str, password: str, remember: bool) -> None:
        if self._is_demo(url, username):
            # As app.connect signs in to it: the settings keep the user's own controller
            # (the demo's address changes every run), the chat's place is kept under "demo".
            signed_in = await self.presenter.sign_in(url, username, password, False, keep=False, store_as=self.demo_key)
        else:
            signed_in = await self.presenter.sign_in(url, username, password, remember)
        if signed_in:
            self.sign_in_dialog.accept()

    def _is_demo(self, url: str, username: str) -> bool:
        demo = self.demo_credentials
        return demo is not None and url.strip().rstrip("/") == demo.url.rstrip("/") and username.strip() == demo.username

    def _forget_demo_password(self, _text: str) -> None:
        """The address or the user changed in the dialog: the demo's password filled in
        there is not sent anywhere else."""
        dialog = self._sign_in_dialog
        demo = self.demo_credentials
        if demo is not None and dialog.password.text() == demo.password and not self._is_demo(dialog.url.text(), dialog.username.text()):
            dialog.password.clear()
            dialog.reason.setVisible(False)

    def ask_sign_in(self) -> None:
        """The header's (and the menu's) Sign in: the dialog, prefilled."""
        p = self.presenter
        if p is not None:
            self._ask_sign_in(p.url, p.username, "")

    def sign_out(self) -> None:
        if self.presenter is not None:
            self.presenter.spawn(self.presenter.sign_out())

    def connect_to_another(self) -> None:
        """The sign-in dialog with the controller field ready to be changed."""
        self.ask_sign_in()
        dialog = self.sign_in_dialog
        dialog.url.setFocus()
        dialog.url.selectAll()

    def show_side_panels(self, shown: bool) -> None:
        self.left.setVisible(shown)
        self.right.setVisible(shown)
        self._fit_panels()

    def _fit_panels(self) -> None:
        """Side panels yield (down to what they need) before the conversation does. Also
        before the window is first shown (its size told at show): the first frame has
        the panels where they stay."""
        if self.left.isHidden():
            return  # (hidden by the user: View > Side panels)
        total = self.splitter.width() if self.splitter.isVisible() else self.width()
        side = max(0, min(SIDE_WIDTH, (total - CENTRE_MIN) // 2))
        left = max(side, self.left.minimumSizeHint().width())
        right = max(side, self.right.minimumSizeHint().width())
        self.splitter.setSizes([left, max(0, total - left - right), right])

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._fit_panels()

    def theme_changed(self) -> None:
        from . import theme as theme_module

        dark = theme_module.is_dark()  # the application's palette: widgets follow it later
        for card in self.findChildren(theme_module.Card):
            card.refresh_colors()
        style = theme_module.scroll_bar_style(dark)
        for view in (self.chat, self.sessions.list):
            view.verticalScrollBar().setStyleSheet(style)

    def stop_turn(self) -> None:
        if self.presenter is None or not self.presenter.is_running:
            return
        self._stopping = True
        self._update_banner()
        self.presenter.spawn(self.presenter.stop())

    def _escape(self) -> None:
        """Esc stops the Copilot; with nothing running it closes Find, wherever the focus
        is (in Find's own box, the box takes it first)."""
        if self.presenter is not None and self.presenter.is_running:
            self.stop_turn()
            return
        find_bar = getattr(getattr(self, "companion", None), "find_bar", None)
        if find_bar is not None and find_bar.isVisible():
            find_bar.hide_bar()

    def _send(self, text: str) -> None:
        self.alert.setVisible(False)  # the last error is not this attempt's
        if self.presenter.send(text):
            self.composer.sent()
            # Sent while reading further up: the question just asked, and its answer as
            # it comes, are what the user looks at now.
            self.chat.jump_to_latest()

    def _save_preset(self, name: str, limits) -> None:
        from ..store import SaveFailed

        try:
            self.presenter.presets.save_preset(name, limits)
        except ValueError as exc:
            self.limits.name_rejected(name, str(exc))  # asked again, with the name as typed
            return
        except SaveFailed as exc:
            self.show_alert(str(exc))  # the preset is kept in memory: shown below
        self.limits.set_presets(self.presenter.presets.presets())

    def _delete_preset(self, name: str) -> None:
        from ..store import SaveFailed

        try:
            self.presenter.presets.delete_preset(name)
        except SaveFailed as exc:
            self.show_alert(str(exc))
        self.limits.set_presets(self.presenter.presets.presets())

    # -- rendering ------------------------------------------------------------------------

    def _ask_sign_in(self, url: str, username: str, reason: str) -> None:
        self._show_signed_out(reason)
        if self._sign_in_dialog is not None and self._sign_in_dialog.isVisible():
            return  # already asking: never wipe what the user is typing
        self.sign_in_dialog.set_remember_possible(self.presenter.credentials.available)
        demo = self.demo_credentials
        if self._is_demo(url, username):
            # The embedded demo controller's password is made at each start and shown
            # nowhere: after Sign out, the way back in was a restart.
            reason = reason or translate("MainWindow", "The demo controller's password is filled in: press Sign in.")
            self.sign_in_dialog.prefill(url, username, reason, False)
            self.sign_in_dialog.password.setText(demo.password)
        else:
            self.sign_in_dialog.prefill(url, username, reason, self.presenter.settings.remember_me)
        self.sign_in_dialog.open()

    def _remember_possible(self, possible: bool) -> None:
        if self._sign_in_dialog is not None:  # else it is told when it is made
            self._sign_in_dialog.set_remember_possible(possible)

    def _sign_in_failed(self, text: str, about_the_address: bool) -> None:
        dialog = self.sign_in_dialog
        dialog.show_error(text, dialog.url if about_the_address else None)

    def _ask_trust(self, url: str, certificate) -> None:
        from .certificate_dialog import CertificateDialog

        self.certificate_dialog = CertificateDialog(url, certificate, self)
        self.certificate_dialog.trusted.connect(self._trusted)
        self.certificate_dialog.open()

    def _trusted(self, url: str, certificate) -> None:
        self.presenter.trust_certificate(url, certificate)
        dialog = self._sign_in_dialog
        if dialog is not None and dialog.isVisible():
            dialog.submit()  # the sign-in the certificate interrupted, again

    def _show_signed_out(self, reason: str) -> None:
        """The header says it as it is: until a sign-in succeeds, nothing works."""
        p = self.presenter
        if p is not None and p.client is not None:
            text = translate("MainWindow", "Not signed in (was {user} @ {url})").format(
                user=untrusted.in_sentence(p.username), url=untrusted.in_sentence(p.url))
            why = f" · {reason}" if reason else ""  # the controller's words
            untrusted.set_plain(self.connection, text + why)
        self.sign_in_button.setVisible(True)

    def _signed_in(self, url: str, username: str) -> None:
        caps = self.presenter.capabilities if self.presenter is not None else None
        described = f" · {caps.describe()}" if caps is not None and (url, username) == (self.presenter.url, self.presenter.username) else ""
        untrusted.set_plain(self.connection, f"{username} @ {url}{described}")
        self.sign_out_button.setVisible(True)
        self.sign_in_button.setVisible(False)
        self.chat.set_placeholder(translate("MainWindow", "Choose a project on the left."))
        self._update_can_send()

    def _signed_out(self) -> None:
        self.connection.setText(translate("MainWindow", "Not signed in"))
        self.sign_out_button.setVisible(False)
        self.sign_in_button.setVisible(True)
        self.projects.set_projects([], None)
        self.projects.show_project(None, signed_in=False)
        self.sessions.set_sessions([], None)
        self.chat.set_placeholder(translate("MainWindow", "Sign in to a GNS3 controller to start."))
        self._update_can_send()
        self._update_title()

    def _capabilities(self, caps) -> None:
        # The controller names its own version: escaped, like every untrusted string.
        untrusted.set_plain(self.connection, f"{self.presenter.username} @ {self.presenter.url} · {caps.describe()}")
        if caps.copilot in ("absent", "unavailable"):
            self.limits.set_enforcement(caps.describe())
        elif caps.limits_enforced_by == "controller":
            self.limits.set_enforcement(translate("MainWindow", "Limits enforced by the controller."))
        else:
            self.limits.set_enforcement(translate("MainWindow", "Limits enforced by this app."))
        self._update_can_send()

    def _show_closed_note(self, text: str) -> None:
        self._closed_note = text
        self.statusBar().showMessage(text, 8000)

    def _project_chosen(self, project) -> None:
        self.projects.show_project(project)
        # Another project, or this one opened again: what was said of the closed one is
        # over (when it is closed again, it is said again).
        self.closed_notice.setVisible(False)
        if self._closed_note and self.statusBar().currentMessage() == self._closed_note:
            self.statusBar().clearMessage()
        self._closed_note = ""
        caps = self.presenter.capabilities
        if project is None:
            self.chat.set_placeholder(translate("MainWindow", "Choose a project on the left."))
        elif not project.is_opened:
            self.chat.set_placeholder(
                translate("MainWindow", "“{project}” is closed. Open it to chat with its Copilot.").format(project=untrusted.in_sentence(project.name))
            )
        elif caps is not None and caps.copilot == "absent":
            self.chat.set_placeholder(translate("MainWindow", "This controller has no AI Copilot. You can still browse its projects."))
        elif caps is not None and caps.copilot == "unavailable":
            self.chat.set_placeholder(translate("MainWindow", "The Copilot is installed on this controller but not available."))
        else:
            self.chat.set_placeholder(
                translate("MainWindow", "Ask the Copilot about “{project}”: try “Show me the topology”.").format(project=untrusted.in_sentence(project.name))
            )
        self._update_can_send()

    def _transcript_reset(self, transcript) -> None:
        self.closed_notice.setVisible(False)  # another chat: not the one kept to read
        self.chat.reset(transcript, more_above=self.presenter.older_pending)
        self._conversation_changed = True
        self._update_banner()
        self._update_title()

    def _session_chosen(self, session_id: str | None) -> None:
        self.sessions.select(session_id)
        p = self.presenter
        key = (p.url, p.project.project_id if p.project else None, session_id)
        if self._conversation_changed:
            text = self._drafts.switch(key, self.composer.edit.toPlainText())
            if text != self.composer.edit.toPlainText():
                self.composer.edit.setPlainText(text)
        else:
            self._drafts.rename(key)  # the new chat got its id: its draft stays
        self._conversation_changed = False
        self._update_title()

    def _update_title(self) -> None:
        """chat — project — GNS3 Copilot Desktop"""
        p = self.presenter
        parts = []
        if p is not None and p.project is not None:
            session = next((s for s in p.sessions if s.thread_id == p.session_id), None)
            # The chat's name as the chat list shows it (a "New Conversation" by its
            # first question), hiding characters made visible like everywhere else.
            parts.append(untrusted.in_sentence(session.display_title) if session is not None else translate("MainWindow", "New chat"))
            parts.append(untrusted.in_sentence(p.project.name))
        self.setWindowTitle(" — ".join([*parts, "GNS3 Copilot Desktop"]))

    def _transcript_changed(self, indexes: list[int]) -> None:
        with loop_turn.rendering():
            self.chat.update_items(indexes)  # (its slice shows or hides the limit bar)
            self._update_banner()

    def _turn_running(self, running: bool) -> None:
        # The sidebar and the picker stay usable: the turn streams into its own chat
        # while the user reads another one.
        self._running = running
        self._silence_check.start() if running else self._silence_check.stop()
        if not running:
            self._stopping = False
        self.composer.set_running(running)
        # `done` may come in a frame after the last text and change no item: the stop
        # bar is decided again when the turn ends.
        self.chat.refresh_limit_bar()
        self._update_banner()

    def _update_banner(self) -> None:
        if not self._running or self.presenter is None:
            self.banner.setVisible(False)
            # The place kept is one line, whatever it said last (a hidden label is
            # neither seen nor read: one space holds the line). Called on every frame.
            if self.banner.text() != " ":
                self.banner.setText(" ")
            self._banner_says = None
            return
        t = self.presenter.turn_transcript or self.presenter.transcript
        stopping = t.abort_requested or self._stopping
        here = self.presenter.showing_turn()
        silent = self.presenter.silent_for()
        seconds = number(silent) if silent is not None and not stopping else None
        # Called on every frame of a stream (ten a second), where the counts change a
        # few times a turn: the sentence is made again only when what it says changes.
        says = (t.max_iterations, t.llm_turns, t.max_tool_calls, t.tool_calls_executed, stopping, here, seconds)
        if says == self._banner_says:
            return
        self._banner_says = says
        if t.max_iterations:
            iterations = translate("MainWindow", "iteration {count}/{limit}").format(
                count=number(max(t.llm_turns, 1)), limit=number(t.max_iterations)
            )
        else:
            iterations = translate("MainWindow", "iteration {count}").format(count=number(t.llm_turns))
        if t.max_tool_calls:
            tools = translate("MainWindow", "tool calls {count}/{limit}").format(
                count=number(t.tool_calls_executed), limit=number(t.max_tool_calls)
            )
        else:
            tools = translate("MainWindow", "tool calls {count}").format(count=number(t.tool_calls_executed))
        if stopping:
            what = translate("MainWindow", "Stopping…") if here else translate("MainWindow", "Stopping… in another chat")
        else:
            what = translate("MainWindow", "Copilot is working") if here else translate("MainWindow", "Copilot is working in another chat")
        if seconds is not None:
            quiet = translate("MainWindow", "Nothing has arrived from the controller for {seconds} s").format(seconds=seconds)
            stop = translate("MainWindow", "Stop")
            self.banner.setText(f"{quiet} · {iterations} · {tools} · <a href='stop' style='color:white'><b>{stop}</b></a>")
        else:
            self.banner.setText(f"{what} · {iterations} · {tools}")
        self.banner.setVisible(True)

    def _update_can_send(self) -> None:
        """Sending and starting a new chat need the same things: say the first missing."""
        p = self.presenter
        caps = p.capabilities
        why = ""
        if p.client is None:
            why = translate("MainWindow", "Sign in first")
        elif p.project is None:
            why = translate("MainWindow", "Choose a project first")
        elif not p.project.is_opened:
            why = translate("MainWindow", "Open the project first")
        elif caps is not None and caps.copilot in ("absent", "unavailable"):
            why = untrusted.tooltip(caps.describe())
        self.composer.set_can_send(not why, why)
        self.sessions.new_button.setEnabled(not why)
        self.sessions.new_button.setToolTip(why or translate("MainWindow", "A new chat with this project's Copilot (Ctrl+N)"))

    def show_alert(self, text: str) -> None:
        untrusted.set_plain(self.alert, text)  # errors quote the controller and name things
        self.alert.setVisible(True)
        self._alert_timer.start(ALERT_MS)  # said once: not echoed in the status bar
        from .announce import announce

        announce(self.alert, translate("MainWindow", "Error: {text}").format(text=text), urgent=True)

    def _update_requested(self, event: QEvent) -> bool:
        """A repaint of the window is due (through PaintHold): True when it is done or
        held."""
        if self.chat.pending() and not self._paint_held:
            # The chat is half-way through rendering a frame in slices: painting now
            # would show half of it and cost a whole repaint. Paint once it is done,
            # or after HOLD_PAINT_MS at the latest.
            self._paint_held = True
            self._paint_hold.start()
            return True
        self._paint_held = False
        self._paint_hold.stop()
        if loop_turn.paint_apart():
            # The turn before ran a long piece of the chat's rendering: the keyboard, the
            # mouse and the network are served before its paint (see loop_turn). Put off
            # once, not held again when it comes back: with the chat still rendering
            # (3 ms slices, every turn a long one), hold and put-off took turns and the
            # window was not painted at all until the chat was done.
            self._paint_held = True
            self._ask_for_paint()
            return True
        # The layout and the repaint count in how often the chat re-renders.
        started = time.perf_counter()
        with loop_turn.rendering():
            # Lay out what changed before painting it. Otherwise an answer that grew a
            # line was painted twice: its new line in its old place, then everything in
            # view again once the message and the conversation had grown and scrolled.
            for _ in range(LAYOUT_LEVELS):
                QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            self.event(event)
        loop_turn.painted(started)
        return True

    def _release_paint(self) -> None:
        if self._paint_held:
            self._ask_for_paint()

    def _ask_for_paint(self) -> None:
        # Qt asks for a repaint once until it gets one: a paint held or put off is
        # asked for again by the window itself.
        QCoreApplication.postEvent(self, QEvent(QEvent.Type.UpdateRequest), Qt.EventPriority.LowEventPriority.value)

    def new_chat(self) -> None:
        """A new chat, and the caret in the message box: the next thing a person does is
        type the question (a key typed elsewhere could press a focused button)."""
        if not self.sessions.new_button.isEnabled():
            return  # Ctrl+N where no chat can be had: the button's tooltip says why
        self.presenter.new_chat()
        if self.composer.edit.isEnabled():
            self.composer.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Qt's names
        """Tab and Shift+Tab in reading order (see tab_order)."""
        from .tab_order import following, inside

        target = following(self, [self.left, self.centre, self.right], self.chat, self.focusWidget(), next)
        if target is None:
            return super().focusNextPrevChild(next)
        target.setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
        if inside(self.chat, target):
            self.chat.ensureWidgetVisible(target, 0, 40)
        return True

    def busy_with_unsaved(self) -> bool:
        """Would closing now lose something: an answer streaming, a message being typed?"""
        return self._running or bool(self.composer.edit.toPlainText().strip())

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        if self._unpainted:
            # Start-up leaves what the first frame does not need until it is on screen
            # (app.main): a window system's expose comes after the calls posted at
            # show(), so "when the loop is next idle" came before the first paint.
            self._unpainted = False
            self.first_painted.emit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self._sign_in_dialog is not None:
            self._sign_in_dialog.close()
        super().closeEvent(event)
        self.closed.emit()
