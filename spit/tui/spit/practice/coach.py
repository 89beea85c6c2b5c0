"""Which hint the practice round shows now, from the table and the player's keys.

Three kinds of move are taught, each the first time it is possible: a play onto a
spit pile, a move into an empty space, the slap at the end of a round. A kind is
taught once the player has done it (the coach is one of the match's recorders, so it
sees every accepted input); until then, whenever it is possible again, its hint comes
back. The keys named are the labels of the player's own key map, so a remapped key or
another layout is what the hint says. Nothing here draws or knows Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from spit.engine import Card, Move, Play, Slap, State, legal_actions
from spit.games.spit.session import InputRecord, MatchPhase, Orders

KINDS: Final = ("play", "move", "slap")
"""The kinds of move taught, in the order they usually come up."""
PLAYER: Final = 0
"""The player at the keyboard (the bot has seat 1)."""
SIDES: Final = ("left", "right")


@dataclass(frozen=True, slots=True)
class Hint:
    kind: str
    """One of ``KINDS``, or "start", "wait" or "done"."""
    text: str
    aim: tuple[int, int] | None = None
    """The stockpile and the pile the hint is about, to point at on the table."""


Label = Callable[[str], str]
"""A binding id's key, as the table shows it."""
Name = Callable[[Card], str]
"""A card's short name in the card style ("10♥", or "10H" in ASCII)."""


class Coach:
    """The practice round's teacher: a ``spit.games.spit.session.Recorder`` of what the player did,
    and ``hint`` for what to say now."""

    def __init__(self) -> None:
        self.taught: set[str] = set()
        """The kinds of move the player has made."""

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        pass

    def on_input(self, record: InputRecord, state: State) -> None:
        if record.player == PLAYER and record.accepted:
            action = record.action
            kind = (
                "slap"
                if isinstance(action, Slap)
                else "move"
                if isinstance(action, Move)
                else "play"
            )
            self.taught.add(kind)

    def on_round_over(self, t: int, state: State) -> None:
        pass

    def on_game_over(self, t: int, state: State) -> None:
        pass

    def hint(self, phase: MatchPhase, state: State, label: Label, name: Name) -> Hint:
        """What to tell the player now."""
        if phase is MatchPhase.SLAP and "slap" not in self.taught:
            return _slap(state, label)
        if phase is MatchPhase.PLAYING:
            actions = legal_actions(state, PLAYER)
            plays = [a for a in actions if isinstance(a, Play)]
            moves = [a for a in actions if isinstance(a, Move)]
            if plays and "play" not in self.taught:
                return _play(plays[0], state, label, name)
            if moves and "move" not in self.taught:
                return _move(moves[0], state, label, name)
        if self.taught >= set(KINDS):
            return Hint(
                "done", "You know every move now: play on and win! Esc leaves the practice."
            )
        if not self.taught:
            return Hint(
                "start",
                "Practice round against a very slow bot: get rid of all your cards first.",
            )
        return Hint("wait", "Keep playing every card you can: a hint shows here for each new move.")


def _play(play: Play, state: State, label: Label, name: Name) -> Hint:
    card = state.stocks[PLAYER][play.stock][-1]
    top = state.piles[play.pile][-1]
    side = "middle" if len(state.piles) == 1 else SIDES[play.pile]
    key = label(f"p1.play.{play.stock + 1}.{SIDES[play.pile]}")
    return Hint(
        "play",
        f"Your {name(card)} is one rank from the {side} pile's {name(top)}: "
        f"press {key} to play it.",
        (play.stock, play.pile),
    )


def _move(move: Move, state: State, label: Label, name: Name) -> Hint:
    card = state.stocks[PLAYER][move.stock][-1]
    key = label(f"p1.move.{move.stock + 1}")
    return Hint(
        "move",
        f"A space is free: press {key} to move your {name(card)} into it "
        "and turn up the card below.",
        (move.stock, 0),
    )


def _slap(state: State, label: Label) -> Hint:
    sizes = [len(pile) for pile in state.piles]
    pile = 0 if sizes[0] <= sizes[1] else 1
    key = label(f"p1.play.1.{SIDES[pile]}")
    return Hint(
        "slap",
        f"Round over: slap the smaller pile ({SIDES[pile]}, {sizes[pile]} cards) "
        f"with {key} before the bot!",
        (0, pile),
    )
