"""The figures of one game, worked out by re-simulating its replay: those of every
game (the winner, the rounds, the time, the scores) and, for a game that says what a
card played is (``spit.games.summary.PlayStats``: Spit), each player's plays.

A player's figures are ``spit.games.summary.PlayerFigures``, which the statistics'
``PlayerSummary`` of a seat extends with who sat there: one record of them for both.

Definitions (per player unless stated):

- **Cards played**: accepted inputs the game counts as plays (``PlayStats.plays``:
  Spit's ``Play``, a card put on a spit pile; its automatic spits and moves between
  stockpiles are not plays).
- **Playing time** (per game): the game time during which cards could be played, from
  each ``PlayStarted`` to the next stall or round end. Countdowns, slap windows and
  round summaries are left out, as is time spent paused (replays hold game time only).
- **Cards per minute**: cards played per minute of playing time, so that a game with
  many stalls or rounds is not slower on paper than the same play in fewer of them.
  0 when there was no playing time.
- **Reaction time**: how long a player took to use a chance to play. A chance opens
  when the table changes so that the player can play a card after not being able to
  (a spit, a card revealed by either player's play or move, the other player's card on
  a pile), and again at each of the player's own plays if they can still play after
  it. It ends with the player's next accepted play, which gives one sample (the time
  from the opening), or without a sample when the table changes so that the player
  can play nothing (the other player took the card's place, a stall, the round's end).
  A chance stays open while the player can play something, even if the card that
  could be played changes: the player could have played all that time. The figure is
  the mean of the samples; ``None`` when there is none.
- **Rejected presses**: inputs the match refused (an illegal key, a press during a
  countdown, a spit key, a race lost). **Too slow** counts those among them that were
  legal a moment before the other player's change (the match's ``too_slow`` flag).
- **Fastest run**: the longest series of a player's own accepted plays, each less
  than ``RUN_GAP_MS`` after the one before. The other player's plays in between do not
  break it (both play at once); one play is a run of 1.
- **Duration** (per game): game time from the first deal to the end of the game,
  countdowns and round summaries included.
- **Active time** (per game): the playing time, with each stretch in which nobody
  pressed a key counted for at most ``IDLE_MS``: what "fastest win" compares, so that
  a game left alone for minutes (without pausing) is not a slow win on paper. Time
  spent paused is never in a replay: the match's clock stops while it is paused, and
  every time in the file is game time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from spit.core.seats import Seat
from spit.games.descriptor import GameReplay
from spit.games.summary import NO_FIGURES
from spit.games.summary import PlayerFigures as PlayerFigures
from spit.play.events import InputHandled
from spit.stats.walk import UnusableReplay, Walkable, moments, walkable

RUN_GAP_MS: Final = 1000
"""Plays closer than this belong to the same run."""
IDLE_MS: Final = 10_000
"""A stretch of playing time without a key press counts for at most this long in the
active time: longer than anyone thinks about one move, shorter than a walk away."""


@dataclass(frozen=True, slots=True)
class GameFigures:
    winner: int | None
    """``None`` for an unfinished game (the replay stops before its end), or a draw."""
    finished: bool
    rounds: int
    duration_ms: int
    """Up to the end of the game, or to the last line of an unfinished replay."""
    playing_ms: int
    active_ms: int
    """The playing time less idle stretches (see the module docstring)."""
    scores: tuple[int, int]
    """Each seat's score at the end (``ReplayFormat.scores``)."""
    final_hash: str
    """``state_hash`` of the table after the last line, as ``spit.core.replay.verification``."""
    players: tuple[PlayerFigures, PlayerFigures]
    own: tuple[Mapping[str, int], Mapping[str, int]] = field(default=({}, {}))
    """Each seat's figures of the game's own (``GameStats.seat``: Spades' bids)."""


class _Player:
    """One player's running counts while the game is walked through."""

    def __init__(self) -> None:
        self.plays = 0
        self.rejected = 0
        self.too_slow = 0
        self.samples: list[int] = []
        self.chance_since: int | None = None
        self.run = self.best_run = 0
        self.last_play: int | None = None

    def played(self, t: int) -> None:
        self.plays += 1
        # No open chance: it opened at this very time (a timer ran just before).
        since = t if self.chance_since is None else self.chance_since
        self.samples.append(t - since)
        self.chance_since = None
        near = self.last_play is not None and t - self.last_play < RUN_GAP_MS
        self.run = self.run + 1 if near else 1
        self.best_run = max(self.best_run, self.run)
        self.last_play = t

    def table_changed(self, t: int, can_play: bool) -> None:
        if not can_play:
            self.chance_since = None
        elif self.chance_since is None:
            self.chance_since = t

    def figures(self, playing_ms: int) -> PlayerFigures:
        samples = self.samples
        return PlayerFigures(
            cards_played=self.plays,
            cards_per_minute=self.plays * 60_000 / playing_ms if playing_ms else 0.0,
            reaction_ms=sum(samples) / len(samples) if samples else None,
            reactions=len(samples),
            rejected=self.rejected,
            too_slow=self.too_slow,
            fastest_run=self.best_run,
        )


def game_figures(replay: GameReplay) -> GameFigures:
    """Re-simulate ``replay`` and work out its figures; ``UnusableReplay`` if it holds
    no deal, is not the game it claims, or cannot be re-played."""
    return figures_of(walkable(replay))


def figures_of(walk: Walkable) -> GameFigures:
    """``game_figures`` of a replay ready to be walked."""
    play = walk.play
    players = (_Player(), _Player())
    playing_ms = active_ms = 0
    playing_since: int | None = None
    last_press = 0
    """The later of the stretch's start and the last key press in it."""
    state: Any = None
    game = walk.format.game_for(walk.replay.header)
    ended_at: int | None = None
    t = rounds = 0
    for moment in moments(walk):
        t, rounds = moment.t, moment.rounds
        for timed in moment.events:
            event = timed.event
            if isinstance(event, InputHandled):
                record = event.record
                if playing_since is not None:
                    active_ms += min(timed.t - last_press, IDLE_MS)
                    last_press = timed.t
                tally = players[record.player]
                if not record.accepted:
                    tally.rejected += 1
                    tally.too_slow += int(record.too_slow)
                elif play is not None and play.plays(record.action):
                    tally.played(timed.t)
                continue
            starts = None if play is None else play.playing(event)
            if starts:
                playing_since = last_press = timed.t
            elif starts is False and playing_since is not None:
                playing_ms += timed.t - playing_since
                active_ms += min(timed.t - last_press, IDLE_MS)
                playing_since = None
        if moment.state is not state:
            state = moment.state
            if play is not None:
                for p, tally in enumerate(players):
                    legal = game.legal_actions(state, moment.stage, Seat(p))
                    tally.table_changed(t, any(play.plays(a) for a in legal))
            if ended_at is None and moment.stage.over:
                ended_at = t
    if state is None:
        raise UnusableReplay(
            "unfinished: nothing to replay: the file holds no deal", unfinished=True
        )
    if playing_since is not None:  # an unfinished game stopped during play
        playing_ms += t - playing_since
        active_ms += min(t - last_press, IDLE_MS)
    outcome = game.outcome(state)
    forfeit = walk.replay.forfeit
    winner: int | None = outcome.winner if outcome is not None else None
    if forfeit is not None:
        winner = 1 - forfeit.player
    if play is None:
        playing_ms = active_ms = t if ended_at is None else ended_at
    scores = walk.format.scores(state)
    figures = (
        (players[0].figures(playing_ms), players[1].figures(playing_ms))
        if play is not None
        else (NO_FIGURES, NO_FIGURES)
    )
    return GameFigures(
        winner=winner,
        finished=outcome is not None or forfeit is not None,
        rounds=rounds,
        duration_ms=t if ended_at is None else ended_at,
        playing_ms=playing_ms,
        active_ms=active_ms,
        scores=(scores[0], scores[1]),
        final_hash=game.state_hash(state),
        players=figures,
        own=_own(walk, state),
    )


def _own(walk: Walkable, state: object) -> tuple[Mapping[str, int], Mapping[str, int]]:
    seat = walk.stats.seat
    return ({}, {}) if seat is None else (seat(state, Seat(0)), seat(state, Seat(1)))
