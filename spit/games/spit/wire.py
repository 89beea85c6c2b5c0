"""Spit on the network: its views and news as JSON (``Wire``), and a room's table.

The table is the one written for every game (``spit.play.net_table.GameTable``); this
is what is Spit's in it. A seat's view is ``Game.observe`` for that seat; a
spectator's is the same (both players see the same cards, from opposite chairs) less
the one thing only seat 0 is told (``must_spit``). The news is each input handled (a
refused one to its player alone, with ``too_slow`` and by how much it was beaten), the
countdowns and the slap window (``docs/protocol.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final, TypeAlias, TypeVar, cast

from msgspec import Struct

from spit.core.cards import DECK, card_name
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import Seat, other
from spit.core.wire import Payload
from spit.engine import Action, Orders, PlayerView, Reason, State, Variant
from spit.engine.timers import CountdownStarted, SlapWindowOpened, Stage, TableEvent, Timing
from spit.engine.views import MOST_FACE_DOWN, StockView
from spit.game import Game, TimedEvent
from spit.games.spit.bots import make_bot
from spit.games.spit.game import can_act, new_session
from spit.games.spit.intents import Intent
from spit.games.spit.replay import ReplayWriter
from spit.play.events import InputHandled, SessionEvent, Stopped
from spit.play.net_table import BotTook, Forfeited, GameTable, Ready, Refused, SeatBot, Standing

BOT_LEVEL: Final = "normal"
"""The bot that takes a seat whose player is gone: the middle level, a fair match for
most players (``docs/bots.md``)."""

SHARED_MAX: Final = 20_000
"""Small tuples ``_shared`` keeps at most: the piles' tops or their sizes, some 8 000
for two piles."""

_SHARED: dict[tuple[object, ...], tuple[object, ...]] = {}

T = TypeVar("T", bound=tuple[object, ...])


def _shared(values: T) -> T:
    """The one tuple kept for these values (see ``view_json``); ``values`` itself once
    ``SHARED_MAX`` are kept."""
    kept = _SHARED.get(values)
    if kept is None:
        if len(_SHARED) >= SHARED_MAX:
            return values
        kept = _SHARED[values] = values
    return cast(T, kept)


def _row_json(stock: StockView) -> tuple[str | None, int]:
    return (None if stock.face_up is None else card_name(stock.face_up), stock.face_down)


class _Rows(dict[StockView, tuple[str | None, int]]):
    """A stock row's JSON by the row: every row a deal can show is made once, at
    import (``observe`` shares its rows the same way), so a view looks its ten rows up
    rather than writing them; a row no deal shows is made when first asked for."""

    def __missing__(self, stock: StockView) -> tuple[str | None, int]:
        row = self[stock] = _row_json(stock)
        return row


_ROWS: Final = _Rows(
    {
        stock: _row_json(stock)
        for stock in (
            StockView(None, 0),
            *(StockView(card, down) for card in DECK for down in range(MOST_FACE_DOWN + 1)),
        )
    }
)


def view_json(view: PlayerView) -> Payload:
    """A seat's view as plain JSON: face-up cards by name, face-down ones as counts.

    Its arrays are tuples (``json`` writes them as arrays; a client reads lists). A
    view lives while its game does not change, seconds, among thousands in a server of
    many rooms (``spit-tui serve``), and Python's cycle collector scans each container
    that lives that long (``spit.commands.serve_collector``); it stops tracking a tuple
    of plain values the first time it scans it. So a stock row (``_ROWS``), the piles'
    tops and their sizes are the same tuple in every view that has them, and the
    scores are the state's own (``docs/performance.md``, "Server capacity")."""
    rows = _ROWS
    return {
        "seat": view.player,
        "round": view.round,
        "phase": view.phase.value,
        "own": tuple(map(rows.__getitem__, view.own)),
        "opponent": tuple(map(rows.__getitem__, view.opponent)),
        "own_spit_cards": view.own_spit_cards,
        "opponent_spit_cards": view.opponent_spit_cards,
        "piles": _shared(tuple(map(card_name, view.pile_tops))),
        "pile_sizes": _shared(view.pile_sizes),
        "must_spit": view.must_spit,
        "scores": view.scores,
        "winner": view.winner,
    }


Rules: TypeAlias = Game[State, Stage, Action, Intent, Orders, TableEvent, Reason, PlayerView]
"""Spit as the game interface has it (``spit.games.spit.game.Game``)."""
Told: TypeAlias = Sequence[TimedEvent[SessionEvent[TableEvent, Action, Reason]]]


class _Made(Struct, frozen=True, gc=False):
    """A view, and the state it was made from."""

    state: State
    view: Payload


class Wire:
    """Spit's views and news (``spit.play.net_table.Wire``)."""

    def __init__(self, game: Rules, too_slow_ms: int) -> None:
        self.game = game
        self.too_slow_ms = too_slow_ms
        self._seat_zero: _Made | None = None
        """Seat 0's last view and its state."""

    def view(self, state: State, stage: Stage, seat: Seat | None, standing: Standing) -> Payload:
        """A seat's view with ``can_play``; a spectator's (``seat`` null) is seat 0's
        less ``must_spit``, copied from seat 0's last view when that was of the same
        state (the room makes the seats' views first)."""
        if seat is None:
            made = self._seat_zero
            if made is not None and made.state is state:
                out = dict(made.view)
                del out["can_play"]
            else:
                out = view_json(self.game.observe(state, seat))
            out["seat"] = None
            del out["must_spit"]
            return out
        out = view_json(self.game.observe(state, seat))
        out["can_play"] = standing.can_play
        if seat == 0:
            self._seat_zero = _Made(state, out)
        return out

    def can_play(self, state: State, stage: Stage, seat: Seat) -> bool:
        return can_act(state, stage, seat)

    def news(
        self,
        told: Told,
        stage: Stage,
        seats: list[tuple[int | None, Payload]],
        public: list[Payload],
    ) -> None:
        """Each input (a refused one to its player only), countdown and slap window."""
        for timed in told:
            event = timed.event
            item: Payload
            if isinstance(event, InputHandled):
                record = event.record
                item = {
                    "kind": "input",
                    "t": timed.t,
                    "seat": record.player,
                    "action": str(record.action),
                    "accepted": record.accepted,
                    "too_slow": record.too_slow,
                }
                if record.too_slow:
                    margin = self._beaten_by(stage, record.t, record.player)
                    if margin is not None:
                        item["beaten_by_ms"] = margin
                if not record.accepted:
                    seats.append((record.player, item))
                    continue
            elif isinstance(event, CountdownStarted):
                what, ends_at = event.kind.value, event.ends_at
                item = {"kind": "countdown", "t": timed.t, "what": what, "ends_at": ends_at}
            elif isinstance(event, SlapWindowOpened):
                item = {"kind": "slap", "t": timed.t, "ends_at": event.ends_at}
            else:
                continue
            seats.append((None, item))
            public.append(item)

    def fact(self, fact: Refused[Action] | Ready | BotTook | Forfeited) -> Payload | None:
        """A key that meant nothing, to its player, by the reason's stable name; an
        input the rules refused is told in its ``input`` item, and the table's other
        facts are not told (the ``over`` message says how the game ended)."""
        if not isinstance(fact, Refused) or fact.action is not None:
            return None
        if isinstance(fact.reason, Stopped):
            return None
        return {"kind": "refused", "t": fact.t, "seat": fact.seat, "why": fact.reason.value}

    def aside(self, state: State, seat: Seat, intent: Intent, t: int) -> Payload | None:
        return None

    def _beaten_by(self, stage: Stage, t: int, seat: Seat) -> int | None:
        """By how much the other seat's change beat ``seat``'s input at ``t``, in game
        time, when it was that change the input lost to. The room gives the table each
        input at its credited send time (``spit.net.fairness``), so this is the
        difference of the two players' credited send times."""
        margin = t - stage.changed_at
        if stage.changed_by != other(seat) or not 0 <= margin <= self.too_slow_ms:
            return None
        return margin


class Table(GameTable[State, Stage, Action, Intent, Orders, TableEvent, Reason, PlayerView]):
    """One room's game of Spit: ``GameTable`` with Spit's session, replay and wire."""

    def __init__(
        self,
        names: tuple[str, str],
        seed: int,
        replay_dir: Path | None,
        variant: Variant | str = Variant.STANDARD,
        timing: Timing | None = None,
        target: int = 100,
        bot_level: str = BOT_LEVEL,
    ) -> None:
        """``variant`` may be given by its name (``"points"``), as a network option is;
        ``bot_level``: the level of a bot that takes a seat (the server's choice).
        Raises ``ValueError`` for an unknown variant or a target out of range."""
        variant = Variant(variant)
        if not 1 <= target <= 1_000_000:
            raise ValueError(f"the target must be from 1 to 1000000, not {target}")
        self.seed = seed
        self.timing = timing or Timing()
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        writer = None
        if replay_dir is not None:
            writer = ReplayWriter.create(
                replay_dir,
                players=players,
                variant=variant,
                target=target,
                timing=self.timing,
                seed=seed,
                network=True,
            )
        session = new_session(
            seed=seed,
            variant=variant,
            target=target,
            timing=self.timing,
            recorders=[] if writer is None else [writer],
        )

        def bot(seat: Seat) -> SeatBot[State, Action, TableEvent, Reason]:
            bot_seed = (seed * 2 + 1 + seat) % 2**63
            return SeatBot(make_bot(bot_level, seat, bot_seed), bot_level, bot_seed)

        super().__init__(session, Wire(session.game, self.timing.too_slow_ms), writer, bot)
