"""Where a session's deals come from: a seeded dealer, or deals given to it.

The rules take every deal from outside (a chance outcome, ``spit.game``). Live games
and the simulator draw them from a seeded ``Dealer``, through the game's own drawing
(``Game.draw_first``, ``Game.draw_next``); a replay gives back the deals it recorded,
all at once or one at a time as it reads them (``push``); a practice position starts
from hand-written deals and continues from a seed.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable
from typing import Generic, Protocol, Self, TypeVar

from spit.core.dealer import Dealer

S = TypeVar("S")
C = TypeVar("C")
S_contra = TypeVar("S_contra", contravariant=True)
C_co = TypeVar("C_co", covariant=True)


class Deals(Protocol[S_contra, C_co]):
    """The deals of one game, in order."""

    def first(self) -> C_co:
        """The first deal."""
        ...

    def next(self, state: S_contra) -> C_co | None:
        """The next deal for ``state``; ``None`` when there is none (a replay's
        recording ends there)."""
        ...


class Drawing(Protocol[S_contra, C_co]):
    """How a game draws its deals from a dealer (what ``spit.game.Game`` has)."""

    def draw_first(self, dealer: Dealer) -> C_co: ...

    def draw_next(self, state: S_contra, dealer: Dealer) -> C_co: ...


class SeededDeals(Generic[S, C]):
    """Every deal drawn from one ``Dealer(seed)``: a seed deals the whole game again."""

    def __init__(self, game: Drawing[S, C], seed: int) -> None:
        self._game = game
        self._dealer = Dealer(seed)

    def first(self) -> C:
        return self._game.draw_first(self._dealer)

    def next(self, state: S) -> C:
        return self._game.draw_next(state, self._dealer)


def seeded_or_given(
    game: Drawing[S, C], seed: int | None, deals: Deals[S, C] | None
) -> Deals[S, C]:
    """``deals`` if given, else the deals of ``Dealer(seed)``: how a game's
    ``new_session`` takes either. Raises ``TypeError`` when neither is given."""
    if deals is not None:
        return deals
    if seed is None:
        raise TypeError("a session is dealt from a seed or from deals")
    return SeededDeals(game, seed)


class ScriptedDeals(Generic[S, C]):
    """Deals given in order (up front, or one at a time with ``push``), then those of
    ``then`` if it is given; without it, running out means the recorded game ended.

    A copy (``copy.deepcopy`` of a session, a viewer's snapshot) shares the deals,
    which never change, instead of copying every card of every round.
    """

    def __init__(self, deals: Iterable[C] = (), then: Deals[S, C] | None = None) -> None:
        self._queue = deque(deals)
        self._then = then

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin._queue = self._queue.copy()
        twin._then = copy.deepcopy(self._then, memo)
        return twin

    def push(self, deal: C) -> None:
        """One more deal, after the ones given."""
        self._queue.append(deal)

    def first(self) -> C:
        if not self._queue:
            raise ValueError("at least the first deal is needed")
        return self._queue.popleft()

    def next(self, state: S) -> C | None:
        if self._queue:
            return self._queue.popleft()
        return None if self._then is None else self._then.next(state)
