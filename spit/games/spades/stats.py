"""Spades' own figures for the statistics written once (``spit.games.summary.GameStats``):
each player's bids of one trick or more and how many were made, and the nil bids
(blind ones too) and how many were made."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Final

from spit.core.seats import Seat
from spit.games.spades.engine import HandResult, State
from spit.games.spades.replay import Header
from spit.games.summary import GameStats, LevelColumn


@dataclass(frozen=True, slots=True)
class BidRecord:
    """How one player's bids went over a game."""

    bids: int
    """Hands bid at one trick or more..."""
    bids_made: int
    """...in which the player took at least the bid."""
    nils: int
    """Nil and blind-nil bids..."""
    nils_made: int
    """...in which the player took no trick."""


def bid_record(history: Iterable[HandResult], seat: int) -> BidRecord:
    """``seat``'s bids over the hands of ``history`` (``State.history``)."""
    bids = made = nils = nils_made = 0
    for result in history:
        bid, took = result.bids[seat], result.tricks[seat]
        if bid == 0:
            nils += 1
            nils_made += took == 0
        else:
            bids += 1
            made += took >= bid
    return BidRecord(bids, made, nils, nils_made)


def _seat(state: State, seat: Seat) -> dict[str, int]:
    """``seat``'s bids, by ``PlayerSummary`` field (``BidRecord``'s names)."""
    return asdict(bid_record(state.history, seat))


_BIDS = LevelColumn(
    "Bids made",
    lambda own: f"{100 * own['bids_made'] / own['bids']:.0f}%" if own["bids"] else "-",
    "the share of your bids of one trick or more that you made",
)
_NILS = LevelColumn(
    "Nils made",
    lambda own: f"{own['nils_made']} of {own['nils']}" if own["nils"] else "-",
    "your nil bids (blind ones too) made out of those bid",
)
STATS: Final[GameStats[Header, State, object, object, object]] = GameStats(
    seat=_seat, levels=(_BIDS, _NILS)
)
