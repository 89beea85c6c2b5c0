"""Headless bot-against-bot games of any registered game on a virtual clock: how bots
are tuned and compared (``spit-tui sim``).

``spit.sim.run_games`` plays the run a game's simulator plans
(``GameDescriptor.simulator``); ``spit.sim.report`` reports it.
"""

from spit.core.seeds import derive_seed
from spit.sim.report import Result, plan, run_games
from spit.sim.runner import RunResult, play_game, run_indexed
from spit.sim.stats import wilson

__all__ = [
    "Result",
    "RunResult",
    "derive_seed",
    "plan",
    "play_game",
    "run_games",
    "run_indexed",
    "wilson",
]
