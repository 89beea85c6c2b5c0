"""The Leaderboards screen: a server's three boards of each game and variant (all time,
this week, today's deal), a page at a time, with the player's own place even when it is
off the page, and their rating game by game.

Reached from the menu ("Leaderboards", which signs in to the settings' server first)
and from the online screen (over its session). Keys: ``a`` all time, ``w`` this week,
``d`` today's deal, ``v`` the next game or variant, ``n`` and ``p`` (or Page Down and
Page Up) the next and previous page, ``r`` read again, ``?`` the keys, ``q`` or Escape
back. The server's text (names, notes) is made safe before it is drawn.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from websockets.exceptions import WebSocketException

from spit.core.safe_text import safe_text
from spit.games import registry
from spit.net.online_client import AccountRefused, OnlineClient, OnlineRefused
from spit.net.protocol import BoardKind, BoardLine, BoardPage, ProtocolError
from spit.net.variants import GameVariant, online_games, variants
from spit.tui.net.keys_help import KeysHelp
from spit.tui.net.link import NetFailure
from spit.tui.shared.ascii_widgets import Separated
from spit.tui.shared.navigation import LeaveScreen
from spit.tui.shared.screen_base import ShellScreen

SignIn = Callable[[], Awaitable[OnlineClient]]
"""Opens a session of the screen's own (the menu's way in); raises ``NetFailure``."""

BOARD_TITLES: Final[dict[BoardKind, str]] = {
    "all": "all time",
    "week": "this week",
    "day": "today's deal",
}
HISTORY_SHOWN: Final = 12
"""Ratings of the last games shown in the history line."""

KEYS = (
    ("a", "all time: by the rating you have shown for sure"),
    ("w", "this week: by the rating gained since Monday (UTC)"),
    ("d", "today's deal: a win first, then fewer rounds, then less time"),
    ("v", "the next game or variant"),
    ("n, page down", "the next page"),
    ("p, page up", "the previous page"),
    ("r", "read the board again"),
    ("escape, q", "back"),
)


def _title(game: str) -> str:
    try:
        return registry.by_name(game).title
    except registry.UnknownGame:
        return safe_text(game, limit=24)


def place_figure(board: BoardKind, line: BoardLine) -> str:
    """A place's figures as its board ranks it."""
    if board == "day":
        seconds = (line.time_ms or 0) // 1000
        outcome = "won " if line.won else "lost"
        return f"{outcome}  {-(line.points or 0):>3} rounds  {seconds // 60}:{seconds % 60:02d}"
    rating = line.rating or 0
    shown = f"{rating:+6d}" if board == "week" else f"{rating:6d}"
    return f"{shown}  {line.games or 0:>5}  {line.wins or 0:>5}"


def column_heads(board: BoardKind) -> str:
    if board == "day":
        return f"{'Rank':>6}  {'Name':<20}  result  rounds  time"
    figure = "Gained" if board == "week" else "Rating"
    return f"{'Rank':>6}  {'Name':<20}  {figure:>6}  {'Games':>5}  {'Wins':>5}"


def place_line(board: BoardKind, line: BoardLine, *, own: bool = False) -> str:
    mark = ">" if own else " "
    name = safe_text(line.name, limit=20)
    return f"{mark}{line.rank:>5}  {name:<20}  {place_figure(board, line)}"


def page_lines(page: BoardPage) -> list[str]:
    """The page as the screen shows it: the heads, the places (the viewer's marked),
    the viewer's own place (when it is off the page, or not there), the history."""
    lines = [column_heads(page.board)]
    own = page.own
    on_page = own is not None and any(line.rank == own.rank for line in page.entries)
    if page.note:
        lines.append(safe_text(page.note, limit=100))
    if not page.entries:
        lines.append("Nobody is on this page yet." if page.page else "Nobody is on this board yet.")
    for line in page.entries:
        lines.append(place_line(page.board, line, own=own is not None and line.rank == own.rank))
    lines.append("")
    if own is None:
        lines.append("You have no place on this board yet: play a rated game.")
    elif not on_page:
        lines.append("Your place:")
        lines.append(place_line(page.board, own, own=True))
    else:
        lines.append(f"You are {own.rank} of {page.total} (marked >).")
    if page.history:
        shown = " → ".join(str(rating) for rating in page.history[-HISTORY_SHOWN:])
        lines.append(f"Your rating, game by game: {shown}")
    return lines


class LeaderboardScreen(ShellScreen):
    """See the module docstring. ``client``: the online screen's session (kept open
    when this screen is left); or ``sign_in``: a session of its own (the menu's),
    closed when it is left. ``games`` limits the boards to those games."""

    DEFAULT_CSS = """
    LeaderboardScreen #board-places {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "board('all')", "All time", id="boards.all"),
        Binding("w", "board('week')", "This week", id="boards.week"),
        Binding("d", "board('day')", "Today's deal", id="boards.day"),
        Binding("v", "next_variant", "Next variant", id="boards.variant"),
        Binding("n,pagedown", "page(1)", "Next page", id="boards.next", show=False),
        Binding("p,pageup", "page(-1)", "Previous page", id="boards.previous", show=False),
        Binding("r", "reload", "Read again", id="boards.reload", show=False),
        Binding("question_mark", "help", "Keys", id="boards.help"),
        Binding("escape,q", "back", "Back", id="boards.back"),
    ]

    def __init__(
        self,
        client: OnlineClient | None = None,
        *,
        sign_in: SignIn | None = None,
        games: Sequence[str] | None = None,
        server: str = "",
    ) -> None:
        super().__init__()
        self.client = client
        self._sign_in = sign_in
        self.owned = client is None
        self.server = server
        self.choices: list[GameVariant] = [
            each for game in (games or online_games()) for each in variants(game)
        ]
        self.chosen = 0
        self.kind: BoardKind = "all"
        self.page = 0
        self.shown: BoardPage | None = None
        self._leaving = False

    def compose_content(self) -> ComposeResult:
        with Vertical(classes="net-body"):
            at = f" at {safe_text(self.server)}" if self.server else ""
            yield Static(f"Leaderboards{at}", classes="screen-title", markup=False)
            yield Static("", id="board-title", markup=False)
            yield Static("Reading the board...", id="board-places", markup=False)
            yield Separated(
                ["a all time", "w this week", "d today's deal", "v variant", "n/p page", "? keys"],
                classes="screen-hint",
            )

    def on_mount(self) -> None:
        self._show_title()
        self.run_worker(self._first(), name="board", group="boards", exclusive=True)

    async def _first(self) -> None:
        if self.client is None and self._sign_in is not None:
            try:
                self.client = await self._sign_in()
            except NetFailure as failure:
                self._say(str(failure))
                return
            except AccountRefused as refused:
                self._say(
                    f"The server refused this machine's account: {safe_text(refused)}. "
                    "Play online offers a new guest account."
                )
                return
        await self._read()

    def _variant(self) -> GameVariant:
        return self.choices[self.chosen]

    def _show_title(self) -> None:
        """The game, the variant (the day's, for today's deal), the board, the page."""
        chosen = self._variant()
        key, period = chosen.key, ""
        page = self.shown
        if page is not None:
            key = page.variant
            pages = max(1, -(-page.total // page.size))
            when = "" if page.period == "all" else f" · {safe_text(page.period)}"
            period = f"{when} · page {page.page + 1} of {pages}"
        what = f"{_title(chosen.game)} ({safe_text(key, limit=32)})"
        self.query_one("#board-title", Static).update(f"{what}: {BOARD_TITLES[self.kind]}{period}")

    def _say(self, text: str) -> None:
        self.query_one("#board-places", Static).update(text)

    async def _read(self) -> None:
        client = self.client
        if client is None:
            return
        chosen = self._variant()
        try:
            page = await client.board(chosen.game, chosen.key, self.kind, self.page)
        except OnlineRefused as refused:
            self._say(f"The server refused: {safe_text(refused)}")
            return
        except (ProtocolError, WebSocketException, OSError) as error:
            self._say(f"The session ended: {safe_text(getattr(error, 'reason', error))}")
            return
        except TimeoutError:
            self._say("The server did not answer in time: r reads again.")
            return
        if self._leaving:
            return
        self.shown = page
        self._show_title()
        self._say("\n".join(page_lines(page)))

    def _reread(self) -> None:
        self.shown = None
        self._show_title()
        self._say("Reading the board...")
        self.run_worker(self._read(), name="board", group="boards", exclusive=True)

    def action_board(self, kind: BoardKind) -> None:
        self.kind, self.page = kind, 0
        self._reread()

    def action_next_variant(self) -> None:
        self.chosen = (self.chosen + 1) % len(self.choices)
        self.page = 0
        self._reread()

    def action_page(self, step: int) -> None:
        page = self.shown
        if page is None:
            return
        last = max(0, -(-page.total // page.size) - 1)
        wanted = min(max(0, self.page + step), last)
        if wanted != self.page:
            self.page = wanted
            self._reread()

    def action_reload(self) -> None:
        self._reread()

    def action_help(self) -> None:
        note = (
            "Only games the server ran count: it records each result, then rates it. "
            "Your own place shows even when it is on another page."
        )
        self.app.push_screen(KeysHelp("Keys: leaderboards", KEYS, note))

    def action_back(self) -> None:
        if self._leaving:
            return
        self._leaving = True
        client = self.client if self.owned else None

        async def close() -> None:
            if client is not None:
                with contextlib.suppress(OSError, WebSocketException):
                    await client.close()
            self.post_message(LeaveScreen(self))

        self.run_worker(close(), name="close", group="boards-close")
