"""https controllers with a self-signed certificate: the reference controller served by
uvicorn over TLS on 127.0.0.1, with certificates made here by `cryptography`. The app
shows the certificate (subject, SHA-256 fingerprint) and signs in only once the user
trusts it; a different certificate later is asked about again; Cancel trusts nothing."""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import json

import pytest

x509 = pytest.importorskip("cryptography.x509")
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.x509.oid import NameOID  # noqa: E402


def self_signed(directory, name: str):
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Lab")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    certfile, keyfile = directory / f"{name}.crt", directory / f"{name}.key"
    certfile.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    keyfile.write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption(),
    ))
    digest = hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest().upper()
    return str(certfile), str(keyfile), ":".join(digest[i : i + 2] for i in range(0, 64, 2))


@pytest.fixture
def tls_controller(tmp_path):
    from gns3_copilot_desktop.controller_sim import DemoController

    certfile, keyfile, fingerprint = self_signed(tmp_path, "gns3-lab")
    controller = DemoController(ssl_certfile=certfile, ssl_keyfile=keyfile).start()
    controller.fingerprint = fingerprint
    yield controller
    controller.stop()


def sign_in_through_the_dialog(app, controller):
    creds = controller.credentials
    app.run(app.presenter.start(creds.url, "admin"))
    dialog = app.window.sign_in_dialog
    dialog.password.setText(creds.password)
    dialog.sign_in.click()
    app.wait(lambda: getattr(app.window, "certificate_dialog", None) is not None and app.window.certificate_dialog.isVisible(),
             what="the certificate to be shown")
    return dialog, app.window.certificate_dialog


def test_a_self_signed_controller_is_trusted_only_when_the_user_says_so(app, tls_controller):
    assert tls_controller.url.startswith("https://127.0.0.1:")
    dialog, shown = sign_in_through_the_dialog(app, tls_controller)
    assert shown.fingerprint.text() == tls_controller.fingerprint
    assert "CN=gns3-lab" in shown.summary.text() and "self-signed" in shown.summary.text()
    assert app.presenter.client is None and "not trusted" in dialog.error.text()
    assert not shown.trust.isDefault()  # Enter does not trust by accident
    shown.trust.click()
    app.wait(lambda: app.presenter.project is not None and not dialog.isVisible(), what="the sign-in to go on")
    assert [p.name for p in app.presenter.projects][0] == "OSPF Lab"
    saved = json.loads((app.config_dir / "settings.json").read_text())
    assert "BEGIN CERTIFICATE" in saved["trusted_certificates"][tls_controller.url]


def test_cancel_trusts_nothing_and_a_new_certificate_is_asked_about_again(app, tls_controller, tmp_path):
    dialog, shown = sign_in_through_the_dialog(app, tls_controller)
    shown.reject()
    assert app.presenter.client is None and dialog.isVisible()
    assert "trusted_certificates" not in (app.config_dir / "settings.json").read_text() if (app.config_dir / "settings.json").exists() else True
    # Trusted once, then the server shows another certificate at the same address.
    dialog.sign_in.click()
    app.wait(lambda: app.window.certificate_dialog is not shown and app.window.certificate_dialog.isVisible(), what="asked again")
    app.window.certificate_dialog.trust.click()
    app.wait(lambda: app.presenter.project is not None and not dialog.isVisible(), what="signed in")
    pinned = app.presenter.settings.trusted_certificates[tls_controller.url]
    app.run(app.presenter.sign_out())
    from gns3_copilot_desktop.client import UntrustedCertificate
    from gns3_copilot_desktop.controller_sim import DemoController

    certfile, keyfile, other = self_signed(tmp_path, "impostor")
    port = tls_controller.port
    tls_controller.stop()
    impostor = DemoController(port=port, ssl_certfile=certfile, ssl_keyfile=keyfile).start()
    try:
        client = app.presenter.client_for(impostor.url)
        with pytest.raises(UntrustedCertificate):
            app.run(client.version())
        app.run(client.aclose())
        dialog.password.setText(impostor.credentials.password)
        dialog.sign_in.click()
        app.wait(lambda: app.window.certificate_dialog.fingerprint.text() == other, what="the new certificate shown")
        assert "not the certificate you trusted before" in dialog.error.text()
        assert app.presenter.client is None and app.presenter.settings.trusted_certificates[impostor.url] == pinned
    finally:
        impostor.stop()
