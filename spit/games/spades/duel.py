"""Bot-against-bot games, played by the Spades session with no front end.

Used by the tests and to measure the levels against each other and against the
reference opponents of ``baselines`` (``docs/bots.md``). Each game deals from its own
seeded ``Dealer`` and gives each player its own seed, so a game is reproducible from
``seed`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from spit.core.seats import SEATS, Seat
from spit.games.spades.bots.agent import BotAgent, Player
from spit.games.spades.bots.baselines import RandomPlayer, ScriptedPlayer
from spit.games.spades.bots.bot import LEVELS, Bot
from spit.games.spades.engine import State
from spit.games.spades.game import new_session

MAX_HANDS = 200
"""The rules set no limit (SD12); a runaway game stops here, unfinished."""

OPPONENTS = ("scripted", "random")
"""The reference players a duel seats besides the levels (never offered to players)."""


def seat(name: str, player: Seat, seed: int) -> Player:
    """A level of ``LEVELS`` or a reference opponent of ``OPPONENTS`` for seat ``player``."""
    if name == "scripted":
        return ScriptedPlayer(player, seed)
    if name == "random":
        return RandomPlayer(player, seed)
    if name in LEVELS:
        return Bot(name, player, seed)
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(LEVELS + OPPONENTS)}")


def play_game(
    levels: tuple[str, str], seed: int, *, target: int = 500, max_hands: int = MAX_HANDS
) -> State:
    """Play ``levels[0]`` (player 1) against ``levels[1]`` (player 2) to the end, in a
    session with no pause between decisions.

    Returns the final state: ``GAME_OVER``, or ``HAND_OVER`` if ``max_hands`` ran out.
    """
    agents = [BotAgent(p, seat(levels[p], p, seed * 2 + 1 + p)) for p in SEATS]
    session = new_session(
        seed=seed, target=target, agents=agents, max_hands=max_hands, collect_events=False
    )
    session.run_to_end()
    return session.state


@dataclass(frozen=True, slots=True)
class DuelResult:
    """``wins[i]`` counts the games won by ``levels[i]``, whichever seat it had."""

    levels: tuple[str, str]
    wins: tuple[int, int]
    unfinished: int
    hands: int
    """Hands played over all games."""
    bids: tuple[int, int] = (0, 0)
    """Hands in which ``levels[i]`` bid one trick or more (nil bids are counted apart)."""
    made: tuple[int, int] = (0, 0)
    """Of those, the hands in which it took at least its bid."""
    points: tuple[int, int] = (0, 0)
    """Points scored over all games."""

    @property
    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.unfinished

    def rate(self, i: int = 0) -> float:
        """The share of finished games won by ``levels[i]``."""
        finished = self.wins[0] + self.wins[1]
        return self.wins[i] / finished if finished else 0.0

    def made_rate(self, i: int = 0) -> float:
        """The share of ``levels[i]``'s non-nil bids that it made."""
        return self.made[i] / self.bids[i] if self.bids[i] else 0.0


def duel(levels: tuple[str, str], games: int, seed: int = 0, *, target: int = 500) -> DuelResult:
    """``games`` games between two players, swapping seats every game."""
    wins, bids, made, points = [0, 0], [0, 0], [0, 0], [0, 0]
    unfinished = hands = 0
    for g in range(games):
        swap = g % 2
        seated = (levels[swap], levels[1 - swap])
        final = play_game(seated, seed + g, target=target)
        hands += final.hand
        if final.winner is None:
            unfinished += 1
        else:
            wins[final.winner ^ swap] += 1
        for result in final.history:
            for seat_ in (0, 1):
                who = seat_ ^ swap
                points[who] += result.points[seat_]
                if result.bids[seat_] > 0:
                    bids[who] += 1
                    made[who] += result.tricks[seat_] >= result.bids[seat_]
    return DuelResult(
        levels,
        (wins[0], wins[1]),
        unfinished,
        hands,
        (bids[0], bids[1]),
        (made[0], made[1]),
        (points[0], points[1]),
    )
