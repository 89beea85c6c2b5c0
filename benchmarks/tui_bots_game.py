"""spit-tui with a bot in both seats, for measuring the game's CPU at real speed.

    python benchmarks/tui_bots_game.py LEVEL SEED

Benchmark-only: ``spit-tui play`` has no option to seat a bot for player 1, so this
wraps the ``Match`` the game screen builds and adds a second bot of the same level.
Everything else (drawing, timers, the clock) is the real game.
"""

from __future__ import annotations

import sys
from typing import Any

import spit.tui.spit.game_screen as game_screen
from spit import composition
from spit.games.spit.bots import make_bot
from spit.tui.app import SpitApp
from spit.tui.spit.game_config import GameConfig


def main() -> None:
    level, seed = sys.argv[1], int(sys.argv[2])

    class BotsMatch(game_screen.Match):
        def __init__(self, deals: Any, *, agents: Any = (), **options: Any) -> None:
            super().__init__(deals, agents=[make_bot(level, 0, seed + 1), *agents], **options)

    game_screen.Match = BotsMatch  # type: ignore[misc]
    composition.install()  # the app finds Spit's table through its front ends
    SpitApp(start_game=GameConfig(bot_level=level, seed=seed, record=False)).run()


if __name__ == "__main__":
    main()
