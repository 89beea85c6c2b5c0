"""What the viewer's footer says about the latest thing that happened.

Unlike the live table, which tells a player about their own refused keys, a replay
shows everyone's: a refused input reads "P2 too slow: 7♣ on left pile", so a viewer
can see what each player tried, not only what worked.
"""

from __future__ import annotations

from spit.engine import (
    CardMoved,
    CardPlayed,
    CardSpat,
    EndReason,
    Move,
    Play,
    RoundDealt,
    RoundEnded,
    Slap,
    Slapped,
    Spit,
    Stalled,
)
from spit.engine.timers import SlapWindowClosed
from spit.games.spit.timeline import Timeline
from spit.play.events import InputHandled
from spit.tui.shared.cards import CardPainter
from spit.tui.spit.board.presenter import refusal

WHO = ("P1", "P2")
_SIDES = ("left", "right")


def latest_caption(timeline: Timeline, seen: int, painter: CardPainter) -> str:
    """The caption of the latest event among the first ``seen`` that has one."""
    for index in range(seen - 1, -1, -1):
        text = caption(timeline, index, painter)
        if text is not None:
            return text
    return ""


def caption(timeline: Timeline, index: int, painter: CardPainter) -> str | None:
    """One line about ``timeline.events[index]``, or ``None`` if it is not worth one
    (a countdown tick, the bookkeeping around an accepted input)."""
    event = timeline.events[index].event
    name = painter.name
    match event:
        case CardPlayed(player=player, pile=pile, card=card):
            return f"{WHO[player]} played {name(card)} on {_pile(timeline, index, pile)}"
        case CardMoved(player=player, to=to, card=card):
            return f"{WHO[player]} moved {name(card)} to space {to + 1}"
        case CardSpat():
            spat = _spat_with(timeline, index)
            return "Spit! " + painter.dot.join(f"{WHO[e.player]} {name(e.card)}" for e in spat)
        case Stalled():
            return "Nobody can play: new spit cards are coming"
        case RoundEnded(reason=EndReason.STOCK_OUT, player=int(player)):
            return f"{WHO[player]} played the last stockpile card: the round is over"
        case RoundEnded():
            return "Nobody can play and no spit cards are left: the round is over"
        case Slapped(player=player, pile=pile, sizes=sizes):
            if index and isinstance(timeline.events[index - 1].event, SlapWindowClosed):
                return "Nobody slapped: each player takes the pile on their side"
            return f"{WHO[player]} slapped the {_SIDES[pile]} pile ({sizes[pile]} cards)"
        case RoundDealt(round=round_no, spit_cards=spit_cards):
            one_pile = " (one spit pile)" if 0 in spit_cards else ""
            return f"Round {round_no} is dealt{one_pile}"
        case InputHandled(record=record) if not record.accepted:
            return _refused(timeline, index, painter)
    return None


def _refused(timeline: Timeline, index: int, painter: CardPainter) -> str:
    event = timeline.events[index].event
    assert isinstance(event, InputHandled)
    record = event.record
    tried = timeline.tried[index]
    who = WHO[record.player]
    action = record.action
    if isinstance(action, Spit):
        return f"{who} pressed spit: spits are automatic"
    why = refusal(record, tried.phase).rstrip("!")
    card = painter.name(tried.card) if tried.card is not None else None
    if isinstance(action, Play):
        what = f"{card or f'stockpile {action.stock + 1}'} on {_pile(timeline, index, action.pile)}"
    elif isinstance(action, Move):
        what = f"move {card or f'stockpile {action.stock + 1}'}"
    else:
        assert isinstance(action, Slap)
        what = f"slap {_SIDES[action.pile]} pile" if action.pile in (0, 1) else "slap"
    return f"{who} {why}: {what}"


def _pile(timeline: Timeline, index: int, pile: int) -> str:
    """``the left pile``, or ``the pile`` in a round with one spit pile (R17)."""
    dealt = timeline.events[timeline.round_start(timeline.event_ends[index])].event
    if isinstance(dealt, RoundDealt) and 0 in dealt.spit_cards:
        return "the pile"
    return f"the {_SIDES[pile]} pile" if pile in (0, 1) else f"pile {pile + 1}"


def _spat_with(timeline: Timeline, index: int) -> list[CardSpat]:
    """The spit cards turned up at the same moment as the one at ``index``."""
    at = timeline.event_ends[index]
    spat = []
    for i in range(index, -1, -1):
        event = timeline.events[i].event
        if timeline.event_ends[i] != at:
            break
        if isinstance(event, CardSpat):
            spat.append(event)
    return spat[::-1]
