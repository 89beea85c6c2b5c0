"""The screens shown over the table: the key help, leaving, and the game's result
(with the game's story under it, when its game tells one: ``spit.tui.spit.board.story``).

Each is modal, so while it is up the table's priority bindings are out of the chain
and its own keys (Enter, Escape, letters) cannot play a card by accident. The game is
paused underneath while the help or the question is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from spit.core.safe_text import safe_path
from spit.settings.keymap import key_label
from spit.tui.shared.game_news import GameNewsLines
from spit.tui.shared.head_to_head import HeadToHead
from spit.tui.shared.styles import style_classes

if TYPE_CHECKING:
    from spit.core.clock import Clock


@dataclass(frozen=True, slots=True)
class KeyHelp:
    """What the help overlay lists."""

    keys: Mapping[str, str]
    """Binding id -> key (the resolved keymap)."""
    names: tuple[str, str]
    players: tuple[int, ...]
    """The players who use the keyboard (0, or 0 and 1)."""
    cursor: bool
    """Whether the arrow-key scheme is on (against a bot)."""
    ascii_only: bool = False


def help_text(help: KeyHelp) -> str:
    """The key table: one line per stockpile, a column per key, one block per player."""
    keys, label = help.keys, _labeller(help.ascii_only)
    arrows = ("<", ">", "v") if help.ascii_only else ("◀", "▶", "⇥")
    block = "  ".join(f"{a:^3}" for a in arrows)
    names = "".join(f"{help.names[p]:^17}" for p in help.players)
    blocks = "".join(f"{block:^17}" for _ in help.players)
    lines = [f"{'':11}{names}".rstrip(), f"{'stockpile':11}{blocks}".rstrip()]
    for stock in range(1, 6):
        row = f"{stock:^9}  "
        for p in help.players:
            ids = (f"p{p + 1}.play.{stock}.left", f"p{p + 1}.play.{stock}.right")
            cells = [label(keys[i]) for i in ids] + [label(keys[f"p{p + 1}.move.{stock}"])]
            row += f"{'  '.join(f'{c:^3}' for c in cells):^17}"
        lines.append(row.rstrip())
    lines += [
        "",
        f"{arrows[0]} onto the left pile  {arrows[1]} onto the right pile  "
        f"{arrows[2]} into an empty space",
        f"When a round ends, {arrows[0]} keys slap the left pile, {arrows[1]} the right.",
    ]
    if help.cursor:
        moves = "/".join(label(keys[f"cursor.{d}"]) for d in ("left", "right"))
        aims = "/".join(label(keys[f"cursor.{d}"]) for d in ("up", "down"))
        lines += [
            f"Or: {moves} choose a stockpile, {aims} the left/right pile,",
            f"{label(keys['cursor.play'])} plays (or slaps), "
            f"{label(keys['cursor.move'])} moves into an empty space.",
        ]
    can, cannot = ("*", "o") if help.ascii_only else ("●", "○")
    lines += [
        "",
        "A card fits one rank above or below a pile's top (A fits K and 2).",
        "+3 under a stockpile: 3 more cards face down, turned up one by one.",
        f"{can} can play: a key of yours would play now ({cannot} no play: none would).",
        f"{label(keys['pause'])} pause  {label(keys['help'])} help  "
        f"{label(keys['quit'])} or Ctrl+C: leave the game  Ctrl+Q: quit",
    ]
    return "\n".join(lines)


def _labeller(ascii_only: bool) -> Callable[[str], str]:
    return lambda key: key_label(key, ascii_only=ascii_only)


class HelpOverlay(ModalScreen[None]):
    """The keys, over the paused table. Any key closes it, so nobody has to know which."""

    def __init__(self, help: KeyHelp) -> None:
        super().__init__(classes=style_classes(help.ascii_only))
        self._help = help

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Keys", classes="title")
            yield Static(Text(help_text(self._help), no_wrap=True), id="help-keys")
            yield Static("Press any key to go back to the game", classes="hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)


class _AnswerLater(ModalScreen[bool]):
    """A question over a real-time game whose answer keys are also play keys: for
    ``grace_ms`` after it is shown it ignores the answers that end something, since a
    player may still be pressing their own keys when it appears. Without a clock (a
    turn-based game) it answers at once."""

    def __init__(self, clock: Clock | None, grace_ms: int, ascii_only: bool) -> None:
        super().__init__(classes=style_classes(ascii_only))
        self._clock = clock
        self._ready_at = clock.now_ms() + grace_ms if clock is not None else 0

    def _ready(self) -> bool:
        return self._clock is None or self._clock.now_ms() >= self._ready_at


RESULT_GRACE_MS = 1000
"""How long the result ignores its keys once shown: the players are still pressing
their own keys as the last card lands, and player 1's q and r (or Enter, the move
key against a bot) must not leave the game or start a rematch before anyone has
seen the result."""

QUIT_GRACE_MS = 500
"""How long "Leave this game?" ignores its leave keys: in a two-player game Y is
player 2's key, and player 2 may be mid-play when player 1 asks to leave. "Keep
playing" answers at once."""


class ConfirmQuit(_AnswerLater):
    """Leave the game? The game is paused while this is asked. ``clock``: the
    real-time game's, for the grace before a leave key counts (``QUIT_GRACE_MS``);
    ``recorded``: whether a replay is being written, which is what keeps the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,Y,enter", "answer(True)", "Leave", show=False),  # Y: Caps Lock on
        Binding("n,N,escape", "answer(False)", "Stay", show=False),
    ]

    def __init__(
        self, clock: Clock | None = None, *, recorded: bool = True, ascii_only: bool = False
    ) -> None:
        super().__init__(clock, QUIT_GRACE_MS, ascii_only)
        self._recorded = recorded

    def compose(self) -> ComposeResult:
        kept = "The replay keeps what was played so far."
        if not self._recorded:
            kept = "This game is not recorded."
        with Vertical(id="dialog"):
            yield Static("Leave this game?", classes="title")
            yield Static(kept, id="leave-note", markup=False)
            yield Static("Y or Enter: leave     N or Esc: keep playing", classes="hint")

    def action_answer(self, leave: bool) -> None:
        if not leave or self._ready():
            self.dismiss(leave)

    def interrupt(self) -> None:
        """Ctrl+C again leaves, at once: it is nobody's play key, so no grace."""
        self.dismiss(True)


@dataclass(frozen=True, slots=True)
class Result:
    headline: str
    lines: tuple[str, ...]
    replay: Path | None
    story: Widget | None = None
    """How the game went (Spit's chart and figures), shown under the result."""
    challenge: Widget | None = None
    """Where a game of a challenge leaves the player (the day's deal, the ladder)."""
    share: Callable[[], str | None] | None = None
    """The one line to copy and share, once it is known (``ResultOverlay``'s copy key)."""
    again: str = "rematch"
    """What Enter starts: "rematch", or "next game" on the ladder."""


class ResultOverlay(_AnswerLater):
    """The game's result; dismissed with True for a rematch, False to leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,r,R", "answer(True)", "Rematch", show=False),  # R: Caps Lock on
        Binding("escape,q,Q", "answer(False)", "Leave", show=False),
        Binding("c,C", "copy_share", "Copy the result", show=False, id="result.copy"),
    ]

    def __init__(
        self, result: Result, clock: Clock | None = None, *, ascii_only: bool = False
    ) -> None:
        """``clock``: the real-time game's, for the grace before keys answer
        (``RESULT_GRACE_MS``); without one (a turn-based game) keys answer at once."""
        super().__init__(clock, RESULT_GRACE_MS, ascii_only)
        self._result = result
        self._ascii = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self._result.headline, classes="title", markup=False)
            yield Static("\n".join(self._result.lines), markup=False)
            if self._result.story is not None:
                yield self._result.story
            if self._result.challenge is not None:
                yield self._result.challenge
            if self._result.replay is not None:
                yield HeadToHead(self._result.replay)  # shown for two players only
                yield GameNewsLines(self._result.replay, ascii_only=self._ascii)
                saved = safe_path(self._result.replay)  # under the settings' folder
                yield Static(f"Replay saved: {saved}", classes="dim", markup=False)
            yield Static(self._hint(), classes="hint")

    def _hint(self) -> str:
        copy = "     C: copy the result" if self._result.share is not None else ""
        return f"Enter: {self._result.again}     Esc: leave{copy}"

    def action_answer(self, rematch: bool) -> None:
        if self._ready():
            self.dismiss(rematch)

    def interrupt(self) -> None:
        """Ctrl+C leaves the game, as Esc does (no grace: it is nobody's play key)."""
        self.dismiss(False)

    def action_copy_share(self) -> None:
        """Put the share line on the clipboard (OSC 52: the terminal's, so it works
        over ssh too, in terminals that allow it). No grace: copying ends nothing."""
        text = self._result.share() if self._result.share is not None else None
        if text is None:
            return
        self.app.copy_to_clipboard(text)
        self.notify("Copied: " + text, markup=False)
