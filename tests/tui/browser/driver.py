"""The browser on the menu's app, as a player opens it, and reading what it shows."""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from textual.worker import WorkerCancelled

from spit.tui.app import SpitApp
from spit.tui.shell.menu import ENTRIES
from spit.tui.shell.replays import ReplayBrowser

MENU = {entry_id: key for entry_id, key, _label in ENTRIES}
"""The menu's hotkeys by entry id."""


async def settle(pilot: Pilot[Any]) -> None:
    """Until the screens' workers have finished (or were cancelled, as a screen's
    are when it is left) and their messages are shown."""
    for worker in list(pilot.app.workers):
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()
    await pilot.pause()
    await pilot.pause()


async def open_browser(pilot: Pilot[Any]) -> ReplayBrowser:
    await pilot.press(MENU["replays"])
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReplayBrowser)
    return screen


def cells(app: SpitApp) -> list[tuple[str, ...]]:
    """The table's cells as text, top to bottom, the mark column first."""
    table = app.screen.query_one("#replay-files", DataTable)
    return [
        tuple(cell.plain if isinstance(cell, Text) else str(cell) for cell in table.get_row_at(i))
        for i in range(table.row_count)
    ]


def rows(app: SpitApp) -> list[tuple[str, ...]]:
    """The table's rows as text, top to bottom: date, mode, result, length, rounds, name."""
    return [row[1:] for row in cells(app)]


def marks(app: SpitApp) -> list[str]:
    """The mark column, top to bottom ("" for a row not marked)."""
    return [row[0] for row in cells(app)]


def names(app: SpitApp) -> list[str]:
    table = app.screen.query_one("#replay-files", DataTable)
    return [str(row.key.value).rsplit("/", 1)[-1] for row in table.ordered_rows]


def text_of(app: SpitApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def notices(app: SpitApp) -> list[str]:
    return [n.message for n in app._notifications]
