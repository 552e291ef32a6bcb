"""The certificate of an https controller that this system does not trust: whom it
names, who issued it, until when, and its SHA-256 fingerprint, to compare with the one
on the server (`openssl x509 -noout -fingerprint -sha256 -in cert.pem`). The user trusts
it for this controller, or cancels; the default is Cancel."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from ..protocol.translation import translate
from . import theme


class CertificateDialog(QDialog):
    trusted = Signal(str, object)  # url, Certificate

    def __init__(self, url: str, certificate, parent: QWidget | None = None):
        super().__init__(parent)
        self.url, self.certificate = url, certificate
        self.setWindowTitle(translate("CertificateDialog", "Untrusted certificate"))
        self.setMinimumWidth(480)
        # The server's words and names are text, never markup.
        unreadable = translate("CertificateDialog", "(could not be read)")
        rows = [
            (translate("CertificateDialog", "Controller"), url),
            (translate("CertificateDialog", "Issued to"), certificate.subject or unreadable),
            (translate("CertificateDialog", "Issued by"),
             translate("CertificateDialog", "itself (self-signed)") if certificate.self_signed else (certificate.issuer or unreadable)),
            (translate("CertificateDialog", "Valid until"), certificate.not_after or unreadable),
        ]
        table = "".join(f"<tr><td><b>{escape(k)}</b>&nbsp;&nbsp;</td><td>{escape(v)}</td></tr>" for k, v in rows)
        self.summary = QLabel(
            "<p>" + escape(translate(
                "CertificateDialog",
                "This controller's certificate is not trusted by this system. Trust it only if "
                "the fingerprint below is the one of your GNS3 server.",
            )) + f"</p><table>{table}</table>"
        )
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.fingerprint = QLabel(certificate.sha256)
        self.fingerprint.setFont(theme.monospace())
        self.fingerprint.setWordWrap(True)
        self.fingerprint.setTextFormat(Qt.TextFormat.PlainText)
        self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fingerprint.setAccessibleDescription(translate("CertificateDialog", "SHA-256 fingerprint"))  # read: the fingerprint
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.trust = self.buttons.addButton(translate("CertificateDialog", "Trust it for {controller}").format(controller=url),
                                            QDialogButtonBox.ButtonRole.AcceptRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(QLabel("<b>" + escape(translate("CertificateDialog", "SHA-256 fingerprint")) + "</b>"))
        layout.addWidget(self.fingerprint)
        layout.addWidget(self.buttons)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.trust.setAutoDefault(False)
        cancel.setDefault(True)  # Enter never trusts by accident
        self.buttons.accepted.connect(self._trust)
        self.buttons.rejected.connect(self.reject)

    def _trust(self) -> None:
        self.trusted.emit(self.url, self.certificate)
        self.accept()
