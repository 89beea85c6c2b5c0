"""Headless bot-against-bot games on a virtual clock: how bots are tuned and compared.

>>> from spit.sim import run_games
>>> result = run_games(4, seed=1, p1="expert", p2="beginner")
>>> result.games, result.wins(0) + result.wins(1) + result.unfinished
(4, 4)
"""

from spit.games.spit.sim import (
    DEFAULT_LIMIT_MS,
    BotSpec,
    GameRecord,
    GameSetup,
    derive_seed,
    play_game,
)
from spit.sim.runner import RunResult, SimResult, run_games, run_indexed
from spit.sim.stats import wilson

__all__ = [
    "DEFAULT_LIMIT_MS",
    "BotSpec",
    "GameRecord",
    "GameSetup",
    "RunResult",
    "SimResult",
    "derive_seed",
    "play_game",
    "run_games",
    "run_indexed",
    "wilson",
]
