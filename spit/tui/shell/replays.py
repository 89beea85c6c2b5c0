"""The saved games, newest first: watch, rename, delete or export one, or mark several
(Space or ``m``) and delete them with one question.

The screen appears at once and fills in as a worker thread reads the folder: the
files are summed up without re-simulating anything (``saved_games``), in batches, so
a folder of hundreds of games shows its first rows before the last are read.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Final

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable, Footer, Static
from textual.widgets.data_table import RowKey
from textual.worker import get_current_worker

from spit import saved_games
from spit.core.safe_text import safe_lines, safe_text
from spit.saved_games import SavedGame, SavedGameError
from spit.tui.shared.ask_text import AskText
from spit.tui.shared.confirm import Confirm
from spit.tui.shared.navigation import LeaveScreen, OpenReplay
from spit.tui.shared.screen_base import ShellScreen

BATCH_SIZE: Final = 50
BATCH_SECONDS: Final = 0.1
"""A batch of rows is shown when it has this many, or after this long."""

COLUMNS: Final = (("Date", "date"), ("Mode", "mode"), ("Result", "result"))
NUMBER_COLUMNS: Final = (("Length", "length"), ("Rounds", "rounds"))
NAME_WIDTH: Final = 20
"""The Name column shows this many characters of a name the player gave, at most."""


def shown_path(path: Path) -> str:
    """``path`` with the home folder written ``~``: shorter, and the same on every
    machine for the same place; safe to show (``safe_text``)."""
    try:
        return safe_text(f"~/{path.relative_to(Path.home())}")
    except (ValueError, RuntimeError):
        return safe_text(path)


def _row(game: SavedGame, mark: str) -> tuple[Text, ...]:
    """The cells of ``game``'s row; ``mark`` is drawn in the first column ("" unmarked).

    The Name column holds only a name the player gave: an automatic name says again
    the date and the players the other columns show."""
    result_style = "" if game.finished else "dim"
    name = "" if saved_games.automatic_name(game.stem) else game.stem
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 3] + "..."
    return (
        Text(mark, style="bold"),
        Text(game.date_text),
        Text(game.mode),
        Text(game.result, style=result_style),
        Text(game.length_text, justify="right"),
        Text(game.rounds_text, justify="right"),
        Text(name),
    )


def _newest_first(games: Iterable[SavedGame]) -> list[SavedGame]:
    return sorted(games, key=lambda game: game.order, reverse=True)


class GameTable(DataTable[Text]):
    """The list: a row per game; enter (or a click on the highlighted row) watches it.

    Enter is the table's own key, not the screen's, so that it is handled after the
    arrow keys pressed before it, whatever their speed. Home and End go to the first and
    the last game (the DataTable's own Home and End only scroll sideways)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Watch", id="replays.open"),
        Binding("home", "first", show=False, id="replays.first"),
        Binding("end", "last", show=False, id="replays.last"),
    ]

    def action_first(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        """Work out the columns' widths for new rows, then forget every drawn row."""
        # Textual 8.2.8's DataTable kept rows drawn before the widths were known (until
        # the cursor moved). Widths change only when rows come. Recheck on an upgrade.
        super()._update_dimensions(new_rows)
        self._clear_caches()


class ReplayBrowser(ShellScreen):
    """The replays in ``directory`` (default: the app's replays folder)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,m", "mark", "Mark", id="replays.mark"),
        Binding("r", "rename", "Rename", id="replays.rename"),
        Binding("d,delete", "delete", "Delete", id="replays.delete"),
        Binding("e", "export", "Export", id="replays.export"),
        Binding("escape,q", "back", "Back", id="replays.back", key_display="esc/q"),
    ]

    @dataclass
    class Listed(Message):
        """The folder was listed: ``total`` files to read, or why it could not be."""

        total: int
        error: str | None = None

    @dataclass
    class Summarized(Message):
        """A batch of files was read; ``done`` with the last one."""

        games: tuple[SavedGame, ...]
        done: bool = False

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__()
        self.folder = directory
        """The folder asked for; ``None`` for the one in the settings."""
        self.games: list[SavedGame] = []
        """Those read so far, newest first: the table's rows, in order."""
        self._late: list[SavedGame] = []
        """Games read after newer ones that belong below them: put in their place once
        every file is read, with one refill of the table rather than one a batch."""
        self.marked: set[Path] = set()
        """The files marked for deleting together."""

    @property
    def directory(self) -> Path:
        return self.folder or self.services.replay_dir()

    def compose_content(self) -> ComposeResult:
        yield Static("Replays", classes="screen-title")
        yield Static(
            f"Reading {shown_path(self.directory)}…",
            id="replays-status",
            classes="screen-hint",
            markup=False,
        )
        table = GameTable(id="replay-files", cursor_type="row", zebra_stripes=True)
        table.add_column("", key="mark", width=1)
        for label, key in COLUMNS:
            table.add_column(label, key=key)
        for label, key in NUMBER_COLUMNS:
            table.add_column(Text(label, justify="right"), key=key)
        table.add_column("Name", key="name")
        yield table
        yield Static(id="replay-detail", classes="screen-hint", markup=False)
        yield Static(id="no-replays", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._read_folder(self.directory)

    # -- reading the folder ----------------------------------------------------------

    @work(thread=True, exclusive=True, group="replay-list")
    def _read_folder(self, directory: Path) -> None:
        worker = get_current_worker()
        try:
            files = saved_games.replay_files(directory)
        except OSError as error:
            reason = error.strerror or str(error)
            self.post_message(self.Listed(0, f"Cannot read the folder {directory}: {reason}"))
            return
        self.post_message(self.Listed(len(files)))
        batch: list[SavedGame] = []
        sent = time.monotonic()
        for path, info in files:
            if worker.is_cancelled:
                return
            batch.append(saved_games.CACHE.summary(path, info))
            if len(batch) >= BATCH_SIZE or time.monotonic() - sent > BATCH_SECONDS:
                self.post_message(self.Summarized(tuple(batch)))
                batch = []
                sent = time.monotonic()
        saved_games.CACHE.keep_only(directory, {path for path, _ in files})
        self.post_message(self.Summarized(tuple(batch), done=True))

    @on(Listed)
    def _listed(self, message: Listed) -> None:
        if message.error is not None:
            self._show_empty(message.error)
        elif message.total:
            where = shown_path(self.directory)
            self._status(f"Reading {message.total} saved games in {where}…")

    @on(Summarized)
    def _summarized(self, message: Summarized) -> None:
        batch = _newest_first(message.games)
        last = self.games[-1].order if self.games else None
        table = self._table
        for game in batch:
            if last is None or game.order < last:
                self.games.append(game)
                table.add_row(*_row(game, ""), key=str(game.path))
            else:
                self._late.append(game)
        if message.done:
            if self._late:
                self.games = _newest_first([*self.games, *self._late])
                self._late = []
                self._show_rows(self._current())
            self._status_count()
        self._show_detail()

    # -- showing --------------------------------------------------------------------

    @property
    def _table(self) -> GameTable:
        return self.query_one("#replay-files", GameTable)

    def _status(self, text: str) -> None:
        self.query_one("#replays-status", Static).update(text)

    def _status_count(self) -> None:
        count = len(self.games)
        if count == 0:
            self._show_empty(
                f"No saved games yet in {shown_path(self.directory)}.\n\n"
                "Every game you play is saved there (unless Save replays is off in "
                "Settings). Play one from the menu, 1 for two players or 2 against a "
                "bot, and come back to watch it."
            )
            return
        games = "1 saved game" if count == 1 else f"{count} saved games"
        if self.marked:
            self._status(f"{len(self.marked)} of {games} marked: d deletes them.")
        else:
            self._status(f"{games} in {shown_path(self.directory)}, newest first.")

    def _show_empty(self, text: str) -> None:
        self.add_class("-no-replays")
        self._status("")
        self.query_one("#no-replays", Static).update(safe_lines(text))

    def _show_rows(self, cursor: SavedGame | None) -> None:
        """Fill the table again from ``games``, the cursor on ``cursor`` if it is there."""
        table = self._table
        table.clear()
        for game in self.games:
            table.add_row(*_row(game, self._mark_of(game)), key=str(game.path))
        if cursor is not None and cursor in self.games:
            table.move_cursor(row=self.games.index(cursor), animate=False)

    def _show_detail(self) -> None:
        game = self._current()
        detail = ""
        if game is not None:
            detail = game.name if game.problem is None else f"{game.name}: {game.problem}"
            detail = safe_text(detail)
        self.query_one("#replay-detail", Static).update(detail)

    @on(DataTable.RowHighlighted, "#replay-files")
    def _highlighted(self) -> None:
        self._show_detail()

    def _current(self) -> SavedGame | None:
        """The game under the cursor."""
        table = self._table
        if not table.row_count:
            return None
        return self._game(table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key)

    def _game(self, row_key: RowKey) -> SavedGame | None:
        return next((g for g in self.games if str(g.path) == row_key.value), None)

    def _mark_of(self, game: SavedGame) -> str:
        if game.path not in self.marked:
            return ""
        return "*" if self.services.settings.card_style == "ascii" else "✓"

    # -- actions --------------------------------------------------------------------

    @on(DataTable.RowSelected, "#replay-files")
    def _selected(self, event: DataTable.RowSelected) -> None:
        game = self._game(event.row_key)
        if game is not None:
            self._open(game)

    def _open(self, game: SavedGame) -> None:
        if game.problem is not None:
            self.notify(
                f"{game.name} cannot be watched: {game.problem}", severity="error", markup=False
            )
            return
        self.post_message(OpenReplay(game.path, game.game))

    def action_mark(self) -> None:
        """Mark the game under the cursor, or unmark it, and go to the next one, so
        that Space held down marks a run of games."""
        game = self._current()
        if game is None:
            return
        self.marked ^= {game.path}
        table = self._table
        table.update_cell(str(game.path), "mark", Text(self._mark_of(game), style="bold"))
        table.move_cursor(row=table.cursor_row + 1)
        self._status_count()

    def action_rename(self) -> None:
        game = self._current()
        if game is None:
            return

        def renamed(text: str | None) -> None:
            if text is None:
                return
            try:
                new = saved_games.rename(game, text)
            except SavedGameError as error:
                self.notify(str(error), severity="error", markup=False)
                return
            if new.path != game.path:
                if game.path in self.marked:
                    self.marked ^= {game.path, new.path}
                self.games[self.games.index(game)] = new
                self.games = _newest_first(self.games)  # the name breaks ties
                self._show_rows(new)
                self.notify(f"Renamed to {new.name}", markup=False)

        self.app.push_screen(
            AskText(
                f"Rename {game.name}",
                safe_text(game.stem),
                hint=f"{game.suffix} is added",
                problem=lambda text: saved_games.rename_problem(game, text),
            ),
            renamed,
        )

    def action_delete(self) -> None:
        if self.marked:
            self._delete_marked()
            return
        game = self._current()
        if game is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                saved_games.delete(game)
            except SavedGameError as error:
                self.notify(str(error), severity="error", markup=False)
                return
            self._forget([game])
            self.notify(f"Deleted {game.name}", markup=False)

        self.app.push_screen(
            Confirm(f"Delete {game.name} ({game.date_text}, {game.mode})? It cannot be undone."),
            answered,
        )

    def _delete_marked(self) -> None:
        """Every marked game, after one question; those that could not be deleted stay
        marked, with the first reason why."""
        games = [game for game in self.games if game.path in self.marked]
        count = f"{len(games)} marked game{'s' * (len(games) != 1)}"

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            deleted, errors = [], []
            for game in games:
                try:
                    saved_games.delete(game)
                except SavedGameError as error:
                    errors.append(str(error))
                else:
                    deleted.append(game)
            self._forget(deleted)
            if len(deleted) == len(games):
                self.notify(f"Deleted {count.replace(' marked', '')}", markup=False)
            elif deleted:
                self.notify(f"Deleted {len(deleted)} of the {count}", markup=False)
            if errors:
                more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
                self.notify(errors[0] + more, severity="error", markup=False)

        self.app.push_screen(Confirm(f"Delete the {count}? It cannot be undone."), answered)

    def _forget(self, games: list[SavedGame]) -> None:
        """Take deleted ``games`` off the list."""
        for game in games:
            self.games.remove(game)
            self.marked.discard(game.path)
            self._table.remove_row(str(game.path))
        self._status_count()
        self._show_detail()

    def action_export(self) -> None:
        game = self._current()
        if game is None:
            return

        def chosen(text: str | None) -> None:
            if text is None:
                return
            try:
                where = saved_games.export(game, text)
            except SavedGameError as error:
                self.notify(str(error), severity="error", markup=False)
                return
            made = "" if where.new_folder is None else f"Made the folder {where.new_folder}. "
            self.notify(f"{made}Copied to {where.file}", markup=False)

        def problem(text: str) -> str | None:
            try:
                saved_games.export_target(game, text)
            except SavedGameError as error:
                return str(error)
            return None

        self.app.push_screen(
            AskText(
                f"Export a copy of {game.name} to",
                shown_path(saved_games.default_export_folder() / game.name),
                hint="a file, or a folder (end it with / to make a new one)",
                problem=problem,
                select_all=False,
            ),
            chosen,
        )

    def action_back(self) -> None:
        self.post_message(LeaveScreen(self))
