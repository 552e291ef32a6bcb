"""Is this a controller address the app can use? Said in words before anything is sent,
so a port typo or a stray space gets a clear message, not a library's exception."""

from __future__ import annotations

from urllib.parse import urlsplit

from .translation import translate


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
