"""Statistics: results against each bot level, personal bests, and the speed trend.

Everything comes from the statistics database (``spit.stats``), which is opened and
asked in a worker thread: opening it may mean rebuilding it from every replay, which
must not hold up the screen. Whatever goes wrong with the database is shown as a
message, never raised. Only games against a bot count (``spit.stats.queries`` says
why); the ``r`` key rebuilds the database from the replays folder.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, Sparkline, Static

from spit.safe_text import safe_lines, safe_text
from spit.tui.screens.base import ShellScreen
from spit.tui.screens.saved_games import game_time

if TYPE_CHECKING:
    from spit.stats import Best, CpmPoint, LevelResults, PersonalBests, RebuildReport

TREND_GAMES: Final = 20
"""Games in the cards-per-minute chart."""
ERRORS_SHOWN: Final = 3
"""Invalid replays named after a rebuild; the count says how many more."""


@dataclass(frozen=True, slots=True)
class Figures:
    """What the screen shows, read in one go."""

    notice: str | None
    """What opening the database had to do (it was rebuilt), for the player."""
    results: list[LevelResults]
    bests: PersonalBests
    trend: list[CpmPoint]
    report: RebuildReport | None = None
    """What a rebuild asked for with ``r`` found."""


def read_figures(replays: Path, *, rebuild: bool = False) -> Figures:
    """Open the database (rebuilding it from ``replays`` first if ``rebuild``) and read
    the figures. Raises ``StatsUnavailable``, ``sqlite3.Error``, ``OSError`` or
    ``ValueError`` (a record that does not read back)."""
    from spit.stats import StatsDB

    with StatsDB.open(replays=replays) as db:
        report = db.rebuild_from_replays() if rebuild else None
        return Figures(
            db.notice,
            db.results_by_level(),
            db.personal_bests(),
            db.cpm_trend(TREND_GAMES),
            report,
        )


def results_table(results: list[LevelResults]) -> Table:
    """A row for each bot level (those never played too), then the total."""
    from spit.bots import LEVELS

    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    table.add_column("Level", no_wrap=True)
    for heading in ("Games", "Won", "Lost", "Win %"):
        table.add_column(heading, justify="right", no_wrap=True)
    by_level = {r.level: r for r in results}
    levels = [*LEVELS, *(r.level for r in results if r.level not in LEVELS)]
    for level in levels:
        result = by_level.get(level)
        games, wins = (result.games, result.wins) if result else (0, 0)
        table.add_row(*_result_cells(level or "unknown", games, wins), style="" if games else "dim")
    games = sum(r.games for r in results)
    wins = sum(r.wins for r in results)
    table.add_row(*_result_cells("All bots", games, wins), style="bold")
    return table


def _result_cells(label: str, games: int, wins: int) -> tuple[Text | str, ...]:
    percent = f"{100 * wins / games:.0f}%" if games else "—"
    # The level comes from a replay file: text, never markup.
    return (Text(safe_text(label)), str(games), str(wins), str(games - wins), percent)


BEST_LINES: Final[tuple[tuple[str, str, Callable[[float], str]], ...]] = (
    ("Fastest win", "fastest_win", lambda v: game_time(int(v))),
    ("Most cards/minute", "most_cards_per_minute", lambda v: f"{v:.1f}"),
    ("Quickest reaction", "quickest_reaction", lambda v: f"{v:.0f} ms"),
    ("Longest run", "longest_run", lambda v: f"{v:.0f} cards"),
    ("Fewest rounds", "fewest_rounds_win", lambda v: f"{v:.0f}"),
)
"""Label, ``PersonalBests`` field, how its value reads."""


def bests_table(bests: PersonalBests) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    table.add_column("Best", no_wrap=True)
    table.add_column("Value", justify="right", style="bold", no_wrap=True)
    table.add_column("Against", style="dim", no_wrap=True, overflow="ellipsis")
    for label, field, show in BEST_LINES:
        best: Best | None = getattr(bests, field)
        if best is None:
            table.add_row(label, "—", "")
        else:
            against = safe_text(best.opponent_level or "a bot")
            table.add_row(label, show(best.value), Text(f"vs {against}"))
    return table


class StatisticsScreen(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rebuild", "Rebuild from replays", id="statistics.rebuild"),
        Binding("escape", "back", "Back", id="statistics.back"),
    ]

    @dataclass
    class Read(Message):
        """The worker's answer: the figures, or why there are none."""

        figures: Figures | None
        error: str | None = None

    def __init__(self) -> None:
        super().__init__(classes="-loading")
        self.figures: Figures | None = None
        self.busy = False

    def compose_content(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title")
        yield Static(
            "Reading the statistics…", id="stats-status", classes="screen-hint", markup=False
        )
        with Vertical(id="stats-body"):
            with Horizontal(id="stats-tables"):
                yield Static(id="stats-results", classes="stats-panel")
                yield Static(id="stats-bests", classes="stats-panel")
            with Vertical(id="stats-trend"):
                yield Static(id="trend-title", markup=False)
                with Horizontal(id="trend-chart"):
                    with Vertical(id="trend-axis"):
                        yield Static(id="axis-high", markup=False)
                        yield Static(id="axis-low", markup=False)
                    yield Sparkline([], id="trend-line")
                yield Static(id="trend-summary", markup=False)
        yield Static(id="no-stats", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-results").border_title = "Against the bots"
        self.query_one("#stats-bests").border_title = "Personal bests"
        self._start(rebuild=False)

    def _start(self, *, rebuild: bool) -> None:
        self.busy = True
        self._read(self.spit_app.replay_dir(), rebuild=rebuild)

    @work(thread=True, exclusive=True, group="statistics")
    def _read(self, replays: Path, *, rebuild: bool) -> None:
        from spit.stats import StatsUnavailable

        try:
            figures = read_figures(replays, rebuild=rebuild)
        except StatsUnavailable as error:
            self.post_message(self.Read(None, str(error)))
        except (sqlite3.Error, OSError, ValueError) as error:
            self.post_message(self.Read(None, f"The statistics could not be read: {error}"))
        else:
            self.post_message(self.Read(figures))

    @on(Read)
    def _shown(self, message: Read) -> None:
        self.busy = False
        self.remove_class("-loading")
        if message.figures is None:
            error = message.error or "The statistics could not be read."
            self.notify(error, title="Statistics", severity="error", markup=False)
            self._show_empty(error)
            return
        figures = self.figures = message.figures
        if figures.notice:
            self.notify(figures.notice, title="Statistics", timeout=10, markup=False)
        if figures.report is not None:
            self._tell_report(figures.report)
        if not figures.results:
            self._show_empty(
                "No games against the bots yet.\n\n"
                "Play one from the menu (2: Play against a bot) and your results, "
                "personal bests and speed will show here. Games between two players "
                "on one keyboard do not count: there is no telling which of you is you."
            )
            return
        self.remove_class("-no-stats")
        self._status("Your games against the bots · r rebuilds these figures from your replays")
        self.query_one("#stats-results", Static).update(results_table(figures.results))
        self.query_one("#stats-bests", Static).update(bests_table(figures.bests))
        self._show_trend(figures.trend)

    def _show_trend(self, trend: list[CpmPoint]) -> None:
        values = [point.cards_per_minute for point in trend]
        games = "your last game" if len(values) == 1 else f"your last {len(values)} games"
        self.query_one("#trend-title", Static).update(
            f"Cards per minute in {games} against the bots, oldest first"
        )
        self.query_one("#trend-line", Sparkline).data = values
        low, high = min(values), max(values)
        self.query_one("#axis-high", Static).update(f"{high:5.0f}")
        self.query_one("#axis-low", Static).update(f"{low:5.0f}" if low < high else "")
        average = sum(values) / len(values)
        won = sum(point.won for point in trend)
        self.query_one("#trend-summary", Static).update(
            f"latest {values[-1]:.1f} · average {average:.1f} · best {high:.1f} · "
            f"{won} of {len(values)} won"
        )

    def _tell_report(self, report: RebuildReport) -> None:
        self.notify(f"Rebuilt from {report.describe()}.", title="Statistics", markup=False)
        if report.errors:
            named = "\n".join(report.errors[:ERRORS_SHOWN])
            more = len(report.errors) - ERRORS_SHOWN
            tail = f"\nand {more} more" if more > 0 else ""
            self.notify(
                f"Replays that could not be used:\n{named}{tail}",
                title="Statistics",
                severity="warning",
                timeout=15,
                markup=False,
            )

    def _status(self, text: str) -> None:
        self.query_one("#stats-status", Static).update(text)

    def _show_empty(self, text: str) -> None:
        self.add_class("-no-stats")
        self._status("")
        self.query_one("#no-stats", Static).update(
            Text(safe_lines(text) + "\n\nr rebuilds the statistics from your replays.")
        )

    def action_rebuild(self) -> None:
        if self.busy:
            return
        self._status("Rebuilding the statistics from your replays…")
        self._start(rebuild=True)

    def action_back(self) -> None:
        self.spit_app.leave(self)
