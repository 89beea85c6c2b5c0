"""The keys and the rules in brief, over the Spades table. Any key closes it."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


def help_text(ascii_only: bool = False, keys: Mapping[str, str] | None = None) -> str:
    """The keys (``keys``: binding id -> label of the remappable ones, the defaults'
    when ``None``) and the rules in brief."""
    if keys is None:
        keys = _default_names(ascii_only)
    arrows = f"{keys['spades.left']} {keys['spades.right']}"
    updown = f"{keys['spades.up']}/{keys['spades.down']}"
    enter, pick, erase = keys["spades.confirm"], keys["spades.pick"], keys["spades.erase"]
    question = f"{keys['spades.help']} help"
    return "\n".join(
        [
            "a-m      the card above the letter: play it, or pick it for an exchange",
            f"{arrows:<9}move the highlight; {enter} plays the highlighted card",
            f"{pick:<9}pick the highlighted card for a blind-nil exchange",
            "b / n    before the draw: bid blind nil / do not",
            "k / d    in the draw: keep the top card / discard it, take the next",
            f"0-9      type your bid (0 is nil); {enter} bids, {erase} and {updown} correct",
            f"{enter:<9}confirm an exchange; start the next hand",
            f"{question:<9}q, Esc or Ctrl+C: leave the game (it asks)   Ctrl+Q: quit",
            "",
            "A hand: draw 13 cards two at a time, keeping one of each two; bid the",
            "tricks you will take; play 13 tricks. Follow suit if you can. Spades are",
            "trumps and may be led once one has been played. Making your bid scores 10",
            "a trick bid, plus 1 and a bag for each trick over; every 10 bags cost 100.",
            "Missing it costs 10 a trick. Nil scores +/-100, blind nil +/-200.",
        ]
    )


def _default_names(ascii_only: bool) -> dict[str, str]:
    from spit.settings.keymap import key_label
    from spit.tui.spades.key_map import SPADES_KEYS

    return {c.id: key_label(c.default, ascii_only=ascii_only) for c in SPADES_KEYS.keys}


class SpadesHelp(ModalScreen[None]):
    """Shown over the table; the bot waits while it is up."""

    def __init__(self, ascii_only: bool = False, keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self._ascii = ascii_only
        self._keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Spades: keys", classes="title")
            yield Static(Text(help_text(self._ascii, self._keys), no_wrap=True), id="help-keys")
            yield Static("Press any key to go back to the game", classes="hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)
