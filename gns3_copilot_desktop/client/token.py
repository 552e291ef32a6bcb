"""Reading a JWT's `exp` claim without verifying it.

The controller signs the token; the app only needs to know when it runs out, because
today's GNS3 servers keep accepting expired tokens and the app should renew first.
"""

from __future__ import annotations

import base64
import json
import time


def token_expiry(token: str | None) -> float | None:
    """The token's `exp` as a Unix time, or None when it has none or is not a JWT."""
    if not token or token.count(".") != 2:
        return None
    payload = token.split(".")[1]
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        claims = json.loads(raw)
    except (ValueError, TypeError):
        return None
    exp = claims.get("exp") if isinstance(claims, dict) else None
    return float(exp) if isinstance(exp, (int, float)) else None


def token_needs_renewal(token: str | None, *, margin_s: float = 300.0, now: float | None = None) -> bool:
    """True when the token has passed, or will within `margin_s`, its `exp`."""
    exp = token_expiry(token)
    if exp is None:
        return False
    return (now if now is not None else time.time()) >= exp - margin_s
