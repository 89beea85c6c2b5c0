"""Statistics: every finished game by mode, the rating, personal bests, the speed trend,
head to head.

Everything comes from the statistics database (``spit.stats``), which is opened and
asked in a worker thread: opening it reconciles it with the replays folder (and may
mean rebuilding it from every replay), which must not hold up the screen. Whatever
goes wrong with the database is shown as a message, never raised; a database that
cannot be written is read all the same, with a notice. Every figure has a line saying
what it is. The ``r`` key rebuilds the database from the replays folder; ``w`` opens
the replay of the best under the cursor in the table of bests by level.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from rich.console import Group, OverflowMethod
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Footer, Static

from spit.core.safe_text import safe_lines, safe_text
from spit.games import registry
from spit.saved_games import game_time
from spit.tui.shared.navigation import LeaveScreen, OpenReplay
from spit.tui.shared.records import RECORD_LABELS, rating_text, record_value
from spit.tui.shared.screen_base import ShellScreen

if TYPE_CHECKING:
    from spit.games.descriptor import GameDescriptor
    from spit.games.summary import LevelColumn
    from spit.stats import (
        Best,
        CpmPoint,
        DailyStatus,
        GameSummary,
        LadderStatus,
        LevelBests,
        LevelResults,
        ModeResults,
        PersonalBests,
        RatedGame,
        Rating,
        RebuildReport,
        Rivalry,
    )

TREND_GAMES: Final = 10
"""Games in the cards-per-minute chart, one labelled bar each."""
ERRORS_SHOWN: Final = 3
"""Invalid replays named in a notice; the count says how many more."""
LISTED: Final = 5
"""Unsealed games and unusable replays listed on the screen; the count says how many more."""
BAR_WIDTH: Final = 30
CHART_HEIGHT: Final = 5
"""Rows of the rating chart."""


@dataclass(frozen=True, slots=True)
class Figures:
    """What the screen shows, read in one go."""

    notice: str | None
    """What opening the database had to do (rebuilt it, read it without writing), for
    the player."""
    results: list[ModeResults]
    bests: PersonalBests
    trend: list[CpmPoint]
    rivalries: list[Rivalry] = field(default_factory=list)
    levels: list[LevelResults] = field(default_factory=list)
    """The player's games against each level, of the games with columns of their own
    against each level (``GameStats.levels``)."""
    not_sealed: list[GameSummary] = field(default_factory=list)
    not_sealed_count: int = 0
    unusable: list[tuple[str, str]] = field(default_factory=list)
    """Replays in the folder that hold no usable game: (file name, why)."""
    writable: bool = True
    report: RebuildReport | None = None
    """What this opening (or a rebuild asked for with ``r``) found in the folder."""
    rebuilt: bool = False
    you: str | None = None
    """Whose rating is "yours" (``StatsDB.your_name``)."""
    rating_history: list[RatedGame] = field(default_factory=list)
    """Your latest rated games, oldest first."""
    ratings: list[tuple[str, Rating, int]] = field(default_factory=list)
    """Everyone rated: name, rating, rated games."""
    level_bests: list[LevelBests] = field(default_factory=list)
    challenges: tuple[DailyStatus, LadderStatus] | None = None
    """Today's deal and the streak, the ladder's step and best (``spit.stats.challenges``)."""


def read_figures(replays: Path, *, rebuild: bool = False) -> Figures:
    """Open the database (rebuilding it from ``replays`` first if ``rebuild``) and read
    the figures. Raises ``StatsUnavailable``, ``sqlite3.Error``, ``OSError`` or
    ``ValueError`` (a record that does not read back)."""
    from spit.core.dates import utc_today
    from spit.stats import StatsDB

    today = utc_today()
    with StatsDB.open(replays=replays) as db:
        report = db.rebuild_from_replays() if rebuild else db.report
        unsealed, count = db.not_sealed(LISTED)
        game = db.your_game()
        you = db.your_name(game)
        return Figures(
            notice=db.notice,
            results=db.results_by_mode(),
            bests=db.personal_bests(),
            trend=db.cpm_trend(TREND_GAMES),
            rivalries=db.head_to_head(),
            levels=[
                found
                for descriptor in registry.games()
                if level_columns(descriptor)
                for found in db.level_results(descriptor.name)
            ],
            not_sealed=unsealed,
            not_sealed_count=count,
            unusable=db.unusable(),
            writable=db.writable,
            report=report,
            rebuilt=rebuild,
            you=you,
            rating_history=[] if you is None else db.rating_history(you, game=game),
            ratings=db.ratings(game),
            level_bests=db.bests_by_level(),
            challenges=(db.daily_status(today), db.ladder_status()),
        )


def level_columns(game: GameDescriptor) -> tuple[LevelColumn, ...]:
    """``game``'s own columns against each level (``GameStats.levels``)."""
    return () if game.stats is None else game.stats().levels


# -- games by mode -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Row:
    label: str
    games: int
    wins: int | None
    not_sealed: int
    draws: int = 0


def _mode_rows(results: list[ModeResults]) -> list[_Row]:
    """For each game in the registry's order: against each level (those never played
    too), two players on one keyboard (always, for a game without hidden cards, which
    two may play on one keyboard; else if any), over the network (if any); then bots
    against bots, for each game, if any were saved."""
    from spit.stats import Mode

    def against(game: str, name: str, levels: Iterable[str]) -> list[_Row]:
        found = {r.level: r for r in results if r.game == game and r.mode is Mode.VS_BOT}
        names = [*levels, *sorted(str(k) for k in found if k is not None and k not in levels)]
        keys: list[str | None] = [*names, *([None] if None in found else [])]
        rows = []
        for level in keys:
            r = found.get(level)
            label = f"{name} vs {level if level is not None else 'a bot'}"
            rows.append(
                _Row(label, r.games, r.wins, r.not_sealed, r.draws) if r else _Row(label, 0, 0, 0)
            )
        return rows

    def others(game: str, mode: Mode, label: str, always: bool) -> list[_Row]:
        found = [r for r in results if r.game == game and r.mode is mode]
        if not found and not always:
            return []
        return [
            _Row(
                label,
                sum(r.games for r in found),
                None,
                sum(r.not_sealed for r in found),
                sum(r.draws for r in found),
            )
        ]

    games = registry.games()
    rows = []
    for game in games:
        name, title = game.name, game.title
        rows += against(name, title, game.bots.levels())
        rows += others(
            name, Mode.TWO_PLAYERS, f"{title}, two players", not game.info.hidden_information
        )
        rows += others(name, Mode.NETWORK, f"{title} over the network", False)
    for game in games:
        rows += others(game.name, Mode.BOT_VS_BOT, f"{game.title}, bots only", False)
    return rows


def results_table(results: list[ModeResults]) -> Table:
    """A row for each mode and bot level, then the total. ``Won``, ``Drawn`` and
    ``Lost`` are the player's, against a bot; "Drawn" appears when some game was drawn,
    "Not sealed" when some files are not sealed."""
    rows = _mode_rows(results)
    unsealed = any(row.not_sealed for row in rows)
    drawn = any(row.draws for row in rows)
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    table.add_column("Mode", no_wrap=True)
    headings = [
        "Games",
        "Won",
        *(["Drawn"] if drawn else []),
        "Lost",
        "Win %",
        *(["Not sealed"] if unsealed else []),
    ]
    for heading in headings:
        table.add_column(heading, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*_cells(row, unsealed, drawn), style="" if row.games else "dim")
    against = [row for row in rows if row.wins is not None]
    total = _Row(
        "All games",
        sum(row.games for row in rows),
        sum(row.wins or 0 for row in against),
        sum(row.not_sealed for row in rows),
        sum(row.draws for row in against),
    )
    played = sum(row.games for row in against)
    table.add_row(*_cells(total, unsealed, drawn, played), style="bold")
    return table


def _cells(
    row: _Row, unsealed: bool, drawn: bool, played: int | None = None
) -> tuple[Text | str, ...]:
    """``played``: the games the wins are out of (default: all of the row's);
    ``drawn``: the table has the column of draws."""
    played = row.games if played is None else played
    if row.wins is None:
        won = draws = lost = percent = ""
    else:
        won, draws, lost = str(row.wins), str(row.draws), str(played - row.wins - row.draws)
        percent = f"{100 * row.wins / played:.0f}%" if played else "-"
    middle = [draws] if drawn else []
    extra = [str(row.not_sealed) if row.not_sealed else ""] if unsealed else []
    # A level comes from a replay file: text, never markup.
    return (Text(safe_text(row.label)), str(row.games), won, *middle, lost, percent, *extra)


RESULTS_NOTE: Final = (
    "Every finished game you saved. Won and lost are yours, against the computer; "
    "two players on one keyboard are under Head to head. Games over the network are "
    "counted apart and rated by nobody (the names typed there are anyone's)."
)


# -- against each level --------------------------------------------------------------


def levels_tables(results: list[LevelResults]) -> list[tuple[str, Table]]:
    """For each game with results, in the registry's order: its title and a table of a
    row for each level played, the levels in their order, then any others."""
    tables = []
    for game in registry.games():
        found = [r for r in results if r.game == game.name]
        if found:
            table = levels_table(found, game.bots.levels(), game.round_word, level_columns(game))
            tables.append((game.title, table))
    return tables


def levels_table(
    results: list[LevelResults],
    levels: Sequence[str],
    round_word: str,
    columns: Sequence[LevelColumn] = (),
) -> Table:
    """A row for each level played of one game, ``levels`` first, in their order; after
    the columns every game has, the game's own ``columns``."""
    order: dict[str, int] = {str(level): i for i, level in enumerate(levels)}
    rows = sorted(results, key=lambda r: (order.get(r.level or "", len(order)), r.level or ""))
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    table.add_column("Against", no_wrap=True)
    rounds = f"{round_word.capitalize()}s"
    headings = ("Games", "Won", "Avg score", "Best", rounds, *(c.heading for c in columns))
    for heading in headings:
        table.add_column(heading, justify="right", no_wrap=True)
    for r in rows:
        table.add_row(
            Text(safe_text(r.level or "a bot")),  # a level comes from a replay file
            str(r.games),
            str(r.wins),
            f"{r.mean_score:.0f}",
            str(r.best_score),
            f"{r.mean_rounds:.1f}",
            *(column.cell(r.own) for column in columns),
        )
    return table


def levels_note(columns: Iterable[LevelColumn]) -> str:
    """The line under the tables against each level: what every game's columns say,
    then what each of ``columns`` (the games' own, each said once) says."""
    said = [
        "your final score (the average and the best)",
        "rounds a game",
        *dict.fromkeys(c.note for c in columns),
    ]
    return f"Your games against each level: {', '.join(said[:-1])}, and {said[-1]}."


# -- personal bests ----------------------------------------------------------------

BEST_LINES: Final[tuple[tuple[str, str, Callable[[float], str], str], ...]] = (
    (
        "Fastest win",
        "fastest_win",
        lambda v: game_time(int(v)),
        "the least active time in a game you won: while cards could be played, "
        "without countdowns, breaks between rounds, pauses or idle stretches",
    ),
    (
        "Most cards/minute",
        "most_cards_per_minute",
        lambda v: f"{v:.1f}",
        "cards you played per minute while cards could be played, in one game",
    ),
    (
        "Quickest reaction",
        "quickest_reaction",
        lambda v: f"{v:.0f} ms",
        "your mean time from a card becoming playable to playing a card, in a game "
        "with at least 10 such plays",
    ),
    (
        "Longest run",
        "longest_run",
        lambda v: f"{v:.0f} cards",
        "the most cards you played in a row, each within a second of the last",
    ),
    (
        "Fewest rounds",
        "fewest_rounds_win",
        lambda v: f"{v:.0f}",
        "the fewest rounds in a game you won",
    ),
)
"""Label, ``PersonalBests`` field, how its value reads, what it means."""


def bests_table(bests: PersonalBests) -> Table:
    """Each best, its value and its game's opponent, with what it is below that."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False, expand=True)
    table.add_column("Best", no_wrap=True)
    table.add_column("Value", justify="right", style="bold", no_wrap=True)
    table.add_column("Against", ratio=1)
    for label, name, show, meaning in BEST_LINES:
        best: Best | None = getattr(bests, name)
        if best is None:
            value, against = "-", Text("no sealed game yet")
        else:
            value = show(best.value)
            against = Text(f"vs {safe_text(best.opponent_level or 'a bot')}")
        against.append(f"\n{meaning}", style="dim")
        table.add_row(label, value, against)
    return table


BESTS_NOTE: Final = "Only sealed games against a bot count (see Not counted, below)."


# -- the rating --------------------------------------------------------------------


def rating_chart(history: list[RatedGame], *, ascii_only: bool) -> Text:
    """The rating after each game, oldest first, as columns ``CHART_HEIGHT`` rows high
    between the lowest and the highest rating shown (on the left), one column a game:
    block eighths, or ``#`` in the ASCII style."""
    values = [h.after.shown for h in history]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    eighths = [round((v - low) / span * (CHART_HEIGHT * 8 - 1)) + 1 for v in values]
    width = len(str(high))
    text = Text()
    for row in range(CHART_HEIGHT - 1, -1, -1):
        label = str(high) if row == CHART_HEIGHT - 1 else str(low) if row == 0 else ""
        text.append(f"{label:>{width}} ", style="dim")
        cells = []
        for filled in eighths:
            part = max(0, min(8, filled - row * 8))
            if ascii_only:
                cells.append(" #" if part >= 4 else " _" if row == 0 else "  ")
            else:
                cells.append(" " + _EIGHTHS_UP[part])
        text.append("".join(cells).rstrip())
        text.append("\n")
    text.rstrip()
    return text


_EIGHTHS_UP: Final = " ▁▂▃▄▅▆▇█"


def rating_lines(figures: Figures, *, ascii_only: bool) -> Group | None:
    """Your rating in the game of your latest rated game (named once more than one game
    is installed), its chart, and everyone else's there; ``None`` before the first
    rated game."""
    history = figures.rating_history
    if figures.you is None or not history:
        return None
    latest = history[-1]
    head = Text()
    several = len(registry.games()) > 1
    head.append(f"Your rating in {_title(latest.game)} " if several else "Your rating ")
    head.append(rating_text(latest.after, ascii_only=ascii_only), style="bold")
    games = "rated game" if len(history) == 1 else f"{len(history)} rated games"
    head.append(f"  after your last {games}", style="dim")
    parts: list[Text] = [head]
    if len(history) > 1:
        parts.append(rating_chart(history, ascii_only=ascii_only))
    others = [r for r in figures.ratings if r[0].casefold() != figures.you.casefold()]
    if others:
        line = Text("Others: ", style="dim")
        line.append(
            ", ".join(
                f"{safe_text(name)} {rating_text(rating, ascii_only=ascii_only)}"
                for name, rating, _ in others
            )
        )
        parts.append(line)
    parts.append(Text(RATING_NOTE, style="dim"))
    return Group(*parts)


RATING_NOTE: Final = (
    "Your skill and its uncertainty (one standard deviation), by openskill: each "
    "sealed game against a bot moves it against the bot's fixed rating (normal is "
    "1500, each level about 300 apart), each game between two named players on one "
    "keyboard moves both players' (a game over the network moves none). A deal played "
    "again counts once."
)


# -- bests by level and variant ----------------------------------------------------


def level_bests_rows(
    rows: list[LevelBests],
) -> list[tuple[str, str, list[Best | None]]]:
    """The rows of the table of bests: (level, variant, each record's best), the
    levels in their order (any others after), the variants in their game's order."""
    from spit.stats import RECORDS
    from spit.stats.queries import playing_games

    levels: list[str] = []
    variants: list[str] = []
    for name in playing_games():
        game = registry.by_name(name)
        levels += game.bots.levels()
        variants += [v for option in game.info.options for v in option.values]
    order = {level: i for i, level in reversed(list(enumerate(levels)))}
    kinds = {variant: i for i, variant in reversed(list(enumerate(variants)))}
    ordered = sorted(
        rows,
        key=lambda r: (
            order.get(r.level, len(order)),
            r.level,
            kinds.get(r.variant, len(kinds)),
            r.variant,
        ),
    )
    return [(r.level, r.variant, [getattr(r.bests, name) for name in RECORDS]) for r in ordered]


def best_cell(name: str, best: Best | None) -> Text:
    """``1:12 2026-03-01``: the value and the day it was set."""
    if best is None:
        return Text("-", style="dim")
    text = Text(record_value(name, best.value), style="bold")
    text.append(f" {best.started.astimezone():%Y-%m-%d}", style="dim")
    return text


LEVEL_BESTS_NOTE: Final = (
    "Your records against each level, in each variant, with the day each was set: the "
    "longest streak is the most cards played in a row, each within a second of the "
    "last. Move to a record and press w to watch its game."
)


# -- the trend ---------------------------------------------------------------------


def trend_chart(trend: list[CpmPoint], *, ascii_only: bool) -> Table:
    """One labelled bar per game, oldest first: when, against whom, won or lost, and
    the cards per minute, the bar's length scaled to the best of them."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    table.add_column("When", no_wrap=True, style="dim")
    # Rich's ellipsis is "…": in the ASCII style a long level is cut short without one.
    against: OverflowMethod = "crop" if ascii_only else "ellipsis"
    table.add_column("Against", no_wrap=True, max_width=14, overflow=against)
    table.add_column("Result", no_wrap=True)
    table.add_column("Bar", no_wrap=True)
    table.add_column("Cards/min", justify="right", no_wrap=True)
    top = max((p.cards_per_minute for p in trend), default=0.0) or 1.0
    for point in trend:
        when = point.started.astimezone()
        bar_style = "bold" if point.sealed else "dim"
        table.add_row(
            f"{when:%m-%d %H:%M}",
            Text(f"vs {safe_text(point.opponent_level or 'a bot')}"),
            "won" if point.won else "lost",
            Text(_bar(point.cards_per_minute / top, ascii_only), style=bar_style),
            f"{point.cards_per_minute:.1f}{'' if point.sealed else '*'}",
        )
    return table


_EIGHTHS: Final = " ▏▎▍▌▋▊▉"


def _bar(fraction: float, ascii_only: bool) -> str:
    eighths = round(max(0.0, min(fraction, 1.0)) * BAR_WIDTH * 8)
    if ascii_only:
        return "#" * round(eighths / 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def trend_summary(trend: list[CpmPoint], dot: str) -> str:
    values = [point.cards_per_minute for point in trend]
    won = sum(point.won for point in trend)
    return (
        f"average {sum(values) / len(values):.1f}{dot}best {max(values):.1f}{dot}"
        f"{won} of {len(values)} won"
    )


# -- head to head and what is not counted -------------------------------------------


def rivalry_lines(rivalries: list[Rivalry]) -> Text:
    """Each pair of names in each game (the game named once more than one is there)."""
    several = len({rivalry.game for rivalry in rivalries}) > 1
    text = Text()
    for rivalry in rivalries:
        games = f"{rivalry.games} game{'' if rivalry.games == 1 else 's'}"
        when = f"{rivalry.last_played.astimezone():%Y-%m-%d}"
        text.append(safe_text(rivalry.describe()))
        played = f" of {_title(rivalry.game)}" if several else ""
        text.append(f"   {games}{played}, last on {when}\n", style="dim")
    text.append(
        "Games between the same two names, whatever their case, each name as "
        "last written; also shown on the result of each such game.",
        style="dim",
    )
    return text


def _title(game: str) -> str:
    """The title of the game called ``game``; its name, for a game not installed."""
    try:
        return registry.by_name(game).title
    except registry.UnknownGame:
        return game


def not_counted_lines(figures: Figures) -> Text:
    """The games left out of the bests (marked unsealed or edited) and the replays
    that hold no usable game, each list cut to ``LISTED``."""
    text = Text()
    for game in figures.not_sealed:
        names = " vs ".join(safe_text(p.name) for p in game.players)
        when = f"{game.started.astimezone():%Y-%m-%d %H:%M}"
        text.append(f"{when}  {game.game.capitalize()}  ")
        text.append(names)
        text.append(f"  {game.seal.value}\n", style="bold")
    more = figures.not_sealed_count - len(figures.not_sealed)
    if more > 0:
        text.append(f"and {more} more\n", style="dim")
    if figures.not_sealed_count:
        text.append(
            "Unsealed: a replay without the seal spit-tui writes (hand-made, or from an "
            "older version). Edited: changed after it was written. Both count as games, "
            "not in the bests.\n",
            style="dim",
        )
    if figures.unusable:
        text.append("Replays that could not be used at all:\n", style="bold")
    for name, why in figures.unusable[:LISTED]:
        text.append(name)
        text.append(f": {why}\n", style="dim")
    more = len(figures.unusable) - LISTED
    if more > 0:
        text.append(f"and {more} more replays that could not be used\n", style="dim")
    text.rstrip()
    return text


class StatisticsScreen(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rebuild", "Rebuild from replays", id="statistics.rebuild"),
        Binding("w", "watch_best", "Watch the best's game", id="statistics.watch_best"),
        Binding("escape,q", "back", "Back", id="statistics.back", key_display="esc/q"),
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
        self._best_games: list[list[Best | None]] = []
        """Each row's bests of the table of bests by level, for ``w``."""

    def compose_content(self) -> ComposeResult:
        yield Static("Statistics", classes="screen-title")
        yield Static(
            f"Reading the statistics{self._ellipsis}",
            id="stats-status",
            classes="screen-hint",
            markup=False,
        )
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-rating", classes="stats-panel")
            yield Static(id="stats-results", classes="stats-panel")
            yield Static(id="stats-levels", classes="stats-panel")
            yield Static(id="stats-bests", classes="stats-panel")
            yield DataTable(id="stats-level-bests", classes="stats-panel", cursor_type="cell")
            yield Static(id="stats-level-bests-note", classes="screen-hint", markup=False)
            yield Static(id="stats-challenges", classes="stats-panel")
            yield Static(id="stats-trend", classes="stats-panel")
            yield Static(id="stats-rivals", classes="stats-panel")
            yield Static(id="stats-unsealed", classes="stats-panel")
        yield Static(id="no-stats", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        titles = {
            "#stats-rating": "Rating",
            "#stats-results": "Games by mode",
            "#stats-levels": "Against the computer",
            "#stats-bests": "Personal bests",
            "#stats-level-bests": "Bests by level and variant",
            "#stats-challenges": "Daily deal and ladder",
            "#stats-rivals": "Head to head, two players on one keyboard",
            "#stats-unsealed": "Not counted",
        }
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self._start(rebuild=False)

    @property
    def _ascii(self) -> bool:
        return self.painter.ascii

    @property
    def _dot(self) -> str:
        return self.painter.dot

    @property
    def _ellipsis(self) -> str:
        return "..." if self._ascii else "…"

    def _start(self, *, rebuild: bool) -> None:
        self.busy = True
        self._read(self.services.replay_dir(), rebuild=rebuild)

    @work(thread=True, exclusive=True, group="statistics")
    def _read(self, replays: Path, *, rebuild: bool) -> None:
        from spit.stats import StatsUnavailable

        try:
            figures = read_figures(replays, rebuild=rebuild)
        except StatsUnavailable as error:
            self.post_message(self.Read(None, str(error)))
        except (sqlite3.Error, OSError, ValueError) as error:
            reason = safe_text(error)
            self.post_message(self.Read(None, f"The statistics could not be read: {reason}"))
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
            self._tell_report(figures.report, rebuilt=figures.rebuilt)
        if not any(r.games for r in figures.results):
            unusable = "".join(f"\n{name}: {why}" for name, why in figures.unusable[:LISTED])
            if unusable:
                unusable = "\n\nReplays that could not be used:" + unusable
            self._show_empty(
                "No finished games yet.\n\n"
                "Play one from the menu and it will be counted here: each game against "
                "each bot level, two players on one keyboard, and over the network." + unusable
            )
            return
        self.remove_class("-no-stats")
        status = f"Every finished game{self._dot}r rebuilds these figures from your replays"
        if not figures.writable:
            status = "Read only: new games cannot be recorded until the database can be written"
        self._status(status)
        self._show_panels(figures)

    def _show_challenges(self, found: tuple[DailyStatus, LadderStatus] | None) -> None:
        """The streak of days won and the ladder's step and best, once either was played."""
        panel = self.query_one("#stats-challenges", Static)
        daily, ladder = found if found is not None else (None, None)
        panel.display = bool(daily and (daily.streak or daily.games or daily.counted)) or bool(
            ladder and ladder.games
        )
        if daily is None or ladder is None or not panel.display:
            return
        today = "not played yet"
        if daily.counted is not None:
            today = "won" if daily.counted.won else "lost"
            today = "left unfinished, lost" if daily.counted.left else today
        panel.update(
            Text(
                f"Today's deal: {today}{self._dot}streak of days won: {daily.streak}\n"
                f"Ladder: next game at step {ladder.step}{self._dot}highest step reached: "
                f"{ladder.highest}{self._dot}{ladder.games} counted games"
            )
        )

    def _show_panels(self, figures: Figures) -> None:
        from spit.stats.queries import playing_games

        rating = self.query_one("#stats-rating", Static)
        lines = rating_lines(figures, ascii_only=self._ascii)
        rating.display = lines is not None
        if lines is not None:
            rating.update(lines)
        self._show_level_bests(figures.level_bests)
        note = Text(RESULTS_NOTE, style="dim")
        self._panel("#stats-results", Group(results_table(figures.results), note))
        levels = self.query_one("#stats-levels", Static)
        tables = levels_tables(figures.levels)
        levels.display = bool(tables)
        if len(tables) == 1:
            levels.border_title = f"{tables[0][0]} against the computer"
        if tables:
            parts: list[Text | Table] = []
            for title, table in tables:
                parts += [Text(title, style="bold")] if len(tables) > 1 else []
                parts.append(table)
            shown = {r.game for r in figures.levels}
            columns = [c for g in registry.games() if g.name in shown for c in level_columns(g)]
            levels.update(Group(*parts, Text(levels_note(columns), style="dim")))
        bests = Group(bests_table(figures.bests), Text(BESTS_NOTE, style="dim"))
        self._panel("#stats-bests", bests)
        self._show_challenges(figures.challenges)
        trend = figures.trend
        trend_panel = self.query_one("#stats-trend", Static)
        trend_panel.display = bool(trend)
        if trend:
            games = "your last game" if len(trend) == 1 else f"your last {len(trend)} games"
            titles = " or ".join(_title(name) for name in playing_games())
            trend_panel.border_title = f"Cards per minute, {games} of {titles} against a bot"
            marked = (
                " A * marks a game whose replay is not sealed."
                if not all(p.sealed for p in trend)
                else ""
            )
            explain = Text(
                "One bar a game, oldest first, its length the game's cards per minute "
                f"(the longest is your best here): {trend_summary(trend, self._dot)}." + marked,
                style="dim",
            )
            trend_panel.update(Group(trend_chart(trend, ascii_only=self._ascii), explain))
        rivals = self.query_one("#stats-rivals", Static)
        rivals.display = bool(figures.rivalries)
        if figures.rivalries:
            rivals.update(rivalry_lines(figures.rivalries))
        unsealed = self.query_one("#stats-unsealed", Static)
        unsealed.display = bool(figures.not_sealed_count or figures.unusable)
        if unsealed.display:
            unsealed.update(not_counted_lines(figures))

    def _show_level_bests(self, rows: list[LevelBests]) -> None:
        from spit.stats import RECORDS

        table = self.query_one("#stats-level-bests", DataTable)
        note = self.query_one("#stats-level-bests-note", Static)
        table.display = note.display = bool(rows)
        table.clear(columns=True)
        self._best_games = []
        self.refresh_bindings()  # deferred: it sees the rows added below
        if not rows:
            return
        table.add_columns(
            "Against", "Variant", *(RECORD_LABELS[name].capitalize() for name in RECORDS)
        )
        for level, variant, bests in level_bests_rows(rows):
            cells = [best_cell(name, best) for name, best in zip(RECORDS, bests, strict=True)]
            table.add_row(Text(safe_text(level)), Text(safe_text(variant)), *cells)
            self._best_games.append(bests)
        note.update(LEVEL_BESTS_NOTE)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``w`` is offered (in the footer) only once there is a best to watch."""
        return action != "watch_best" or bool(self._best_games)

    def action_watch_best(self) -> None:
        """Open the replay of the best under the cursor (the row's first one when the
        cursor is on the level or the variant) in the viewer."""
        table = self.query_one("#stats-level-bests", DataTable)
        games = self._best_games
        if not games:  # not offered then (``check_action``)
            return
        row, column = table.cursor_coordinate
        bests = games[min(row, len(games) - 1)]
        picked = bests[column - 2] if column >= 2 else next((b for b in bests if b), None)
        if picked is None:
            self.notify("No best there yet.", title="Statistics", markup=False)
        elif not picked.replay_path.exists():
            name = safe_text(picked.replay_path.name)
            self.notify(
                f"The replay {name} is no longer there.",
                title="Statistics",
                severity="warning",
                markup=False,
            )
        else:
            game = registry.by_path(picked.replay_path)
            self.post_message(OpenReplay(picked.replay_path, None if game is None else game.name))

    def _panel(self, selector: str, content: Group) -> None:
        self.query_one(selector, Static).update(content)

    def _tell_report(self, report: RebuildReport, *, rebuilt: bool) -> None:
        if rebuilt:
            self.notify(f"Rebuilt from {report.describe()}.", title="Statistics", markup=False)
        if report.errors:
            named = "\n".join(report.errors[:ERRORS_SHOWN])
            more = len(report.errors) - ERRORS_SHOWN
            tail = f"\nand {more} more" if more > 0 else ""
            count = len(report.errors)
            self.notify(
                f"{count} replay{'' if count == 1 else 's'} could not be used:\n{named}{tail}",
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
        self._status(f"Rebuilding the statistics from your replays{self._ellipsis}")
        self._start(rebuild=True)

    def action_back(self) -> None:
        self.post_message(LeaveScreen(self))
