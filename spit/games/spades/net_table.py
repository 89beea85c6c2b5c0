"""A game of Spades as the network server runs it: the session, fed intents, seen by seat.

What ``spit.games.spit.net_table`` is for Spit (see it for why the server knows no
game). The session is ``spit.games.spades.game``'s without a clock, driven on the
room's game time (``submit``, ``advance``), and recorded by the usual ``ReplayWriter``,
so ``spit-tui replay --check`` verifies a network game like a local one.

Intents are Spades' own, in the notation of ``spit.games.spades.intents.intent_text``:
the keys a screen sends (``key b``, ``enter at AS``, ``next``) or whole actions (``bid
4``, ``play AS``); the game judges each one when it is handled, as in a local game (a
letter in the exchange picks a card: ``spit.games.spades.game.picked``).

What a seat is sent is built only from ``observe`` (its view) and from the session's
events as the game tells them to that seat (``redact``, ``tell_action``), so the
opponent's hand, the order of the stock and of the exchange, and the opponent's draws
and exchanges never leave the server. A spectator is sent the same with neither seat's private cards
(``public_view``, ``public_news``: ``redact`` for nobody).

Two decisions of a two-screen game that a local one does not need:

- **The next hand** is dealt when both players have asked for it (Enter or ``next``
  after a hand is scored), so neither has the score taken away before reading it; a
  ``ready`` news item tells the other who is waiting. A seat a bot has taken over is
  always ready.
- **A bot taking over** a seat (``bot_takes``, when a dropped player's grace is over and
  the other goes on) plays that seat from then on, at the pace of the local screen's
  bot, and the replay says so on a ``bot`` line. A **forfeit** (``forfeit``) ends the
  game, and the replay with a ``forfeit`` line and the closing line, as in a Spit file
  (``docs/replay-format.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from spit.core.cards import card_name
from spit.core.replay.fields import PlayerInfo
from spit.core.seats import SEATS, Seat, other
from spit.games.spades.bots.agent import BotAgent, BotPace
from spit.games.spades.engine import Phase, redact, state_hash, to_move
from spit.games.spades.game import Step, new_session, picked, steps, tell_action
from spit.games.spades.intents import Confirm, Intent, NextHand, parse_intent
from spit.games.spades.net_view import event_json, public_json, view_json
from spit.games.spades.replay import DEFAULT_TARGET, ReplayWriter
from spit.play.events import DealAsked, InputRecord

BOT_PACE: Final = BotPace(move_ms=800, draw_ms=240)
"""A bot that takes a seat over waits as the local screen's bot does
(``spit.tui.spades.screen.BOT_DELAY``), so the player left can follow it."""

News = list[tuple[int | None, dict[str, Any]]]


class NetTable:
    """One room's game of Spades (``spit.net.room.NetTable``), recorded."""

    def __init__(
        self,
        names: tuple[str, str],
        seed: int,
        replay_dir: Path | None,
        target: int = DEFAULT_TARGET,
        bot_level: str | None = None,
    ) -> None:
        self.seed = seed
        self.bot_level = bot_level
        """The level of a bot that takes a seat over; ``None``: the middle one."""
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        self.writer = (
            None
            if replay_dir is None
            else ReplayWriter.create(
                replay_dir, players=players, seed=seed, target=target, network=True
            )
        )
        if self.writer is not None:
            self.writer.durable = False  # one event loop for every room: no fsync in it
        self.session = new_session(
            seed=seed,
            target=target,
            recorders=() if self.writer is None else (self.writer,),
            auto_deal=False,
        )
        self.bots: set[Seat] = set()
        """The seats a bot took over."""
        self._ready = [False, False]
        self._forfeit: Seat | None = None
        """The seat that lost by forfeit, if one did."""
        self._left = False
        """The forfeit was a player leaving on purpose (not a line gone too long)."""
        self._news: News = []
        self._public: list[dict[str, Any]] = []
        self._collect()

    @property
    def replay_path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    # -- the room's NetTable -----------------------------------------------------------

    def submit(self, seat: Seat, intent: str, at: int) -> None:
        """Handle ``intent`` (``intent_text`` notation) from ``seat`` at game time ``at``:
        the session decides what it means then. Raises ``ValueError`` for text that is
        no intent (the server counts it as the client's error)."""
        parsed = parse_intent(intent)
        if self.finished or seat in self.bots:
            self._refused(seat, at, "the game is over" if self.finished else "a bot plays here")
            return
        self.session.advance_to(at)
        self._collect()
        if self.session.state.phase is Phase.HAND_OVER and isinstance(parsed, NextHand | Confirm):
            self._asks_next(seat, at)
        else:
            self._handle(seat, parsed, at)
        self._collect()

    def advance(self, at: int) -> None:
        self.session.advance_to(at)
        self._collect()

    def next_due(self) -> int | None:
        return None if self.finished else self.session.next_due()

    def now(self) -> int:
        return self.session.time

    @property
    def finished(self) -> bool:
        return self._forfeit is not None or self.session.finished

    def view(self, seat: Seat) -> dict[str, Any]:
        """What ``seat`` may see (``observe``), and three public facts: who asked for the
        next hand, who lost by forfeit, and whether a key of this seat's does
        something now (``can_play``)."""
        view = view_json(self.session.observe(seat))
        view["ready"] = list(self._ready)
        view["forfeit"] = self._forfeit
        view["can_play"] = self._can_play(seat)
        return view

    def state_hash(self) -> str:
        return state_hash(self.session.state)

    def news(self) -> News:
        """Events since the last call: ``(seat, item)`` for one seat's eyes (its copy of
        an event, its own refused intent), ``(None, item)`` for both."""
        out, self._news = self._news, []
        return out

    def public_view(self) -> dict[str, Any]:
        """What both seats see (``public_json``) and the same public facts as a seat's
        view: who asked for the next hand, who lost by forfeit."""
        view = public_json(self.session.observe(SEATS[0]))
        view["ready"] = list(self._ready)
        view["forfeit"] = self._forfeit
        return view

    def public_news(self) -> list[dict[str, Any]]:
        """Events since the last call as a spectator may see them: each step with
        neither seat's private cards, and the news both seats get."""
        out, self._public = self._public, []
        return out

    def _tell(self, item: dict[str, Any]) -> None:
        """News for both seats and the spectators."""
        self._news.append((None, item))
        self._public.append(item)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    # -- what the server adds ----------------------------------------------------------

    def result(self) -> tuple[Seat | None, str] | None:
        """Once finished, the winner and why: ``"points"`` (the target reached),
        ``"left"`` (the other player left on purpose), ``"forfeit"`` (did not come
        back), or ``"hands"`` (stopped unfinished after the session's
        ``max_hands``, without a winner)."""
        if self._forfeit is not None:
            return other(self._forfeit), "left" if self._left else "forfeit"
        outcome = self.session.game.outcome(self.session.state)
        if outcome is not None:
            return outcome.winner, outcome.reason
        return (None, "hands") if self.session.finished else None

    def forfeit(self, seat: Seat, *, left: bool = False) -> None:
        """``seat`` loses: its player ``left`` on purpose, or did not come back in
        time."""
        if self.finished:
            return
        self._forfeit = seat
        self._left = left
        t = self.session.time
        if self.writer is not None:
            self.writer.on_forfeit(t, seat, self.session.state, left=left)
        self._tell({"kind": "forfeit", "t": t, "seat": seat, "winner": other(seat)})

    def lag_from(self, source: Callable[[], list[dict[str, int]]]) -> None:
        """What the room credited each seat's claims (``Room.lag``), read when the
        replay's closing line is written."""
        if self.writer is not None:
            self.writer.lag_from = source

    def bot_takes(self, seat: Seat) -> None:
        """A bot plays ``seat`` from now on (its player left; the other goes on)."""
        if self.finished or seat in self.bots:
            return
        from spit.games.spades.bots import LEVELS, make_bot  # only when one is needed

        level = self.bot_level or LEVELS[len(LEVELS) // 2]
        self.bots.add(seat)
        self.session.seat_agent(BotAgent(seat, make_bot(level, seat, self.seed), BOT_PACE))
        t = self.session.time
        if self.writer is not None:
            self.writer.on_bot(t, seat, level, self.seed)
        self._tell({"kind": "bot", "t": t, "seat": seat, "level": level})
        if self.session.state.phase is Phase.HAND_OVER:
            self._asks_next(seat, t)
        self._collect()

    # -- inside ------------------------------------------------------------------------

    def _handle(self, seat: Seat, intent: Intent, at: int) -> None:
        card = picked(self.session.state, seat, intent)
        if card is not None:  # a card of the seat's own hand, for the exchange
            item = {"kind": "picked", "t": at, "seat": seat, "card": card_name(card)}
            self._news.append((seat, item))
            return
        handled = self.session.submit_at(at, seat, intent)
        if isinstance(handled, InputRecord):
            if not handled.accepted:
                reason = handled.reason
                why = "" if reason is None else reason.message
                self._refused(seat, at, why, str(handled.action))
        elif not isinstance(handled, DealAsked):
            self._refused(seat, at, handled.message)

    def _refused(self, seat: Seat, at: int, why: str, resolved: str | None = None) -> None:
        item = {"kind": "refused", "t": at, "seat": seat, "why": why, "resolved": resolved}
        self._news.append((seat, item))

    def _asks_next(self, seat: Seat, at: int) -> None:
        """``seat`` has seen the hand's score; deal when both have."""
        if self._ready[seat]:
            return
        self._ready[seat] = True
        self._tell({"kind": "ready", "t": at, "seat": seat})
        if all(self._ready[s] or s in self.bots for s in (0, 1)):
            self._ready = [False, False]
            self.session.submit_at(at, seat, NextHand())

    def _can_play(self, seat: Seat) -> bool:
        if self.finished or seat in self.bots:
            return False
        if self.session.state.phase is Phase.HAND_OVER:
            return not self._ready[seat]
        return to_move(self.session.state) == seat

    def _collect(self) -> None:
        for step in steps(self.session.drain()):
            for seat in SEATS:
                self._news.append((seat, _step_item(step, seat)))
            self._public.append(_step_item(step, None))


def _step_item(step: Step, seat: Seat | None) -> dict[str, Any]:
    """A step as ``seat`` may be told it (``None``: a spectator): an input (``seat`` the
    player, its action unless the game keeps it from this seat: another's exchange
    names the cards given) or a hand dealt."""
    events = [event_json(redact(e, seat)) for e in step.events]
    record = step.record
    if record is None:
        return {"kind": "hand", "t": step.t, "events": events}
    action = tell_action(record.action, record.player, seat)
    return {
        "kind": "input",
        "t": step.t,
        "seat": record.player,
        "action": None if action is None else str(action),
        "accepted": record.accepted,
        "events": events,
    }
