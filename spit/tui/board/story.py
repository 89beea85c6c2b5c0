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

if TYPE_CHECKING:
    from spit.replay import Replay
    from spit.stats import GameFigures, Story

BAR_ROWS: Final = 2
"""Rows of bars per player."""
_BLOCKS: Final = " ▁▂▃▄▅▆▇█"
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


def bars(values: list[int], top: int, rows: int = BAR_ROWS) -> list[str]:
    """``values`` as columns of blocks, ``rows`` high, ``top`` filling them; the top
    row first. A value above 0 always shows, however small."""
    top = max(top, 1)
    levels = [max(v * rows * 8 // top, 1 if v else 0) for v in values]
    return [
        "".join(_BLOCKS[min(8, max(0, level - 8 * row))] for level in levels)
        for row in range(rows - 1, -1, -1)
    ]


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

    def __init__(self, replay: Replay, shorts: tuple[str, str]) -> None:
        super().__init__()
        self.replay = replay
        self.shorts = shorts
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
            return Text("Working out the story of the game…", self._style("dim"))
        return self._chart(self.story) + self._figures(self.figures)

    def _chart(self, story: Story) -> Text:
        columns = max(8, self.size.width - _LABEL - _VALUE)
        top = max(max(p.cards) for p in story.points)
        out = Text(f"Cards left, {clock(0)} to {clock(story.duration_ms)}\n", self._style("dim"))
        for player in (0, 1):
            values = resample(story, player, columns)
            style = self._style(f"p{player + 1}")
            for row, line in enumerate(bars(values, top)):
                label = self.shorts[player][: _LABEL - 1] if row == 0 else ""
                end = f"{values[-1]:>{_VALUE - 1}}" if row == BAR_ROWS - 1 else ""
                out.append(f"{label:<{_LABEL}}")
                out.append(line, style)
                out.append(f" {end}\n")
        out.append(" " * _LABEL + self._rounds(story, columns) + "\n", self._style("dim"))
        return out

    def _rounds(self, story: Story, columns: int) -> str:
        """Each round's number under the column where it started, where it fits."""
        cells = [" "] * columns
        free = 0
        for number, t in enumerate(story.round_starts, start=1):
            column = t * (columns - 1) // max(1, story.duration_ms)
            label = str(number)
            if column >= free and column + len(label) <= columns:
                cells[column : column + len(label)] = label
                free = column + len(label) + 1
        return "".join(cells).rstrip()

    def _figures(self, figures: GameFigures) -> Text:
        a, b = figures.players
        s = self.shorts
        if figures.playing_ms:
            cpm = f"{s[0]} {a.cards_per_minute:.1f} · {s[1]} {b.cards_per_minute:.1f}"
        else:  # no time passed while cards could be played
            cpm = "-"
        return Text(
            f"{'Cards per minute':<30}{cpm}\n"
            f"{'Fastest run (plays in a row)':<30}{s[0]} {a.fastest_run} · {s[1]} {b.fastest_run}"
        )

    def _style(self, role: str) -> Style:
        return self.get_component_rich_style(f"story--{role}")
