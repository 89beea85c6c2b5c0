"""``spit-tui serve``: a headless server for many rooms, for a club or the internet.

Clients open rooms themselves (``spit-tui join ADDRESS`` without a code), pass the code
on, list the public rooms, and fetch a finished game's replay by its code; the server
writes every game's replay into its data folder (``DIR/replays``). It listens on
127.0.0.1 unless ``--host`` says otherwise: on the internet it usually sits behind a
reverse proxy that holds the TLS certificate (``docs/deploy.md``), or it speaks TLS
itself with ``--tls-cert``/``--tls-key``. ``GET /health`` answers with plain JSON.

Accounts, quick match, invites, ratings and leaderboards (``spit.net.online``) are
kept in a database: a SQLite file in the data folder (``DIR/online.db``) by default,
or PostgreSQL with ``--database postgresql://...``; the accounts' tokens are signed
with a key made once in the data folder (``DIR/account-keys``, mode 0600). A database
that cannot be opened is one line and status 1. ``GET /leaderboard`` answers a board
as JSON (``docs/protocol.md``).

It runs until SIGINT or SIGTERM (Ctrl-C, ``systemctl stop``, ``docker stop``), then
closes every room, so that each replay is complete up to that moment, and exits with
status 0. Bad options, unusable TLS files, a data folder that cannot be made and an
address that cannot be listened on end with one line on stderr and a non-zero status.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import logging
import signal
from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path
from ssl import SSLContext
from typing import Any

from spit.commands import _args, _tls
from spit.commands._args import add_port_option, folder, int_between, number_up_to, parsed_by
from spit.commands.output import cannot_listen, complain, emit
from spit.commands.serve_collector import Collecting
from spit.core.safe_text import safe_path, safe_text
from spit.games import registry
from spit.games.descriptor import ServerDaily
from spit.net.latency import LatencyProbe
from spit.net.limits import Limits
from spit.net.lobby import Lobby, Tables
from spit.net.online import DailyGame, OnlineService
from spit.net.room import TableFactory
from spit.net.server import GameServer
from spit.net.shared.redis_cluster import RedisCluster, RedisUnreachable
from spit.net.tables import table_factory
from spit.net.tls import TLSError
from spit.online.errors import StoreError

DEFAULTS = Limits()
log = logging.getLogger("spit.serve")


def _redis_url(text: str) -> str:
    if not text.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"{text!r} is not a Redis URL (redis://HOST:PORT/DB)")
    return text


def _ws_url(text: str) -> str:
    if not text.startswith(("ws://", "wss://")) or len(text) > 200:
        raise ValueError(f"{text!r} is not a ws:// or wss:// address")
    return text


def _address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise ValueError(f"{text!r} is not an IP address") from None


def _add_limit(
    parser: argparse.ArgumentParser,
    flag: str,
    check: Callable[[str], float],
    default: float,
    metavar: str,
    text: str,
) -> None:
    """One of the server's limits as an option, its default (``Limits()``'s) in its help."""
    parser.add_argument(
        flag, type=check, default=default, metavar=metavar, help=f"{text} (default {default:g})"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; "
        "0.0.0.0 for every interface)",
    )
    add_port_option(parser, any_free=True)
    parser.add_argument(
        "--data",
        type=folder,
        metavar="DIR",
        help="the server's data folder; replays go into DIR/replays "
        "(default: spit-tui's data folder, under server/)",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="where accounts, ratings and boards are kept: postgresql://USER@HOST/DB, "
        "or a SQLite file's path (default: DIR/online.db)",
    )
    rooms = int_between(1, 100_000)
    _add_limit(parser, "--max-rooms", rooms, DEFAULTS.max_rooms, "N", "rooms open at once")
    _add_limit(
        parser,
        "--idle-minutes",
        number_up_to(7 * 24 * 60),
        DEFAULTS.idle_s / 60,
        "M",
        "close a room after M minutes without play",
    )
    _add_limit(
        parser,
        "--waiting-minutes",
        number_up_to(24 * 60),
        DEFAULTS.waiting_s / 60,
        "M",
        "close a room no second player came to in M minutes",
    )
    _add_limit(
        parser,
        "--connects-per-minute",
        int_between(1, 10**7),
        DEFAULTS.connects_per_minute,
        "N",
        "connection attempts a minute from one address",
    )
    _add_limit(
        parser,
        "--waiting-per-address",
        int_between(1, 1000),
        DEFAULTS.waiting_per_address,
        "N",
        "rooms waiting for a second player one address may have open",
    )
    _add_limit(
        parser,
        "--max-per-address",
        int_between(1, 10_000),
        DEFAULTS.max_per_address,
        "N",
        "connections at once from one address",
    )
    parser.add_argument(
        "--max-spectators",
        type=int_between(0, 10_000),
        default=DEFAULTS.max_spectators,
        metavar="N",
        help=f"spectators of one room at once (default {DEFAULTS.max_spectators}; 0: none)",
    )
    parser.add_argument(
        "--redis",
        type=parsed_by(_redis_url),
        metavar="URL",
        help="share the club with the other processes on this Redis (redis://HOST:PORT/DB): "
        "room codes, public rooms, presence, the queue and rate limits (docs/deploy.md)",
    )
    parser.add_argument(
        "--advertise",
        type=parsed_by(_ws_url),
        metavar="URL",
        help="with --redis, how the other processes reach this one (ws://HOST:PORT; "
        "default: the address it listens on)",
    )
    parser.add_argument(
        "--trust-proxy",
        type=parsed_by(_address),
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address, whose X-Forwarded-For names the client for "
        "the per-address cap (repeatable)",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="measure the time from each intent to its answer, served at GET /stats "
        "(for benchmarks/server_capacity.py; clients on this machine)",
    )
    parser.add_argument(
        "--seed",
        type=_args.seed,
        metavar="N",
        help="deal every room's first game from seed N, its rematches from N+1, ... "
        "(for tests and demonstrations: players could learn the deals; default: random)",
    )
    _args.add_ordering_option(parser)
    _tls.add_server_options(parser)


def registry_tables(replay_dir: Path, seed: int | None = None) -> Tables:
    """Rooms' games as the registry describes them: the game a client names (the
    first network game when it names none), with the options the game's own check
    lets through (``GameDescriptor.net``'s ``options``), a fresh random seed per game
    (or ``seed``, ``seed + 1``, ... in each room), the replays written into
    ``replay_dir``."""
    playable = [game for game in registry.games() if game.net is not None]

    def tables(game: str | None, options: Mapping[str, Any]) -> tuple[str, TableFactory]:
        chosen = next((g for g in playable if g.name == game), None) if game else playable[0]
        if chosen is None or chosen.net is None:
            offered = ", ".join(g.name for g in playable)
            raise ValueError(f"this server has no game {safe_text(game)}; it has {offered}")
        checked = chosen.net.options(options)
        return chosen.name, table_factory(chosen.name, checked, replay_dir=replay_dir, seed=seed)

    return tables


def limits_of(args: argparse.Namespace) -> Limits:
    return Limits(
        max_rooms=args.max_rooms,
        max_per_address=args.max_per_address,
        max_spectators=args.max_spectators,
        idle_s=args.idle_minutes * 60,
        waiting_s=args.waiting_minutes * 60,
        waiting_per_address=args.waiting_per_address,
        connects_per_minute=args.connects_per_minute,
        trusted_proxies=frozenset(args.trust_proxy),
    )


def run(args: argparse.Namespace) -> int:
    try:
        tls = _tls.server_tls(args)
    except TLSError as error:
        complain("serve", str(error))
        return 2
    if args.redis and args.advertise is None and _is_wildcard(args.host):
        complain(
            "serve",
            f"listening on every interface ({safe_text(args.host)}), the other processes "
            "cannot guess this one's address: give --advertise ws://HOST:PORT",
        )
        return 2
    data: Path = args.data if args.data is not None else _default_data()
    replays = data / "replays"
    try:
        replays.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        complain("serve", f"cannot make the data folder {safe_path(replays)}: {error.strerror}")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # a line per connection
    try:
        asyncio.run(_serve(args, tls, data, replays))
    except OSError as error:  # the port is taken, the address is not this machine's
        cannot_listen("serve", args.host, args.port, error)
        return 1
    except StoreError as error:
        complain("serve", f"cannot use the database: {error}")
        return 1
    except RedisUnreachable as error:
        complain("serve", safe_text(str(error)))
        return 1
    return 0


def _is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _default_data() -> Path:
    from spit.paths import data_dir

    return data_dir() / "server"


def server_dailies() -> dict[str, Callable[[date], DailyGame]]:
    """Each registered game's daily deal on the server, for the games that have one
    (a game without one has no daily board, and says so)."""
    dailies: dict[str, Callable[[date], DailyGame]] = {}
    for descriptor in registry.games():
        if descriptor.server_daily is not None:
            dailies[descriptor.name] = _as_daily_game(descriptor.server_daily)
    return dailies


def server_bot_ratings() -> dict[str, Mapping[str, tuple[float, float]]]:
    """Each registered game's bot levels' fixed ratings, for the games that rate them."""
    return {
        descriptor.name: descriptor.bots.ratings()
        for descriptor in registry.games()
        if descriptor.bots.ratings is not None
    }


def _as_daily_game(deal_of: Callable[[date], ServerDaily]) -> Callable[[date], DailyGame]:
    def daily(day: date) -> DailyGame:
        deal = deal_of(day)
        return DailyGame(variant=deal.variant, bot=deal.bot, seed=deal.seed)

    return daily


async def open_online(args: argparse.Namespace, data: Path, limits: Limits) -> OnlineService:
    """The online service over the database ``--database`` names (by default SQLite in
    the data folder), its tokens signed with the data folder's key. Raises
    ``StoreError``."""
    from spit.online.keys import server_keys
    from spit.online.store import OnlineStore

    keys = server_keys(data)
    where = args.database or str(data / "online.db")
    store = await OnlineStore.open(where, keys, bots=server_bot_ratings())
    secret = hmac.new(keys[-1], b"spit-tui daily deals", hashlib.sha256).digest()
    return OnlineService(store, limits=limits, dailies=server_dailies(), daily_secret=secret)


async def _serve(
    args: argparse.Namespace, tls: SSLContext | None, data: Path, replays: Path
) -> None:
    tables = registry_tables(replays, args.seed)
    lobby = Lobby(tables)
    probe = LatencyProbe() if args.stats else None
    limits = limits_of(args)
    cluster = await _cluster(args.redis) if args.redis else None
    online = await open_online(args, data, limits)
    try:
        await _listen(args, tls, replays, tables, lobby, probe, limits, online, cluster)
    finally:
        await online.store.close()


async def _cluster(url: str) -> RedisCluster:
    """The cluster on Redis at ``url``; ``RedisUnreachable`` if Redis does not answer."""
    cluster = RedisCluster(url)
    await cluster.check()
    return cluster


async def _listen(
    args: argparse.Namespace,
    tls: SSLContext | None,
    replays: Path,
    tables: Tables,
    lobby: Lobby,
    probe: LatencyProbe | None,
    limits: Limits,
    online: OnlineService,
    cluster: RedisCluster | None,
) -> None:
    server = GameServer(
        tables(None, {})[1],
        lobby=lobby,
        limits=limits,
        probe=probe,
        ordering=args.ordering,
        replay_dir=replays,
        online=online,
        cluster=cluster,
    )
    server.advertise = args.advertise
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on Windows' loop
            loop.add_signal_handler(signum, stop.set)
    async with server.listening(args.host, args.port, ssl=tls) as listening:
        collecting = Collecting()  # start-up is over: see spit.commands.serve_collector
        if probe is not None:
            probe.watch_collector()
        host, port = next(iter(listening.sockets)).getsockname()[:2]
        scheme, web = ("ws", "http") if tls is None else ("wss", "https")
        emit(
            f"spit-tui serve: listening on {scheme}://{host}:{port} "
            f"(health: {web}://{host}:{port}/health); replays in {safe_path(replays)}"
        )
        if tls is None and not ipaddress.ip_address(host).is_loopback:
            log.warning(
                "listening beyond this machine without TLS: put a reverse proxy with a "
                "certificate in front, or give --tls-cert and --tls-key (docs/deploy.md)"
            )
        try:
            await stop.wait()
        finally:
            collecting.stop()
        log.info("stopping: closing %d rooms", len(server.rooms))
