"""The practice round: a first game that teaches, against a very slow bot.

``slow_bot`` makes the bot, ``coach`` decides which hint the table needs now (pure, on
the match and the player's key map), ``screen`` is the Spit game screen with
the hint line over its bottom row. The menu offers it once to a new player
(``spit.settings.model.Settings.practice_offered``), and How to play has it always.
"""

from spit.tui.spit.practice.screen import PracticeScreen, practice_round

__all__ = ["PracticeScreen", "practice_round"]
