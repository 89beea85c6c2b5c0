"""A game of Spit as the network server runs it: the session, fed intents, seen by seat.

The server (``spit.net``) knows no game. It asks a table like this one to take an input
at a time, to run its timers, and to say what each seat may see. Everything sent from
here is built from ``spit.engine.observe`` (what one player may know) and a short list
of public events, so no face-down card and no spit-card order can reach a client: the
table never reads the state for a seat except through ``observe``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spit.core.cards import card_name
from spit.core.replay.fields import PlayerInfo
from spit.engine import Variant, observe, state_hash
from spit.engine.views import PlayerView, StockView
from spit.games.spit.replay.writer import ReplayWriter
from spit.games.spit.session import (
    CountdownStarted,
    InputHandled,
    IntentRefused,
    Match,
    SeededDeals,
    SlapWindowOpened,
    Timing,
    parse_intent,
)


def view_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as plain JSON: face-up cards by name, face-down ones as counts."""

    def row(stocks: tuple[StockView, ...]) -> list[list[Any]]:
        return [[None if s.face_up is None else card_name(s.face_up), s.face_down] for s in stocks]

    return {
        "seat": view.player,
        "round": view.round,
        "phase": view.phase.value,
        "own": row(view.own),
        "opponent": row(view.opponent),
        "own_spit_cards": view.own_spit_cards,
        "opponent_spit_cards": view.opponent_spit_cards,
        "piles": [card_name(c) for c in view.pile_tops],
        "pile_sizes": list(view.pile_sizes),
        "must_spit": view.must_spit,
        "scores": list(view.scores),
        "winner": view.winner,
    }


class SpitNetTable:
    """One room's game of Spit: a ``Match`` on the server's game clock, recorded."""

    def __init__(
        self,
        names: tuple[str, str],
        seed: int,
        replay_dir: Path | None,
        variant: Variant = Variant.STANDARD,
        timing: Timing | None = None,
    ) -> None:
        self.timing = timing or Timing()
        players = (PlayerInfo("human", names[0]), PlayerInfo("human", names[1]))
        self.writer = (
            None
            if replay_dir is None
            else ReplayWriter.create(
                replay_dir,
                players=players,
                variant=variant,
                target=100,
                timing=self.timing,
                seed=seed,
            )
        )
        self.match = Match(
            SeededDeals(seed),
            variant=variant,
            timing=self.timing,
            recorders=[] if self.writer is None else [self.writer],
        )
        self._news: list[tuple[int | None, dict[str, Any]]] = []

    @property
    def replay_path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    def submit(self, seat: int, intent: str, at: int) -> None:
        """Handle ``intent`` (``spit.games.spit.session.intents`` notation) from ``seat``
        at game time ``at``: the match decides what it means then. Raises ``ValueError``
        for text that is no intent (the server counts it as the client's error)."""
        result = self.match.submit_intent(seat, parse_intent(intent), at)
        if isinstance(result, IntentRefused):
            item = {"kind": "refused", "t": result.t, "seat": seat, "why": result.reason.value}
            self._news.append((seat, item))
        self._collect()

    def advance(self, at: int) -> None:
        self.match.advance_to(at)
        self._collect()

    def next_due(self) -> int | None:
        return self.match.next_due()

    def now(self) -> int:
        return self.match.time

    @property
    def finished(self) -> bool:
        return self.match.finished

    def view(self, seat: int) -> dict[str, Any]:
        return view_json(observe(self.match.state, seat))

    def state_hash(self) -> str:
        return state_hash(self.match.state)

    def news(self) -> list[tuple[int | None, dict[str, Any]]]:
        """Public events since the last call: ``(seat, event)`` for one seat's eyes
        (its own refused input), ``(None, event)`` for both."""
        out, self._news = self._news, []
        return out

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def _collect(self) -> None:
        for timed in self.match.drain():
            event = timed.event
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
                self._news.append((None if record.accepted else record.player, item))
            elif isinstance(event, CountdownStarted):
                self._news.append(
                    (
                        None,
                        {
                            "kind": "countdown",
                            "t": timed.t,
                            "what": event.kind.value,
                            "ends_at": event.ends_at,
                        },
                    )
                )
            elif isinstance(event, SlapWindowOpened):
                self._news.append((None, {"kind": "slap", "t": timed.t, "ends_at": event.ends_at}))
