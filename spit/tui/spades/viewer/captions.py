"""What the caption line says about one step of a Spades replay, in words.

A replay shows both hands, so unlike the play screen's messages (``spit.tui.spades.notes``,
worked out from events redacted for the player at the keyboard) a caption may name
every card: what each player kept and put face down, what a blind-nil exchange swapped.
It is worked out from the game before and after the step, which the timeline keeps
anyway, so no events need storing. Refused inputs are told too, with the engine's
reason, so a viewer sees what a player tried as well as what worked.
"""

from __future__ import annotations

from collections.abc import Iterable

from spit.games.spades.engine import Card, Phase, State, actions
from spit.games.spades.timeline import Frame
from spit.replay.records import Deal
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.view import agree, subject


def caption(frame: Frame, names: tuple[str, str], painter: CardPainter) -> str:
    """One line about the step that led to ``frame``."""
    state, before, record = frame.state, frame.before, frame.record
    if isinstance(record, Deal):
        return f"Hand {record.round}: {subject(names[state.first], 'draw')} first."
    assert before is not None  # an input always comes after a hand's cards
    name, action = names[record.player], record.action
    if frame.refusal is not None:
        return f"{name} tried {_tried(action, painter)}: not allowed, {frame.refusal}."
    match action:
        case actions.DeclareBlindNil():
            return f"{subject(name, 'bid')} blind nil!"
        case actions.DeclineBlindNil():
            return f"{subject(name, 'decline')} blind nil."
        case actions.Keep() | actions.Discard():
            return _drawn(before, state, record.player, name, painter)
        case actions.Exchange(cards=given):
            if not given:
                return f"{subject(name, 'swap')} no cards."
            got = state.received[record.player][len(before.received[record.player]) :]
            gave = f"{subject(name, 'give')} {_cards(given, painter)}"
            return f"{gave} and {agree(name, 'get')} {_cards(got, painter)}."
        case actions.Bid(tricks=tricks):
            return f"{subject(name, 'bid')} {'nil' if tricks == 0 else tricks}."
        case actions.PlayCard(card=card):
            return _played(before, state, card, name, names, painter)
    return ""


def _tried(action: object, painter: CardPainter) -> str:
    match action:
        case actions.PlayCard(card=card):
            return f"to play {painter.name(card)}"
        case actions.Bid(tricks=tricks):
            return f"to bid {tricks}"
    return f"'{action}'"


def _drawn(before: State, after: State, player: int, name: str, painter: CardPainter) -> str:
    """What the drawer kept and put face down: both cards are known in a replay."""
    (kept,) = set(after.hands[player]) - set(before.hands[player])
    put_down = painter.name(after.discards[player][-1])
    if kept == before.stock[0]:
        line = f"{subject(name, 'keep')} {painter.name(kept)}; {put_down} goes face down."
    else:
        line = (
            f"{subject(name, 'discard')} {put_down} and {agree(name, 'take')} {painter.name(kept)}."
        )
    if after.phase is not Phase.DRAW:
        line += " The stock is used up."
    return line


def _played(
    before: State,
    after: State,
    card: Card,
    name: str,
    names: tuple[str, str],
    painter: CardPainter,
) -> str:
    verb = "play" if before.trick else "lead"
    line = f"{subject(name, verb)} {painter.name(card)}."
    if after.broken and not before.broken:
        line += " Spades are broken."
    if len(after.tricks) > len(before.tricks):
        line += f" {subject(names[after.tricks[-1].winner], 'win')} the trick."
    return line


def _cards(cards: Iterable[Card], painter: CardPainter) -> str:
    return " ".join(painter.name(c) for c in cards)
