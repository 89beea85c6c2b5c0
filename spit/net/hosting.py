"""A game hosted on this machine: a ``GameServer`` in this process with one room open.

``spit-tui host`` (and the menu's Host) start one in the app's event loop and then
play as a client of it, through the same ``NetClient`` path as the other player, so
the host has no advantage but the length of the wire. The room's game comes from the
registry (``GameDescriptor.net``'s ``table``): the host names a game, never a game's module.

With a certificate (``host --tls-cert``/``--tls-key``) the server speaks TLS only, and
the host's own client trusts exactly that certificate (``spit.net.tls.pinned_context``),
since it connects to 127.0.0.1, which the certificate need not name.
"""

from __future__ import annotations

import contextlib
import errno
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from ssl import SSLContext
from typing import Any

from spit.core.dealer import MAX_SEED
from spit.games.descriptor import GameDescriptor
from spit.net.addresses import Address, local_addresses
from spit.net.fairness import Ordering
from spit.net.server import GameServer

LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


class HostError(Exception):
    """The game could not be hosted; the message says why, for the player."""


@dataclass
class _Seeds:
    """The deal of each game in the room: the one asked for (or a random one) first,
    then the next seed for each rematch, as ``spit-tui play --seed`` does."""

    next: int | None

    def take(self) -> int:
        seed = secrets.randbelow(MAX_SEED + 1) if self.next is None else self.next
        self.next = (seed + 1) % (MAX_SEED + 1)
        return seed


@dataclass
class HostedGame:
    """The server, its room, and how to reach it. ``close`` stops it."""

    server: GameServer
    code: str
    port: int
    public: bool
    password: str | None
    _stack: contextlib.AsyncExitStack = field(repr=False)
    own_tls: SSLContext | None = None
    """The host's own client's context, when the server speaks TLS."""

    @classmethod
    async def start(
        cls,
        game: GameDescriptor,
        *,
        port: int,
        public: bool = False,
        password: str | None = None,
        replay_dir: Path | None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        tls: tuple[SSLContext, SSLContext] | None = None,
        ordering: Ordering = Ordering.FAIR,
    ) -> HostedGame:
        """Listen on ``port`` (0: any free one) of this machine only, or of every
        interface with ``public``, and open a room; with ``tls`` (the server's context
        and the host's own client's: ``spit.net.tls.server_context``,
        ``pinned_context``), over TLS only; ``ordering``: how the room orders racing intents.
        Raises ``HostError``."""
        if game.net is None:
            raise HostError(f"{game.title} cannot be played over the network yet")
        factory = game.net.table
        seeds = _Seeds(seed)
        chosen = dict(options or {})
        try:  # the options are checked now, not when the second player comes
            factory(("Player 1", "Player 2"), seed=0, replay_dir=None, **chosen).close()
        except TypeError:  # an option the game's table does not take
            raise HostError(
                f"{game.title} takes no option {', '.join(sorted(chosen))} over the network"
            ) from None
        except ValueError as error:
            raise HostError(f"{game.title}: {error}") from None

        def make_table(names: tuple[str, str]) -> Any:
            return factory(names, seed=seeds.take(), replay_dir=replay_dir, **chosen)

        server = GameServer(game.name, make_table=make_table, password=password, ordering=ordering)
        stack = contextlib.AsyncExitStack()
        try:
            listening = await stack.enter_async_context(
                server.listening(
                    EVERYWHERE if public else LOOPBACK, port, ssl=None if tls is None else tls[0]
                )
            )
        except OSError as error:
            await stack.aclose()
            if error.errno == errno.EADDRINUSE:
                raise HostError(
                    f"port {port} is in use (another game hosted here?): choose another with --port"
                ) from None
            raise HostError(f"cannot listen on port {port}: {error.strerror or error}") from None
        bound = next(iter(listening.sockets)).getsockname()[1]
        room = server.open_room()
        own = None if tls is None else tls[1]
        return cls(server, room.code, int(bound), public, password, stack, own)

    @property
    def local(self) -> Address:
        """Where this machine's own client connects."""
        return Address(LOOPBACK, self.port, self.own_tls is not None)

    def addresses(self) -> list[Address]:
        """Where the other player connects from: this machine's addresses with
        ``--public``, else only this machine (a second terminal here)."""
        if not self.public:
            return [self.local]
        tls = self.own_tls is not None
        return [Address(ip, self.port, tls) for ip in local_addresses()] or [self.local]

    def join_commands(self) -> list[str]:
        """What the other player types, one line per address."""
        extra = " --password ..." if self.password else ""
        return [f"spit-tui join {address} {self.code}{extra}" for address in self.addresses()]

    @property
    def watch_code(self) -> str | None:
        """The room's watch code: spectators need it (the room is not public)."""
        room = self.server.rooms.get(self.code)
        return None if room is None else room.watch_code

    def watch_commands(self) -> list[str]:
        """What a spectator types, one line per address (``spit-tui watch``)."""
        code = self.watch_code
        if code is None:
            return []
        extra = " --password ..." if self.password else ""
        return [f"spit-tui watch {address} {code}{extra}" for address in self.addresses()]

    async def close(self) -> None:
        await self._stack.aclose()
