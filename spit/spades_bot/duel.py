"""Bot-against-bot games: the loop a front end runs, without the front end.

Used by the tests and to measure the levels against each other. Each game deals from
its own seeded ``Dealer`` and gives each bot its own seed, so a game is reproducible
from ``seed`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from spit.engine.deal import Dealer
from spit.spades import (
    Applied,
    Phase,
    State,
    apply,
    legal_actions,
    new_game,
    next_hand,
    observe,
    shuffled_hand,
    to_move,
)
from spit.spades_bot.bot import SpadesBot

MAX_HANDS = 200
"""The rules set no limit (SD12); a runaway game stops here, unfinished."""


def play_game(
    levels: tuple[str, str], seed: int, *, target: int = 500, max_hands: int = MAX_HANDS
) -> State:
    """Play ``levels[0]`` (player 1) against ``levels[1]`` (player 2) to the end.

    Returns the final state: ``GAME_OVER``, or ``HAND_OVER`` if ``max_hands`` ran out.
    """
    dealer = Dealer(seed)
    bots = (SpadesBot(levels[0], 0, seed * 2 + 1), SpadesBot(levels[1], 1, seed * 2 + 2))
    state = new_game(*shuffled_hand(dealer), target=target)
    while True:
        if state.phase is Phase.HAND_OVER:
            if state.hand >= max_hands:
                return state
            state = next_hand(state, *shuffled_hand(dealer)).state
            continue
        player = to_move(state)
        if player is None:
            return state
        action = bots[player].choose(observe(state, player), legal_actions(state, player))
        outcome = apply(state, player, action)
        if not isinstance(outcome, Applied):
            raise AssertionError(f"bot chose an illegal action {action}: {outcome.message}")
        state = outcome.state


@dataclass(frozen=True, slots=True)
class DuelResult:
    """``wins[i]`` counts the games won by ``levels[i]``, whichever seat it had."""

    levels: tuple[str, str]
    wins: tuple[int, int]
    unfinished: int
    hands: int
    """Hands played over all games."""

    @property
    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.unfinished

    def rate(self, i: int = 0) -> float:
        """The share of finished games won by ``levels[i]``."""
        finished = self.wins[0] + self.wins[1]
        return self.wins[i] / finished if finished else 0.0


def duel(levels: tuple[str, str], games: int, seed: int = 0, *, target: int = 500) -> DuelResult:
    """``games`` games between two levels, swapping seats every game."""
    wins = [0, 0]
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
    return DuelResult(levels, (wins[0], wins[1]), unfinished, hands)
