"""Loopback helpers for the network tests: a server on 127.0.0.1, greedy clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import ssl
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from spit.core.cards import RANK_SYMBOLS, card_name
from spit.engine.timers import Timing
from spit.games.spit import wire as spit_wire
from spit.net.client import NetClient
from spit.net.fairness import Ordering
from spit.net.limits import Limits
from spit.net.lobby import Lobby, Tables
from spit.net.room import NetTable, Room, TableFactory
from spit.net.server import GameServer

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')
"""A card's name in a frame: every card a message names is a JSON string like this."""

SPECTATOR: Final = -1
"""The seat a watched table notes a spectator's (public) view under."""


class WatchedTable(spit_wire.Table):
    """A table that notes, for every view it gives, which cards were hidden then (reset
    ``seen`` before each game)."""

    seen: ClassVar[list[tuple[int, str, frozenset[str]]]] = []

    def view(self, seat: int) -> dict[str, Any]:
        view = super().view(seat)
        WatchedTable.seen.append((seat, json.dumps(view, sort_keys=True), self._hidden()))
        return view

    def public_view(self) -> dict[str, Any]:
        """A spectator's view, noted as ``SPECTATOR``'s: in Spit the same cards are
        hidden from both players, so from a spectator too."""
        view = super().public_view()
        WatchedTable.seen.append((SPECTATOR, json.dumps(view, sort_keys=True), self._hidden()))
        return view

    def _hidden(self) -> frozenset[str]:
        state = self.session.state
        hidden = {card_name(c) for c in state.hands[0] + state.hands[1]}
        for row in state.stocks:
            for pile in row:
                hidden.update(card_name(c) for c in pile[:-1])
        return frozenset(hidden)


def assert_nothing_hidden(clients: Sequence[NetClient]) -> None:
    """``check_nothing_hidden`` for Spit's clients of a game on ``WatchedTable``s."""
    check_nothing_hidden([client.frames for client in clients], WatchedTable.seen)


FAST = Timing(
    start_countdown_ms=200, stall_countdown_ms=100, slap_window_ms=300, round_pause_ms=100
)
"""Short waits, so a whole game fits in a few seconds of a test."""

QUICK_CLOSE: Final = Limits(close_timeout_s=0.2)
"""A server that drops a refused client's line 0.2 s after its close frame (10 s by
default): a flooding client's answer to the close is behind its flood, which the server
does not read, so the wait is always the whole timeout."""

ONE_ROUND: Final = {"variant": "points", "target": 1}
"""A game of one round (Spit's points variant to 1 point): options of ``spit_wire.Table``
itself, given with ``table=`` (the registry's factory, like a local game, takes no
target)."""


@contextlib.asynccontextmanager
async def running_server(
    replay_dir: Path,
    *,
    seed: int = 7,
    ordering: Ordering = Ordering.FAIR,
    password: str | None = None,
    table: type[spit_wire.Table] = spit_wire.Table,
    options: dict[str, Any] | None = None,
    make_table: Callable[[tuple[str, str]], NetTable] | None = None,
    tls: ssl.SSLContext | None = None,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> AsyncIterator[tuple[GameServer, str]]:
    """A server on a free loopback port: (server, uri); ``wss://`` given ``tls``.
    ``options``: the game's, besides the short timing (``{"variant": "points",
    "target": 1}`` is a game of one round); ``make_table``: another game's tables
    instead (Spades'); ``limits`` and ``clock``: the server's."""
    common: dict[str, Any] = {
        "ordering": ordering,
        "password": password,
        "limits": limits,
        "clock": clock,
    }
    if make_table is not None:
        server = GameServer(make_table=make_table, **common)
    elif table is spit_wire.Table:  # the server's own way: through the game registry
        server = GameServer(
            options={"timing": FAST, **(options or {})},
            replay_dir=replay_dir,
            seed=seed,
            **common,
        )
    else:
        server = GameServer(
            make_table=lambda names: table(names, seed, replay_dir, timing=FAST, **(options or {})),
            **common,
        )
    async with server.listening("127.0.0.1", 0, ssl=tls) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, f"{'ws' if tls is None else 'wss'}://127.0.0.1:{port}"


@contextlib.asynccontextmanager
async def seated_pair(
    replay_dir: Path, **server: Any
) -> AsyncIterator[tuple[GameServer, Room, NetClient, NetClient]]:
    """A server (``running_server``'s options), a room, and Ann and Bob seated in it,
    straight to the server (no proxy): (server, room, ann, bob)."""
    async with running_server(replay_dir, **server) as (game_server, uri):
        room = game_server.open_room()
        a, b = NetClient(), NetClient()
        await a.connect(uri, "Ann", room=room.code)
        await b.connect(uri, "Bob", room=room.code)
        yield game_server, room, a, b


def _rank(name: str) -> int:
    return RANK_SYMBOLS.index(name[0])


def greedy_intent(view: dict[str, Any], rng: random.Random) -> str | None:
    """A playable card onto a pile, or a slap, from what the seat sees; else nothing."""
    if view["phase"] == "slap":
        return f"slap {rng.randrange(2)}"
    if view["phase"] != "playing":
        return None
    tops = view["piles"]
    choices = []
    for i, (card, _) in enumerate(view["own"]):
        if card is None:
            continue
        for p, top in enumerate(tops):
            if (_rank(card) - _rank(top)) % 13 in (1, 12):
                choices.append(f"play {i} {('left', 'right')[p]}")
    if not choices and any(card is None for card, _ in view["own"]):
        # an empty space: move a card off a pile with cards under it, to turn one up
        choices = [f"move {i}" for i, (card, down) in enumerate(view["own"]) if card and down]
    return rng.choice(choices) if choices else None


Chooser = Callable[[dict[str, Any], random.Random], str | None]
"""An intent from a seat's view (or none): a player of one game."""


async def play_greedily(
    client: NetClient,
    rng: random.Random,
    *,
    think_s: float = 0.02,
    limit_s: float = 60.0,
    choose: Chooser = greedy_intent,
) -> None:
    """Act on each view (Spit's ``greedy_intent`` unless ``choose`` says otherwise)
    until the game ends, the connection does (the server closed the room), or
    ``limit_s`` passes."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + limit_s
    while loop.time() < stop:
        client.changed.clear()
        view = client.view
        if client.finished or not client.connected:
            return
        if view is not None:
            intent = choose(view, rng)
            if intent is not None:
                await asyncio.sleep(think_s * rng.uniform(0.5, 1.5))
                await client.intent(intent)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.changed.wait(), 0.25)


Seen = list[tuple[int, str, frozenset[str]]]
"""What a watched table noted for each view it made: (seat, the view as sorted JSON,
the names of the cards hidden from that seat at that moment)."""


Named = Callable[[dict[str, Any]], set[str]]
"""The names of the cards a view frame holds (``CARD`` finds those the frame names)."""


def check_nothing_hidden(
    frames_by_seat: Sequence[Iterable[str]], seen: Seen, named: Named | None = None
) -> None:
    """Nothing hidden ever left the server: every frame a seat got is either a view the
    server made for that seat, naming no card hidden from it then, or a message that
    names no card at all."""
    hidden_at = {(seat, view): hidden for seat, view, hidden in seen}
    for seat, frames in enumerate(frames_by_seat):
        _check_frames(seat, frames, hidden_at, named)


def check_spectator_saw_nothing_hidden(
    frames: Iterable[str], seen: Seen, named: Named | None = None
) -> int:
    """``check_nothing_hidden`` for a spectator's frames: every view in them is a public
    view the server made, naming no card hidden from either player then. Returns how
    many views were checked."""
    hidden_at = {(seat, view): hidden for seat, view, hidden in seen}
    return _check_frames(SPECTATOR, frames, hidden_at, named)


def _check_frames(
    seat: int,
    frames: Iterable[str],
    hidden_at: dict[tuple[int, str], frozenset[str]],
    named_in: Named | None = None,
) -> int:
    views = 0
    for frame in frames:
        message = json.loads(frame)
        if message["type"] == "replay":
            continue  # asked for after the game, when nothing is hidden any more
        if message["type"] != "view":
            assert not CARD.search(frame), frame
            continue
        key = (seat, json.dumps(message["view"], sort_keys=True))
        assert key in hidden_at, "a view the server did not make for this seat"
        named = set(CARD.findall(frame)) if named_in is None else named_in(message)
        assert not named & hidden_at[key], (seat, named & hidden_at[key])
        views += 1
    return views


def fast_tables(
    replay_dir: Path,
    table: type[spit_wire.Table] = spit_wire.Table,
    *,
    seeds: Iterator[int] | None = None,
    fixed: Mapping[str, Any] | None = None,
) -> Tables:
    """Rooms of Spit with short waits, options checked as a server checks them; each
    game seeded 7, or by the next of ``seeds``; ``fixed``: the table's own options
    beside the client's (``ONE_ROUND``)."""
    from spit.games.spit.descriptor import DESCRIPTOR

    assert DESCRIPTOR.net is not None
    check = DESCRIPTOR.net.options

    def tables(game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        if game not in (None, "spit"):
            raise ValueError(f"this server has no game {game}; it has spit")
        kwargs = {**check(options), **(fixed or {})}

        def new_table(names: tuple[str, str]) -> spit_wire.Table:
            seed = 7 if seeds is None else next(seeds)
            return table(names, seed, replay_dir, timing=FAST, **kwargs)

        return "spit", new_table

    return tables


@contextlib.asynccontextmanager
async def running_lobby(
    replay_dir: Path, *, limits: Limits | None = None, tables: Tables | None = None
) -> AsyncIterator[tuple[GameServer, str]]:
    """A server for many rooms (as ``spit-tui serve`` runs one) on a free loopback
    port: (server, uri). Many connections from 127.0.0.1 are allowed by default."""
    tables = tables or fast_tables(replay_dir)
    server = GameServer(
        tables(None, {})[1],
        lobby=Lobby(tables),
        limits=limits or Limits(max_per_address=50),
    )
    async with server.listening("127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, f"ws://127.0.0.1:{port}"


def faster_clock(times: float) -> Callable[[], float]:
    """A server clock that runs ``times`` as fast as the real one, from now: a game's
    timers and a bot's thinking take that much less real time. Clients keep the real
    clock, so their stamps drift from the server's: with it, order by arrival."""
    start = time.monotonic()
    return lambda: start + (time.monotonic() - start) * times


async def wait_until(condition: Callable[[], bool], limit_s: float = 20.0) -> None:
    """Poll ``condition`` every 20 ms until it holds; fail after ``limit_s``."""
    async with asyncio.timeout(limit_s):
        while not condition():
            await asyncio.sleep(0.02)


async def http_get(uri: str, path: str) -> tuple[str, dict[str, str], str]:
    """A plain HTTP GET to a server's ``ws://`` address: (status line, headers, body)."""
    host, port = uri.removeprefix("ws://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    raw = (await asyncio.wait_for(reader.read(), 10)).decode()
    writer.close()
    head, _, body = raw.partition("\r\n\r\n")
    status, *lines = head.split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return status, headers, body


def serve_command(data: Path, *extra: str) -> list[str]:
    """``spit-tui serve`` on a free loopback port with ``data`` as its folder, as a
    process's arguments; its first line on stdout names the port (``served_port``)."""
    return [sys.executable, "-m", "spit.cli", "serve", "--port", "0", "--data", str(data), *extra]


def served_port(line: str, scheme: str = "ws") -> int:
    """The port in ``spit-tui serve``'s first line, which must say it listens."""
    assert f"listening on {scheme}://127.0.0.1:" in line, line
    return int(line.split(f"{scheme}://127.0.0.1:")[1].split()[0])
