"""Sign-in for the reference controller: signed JWTs that expire, a random password per
run unless one is given. Never a fixed default password."""

from __future__ import annotations

import hmac
import secrets
import time
import uuid

import jwt

TOKEN_TTL_S = 1440 * 60  # the GNS3 server's 1440 minutes


class Auth:
    def __init__(self, username: str = "admin", password: str | None = None, token_ttl_s: float = TOKEN_TTL_S):
        self.username = username
        self.password = password or secrets.token_urlsafe(12)
        self.user_id = str(uuid.uuid4())
        self.token_ttl_s = token_ttl_s
        self._secret = secrets.token_urlsafe(32)

    def check_password(self, username: str, password: str) -> bool:
        same_user = hmac.compare_digest(username.encode(), self.username.encode())
        same_password = hmac.compare_digest(password.encode(), self.password.encode())
        return same_user and same_password

    def issue(self) -> str:
        claims = {"sub": self.username, "exp": int(time.time() + self.token_ttl_s)}
        return jwt.encode(claims, self._secret, algorithm="HS256")

    def forget_tokens(self) -> None:
        """Every token issued so far stops working (as after a controller restart)."""
        self._secret = secrets.token_urlsafe(32)

    def verify(self, token: str) -> str | None:
        """The reason the token is refused, or None when it is good."""
        try:
            claims = jwt.decode(token, self._secret, algorithms=["HS256"])
        except jwt.ExpiredSignatureError:
            return "Could not validate credentials (the token has expired)"
        except jwt.PyJWTError:
            return "Could not validate credentials"
        if claims.get("sub") != self.username:
            return "Could not validate credentials"
        return None

    def user(self) -> dict[str, object]:
        return {
            "username": self.username, "is_active": True, "email": None,
            "full_name": "Demo Administrator", "user_id": self.user_id, "is_superadmin": True,
        }
