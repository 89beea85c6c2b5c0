"""The notices server processes send each other over Redis pub/sub.

Each process listens on a channel of its own and on one for all; a notice is a small
msgspec struct, tagged by kind. A notice that does not parse, or is over
``MAX_NOTICE`` bytes, is dropped and counted: nothing a client sends reaches another
process unchecked, and a process cannot be made to parse without bound.
"""

from __future__ import annotations

from typing import Final

import msgspec

MAX_NOTICE: Final = 8 * 1024
"""Bytes of one notice at most."""


class Waiter(msgspec.Struct, frozen=True, kw_only=True):
    """A player in the shared queue: account, pool, rating, when they joined (wall
    clock, seconds: processes share no monotonic clock) and the process that serves
    their online session."""

    account: str
    game: str
    variant: str
    rating: int
    since: float
    process: str


class Pair(msgspec.Struct, frozen=True, tag="pair", kw_only=True):
    """To the first player's process: open a room for these two (the pairer took both
    out of the shared queue)."""

    first: Waiter
    second: Waiter


class SeatFound(msgspec.Struct, frozen=True, tag="seat", kw_only=True):
    """To the second player's process: the room the first's process opened for them;
    ``matched`` is the ``matched`` frame to send, as encoded for the client."""

    account: str
    matched: str


class Lost(msgspec.Struct, frozen=True, tag="lost", kw_only=True):
    """To every process: a process stopped without closing its rooms; the accounts that
    played in them, to be told (``reason``)."""

    accounts: list[str]
    rooms: list[str]
    reason: str


class Invitation(msgspec.Struct, frozen=True, tag="invitation", kw_only=True):
    """To the invitee's processes: an invite to show (``made``), or one withdrawn or
    lapsed (``reason``)."""

    id: int
    inviter: str
    inviter_name: str
    invitee: str
    game: str
    variant: str
    process: str
    """The inviter's process, where the answer goes."""
    reason: str | None = None


class Answer(msgspec.Struct, frozen=True, tag="answer", kw_only=True):
    """To the inviter's process: the invitee answered (accepted or declined)."""

    id: int
    inviter: str
    invitee: str
    invitee_name: str
    invitee_process: str
    accept: bool


Notice = Pair | SeatFound | Lost | Invitation | Answer

_decoder: Final = msgspec.json.Decoder(Notice)
_encoder: Final = msgspec.json.Encoder()


def encode_notice(notice: Notice) -> bytes:
    return _encoder.encode(notice)


def decode_notice(data: bytes | str) -> Notice | None:
    """The notice, or ``None`` for one too long or malformed."""
    if len(data) > MAX_NOTICE:
        return None
    try:
        return _decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


class SharedSeat(msgspec.Struct, frozen=True):
    """A seat of a matched room: a player's account, or a bot's level."""

    account: str | None = None
    bot: str | None = None


class SharedPlan(msgspec.Struct, frozen=True):
    """What the other processes keep of a matched room (``spit.net.online``'s plan), to
    end its game as the policy says if its process dies: its game and variant, who
    sits where, whether it is rated, its games' key, and how many games it played and
    recorded."""

    game: str
    variant: str
    seats: tuple[SharedSeat, ...]
    rated: bool
    key: str
    games: int = 0
    recorded: int = 0
