"""The lines under a game's result that say what it did to the records and the rating:
"New best: fastest win 1:12 (normal, standard)", "Rating 1532 ± 95 (+18)".

A widget of its own, like ``HeadToHead``, so that the result overlay needs one line to
show it: it asks the statistics in a thread (``spit.stats.game_news``, which records
the game first if the game screen's own recording has not got there yet) and stays
hidden when there is nothing to say (a game of bots only) or no statistics to ask.
A game that counts for nothing (a deal played before, an edited replay) says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.widgets import Static

if TYPE_CHECKING:
    from rich.text import Text


class GameNewsLines(Static):
    DEFAULT_CSS = """
    GameNewsLines {
        display: none;
    }
    """

    def __init__(self, replay: Path, *, ascii_only: bool = False) -> None:
        super().__init__("", markup=False, id="game-news")
        self._replay = replay
        self._ascii = ascii_only

    def on_mount(self) -> None:
        self.run_worker(self._find, name="game news", thread=True, exit_on_error=False)

    def _find(self) -> None:
        from spit.stats import game_news
        from spit.tui.shared.records import news_text  # with the statistics, in the thread

        news = game_news(self._replay)
        text = None if news is None else news_text(news, ascii_only=self._ascii)
        if text:
            self.app.call_from_thread(self._show, text)

    def _show(self, text: Text) -> None:
        self.update(text)
        self.display = True
