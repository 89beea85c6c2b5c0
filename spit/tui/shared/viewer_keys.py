"""The viewer's keys: one table makes the bindings, the help screen and the hints.

Media-player conventions where there are some (Space, arrows, Home/End, ``,``/``.``
to step a frame), and every binding has an id, as the game's keys do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from spit.tui.shared.styles import style_classes


@dataclass(frozen=True, slots=True)
class ViewerKey:
    id: str
    keys: str
    """Textual key names, comma-separated."""
    action: str
    label: str
    """The keys as shown to people."""
    description: str


PLAY: Final = ViewerKey("viewer.play", "space", "play_pause", "Space", "play / pause")
COMMON_KEYS: Final = (
    ViewerKey("viewer.slower", "minus", "speed(-1)", "-", "slower (down to 0.25×)"),
    ViewerKey("viewer.faster", "plus,equals_sign", "speed(1)", "+", "faster (up to 16×)"),
    ViewerKey("viewer.start", "home", "start", "Home", "to the start"),
    ViewerKey("viewer.end", "end", "end", "End", "to the end"),
    ViewerKey("viewer.help", "question_mark", "help", "?", "these keys"),
    ViewerKey("viewer.leave", "escape,q", "leave", "Esc q", "leave the replay"),
)
"""The keys every viewer has (``spit.tui.shared.viewer_base``), listed after its own."""

VIEWER_KEYS: Final = (
    PLAY,
    ViewerKey("viewer.back", "left", "seek(-5000)", "←", "back 5 seconds"),
    ViewerKey("viewer.forward", "right", "seek(5000)", "→", "forward 5 seconds"),
    ViewerKey("viewer.event.previous", "up", "event(-1)", "↑", "previous event"),
    ViewerKey("viewer.event.next", "down", "event(1)", "↓", "next event"),
    ViewerKey(
        "viewer.round.previous",
        "pageup,left_square_bracket",
        "round(-1)",
        "PgUp [",
        "previous round (its start)",
    ),
    ViewerKey(
        "viewer.round.next", "pagedown,right_square_bracket", "round(1)", "PgDn ]", "next round"
    ),
    ViewerKey("viewer.step.back", "comma", "step(-1)", ",", "one input back"),
    ViewerKey("viewer.step.forward", "full_stop", "step(1)", ".", "one input forward"),
    *COMMON_KEYS,
)

HINT: Final = "Space play  ←→ 5 s  ↑↓ event  [ ] round"
"""The keys on the status line (the rest are in the help)."""
ASCII_HINT: Final = "Space play  Left/Right 5 s  Up/Down event"


def bindings(keys: tuple[ViewerKey, ...] = VIEWER_KEYS) -> list[Binding]:
    return [Binding(k.keys, k.action, k.description, show=False, id=k.id) for k in keys]


_ASCII_WORDS: Final = str.maketrans({"←": "Left", "→": "Right", "↑": "Up", "↓": "Down", "×": "x"})
"""The arrows and signs of the keys' labels and descriptions, in the ASCII style."""


def key_rows(keys: tuple[ViewerKey, ...], ascii_only: bool = False) -> list[str]:
    """A line per key for the help: the keys, then what they do."""
    rows = [(k.label, k.description) for k in keys]
    if ascii_only:
        rows = [
            (label.translate(_ASCII_WORDS), text.translate(_ASCII_WORDS)) for label, text in rows
        ]
    width = max(len(label) for label, _ in rows) + 3
    return [f"{label:<{width}}{text}" for label, text in rows]


def help_text(ascii_only: bool = False) -> str:
    events_line = "Events are card plays and moves, spits, slaps and round ends."
    spit = "." if ascii_only else "·"  # as the bar draws it (``timeline_bar``)
    marks = f"On the bar: each round's number where it starts, {spit} a spit, ! a slap."
    rows = key_rows(VIEWER_KEYS, ascii_only)
    return "\n".join([*rows, "", events_line, marks, "A click on the bar jumps there."])


class ViewerHelp(ModalScreen[None]):
    """A viewer's keys (the Spit viewer's unless ``text`` is given). Any key closes it."""

    DEFAULT_CSS: ClassVar[str] = """
    ViewerHelp {
        align: center middle;
        background: $background 60%;
    }
    ViewerHelp #dialog {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 2;
        border: round $primary;
        background: $surface;
    }
    ViewerHelp .title {
        width: 100%;
        content-align: center middle;
        text-style: bold;
        color: $text-primary;
    }
    ViewerHelp .hint {
        width: 100%;
        content-align: center middle;
        color: $text-accent;
    }
    """

    def __init__(
        self, title: str = "Replay keys", text: str | None = None, *, ascii_only: bool = False
    ) -> None:
        super().__init__(classes=style_classes(ascii_only))
        self._title = title
        self._text = help_text(ascii_only) if text is None else text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self._title, classes="title")
            yield Static(Text(self._text, no_wrap=True))
            yield Static("Press any key to go back", classes="hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
