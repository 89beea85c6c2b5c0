"""The network room of a game with nothing of its own to add to it: ``plain_net_play``.

The room's table is ``spit.play.net_table.GameTable`` sent by the wire written once
(``ObservedWire``: each seat its observation), recorded in the game's plain replay
format (``spit.replay.format.ReplayFormat.plain``, a ``spit.replay.plain`` header).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from spit.core.outcome import Refusal
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import Seat
from spit.game import Stage, check_options
from spit.games.descriptor import NetPlay
from spit.play.deals import SeededDeals
from spit.play.events import SessionEvent
from spit.play.net_table import GameTable, ObservedWire, SeatBot
from spit.play.session import Agent, Session
from spit.replay.format import ReplayFormat
from spit.replay.plain import PlainHeader
from spit.replay.writer import ReplayWriter

H = TypeVar("H", bound=PlainHeader)
S = TypeVar("S")
G = TypeVar("G", bound=Stage)
A = TypeVar("A")
I = TypeVar("I")  # noqa: E741  (the intent, beside A for the action)
C = TypeVar("C")
E = TypeVar("E")
R = TypeVar("R", bound=Refusal)
O = TypeVar("O")  # noqa: E741  (the observation)


def plain_net_play(
    fmt: ReplayFormat[H, S, G, A, I, C, E, R, O],
    bot: Callable[[Seat, int], Agent[S, A, SessionEvent[E, A, R]]],
    level: str,
) -> NetPlay:
    """A game's network play: a room takes the game's options (``GameInfo.options``),
    deals each round itself, and a bot of ``level`` made by ``bot(seat, seed)`` takes
    the seat of a player who is gone."""
    info = fmt.header.INFO

    def table(
        names: tuple[str, str], *, seed: int, replay_dir: Path | None, **options: object
    ) -> GameTable[S, G, A, I, C, E, R, O]:
        if set(options) - {option.key for option in info.options}:
            raise TypeError(f"{info.title}'s table takes no option {', '.join(sorted(options))}")
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        given = tuple(check_options(info.title, info.options, options).items())
        header = fmt.header(options=given, players=players, seed=seed, network=True)
        game = fmt.game_for(header)
        writer = None
        if replay_dir is not None:
            when = datetime.now().astimezone()
            writer = ReplayWriter.begin(fmt, replay_dir, header, when=when)
        recorders = () if writer is None else (writer,)
        session = Session(game, SeededDeals(game, seed), recorders=recorders, auto_deal=True)
        return GameTable(
            session, ObservedWire(game), writer, lambda seat: SeatBot(bot(seat, seed), level, seed)
        )

    def room_options(given: Mapping[str, object]) -> dict[str, object]:
        rooms = [option for option in info.options if option.in_rooms]
        return dict(check_options(info.title, rooms, given))

    return NetPlay(table=table, options=room_options)
