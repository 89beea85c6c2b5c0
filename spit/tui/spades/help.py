"""The keys and the rules in brief, over the Spades table. Any key closes it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


def help_text(ascii_only: bool = False) -> str:
    arrows = "<- ->" if ascii_only else "← →"
    updown = "up/down" if ascii_only else "↑ ↓"
    return "\n".join(
        [
            "a-m      the card above the letter: play it, or pick it for an exchange",
            f"{arrows:<9}move the highlight; Enter plays the highlighted card",
            "Space    pick the highlighted card for a blind-nil exchange",
            "b / n    before the draw: bid blind nil / do not",
            "k / d    in the draw: keep the top card / discard it, take the next",
            f"0-9      type your bid (0 is nil); Enter bids, Backspace and {updown} correct",
            "Enter    confirm an exchange; start the next hand",
            "? help   q, Esc or Ctrl+C: leave the game (it asks)   Ctrl+Q: quit",
            "",
            "A hand: draw 13 cards two at a time, keeping one of each two; bid the",
            "tricks you will take; play 13 tricks. Follow suit if you can. Spades are",
            "trumps and may be led once one has been played. Making your bid scores 10",
            "a trick bid, plus 1 and a bag for each trick over; every 10 bags cost 100.",
            "Missing it costs 10 a trick. Nil scores +/-100, blind nil +/-200.",
        ]
    )


class SpadesHelp(ModalScreen[None]):
    """Shown over the table; the bot waits while it is up."""

    def __init__(self, ascii_only: bool = False) -> None:
        super().__init__()
        self._ascii = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Spades: keys", classes="title")
            yield Static(Text(help_text(self._ascii), no_wrap=True), id="help-keys")
            yield Static("Press any key to go back to the game", classes="hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
