"""The ways from one screen to another that a screen asks the app for.

A screen posts one of these and the app (``spit.tui.app.SpitApp``) decides what to
show: which game's screen starts a game, which viewer opens a replay, whether leaving
a screen goes back to the one below or out of the app. So the shell needs no game's
screens, and no screen needs the app (``spit.tui.shared.services``). Each bubbles
from the screen that posts it up to the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.message import Message
from textual.screen import Screen


class StartGame(Message):
    """Start a game of ``game`` with the player's settings, over the screen posting it;
    ``bot_level`` ``None`` is two players on one keyboard."""

    def __init__(self, game: str, bot_level: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.bot_level = bot_level


class StartChallenge(Message):
    """Open the screen of the menu entry ``entry`` of the game called ``game``: one of
    the game's own screens, such as its day's deal or its ladder
    (``spit.tui.shared.front_ends.MenuEntry.opens``)."""

    def __init__(self, game: str, entry: str) -> None:
        super().__init__()
        self.game = game
        self.entry = entry


class StartPractice(Message):
    """Start the practice round with hints: the first registered game's that has one
    (``spit.tui.shared.front_ends.FrontEnds.practice``)."""


class OpenReplay(Message):
    """Watch the replay of ``game`` at ``path`` in that game's viewer (``None``: a file
    that could not be read, which Spit's viewer explains)."""

    def __init__(self, path: Path, game: str | None) -> None:
        super().__init__()
        self.path = path
        self.game = game


class LeaveScreen(Message):
    """Close ``screen``: back to the screen below, or out of the app if it was the
    screen the app was started on. (Not ``Leave``: its handler's name, ``on_leave``,
    is that of the mouse leaving a widget.)"""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen = screen
