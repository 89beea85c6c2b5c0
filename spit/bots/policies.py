"""Decision policies: which of the possible actions a bot takes.

A policy sees only what a player at the table sees (``spit.engine.observe``) and the
legal actions of that same, possibly stale, table, so it cannot cheat by construction.
It knows nothing of time: how fast the bot acts and how often it slips is the human
model's business (``spit.bots.human``), which keeps strategy and speed independently
tunable and lets the simulator compare policies at identical timing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from spit.engine import ADJACENT, Action, Move, Phase, Play, PlayerView, Slap


class Policy(Protocol):
    name: str
    """Short name, as given on the command line (``normal/naive``) and in replays."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (never empty), all legal on the table ``view`` shows."""
        ...


class NaivePolicy:
    """The first legal action in the engine's order: the lowest-numbered playable
    stockpile onto the lowest-numbered pile, else a move, and always the left pile at
    the slap. The baseline every other policy has to beat."""

    name = "naive"

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        return actions[0]


REVEAL: Final = 4
"""Playing a card that has a face-down card under it turns up a new option."""
SPACE: Final = 3
"""Emptying a stockpile opens a space, which pays off if a move can then reveal a card."""
CHAIN: Final = 2
"""Per own face-up card that the played card newly lets us play (it fits no top now)."""
GIFT: Final = 3
"""Per opponent face-up card that the played card newly lets them play."""
DENY: Final = 3
"""Per opponent face-up card that fits the covered top card and nowhere else after."""
PLAY: Final = 100
"""Any play outranks any move: a play gets rid of a card, a move only turns one up."""

_NOWHERE: Final = (False,) * 52
"""The adjacency row of the missing second pile in a one-pile round."""


class StrongPolicy:
    """A one-step lookahead over the visible cards.

    Each play is scored by what it changes on the table: a face-down card turned up or
    a space opened (reveal early, so that more options are in sight), own cards that
    can newly follow it (chains), opponent cards that can newly follow it (gifts) or
    that lose their only pile (denial). A move turns up the deepest stockpile. At the
    slap it takes the smaller pile, since every card taken must be got rid of again.

    The weights were tuned with the simulator against this policy's earlier versions
    (``docs/bots.md``); the slap alone is most of its edge over ``NaivePolicy``.
    """

    name = "strong"

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        if view.phase is Phase.SLAP:
            sizes = view.pile_sizes
            return Slap(0 if sizes[0] <= sizes[1] else 1)
        own = view.own
        tops = view.pile_tops
        own_up = [s.face_up for s in own]
        opp_up = [s.face_up for s in view.opponent if s.face_up is not None]
        hidden = any(s.face_down for s in own)
        best = actions[0]
        best_score = -1
        for action in actions:
            if type(action) is Play:
                stock = action.stock
                card = own_up[stock]
                assert card is not None
                fits = ADJACENT[card]
                covered = ADJACENT[tops[action.pile]]
                other = ADJACENT[tops[1 - action.pile]] if len(tops) == 2 else _NOWHERE
                score = PLAY + (REVEAL if own[stock].face_down else SPACE if hidden else 0)
                # A card never fits both the covered top and the card played on it (their
                # ranks differ by 0 or 2), so "fits" and "covered" below are exclusive.
                for s, up in enumerate(own_up):
                    if up is not None and s != stock and fits[up] and not other[up]:
                        score += CHAIN
                for up in opp_up:
                    if other[up]:
                        continue
                    if fits[up]:
                        score -= GIFT
                    elif covered[up]:
                        score += DENY
            elif type(action) is Move:
                score = own[action.stock].face_down
            else:
                continue
            if score > best_score:
                best, best_score = action, score
        return best


POLICIES: Final[dict[str, Policy]] = {p.name: p for p in (NaivePolicy(), StrongPolicy())}
"""Every policy by name. Policies hold no state, so one instance serves every bot."""
