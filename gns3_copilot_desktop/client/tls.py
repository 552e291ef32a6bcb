"""https controllers with their own certificate (self-signed, or from a private CA).

On a certificate failure the app fetches the certificate the server shows, without
trusting it, so that the user can see whom it names and its SHA-256 fingerprint. If the
user trusts it, the app pins it for that controller: later connections to it trust that
certificate as their only anchor (not the system's CAs, not any certificate), so a
different certificate at that address is asked about again. Nothing is accepted
silently."""

from __future__ import annotations

import asyncio
import hashlib
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..protocol.translation import translate

FETCH_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class Certificate:
    pem: str
    sha256: str  # AB:CD:… over the DER bytes, as browsers show it
    subject: str
    issuer: str
    not_after: str

    @property
    def self_signed(self) -> bool:
        return bool(self.subject) and self.subject == self.issuer


def fingerprint(pem: str) -> str:
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def describe(pem: str) -> Certificate:
    subject = issuer = not_after = ""
    try:  # `cryptography` reads the names where it is installed (it comes with keyring on Linux)
        from cryptography import x509

        cert = x509.load_pem_x509_certificate(pem.encode())
        subject, issuer = cert.subject.rfc4514_string(), cert.issuer.rfc4514_string()
        not_after = cert.not_valid_after_utc.strftime("%Y-%m-%d")
    except Exception:  # noqa: BLE001 - the fingerprint alone still identifies it
        pass
    return Certificate(pem, fingerprint(pem), subject, issuer, not_after)


async def fetch_certificate(url: str) -> Certificate:
    """The certificate the server at `url` presents, read without verifying it (only to
    show it: nothing is sent over this connection)."""
    parts = urlsplit(url)
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    _reader, writer = await asyncio.wait_for(
        asyncio.open_connection(parts.hostname or "", parts.port or 443, ssl=context), FETCH_TIMEOUT_S,
    )
    try:
        der = writer.get_extra_info("ssl_object").getpeercert(binary_form=True)
    finally:
        writer.close()
    if not der:
        raise ValueError(translate("CertificateWords", "the server showed no certificate"))
    return describe(ssl.DER_cert_to_PEM_cert(der))


def pinned_context(pem: str) -> ssl.SSLContext:
    """Trust this certificate only. It is the trust anchor itself (partial chain), so the
    name in it need not match the address: the user chose this exact certificate."""
    context = ssl.create_default_context(cadata=pem)
    context.check_hostname = False
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    return context
