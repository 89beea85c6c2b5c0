"""Decision policies: which of the possible actions a bot takes.

A policy sees only what a player at the table sees (``spit.engine.observe``) and the
legal actions of that same, possibly stale, table, so it cannot cheat by construction.
It knows nothing of time: how fast the bot acts and how often it slips is the human
model's business (``spit.games.spit.bots.human``), which keeps strategy and speed independently
tunable and lets the simulator compare policies at identical timing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from spit.engine import ADJACENT, Action, Move, Play, PlayerView


class Policy(Protocol):
    name: str
    """Short name, as given on the command line (``normal/naive``) and in replays."""

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        """One of ``actions``: never empty, all legal plays and moves (slaps: ``HumanModel``)."""
        ...


class NaivePolicy:
    """The first legal action in the engine's order: the lowest-numbered playable
    stockpile onto the lowest-numbered pile, else a move. The baseline every other
    policy has to beat, and how a beginner plays: the first card seen to fit."""

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
    """A one-step lookahead over the visible cards, tuned with the simulator (``docs/bots.md``).

    A play scores by what it changes on the table: a card turned up or a space opened
    (reveal early), own cards that can newly follow it (chains), opponent cards that can
    newly follow it (gifts) or lose their only pile (denial). A move turns up the deepest
    stockpile."""

    name = "strong"

    def choose(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        tops = view.pile_tops
        two_piles = len(tops) == 2
        # zip(*row) splits a row into face-up cards and face-down counts in one C call (a
        # bot asks the policy hundreds of times a game); without ``strict=``, because any
        # keyword sends zip down a slower path, and a row holds pairs by construction.
        own_up, own_down = zip(*view.own)  # noqa: B905
        opp_up = [up for up, _ in view.opponent if up is not None]
        hidden = any(own_down)
        best = actions[0]
        best_score = -1
        for action in actions:
            if type(action) is Play:
                stock, pile = action.stock, action.pile
                fits = ADJACENT[own_up[stock]]
                covered = ADJACENT[tops[pile]]
                other = ADJACENT[tops[1 - pile]] if two_piles else _NOWHERE
                score = PLAY + (REVEAL if own_down[stock] else SPACE if hidden else 0)
                # A card never fits both the covered top and the card played on it (their
                # ranks differ by 0 or 2), so "fits" and "covered" below are exclusive. The
                # played card itself needs no skipping: no card fits on its own rank.
                for up in own_up:
                    if up is not None and fits[up] and not other[up]:
                        score += CHAIN
                for up in opp_up:
                    if other[up]:
                        continue
                    if fits[up]:
                        score -= GIFT
                    elif covered[up]:
                        score += DENY
            elif type(action) is Move:
                score = own_down[action.stock]
            else:
                continue
            if score > best_score:
                best, best_score = action, score
        return best


POLICIES: Final[dict[str, Policy]] = {p.name: p for p in (NaivePolicy(), StrongPolicy())}
"""Every policy by name. Policies hold no state, so one instance serves every bot."""
