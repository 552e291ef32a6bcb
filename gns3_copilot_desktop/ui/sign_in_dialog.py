"""Sign-in: controller URL, user, password, "remember me". Opened with open(), never
exec(), so the asyncio loop keeps running while it shows."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ..protocol.addresses import controller_url, controller_url_problem
from ..protocol.translation import translate
from . import untrusted


class SignInDialog(QDialog):
    submitted = Signal(str, str, str, bool)  # url, username, password, remember

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(translate("SignInDialog", "Sign in to a GNS3 controller"))
        self.setMinimumWidth(420)
        self.url = QLineEdit()
        self.url.setPlaceholderText("http://127.0.0.1:3080")
        self.username = QLineEdit()
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox(translate("SignInDialog", "Remember me (the password goes to the system keyring)"))
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setVisible(False)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.sign_in = self.buttons.addButton(translate("SignInDialog", "Sign in"), QDialogButtonBox.ButtonRole.AcceptRole)
        form = QFormLayout()
        form.addRow(translate("SignInDialog", "Controller"), self.url)
        form.addRow(translate("SignInDialog", "User"), self.username)
        form.addRow(translate("SignInDialog", "Password"), self.password)
        layout = QVBoxLayout(self)
        layout.addWidget(self.reason)
        layout.addLayout(form)
        layout.addWidget(self.remember)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self._make_sign_in_default()
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

    def _make_sign_in_default(self) -> None:
        """Enter signs in. Only once the button box belongs to the dialog: QDialog picks
        its default among its own buttons, and before that Cancel won."""
        for button in self.buttons.buttons():
            button.setAutoDefault(False)
        self.sign_in.setAutoDefault(True)
        self.sign_in.setDefault(True)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._make_sign_in_default()

    def prefill(self, url: str, username: str, reason: str, remember: bool) -> None:
        self.url.setText(url)
        self.username.setText(username)
        self.remember.setChecked(remember and self.remember.isEnabled())
        untrusted.set_plain(self.reason, reason)  # the controller's words
        self.reason.setVisible(bool(reason))
        self.error.setVisible(False)
        self.password.clear()
        self.set_busy(False)
        (self.password if username else self.username).setFocus(Qt.FocusReason.OtherFocusReason)

    def set_remember_possible(self, possible: bool) -> None:
        """Without a system keyring nothing can be remembered (never in a plain file):
        the box says so instead of being ticked for nothing."""
        if possible == self.remember.isEnabled():
            return
        self.remember.setEnabled(possible)
        if possible:
            self.remember.setText(translate("SignInDialog", "Remember me (the password goes to the system keyring)"))
            self.remember.setToolTip("")
        else:
            self.remember.setChecked(False)
            self.remember.setText(translate("SignInDialog", "Remember me (not possible here: no system keyring)"))
            self.remember.setToolTip(translate(
                "SignInDialog",
                "A keyring service such as GNOME Keyring or KWallet keeps a remembered sign-in. "
                "Without one you are asked at each start: passwords never go to a plain file.",
            ))

    def submit(self) -> None:
        url, user = self.url.text().strip() or self.url.placeholderText(), self.username.text().strip()
        if not user:
            self.show_error(translate("SignInDialog", "Enter a user name."), self.username)
            return
        # The presenter checks it too (the GNS3 GUI's hand-off has no dialog); here the
        # caret goes where the mistake is.
        problem = controller_url_problem(controller_url(url))
        if problem is not None:
            self.show_error(problem, self.url)
            return
        self.error.setVisible(False)  # the last attempt's error is not this one's
        self.set_busy(True)
        self.submitted.emit(url, user, self.password.text(), self.remember.isChecked())

    def show_error(self, text: str, field: QLineEdit | None = None) -> None:
        """Say what went wrong, and select the field to mend (the password, unless
        said otherwise: most failures are a mistyped one)."""
        self.set_busy(False)
        untrusted.set_plain(self.error, text)  # may quote the controller and its address
        self.error.setVisible(True)
        field = field or self.password
        field.selectAll()
        field.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_busy(self, busy: bool) -> None:
        self.sign_in.setEnabled(not busy)
        self.sign_in.setText(translate("SignInDialog", "Signing in…") if busy else translate("SignInDialog", "Sign in"))
