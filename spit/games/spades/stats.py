"""A finished game of Spades as the statistics keep it: the game registry's
"statistics summary" for Spades.

The replay is re-played (``Resimulation``, through the session) and summarised:
who won, the scores, the hands, and for each player the bids of one trick or more and
how many were made, the nil bids (blind ones too) and how many were made. Spit's
figures (cards per minute, reactions) mean nothing here and are 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from spit.games.spades.engine import HandResult, Phase, State, state_hash
from spit.games.spades.replay import FORMAT, Replay, resimulation
from spit.games.summary import NO_FIGURES, GameSummary, PlayerSummary, game_key, mode_of, started_at
from spit.replay.records import Deal, Input

GAME: Final = "spades"
"""``GameSummary.game`` for a game of Spades."""


def spades_key(replay: Replay) -> str:
    """The game's identity: its hands and inputs (``spit.games.summary.game_key``)."""
    lines = FORMAT.lines
    return game_key(GAME, (lines.json(r) for r in replay.records if isinstance(r, Deal | Input)))


def summarize_spades(replay: Replay, path: Path) -> GameSummary | None:
    """The summary of the game in ``replay`` (read from ``path``); ``None`` if it was not
    played to its end. Raises ``spit.core.replay.mismatch.ReplayMismatch`` where the
    file and the game differ."""
    sim = resimulation(replay)
    sim.seek()
    state = sim.state
    forfeit = replay.forfeit
    if state is None:
        return None
    winner: int
    if forfeit is not None:
        winner = 1 - forfeit.player
    elif state.phase is Phase.GAME_OVER and state.winner is not None:
        winner = state.winner
    else:
        return None
    mode, human_seat, level = mode_of(replay.header.players, network=replay.over_the_network)
    players = tuple(_player(seat, state, replay, winner) for seat in (0, 1))
    return GameSummary(
        game_key=spades_key(replay),
        game=GAME,
        seal=replay.seal,
        replay_path=path.resolve(),
        final_hash=state_hash(state),
        started=started_at(replay.header.created, path),
        mode=mode,
        human_seat=human_seat,
        opponent_level=level,
        variant=None,
        winner=winner,
        rounds=state.hand,
        duration_ms=sim.time,
        playing_ms=sim.time,
        active_ms=sim.time,
        players=(players[0], players[1]),
        forfeit=forfeit is not None,
    )


@dataclass(frozen=True, slots=True)
class BidRecord:
    """How one player's bids went over a game."""

    bids: int
    """Hands bid at one trick or more."""
    made: int
    """Of those, the hands in which the player took at least the bid."""
    nils: int
    """Nil and blind-nil bids."""
    nils_made: int
    """Of those, the hands in which the player took no trick."""


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


def _player(seat: int, state: State, replay: Replay, winner: int) -> PlayerSummary:
    info = replay.header.players[seat]
    bids = bid_record(state.history, seat)
    return PlayerSummary.of(
        seat,
        info,
        seat == winner,
        NO_FIGURES,
        score=state.scores[seat],
        bids=bids.bids,
        bids_made=bids.made,
        nils=bids.nils,
        nils_made=bids.nils_made,
    )
