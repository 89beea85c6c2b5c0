"""The story of a finished game, on its result screen: both players' cards over time,
their cards per minute and fastest run of plays.

Everything comes from ``spit.stats`` (``story_of``, ``game_figures``), worked out from
the game's replay in a thread, so the result shows at once and the story follows a
moment later. The chart is drawn with block characters: one row of bars per player
on the same scale and the same time axis (resampled per column, since the story's
points come at uneven times), so the two can be compared at a glance. The statistics
are imported only when a game is over, which keeps them out of the game's start-up.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, ClassVar, Final

from rich.style import Style
from rich.text import Text
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from spit.tui.shared.cards import CardPainter

if TYPE_CHECKING:
    from spit.games.spit.replay import Replay
    from spit.stats import GameFigures, Story

BAR_ROWS: Final = 2
"""Rows of bars per player."""
_BLOCKS: Final = " ▁▂▃▄▅▆▇█"
_ASCII_BLOCKS: Final = " ..--==##"
"""The eighths of a cell in the ASCII card style: coarser, but still rising."""
SHIFT: Final = 3
"""How far a round's number may stand from the column where the round started, to
make room for its neighbours' numbers."""
STEPS: Final = (1, 2, 5, 10, 20, 50, 100)
"""Which rounds are numbered when not every number fits: every one, then every 2nd
from the first (1, 3, 5...), every 5th (1, 6, 11...), and so on."""
_LABEL: Final = 5
"""Columns before the bars (a player's short name)."""
_VALUE: Final = 4
"""Columns after the bars (the cards left at the end)."""


def clock(ms: int) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour) of game time."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def resample(story: Story, player: int, columns: int) -> list[int]:
    """The cards ``player`` held at each of ``columns`` evenly spaced times."""
    points = story.points
    times = [p.t for p in points]
    last = max(1, columns - 1)
    return [
        points[max(0, bisect_right(times, c * story.duration_ms // last) - 1)].cards[player]
        for c in range(columns)
    ]


def bars(
    values: list[int], top: int, rows: int = BAR_ROWS, *, ascii_only: bool = False
) -> list[str]:
    """``values`` as columns of blocks, ``rows`` high, ``top`` filling them; the top
    row first. A value above 0 always shows, however small."""
    top = max(top, 1)
    blocks = _ASCII_BLOCKS if ascii_only else _BLOCKS
    levels = [max(v * rows * 8 // top, 1 if v else 0) for v in values]
    return [
        "".join(blocks[min(8, max(0, level - 8 * row))] for level in levels)
        for row in range(rows - 1, -1, -1)
    ]


def round_labels(starts: list[int], columns: int, tick: str = "'") -> tuple[str, int]:
    """The line under the chart that numbers the rounds (which start at columns ``starts``),
    and how many rounds apart the numbered ones are: all if their numbers fit within
    ``SHIFT`` columns of their starts, else every 2nd, 5th, 10th..., ``tick`` between."""
    for step in STEPS:
        numbered = list(range(1, len(starts) + 1, step))
        places = _places([(starts[n - 1], str(n)) for n in numbered], columns)
        if places is None:
            continue
        cells = [" "] * columns
        for n, x in zip(numbered, places, strict=True):
            cells[x : x + len(str(n))] = str(n)
        for n in range(1, len(starts) + 1):
            x = starts[n - 1]
            if n not in numbered and all(c == " " for c in cells[max(0, x - 1) : x + 2]):
                cells[x] = tick
        return "".join(cells).rstrip(), step
    return "", 0


def _places(labels: list[tuple[int, str]], columns: int) -> list[int] | None:
    """Where each ``(column, text)`` label goes, in order and a blank apart, inside
    ``columns``; ``None`` if one would stand more than ``SHIFT`` from its column.

    Labels that would overlap are set as one group, centred on where its labels want
    to be (so a crowd of rounds spreads both ways), and groups that then overlap are
    joined, until none do."""
    groups = [[label] for label in labels]
    firsts = [_first(group, columns) for group in groups]
    k = 0
    while k < len(groups) - 1:
        if firsts[k] + _width(groups[k]) + 1 > firsts[k + 1]:
            groups[k : k + 2] = [groups[k] + groups[k + 1]]
            firsts[k : k + 2] = [_first(groups[k], columns)]
            k = max(0, k - 1)  # the bigger group may now reach the one before
        else:
            k += 1
    places = [
        first + offset
        for group, first in zip(groups, firsts, strict=True)
        for offset in _offsets(group)
    ]
    if any(
        abs(x - column) > SHIFT or x + len(text) > columns
        for x, (column, text) in zip(places, labels, strict=True)
    ):
        return None
    return places


def _offsets(group: list[tuple[int, str]]) -> list[int]:
    """Each label's column in its group, a blank after each."""
    offsets, x = [], 0
    for _, text in group:
        offsets.append(x)
        x += len(text) + 1
    return offsets


def _width(group: list[tuple[int, str]]) -> int:
    return sum(len(text) + 1 for _, text in group) - 1


def _first(group: list[tuple[int, str]], columns: int) -> int:
    """The group's first column: as near as can be to every label's own, inside
    ``columns`` (which may leave it at the edge, too far from some)."""
    wants = [column - offset for (column, _), offset in zip(group, _offsets(group), strict=True)]
    return max(0, min((min(wants) + max(wants)) // 2, columns - _width(group)))


def _nth(step: int) -> str:
    return "2nd" if step == 2 else f"{step}th"


class StoryPanel(Widget):
    """The story of the game in ``replay``; ``shorts`` name the players briefly."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"story--p1", "story--p2", "story--dim"}
    DEFAULT_CSS = """
    StoryPanel {
        width: 1fr;
        height: auto;
        margin-top: 1;
        & > .story--p1 { color: $text-primary; }
        & > .story--p2 { color: $text-warning; }
        & > .story--dim { color: $text-muted; }
    }
    """

    def __init__(
        self, replay: Replay, shorts: tuple[str, str], *, ascii_only: bool = False
    ) -> None:
        super().__init__()
        self.replay = replay
        self.shorts = shorts
        self.ascii_only = ascii_only
        self._dot = CardPainter.for_ascii(ascii_only).dot
        self.story: Story | None = None
        self.figures: GameFigures | None = None
        self.failure: str | None = None

    def on_mount(self) -> None:
        self.run_worker(self._work, name="story", thread=True, exit_on_error=False)

    def _work(self) -> tuple[Story, GameFigures]:
        from spit.stats import game_figures, story_of  # only once a game is over

        return story_of(self.replay), game_figures(self.replay)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        result: tuple[Story, GameFigures] | None = event.worker.result
        if event.state is WorkerState.SUCCESS and result is not None:
            self.story, self.figures = result
        elif event.state is WorkerState.ERROR:
            self.failure = f"The story of this game is not available: {event.worker.error}"
        else:
            return
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.failure is not None:
            return Text(self.failure, self._style("dim"))
        if self.story is None or self.figures is None:
            dots = "..." if self.ascii_only else "…"
            return Text(f"Working out the story of the game{dots}", self._style("dim"))
        return self._chart(self.story) + self._figures(self.figures)

    def _chart(self, story: Story) -> Text:
        columns = max(8, self.size.width - _LABEL - _VALUE)
        top = max(max(p.cards) for p in story.points)
        out = Text(f"Cards left, {clock(0)} to {clock(story.duration_ms)}\n", self._style("dim"))
        for player in (0, 1):
            values = resample(story, player, columns)
            style = self._style(f"p{player + 1}")
            for row, line in enumerate(bars(values, top, ascii_only=self.ascii_only)):
                label = self.shorts[player][: _LABEL - 1] if row == 0 else ""
                end = f"{values[-1]:>{_VALUE - 1}}" if row == BAR_ROWS - 1 else ""
                out.append(f"{label:<{_LABEL}}")
                out.append(line, style)
                out.append(f" {end}\n")
        starts = [t * (columns - 1) // max(1, story.duration_ms) for t in story.round_starts]
        tick = "'" if self.ascii_only else "╵"
        line, step = round_labels(starts, columns, tick)
        out.append(f"{'':<{_LABEL}}{line}\n", self._style("dim"))
        if step > 1:
            out.append(
                f"{'':<{_LABEL}}{tick} a round; every {_nth(step)} is numbered\n",
                self._style("dim"),
            )
        return out

    def _figures(self, figures: GameFigures) -> Text:
        a, b = figures.players
        s = self.shorts
        dot = self._dot
        if figures.playing_ms:
            cpm = f"{s[0]} {a.cards_per_minute:.1f}{dot}{s[1]} {b.cards_per_minute:.1f}"
        else:  # no time passed while cards could be played
            cpm = "-"
        return Text(
            f"{'Cards per minute':<30}{cpm}\n"
            f"{'Fastest run (plays in a row)':<30}{s[0]} {a.fastest_run}{dot}{s[1]} {b.fastest_run}"
        )

    def _style(self, role: str) -> Style:
        return self.get_component_rich_style(f"story--{role}")
