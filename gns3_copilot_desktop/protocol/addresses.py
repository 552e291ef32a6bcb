"""Is this a controller address the app can use? Said in words before anything is sent,
so a port typo or a stray space gets a clear message, not a library's exception."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .translation import translate


# A scheme of its own, mistyped ("http:/host", "https:host"): said, not guessed at. A
# host and port ("localhost:3080") is no scheme.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?!\d)")


def controller_url(typed: str) -> str:
    """The URL a user meant: "127.0.0.1:3080" or "gns3.lan:3080" is http (how a GNS3
    controller listens unless set up for TLS; the GNS3 GUI's own field has no scheme);
    spaces around it and a final "/" dropped. Anything with a scheme stays as typed."""
    url = typed.strip()
    if url and "://" not in url and not _SCHEME.match(url):
        url = "http://" + url
    scheme, separator, rest = url.partition("://")
    return scheme.lower() + separator + rest.rstrip("/")  # "http://" stays itself: no host named "http"


def controller_url_problem(url: str) -> str | None:
    """What is wrong with this controller URL, or None when it can be used."""
    if not url.startswith(("http://", "https://")):
        return translate("AddressWords", "The controller URL must start with http:// or https://")
    if any(char.isspace() for char in url):
        return translate("AddressWords", "The controller URL cannot contain spaces.")
    try:
        parts = urlsplit(url)
        port = parts.port  # raises for a port that is not a number from 0 to 65535
    except ValueError:
        return translate(
            "AddressWords",
            "The controller URL is not valid: check the port (a number from 1 to 65535) and the brackets around an IPv6 address.",
        )
    if not parts.hostname:
        return translate("AddressWords", "The controller URL needs a host name or address, e.g. http://127.0.0.1:3080")
    if port == 0:
        return translate("AddressWords", "The controller URL's port must be a number from 1 to 65535.")
    return None
