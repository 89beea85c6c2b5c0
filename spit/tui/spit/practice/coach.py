"""Which hint the practice round shows now, from the table and the player's keys.

Three kinds of move are taught, each the first time it is possible: a play onto a
spit pile, a move into an empty space, the slap at the end of a round. A kind is
taught once the player has done it (the coach is one of the session's recorders, so it
sees every accepted input); until then, whenever it is possible again, its hint comes
back. What a key does now is the game's to say (``spit.games.spit.game.useful_intents``), and the
keys named are the labels of the player's own key map, so a remapped key or another
layout is what the hint says. Nothing here draws or knows Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from spit.core.seats import SEATS
from spit.engine import Action, Card, Move, Orders, Play, Reason, Slap, State
from spit.engine.timers import StagePhase
from spit.games.spit.game import Session, useful_intents
from spit.games.spit.intents import KeyIntent, PlayIntent, SpitIntent
from spit.play.events import InputRecord
from spit.tui.spit.intent_keys import binding_of

KINDS: Final = ("play", "move", "slap")
"""The kinds of move taught, in the order they usually come up."""
PLAYER: Final = SEATS[0]
"""The player at the keyboard (the bot has seat 1)."""
SIDES: Final = ("left", "right")


@dataclass(frozen=True, slots=True)
class Hint:
    kind: str
    """One of ``KINDS``, or "start", "none" (no key of the player's would play now),
    "wait" or "done"."""
    text: str
    aim: tuple[int, int] | None = None
    """The stockpile and the pile the hint is about, to point at on the table."""


Label = Callable[[str], str]
"""A binding id's key, as the table shows it."""
Name = Callable[[Card], str]
"""A card's short name in the card style ("10♥", or "10H" in ASCII)."""


class Coach:
    """The practice round's teacher: a ``spit.games.spit.game.Recorder`` of what the player did,
    and ``hint`` for what to say now."""

    def __init__(self) -> None:
        self.taught: set[str] = set()
        """The kinds of move the player has made."""

    def on_deal(self, t: int, round_no: int, orders: Orders) -> None:
        pass

    def on_input(self, record: InputRecord[Action, Reason], state: State) -> None:
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

    def hint(self, match: Session, label: Label, name: Name) -> Hint:
        """What to tell the player now. Which key does what is the game's to say
        (``useful_intents``), so a hint names the key that does it."""
        phase, state = match.stage.phase, match.state
        if phase is StagePhase.SLAP and "slap" not in self.taught:
            return _slap(match, label)
        if phase is StagePhase.PLAYING:
            useful = useful_intents(match.state, match.stage, PLAYER)
            plays = [(i, a) for i, a in useful if isinstance(a, Play)]
            moves = [(i, a) for i, a in useful if isinstance(a, Move)]
            if plays and "play" not in self.taught:
                return _play(*plays[0], state, label, name)
            if moves and "move" not in self.taught:
                return _move(*moves[0], state, label, name)
            if not useful and self.taught < set(KINDS):
                return NO_PLAY
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


NO_PLAY: Final = Hint(
    "none", "No card of yours fits a pile now (no play): wait for the piles to change."
)
"""What the "no play" mark beside the player's name means, in words: the hint for the
moments none of the player's keys would play (one line: it fits 80 columns)."""


def _key(intent: KeyIntent, label: Label) -> str:
    assert not isinstance(intent, SpitIntent)  # no key sends one
    return label(binding_of(PLAYER, intent))


def _aim(intent: KeyIntent) -> tuple[int, int]:
    """Where the arrow keys' selection goes for a play key's intent (a play or a slap)."""
    assert isinstance(intent, PlayIntent)  # only play keys play or slap
    return intent.stock, int(intent.side)


def _play(intent: KeyIntent, play: Play, state: State, label: Label, name: Name) -> Hint:
    card = state.stocks[PLAYER][play.stock][-1]
    top = state.piles[play.pile][-1]
    side = "middle" if len(state.piles) == 1 else SIDES[play.pile]
    return Hint(
        "play",
        f"Your {name(card)} is one rank from the {side} pile's {name(top)}: "
        f"press {_key(intent, label)} to play it.",
        _aim(intent),
    )


def _move(intent: KeyIntent, move: Move, state: State, label: Label, name: Name) -> Hint:
    card = state.stocks[PLAYER][move.stock][-1]
    return Hint(
        "move",
        f"A space is free: press {_key(intent, label)} to move your {name(card)} into it "
        "and turn up the card below.",
        (move.stock, 0),
    )


def _slap(match: Session, label: Label) -> Hint:
    """The smaller pile's slap, with the first key that slaps it."""
    sizes = [len(pile) for pile in match.state.piles]
    pile = 0 if sizes[0] <= sizes[1] else 1
    intent = next(i for i, a in useful_intents(match.state, match.stage, PLAYER) if a == Slap(pile))
    return Hint(
        "slap",
        f"Round over: slap the smaller pile ({SIDES[pile]}, {sizes[pile]} cards) "
        f"with {_key(intent, label)} before the bot!",
        _aim(intent),
    )
