"""The saved games, newest first.

A stand-in until the replay browser exists: it shows what is in the replays directory
and how to watch a game from the command line.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from spit.tui.screens.base import ShellScreen

REPLAY_SUFFIX = ".spit.jsonl"
"""How the replay writer names its files (see ``spit.paths.replays_dir``)."""


def replay_files(directory: Path) -> list[Path]:
    """The replays in ``directory``, newest first (empty if it does not exist yet)."""
    try:
        files = [p for p in directory.iterdir() if p.name.endswith(REPLAY_SUFFIX) and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def _describe(path: Path) -> Text:
    stat = path.stat()
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stat.st_mtime))
    kilobytes = max(1, -(-stat.st_size // 1024))
    return Text.assemble((when, "bold"), (f"{kilobytes:>6} KB  ", "dim"), path.name)


class ReplayList(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="replays.back"),
    ]

    def compose_content(self) -> ComposeResult:
        directory = self.spit_app.replay_dir()
        files = replay_files(directory)
        yield Static("Replays", classes="screen-title")
        if files:
            yield Static(
                f"{len(files)} saved in {directory}, newest first.",
                classes="screen-hint",
                markup=False,
            )
            yield OptionList(*(Option(_describe(p), id=str(p)) for p in files), id="replay-files")
            yield Static(
                "Watching a replay here comes in a later version; "
                "for now run: spit-tui replay FILE",
                classes="screen-hint",
            )
        else:
            yield Static(
                f"No replays yet. Games you play are saved in {directory}.",
                id="no-replays",
                classes="screen-hint",
                markup=False,
            )
        yield Footer()

    @on(OptionList.OptionSelected, "#replay-files")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.notify(f"To watch it, run: spit-tui replay {event.option_id}", markup=False)
