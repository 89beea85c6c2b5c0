"""What ``apply`` returns: the new state and its events, or a rejection.

Generic over the game, because every engine in the project (Spit, Spades) follows the
same discipline: a bad action is data, not an exception, and never changes the state.
An outcome holds an immutable state and events, so it is an untracked frozen record
like the events (``gc=False``: it can never be part of a reference cycle).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Generic, TypeVar

from msgspec import Struct

S = TypeVar("S")
E = TypeVar("E")


class Refusal(StrEnum):
    """The base of a game's reasons for refusing an action. ``message`` is a sentence
    fit to show a player: the value itself, unless the game's reasons keep their
    messages apart from stable names (Spit's ``Reason`` does)."""

    @property
    def message(self) -> str:
        return self.value


R_co = TypeVar("R_co", bound=Refusal, covariant=True)


class Applied(Struct, Generic[S, E], frozen=True, gc=False):
    """The action was legal: the resulting state and what happened, in order."""

    state: S
    events: tuple[E, ...]


class Rejected(Struct, Generic[R_co], frozen=True, gc=False):
    """The action was not legal; the state is unchanged. ``message`` is fit to show a
    player."""

    reason: R_co

    @property
    def message(self) -> str:
        return self.reason.message
