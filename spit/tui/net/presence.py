"""The menu's quiet online presence: signed in to the settings' server in the
background, so that a friend can invite the player by name while the menu is open.

``MenuPresence.run`` keeps one online session (``spit.net.online_client``) open as the
account this machine already keeps a token for at that server; it never makes an
account (the menu's "Play online" does that, asking first). It says nothing when
there is no token, the server is down or the token is refused: a session that fails
to open is tried again after a wait that doubles, from ``Backoff.first_s`` up to
``Backoff.most_s`` (with some jitter, so that many clients do not come back
together), and a refused token ends the presence until the menu asks again. Between
events it only waits on the session's ``changed`` event, or sleeps: an idle menu
costs no CPU.

What it hears is handed to ``on_change`` (the menu draws it: an invite to accept or
decline, a match to sit down in).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.exceptions import WebSocketException

from spit.net.addresses import Address
from spit.net.credentials import AccountTokens, CredentialsError
from spit.net.online_client import AccountRefused, OnlineClient, sign_in
from spit.tui.net.link import NetFailure, reaching

logger = logging.getLogger(__name__)


@dataclass
class Backoff:
    """How long to wait before the next try: ``first_s``, doubled after each failure
    up to ``most_s``, each wait cut by up to ``jitter`` of itself at random."""

    first_s: float = 2.0
    most_s: float = 300.0
    jitter: float = 0.25
    failures: int = 0
    rng: random.Random = field(default_factory=random.Random)

    def next_s(self) -> float:
        """The wait after one more failure."""
        wait = min(self.most_s, self.first_s * 2.0**self.failures)
        self.failures += 1
        return wait * (1 - self.jitter * self.rng.random())

    def reset(self) -> None:
        self.failures = 0


BACKOFF = Backoff
"""How the menu makes its backoff (tests give a quicker one)."""


class _NoPresence(Exception):
    """No session can be opened until the menu asks again."""


class MenuPresence:
    """An online session kept open in the background (see the module docstring)."""

    def __init__(
        self,
        address: Address,
        tokens: AccountTokens,
        on_change: Callable[[OnlineClient | None], None],
        *,
        backoff: Backoff | None = None,
    ) -> None:
        self.address = address
        self.tokens = tokens
        self.on_change = on_change
        self.backoff = backoff or BACKOFF()
        self.client: OnlineClient | None = None
        """The session, while it is open."""
        self.tries = 0
        """Sessions tried (to show that a server down is tried again, but not often)."""

    async def run(self) -> None:
        """Keep the session open until cancelled, or until there is no token to open
        it with (or the server refuses the token)."""
        try:
            while True:
                try:
                    client = await self._sign_in()
                except _NoPresence:
                    return
                if client is None:
                    await asyncio.sleep(self.backoff.next_s())
                    continue
                self.backoff.reset()
                self.client = client
                await self._follow(client)
                self.client = None
                self.on_change(None)
                with contextlib.suppress(OSError, WebSocketException):
                    await client.close()
                await asyncio.sleep(self.backoff.next_s())
        finally:
            client, self.client = self.client, None
            if client is not None:
                with contextlib.suppress(OSError, WebSocketException, RuntimeError):
                    await asyncio.shield(client.close())

    async def _sign_in(self) -> OnlineClient | None:
        """The session, or ``None`` to try again later. Raises ``_NoPresence`` when
        there is none to be had: no token, the token refused, the token file unreadable."""
        try:
            if self.tokens.get(self.address) is None:
                raise _NoPresence
            self.tries += 1
            with reaching(self.address):
                return await sign_in(self.address, self.tokens)
        except (AccountRefused, CredentialsError) as error:
            logger.info("no online presence at %s: %s", self.address, error)
            raise _NoPresence from None
        except NetFailure as failure:
            logger.info("online presence: %s", failure)
            return None

    async def _follow(self, client: OnlineClient) -> None:
        while True:
            client.changed.clear()
            self.on_change(client)
            if client.ended is not None:
                return
            await client.changed.wait()
