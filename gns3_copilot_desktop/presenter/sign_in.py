"""Signing in and out, and keeping the token fresh."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..client.errors import ControllerError, Unauthorized, Unreachable, UntrustedCertificate
from ..protocol.addresses import controller_url, controller_url_problem
from ..protocol.transcript import Transcript
from ..protocol.translation import translate
from ..store import keyring_lookup

if TYPE_CHECKING:
    from ..client import ControllerClient


def _expired() -> str:
    return translate("PresenterSignIn", "Your sign-in has expired. Please sign in again.")


class SignInMixin:
    async def start(self, url: str | None, username: str | None) -> None:
        """At start-up: sign in with a stored, still-valid token, else ask."""
        self.url = (url or self.settings.controller_url).rstrip("/")
        self.username = username or self.settings.username
        self.tell_once(self.settings.problem)
        self.tell_once(self.presets.problem)
        self.tell_once(self.records.problem)
        self._watch_keyring()
        token = None
        if self.stored_sign_in_possible(url, username):
            keyring_lookup.start()
            token = self.credentials.token(self.url, self.username)
            self.tell_once(self.credentials.problem)
        if not token:
            self.sign_in_needed.emit(self.url, self.username, "")
            return
        client = self.client_for(self.url, token)
        try:
            await self._renew_if_needed(client)
            await client.projects()  # proves the token
        except Unauthorized:
            # Expired, or the controller was restarted with a new secret: a remembered
            # password signs in again without asking.
            if not await self._sign_in_with_remembered_password(client):
                await client.aclose()
                self.sign_in_needed.emit(self.url, self.username, _expired())
                return
        except ControllerError as exc:
            await client.aclose()
            self.sign_in_needed.emit(self.url, self.username, exc.message)
            return
        await self._use(client, self.url, self.username, self.url)
        await self.pick_project()

    def sign_in_lasts_one_run(self) -> bool:
        """Is the sign-in in use forgotten when the app closes ("remember me" was off)?
        The demo controller (kept under a name of its own) signs itself in at each start."""
        if self.client is None or self.store_key != self.url:
            return False
        saved = (self.settings.controller_url.rstrip("/"), self.settings.username)
        return not (self.settings.remembered and (self.url, self.username) == saved)

    def _watch_keyring(self) -> None:
        """Once the keyring has been looked for (in a thread, after the sign-in dialog is
        up), say whether "remember me" can work here."""
        loop = asyncio.get_running_loop()

        def found() -> None:  # in the thread that searched, or here
            try:
                loop.call_soon_threadsafe(self._keyring_found)
            except RuntimeError:
                pass  # the loop is closed: the app has quit meanwhile

        keyring_lookup.when_found(found)

    def _keyring_found(self) -> None:
        self.remember_possible.emit(self.credentials.check())

    def stored_sign_in_possible(self, url: str | None, username: str | None) -> bool:
        """Whether the keyring can hold a token for this start: the last sign-in was
        remembered, or the command line names a controller or user of its own. Else the
        keyring is not read at start (its search takes 100-200 ms, a locked one asks to
        be unlocked) to find nothing."""
        return self.settings.remembered or bool(url or username)

    def client_for(self, url: str, token: str | None = None) -> ControllerClient:
        """A client for `url`, trusting the certificate the user pinned for it, if any."""
        from ..client.controller import ControllerClient  # httpx: loaded on first use

        pem = self.settings.trusted_certificates.get(url)
        if pem is None:
            return ControllerClient(url, token)
        from ..client.tls import pinned_context

        return ControllerClient(url, token, verify=pinned_context(pem))

    async def _show_certificate(self, url: str, exc: UntrustedCertificate) -> None:
        """Fetch the certificate (not trusting it) and let the window ask the user."""
        from ..client.tls import fetch_certificate

        try:
            certificate = await fetch_certificate(url)
        except (OSError, ValueError) as fetch_failed:
            self.sign_in_failed.emit(
                translate("PresenterSignIn", "{error} (the certificate could not be read: {reason})").format(
                    error=exc.message, reason=fetch_failed
                ), True,
            )
            return
        pinned = self.settings.trusted_certificates.get(url)
        if pinned:
            text = translate(
                "PresenterSignIn",
                "The certificate of {url} is not trusted. It is not the certificate you trusted before for this controller. "
                "Check it, then trust it or cancel.",
            )
        else:
            text = translate("PresenterSignIn", "The certificate of {url} is not trusted. Check it, then trust it or cancel.")
        self.sign_in_failed.emit(text.format(url=url), True)
        self.certificate_untrusted.emit(url, certificate)

    def trust_certificate(self, url: str, certificate) -> None:
        """The user checked the certificate and trusts it for this controller."""
        self.settings.trusted_certificates[url.rstrip("/")] = certificate.pem
        self.tell_once(self.settings.save())

    async def _sign_in_with_remembered_password(self, client: ControllerClient) -> bool:
        password = self.credentials.password(self.url, self.username)
        if not password:
            return False
        try:
            await client.authenticate(self.username, password)
        except ControllerError:
            return False
        self.credentials.save(self.url, self.username, client.token or "", password)
        return True

    async def sign_in(
        self, url: str, username: str, password: str, remember: bool, keep: bool = True, store_as: str | None = None,
    ) -> bool:
        """Sign in. Without "remember me" the token lives in memory only, for this run;
        `keep=False` also leaves the settings alone (the demo controller), and
        `store_as` names a controller whose URL changes between runs."""
        url = controller_url(url)
        problem = controller_url_problem(url)
        if problem is not None:
            self.sign_in_failed.emit(problem, True)
            return False
        client = self.client_for(url)
        try:
            await client.authenticate(username, password)
        except UntrustedCertificate as exc:
            await client.aclose()
            await self._show_certificate(url, exc)
            return False
        except ControllerError as exc:
            await client.aclose()
            self.sign_in_failed.emit(exc.message, isinstance(exc, Unreachable))
            return False
        except Exception as exc:  # noqa: BLE001 - the dialog must never stay at "Signing in…"
            await client.aclose()
            self.sign_in_failed.emit(
                translate("PresenterSignIn", "Could not sign in to {url}: {error}").format(url=url, error=f"{type(exc).__name__}: {exc}"),
                False,
            )
            return False
        if keep:
            if remember:
                self.credentials.save(url, username, client.token or "", password)
            else:
                self.credentials.forget(url, username)  # nothing signs in silently next time
            self.tell_once(self.credentials.problem)
            self.settings.controller_url, self.settings.username, self.settings.remember_me = url, username, remember
            self.settings.remembered = remember
            # Signing in does not depend on writing the settings (a read-only config
            # directory, a full disk): the user is told, and is signed in.
            self.tell_once(self.settings.save())
        same = self.client is not None and (url, username) == (self.url, self.username)
        if same:
            # Signed in again after a 401: keep the project, the draft and the conversation.
            assert self.client is not None
            self.client.token = client.token
            await client.aclose()
            self._authorized.set()
            self.signed_in.emit(url, username)
            await self.refresh_projects()
            return True
        await self._use(client, url, username, store_as or url)
        await self.pick_project()
        return True

    async def _use(self, client: ControllerClient, url: str, username: str, store_key: str) -> None:
        await self._drop_client()
        self.client, self.url, self.username, self.store_key = client, url, username, store_key
        self._authorized.set()
        self.signed_in.emit(url, username)
        self.capabilities = await client.capabilities()
        self.capabilities_changed.emit(self.capabilities)
        await self.refresh_projects()
        self._controller_listener = self.spawn(self._follow_controller())

    async def _drop_client(self) -> None:
        for listener in (self._controller_listener, self._project_listener, self._turn):
            if listener is not None:
                listener.cancel()
        if self.client is not None:
            await self.client.aclose()
        self.client = None
        self.capabilities = None
        self.project = None
        self.projects = []

    async def sign_out(self) -> None:
        self.credentials.forget(self.url, self.username)
        saved = (self.settings.controller_url.rstrip("/"), self.settings.username)
        if (self.url, self.username) == saved and self.settings.remembered:
            self.settings.remembered = False  # the next start asks at once
            self.tell_once(self.settings.save())
        await self._drop_client()
        self.sessions, self.session_id = [], None
        self.forget_older()
        self.transcript = Transcript()
        self.transcript_reset.emit(self.transcript)
        self.signed_out.emit()
        self.sign_in_needed.emit(self.url, self.username, "")

    async def _fresh_client(self) -> ControllerClient:
        """The client, its token renewed first when it is about to expire."""
        if self.client is None:
            raise Unauthorized(translate("PresenterSignIn", "You are not signed in."))
        await self._renew_if_needed(self.client)
        return self.client

    async def _renew_if_needed(self, client: ControllerClient) -> None:
        """Today's controllers accept expired tokens, so the app renews its own before
        `exp`, with the password "remember me" kept in the keyring."""
        if not client.token_needs_renewal():
            return
        password = self.credentials.password(self.url, self.username)
        if not password:
            raise Unauthorized(_expired())
        await client.authenticate(self.username, password)
        self.credentials.save(self.url, self.username, client.token or "", password)

