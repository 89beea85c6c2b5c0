"""A game of Spit as the network server runs it: the session, fed intents, seen by seat.

The server (``spit.net``) knows no game. It asks a table like this one to take an input
at a time, to run its timers, and to say what each seat may see. Everything sent from
here is built from ``spit.engine.observe`` (what one player may know) and a short list
of public events, so no face-down card and no spit-card order can reach a client: the
table never reads the state for a seat except through ``observe``. A spectator's view
(``public_view``) is seat 0's observation less the one thing only seat 0 is told
(``must_spit``): in Spit both players see the same cards, only from opposite chairs.

Over the network a game can also end by forfeit (``forfeit``) or go on with a bot in a
seat whose player is gone (``bot_takes``); the replay records both (a ``forfeit`` line
and the closing line; a ``bot`` line), so ``replay --check`` verifies such a game too
(``docs/replay-format.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar, cast

from spit.core.cards import card_name
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import Seat, other
from spit.engine import State, Variant, observe, state_hash
from spit.engine.timers import CountdownStarted, SlapWindowOpened, StagePhase, Timing
from spit.engine.views import PlayerView, StockView
from spit.games.spit.bots import make_bot
from spit.games.spit.game import new_session, useful_intents
from spit.games.spit.intents import parse_intent
from spit.games.spit.replay import ReplayWriter
from spit.play.events import InputHandled, IntentRefused

BOT_LEVEL: Final = "normal"
"""The bot that takes a seat whose player is gone: the middle level, a fair match for
most players (``docs/bots.md``)."""


SHARED_MAX: Final = 20_000
"""Small tuples ``_shared`` keeps at most: a stock row (a card name or none, a count of
at most a deck's cards), the piles' tops or their sizes: some 8 300 for two piles."""

_SHARED: dict[tuple[Any, ...], tuple[Any, ...]] = {}

T = TypeVar("T", bound=tuple[Any, ...])


def _shared(values: T) -> T:
    """The one tuple kept for these values (see ``view_json``); ``values`` itself once
    ``SHARED_MAX`` are kept."""
    kept = _SHARED.get(values)
    if kept is None:
        if len(_SHARED) >= SHARED_MAX:
            return values
        kept = _SHARED[values] = values
    return cast(T, kept)


def _row(stock: StockView) -> tuple[str | None, int]:
    return _shared((None if stock.face_up is None else card_name(stock.face_up), stock.face_down))


def view_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as plain JSON: face-up cards by name, face-down ones as counts.

    Its arrays are tuples (``json`` writes them as arrays; a client reads lists). A
    view lives while its game does not change, seconds, among thousands in a server of
    many rooms (``spit-tui serve``), and Python's cycle collector scans each container
    that lives that long (``spit.commands.serve_collector``); it stops tracking a tuple of plain
    values the first time it scans it. So a stock row, the piles' tops and their sizes
    are the same tuple in every view that has them (``_shared``), and the scores are
    the state's own: a new view is 3 containers to scan once and a dict to scan while
    it lives, instead of 16 lists every time (``docs/performance.md``, "Server
    capacity")."""
    return {
        "seat": view.player,
        "round": view.round,
        "phase": view.phase.value,
        "own": tuple(map(_row, view.own)),
        "opponent": tuple(map(_row, view.opponent)),
        "own_spit_cards": view.own_spit_cards,
        "opponent_spit_cards": view.opponent_spit_cards,
        "piles": _shared(tuple(map(card_name, view.pile_tops))),
        "pile_sizes": _shared(view.pile_sizes),
        "must_spit": view.must_spit,
        "scores": view.scores,
        "winner": view.winner,
    }


@dataclass(slots=True)
class _Shown:
    """A seat's last view and what it was made from, changed in place: a table's
    objects that are replaced while the game goes on (a new tuple or list at each
    step) are what Python's cycle collector scans in a server of many rooms
    (``view_json``)."""

    state: State | None = None
    phase: StagePhase | None = None
    forfeited: Seat | None = None
    view: dict[str, Any] | None = None


class NetTable:
    """One room's game of Spit (``spit.net.room.NetTable``): a session on the server's
    game clock, recorded."""

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
        ``bot_level``: the level of a bot that takes a seat (the server's choice: a
        quick match's offer, the day's bot). Raises ``ValueError`` for an unknown
        variant or a target out of range."""
        variant = Variant(variant)
        self.bot_level = bot_level
        if not 1 <= target <= 1_000_000:
            raise ValueError(f"the target must be from 1 to 1000000, not {target}")
        self.seed = seed
        self.timing = timing or Timing()
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        self.writer = (
            None
            if replay_dir is None
            else ReplayWriter.create(
                replay_dir,
                players=players,
                variant=variant,
                target=target,
                timing=self.timing,
                seed=seed,
                network=True,
            )
        )
        if self.writer is not None:
            self.writer.durable = False  # one event loop for every room: no fsync in it
        self.session = new_session(
            seed=seed,
            variant=variant,
            target=target,
            timing=self.timing,
            recorders=[] if self.writer is None else [self.writer],
        )
        self.forfeited: Seat | None = None
        """The seat that lost by forfeit, if the game ended so."""
        self.left = False
        """The forfeit was a player leaving on purpose (not a line gone too long)."""
        self.bots: dict[Seat, int] = {}
        """Seats a bot took over, with the bot's seed."""
        self._news: list[tuple[int | None, dict[str, Any]]] = []
        self._shown = (_Shown(), _Shown())
        """Each seat's last view, with what it was made from: the server asks for both
        views on every step of the room, and most steps change nothing."""
        self._public: list[dict[str, Any]] = []

    @property
    def replay_path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    def submit(self, seat: Seat, intent: str, at: int) -> None:
        """Handle ``intent`` from ``seat`` at game time ``at``: a key intent, in
        ``spit.games.spit.intents.intent_text``'s notation (a client sends keys, never
        whole actions); the session decides what it means then. Raises ``ValueError``
        for text that is no key intent (the server counts it as the client's error)."""
        parsed = parse_intent(intent)
        if self.finished:
            return
        result = self.session.submit_at(at, seat, parsed)
        if isinstance(result, IntentRefused):
            item = {"kind": "refused", "t": result.t, "seat": seat, "why": result.reason.value}
            self._tell(seat, item)
        self._collect()

    def advance(self, at: int) -> None:
        if self.finished:
            return
        self.session.advance_to(at)
        self._collect()

    def next_due(self) -> int | None:
        return self.session.next_due()

    def now(self) -> int:
        return self.session.time

    @property
    def finished(self) -> bool:
        return self.forfeited is not None or self.session.finished

    def result(self) -> tuple[Seat | None, str] | None:
        """The winner and why: ``"left"`` (the other player left on purpose),
        ``"forfeit"`` (did not come back), or how the variant is won (``"cards"``:
        rid of every card; ``"points"``: the target reached)."""
        if self.forfeited is not None:
            return other(self.forfeited), "left" if self.left else "forfeit"
        outcome = self.session.game.outcome(self.session.state)
        if outcome is None:
            return None
        return outcome.winner, outcome.reason

    def forfeit(self, seat: Seat, *, left: bool = False) -> None:
        """``seat`` loses now (it ``left`` on purpose, or did not come back); the
        replay gets its ``forfeit`` and closing lines."""
        if self.finished:
            return
        self.forfeited = seat
        self.left = left
        if self.writer is not None:
            self.writer.on_forfeit(self.session.time, seat, self.session.state, left=left)

    def lag_from(self, source: Callable[[], list[dict[str, int]]]) -> None:
        """What the room credited each seat's claims (``Room.lag``), read when the
        replay's closing line is written."""
        if self.writer is not None:
            self.writer.lag_from = source

    def bot_takes(self, seat: Seat) -> None:
        """A bot of the table's ``bot_level`` plays ``seat`` from now on, seeded from
        the game's seed; the replay gets a ``bot`` line."""
        if self.finished or seat in self.bots:
            return
        bot_seed = (self.seed * 2 + 1 + seat) % 2**63
        self.bots[seat] = bot_seed
        self.session.seat_agent(make_bot(self.bot_level, seat, bot_seed))
        if self.writer is not None:
            self.writer.on_bot(self.session.time, seat, self.bot_level, bot_seed)

    def view(self, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees (``view_json``), and ``can_play``: whether one of its keys
        would do something now, as the game judges it (``useful_intents``)."""
        session = self.session
        state, phase = session.state, session.stage.phase
        shown = self._shown[seat]
        if (
            shown.view is not None
            and shown.state == state
            and shown.phase == phase
            and shown.forfeited == self.forfeited
        ):
            return shown.view
        out = view_json(observe(state, seat))
        out["can_play"] = not self.finished and bool(useful_intents(state, session.stage, seat))
        shown.state, shown.phase, shown.forfeited = state, phase, self.forfeited
        shown.view = out
        return out

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: both rows, the piles and the scores, as both players
        see them (``own`` is seat 0's row, ``opponent`` seat 1's; ``seat`` is null)."""
        out = view_json(observe(self.session.state, 0))
        out["seat"] = None
        del out["must_spit"]
        return out

    def state_hash(self) -> str:
        return state_hash(self.session.state)

    def news(self) -> list[tuple[int | None, dict[str, Any]]]:
        """Public events since the last call: ``(seat, event)`` for one seat's eyes
        (its own refused input), ``(None, event)`` for both."""
        out = self._news.copy()  # the list kept stays the same one: see ``_Shown``
        self._news.clear()
        return out

    def public_news(self) -> list[dict[str, Any]]:
        """The events both seats were told since the last call (a refused input is its
        player's only), for spectators."""
        out = self._public.copy()
        self._public.clear()
        return out

    def _tell(self, whom: int | None, item: dict[str, Any]) -> None:
        self._news.append((whom, item))
        if whom is None:
            self._public.append(item)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def _beaten_by(self, t: int, seat: Seat) -> int | None:
        """By how much the other seat's change beat ``seat``'s input at ``t``, in game
        time, when it was that change the input lost to. The room gives the table each
        input at its credited send time (``spit.net.fairness``), so this is the
        difference of the two players' credited send times: who pressed first, and by
        how much, within what the network lets the server know."""
        stage = self.session.stage
        changed_at, changed_by = stage.changed_at, stage.changed_by
        margin = t - changed_at
        if changed_by != other(seat) or not 0 <= margin <= self.timing.too_slow_ms:
            return None
        return margin

    def _collect(self) -> None:
        for timed in self.session.drain():
            event = timed.event
            if isinstance(event, InputHandled):
                record = event.record
                item: dict[str, Any] = {
                    "kind": "input",
                    "t": timed.t,
                    "seat": record.player,
                    "action": str(record.action),
                    "accepted": record.accepted,
                    "too_slow": record.too_slow,
                }
                if record.too_slow:
                    margin = self._beaten_by(record.t, record.player)
                    if margin is not None:
                        item["beaten_by_ms"] = margin
                self._tell(None if record.accepted else record.player, item)
            elif isinstance(event, CountdownStarted):
                self._tell(
                    None,
                    {
                        "kind": "countdown",
                        "t": timed.t,
                        "what": event.kind.value,
                        "ends_at": event.ends_at,
                    },
                )
            elif isinstance(event, SlapWindowOpened):
                self._tell(None, {"kind": "slap", "t": timed.t, "ends_at": event.ends_at})
