"""The four things a player can do, as small immutable values.

Actions carry only what the player chooses; everything else (which card, which
empty space) follows from the state. Each has a short text notation, like UCI in
chess, used by replays and tests: ``play 3 1``, ``move 2``, ``spit``, ``slap 0``.
Like the events, they are untracked frozen records (see ``spit.engine.events``).
"""

from __future__ import annotations

from typing import TypeAlias

from msgspec import Struct


class Play(Struct, frozen=True, gc=False):
    """Play the face-up card of stockpile ``stock`` (0-4) onto spit pile ``pile`` (R07)."""

    stock: int
    pile: int

    def __str__(self) -> str:
        return f"play {self.stock} {self.pile}"


class Move(Struct, frozen=True, gc=False):
    """Move the face-up card of stockpile ``stock`` into the leftmost empty space (R09, D05)."""

    stock: int

    def __str__(self) -> str:
        return f"move {self.stock}"


class Spit(Struct, frozen=True, gc=False):
    """Turn the top spit card face up onto the player's own spit pile (R05, R13, D02)."""

    def __str__(self) -> str:
        return "spit"


class Slap(Struct, frozen=True, gc=False):
    """Slap spit pile ``pile`` at the end of a two-pile round (R15, D08)."""

    pile: int

    def __str__(self) -> str:
        return f"slap {self.pile}"


Action: TypeAlias = Play | Move | Spit | Slap


def action_key(action: Action) -> tuple[int, int, int]:
    """A total order on actions: plays, then moves, then spit, then slaps."""
    if isinstance(action, Play):
        return (0, action.stock, action.pile)
    if isinstance(action, Move):
        return (1, action.stock, 0)
    if isinstance(action, Spit):
        return (2, 0, 0)
    return (3, action.pile, 0)


def parse_action(text: str) -> Action:
    """Read the text notation. Raises ``ValueError`` with a readable message."""
    parts = text.split()
    try:
        match parts:
            case ["play", s, p]:
                return Play(_index(s, 5), _index(p, 2))
            case ["move", s]:
                return Move(_index(s, 5))
            case ["spit"]:
                return Spit()
            case ["slap", p]:
                return Slap(_index(p, 2))
    except ValueError as err:
        raise ValueError(f"bad action {_quoted(text)}: {err}") from None
    raise ValueError(
        f"bad action {_quoted(text)}: expected 'play S P', 'move S', 'spit' or 'slap P'"
    )


def _index(text: str, bound: int) -> int:
    if not (len(text) == 1 and text.isdigit() and int(text) < bound):
        raise ValueError(f"{_quoted(text)} is not an index 0..{bound - 1}")
    return int(text)


def _quoted(text: str) -> str:
    """An outside text fit for a message: cut short, quoted, and escaped by ``ascii``
    (no control character reaches a terminal; the engines import no I/O helpers)."""
    return ascii(text[:40]) + ("..." if len(text) > 40 else "")
