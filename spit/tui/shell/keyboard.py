"""The game keys drawn as a keyboard, for How to play.

Each character key is a two-line cap: the key on top, its job underneath (``L3``: play
stockpile 3 onto the left pile, ``R3`` onto the right one, ``M3``: move it into an empty
space), coloured by the player who owns it. Keys that are not character keys (Space,
arrows, Backspace...) are listed below the drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from spit.settings.keymap import GAME_KEYS, KEYBOARD_ROWS, GameKey, key_label, resolve

CAP_WIDTH = 5
"""Cells per key cap; one more separates neighbouring caps."""
ROW_INDENT = (0, 2, 3, 4)
"""How far each row is shifted right, as on a real keyboard."""


_CURSOR_JOBS = {
    "left": "previous stockpile",
    "right": "next stockpile",
    "up": "aim at the left pile",
    "down": "aim at the right pile",
    "play": "play or slap",
    "move": "move",
}


def job_label(game_key: GameKey) -> str:
    """The short job of a key: ``L3``/``R3``/``M3`` for a player's keys (it fits a key cap)."""
    if game_key.kind == "play" and game_key.stock is not None:
        return f"{'LR'[game_key.pile or 0]}{game_key.stock + 1}"
    if game_key.kind == "move" and game_key.stock is not None:
        return f"M{game_key.stock + 1}"
    if game_key.kind == "cursor":
        return _CURSOR_JOBS[str(game_key.cursor)]
    return game_key.kind


class KeyboardMap(Widget):
    """The active keys of ``preset`` with ``overrides`` on that preset's keyboard."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keyboard--p1",
        "keyboard--p2",
        "keyboard--shared",
        "keyboard--unused",
        "keyboard--legend",
    }
    DEFAULT_CSS = """
    KeyboardMap {
        height: auto;
        padding: 1 1 0 1;
        & > .keyboard--p1 { background: $primary-muted; color: $text-primary; text-style: bold; }
        & > .keyboard--p2 { background: $accent-muted; color: $text-accent; text-style: bold; }
        & > .keyboard--shared { background: $panel; color: $foreground; text-style: bold; }
        & > .keyboard--unused { background: $panel; color: $text-disabled; }
        & > .keyboard--legend { color: $text-muted; }
    }
    """

    def __init__(
        self,
        preset: str,
        overrides: Mapping[str, str],
        *,
        ascii_only: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self.preset = preset
        self.keys = resolve(preset, overrides)
        """Binding id -> active key."""

    def _label(self, key: str) -> str:
        return key_label(key, ascii_only=self.ascii_only)

    def _style(self, game_key: GameKey | None) -> Style:
        if game_key is None:
            name = "unused"
        elif game_key.player is None:
            name = "shared"
        else:
            name = f"p{game_key.player + 1}"
        return self.get_component_rich_style(f"keyboard--{name}")

    def render(self) -> Text:
        owner = {key: GAME_KEYS[binding_id] for binding_id, key in self.keys.items()}
        drawn: set[str] = set()
        text = Text()
        for indent, row in zip(ROW_INDENT, KEYBOARD_ROWS[self.preset], strict=False):
            caps = Text(" " * indent)
            jobs = Text(" " * indent)
            if not any(key in owner for key in row):
                continue
            for key in row:
                drawn.add(key)
                game_key = owner.get(key)
                style = self._style(game_key)
                caps.append(f" {self._label(key):<{CAP_WIDTH - 1}}", style)
                jobs.append(f" {job_label(game_key) if game_key else '':<{CAP_WIDTH - 1}}", style)
                caps.append(" ")
                jobs.append(" ")
            text.append_text(caps)
            text.append("\n")
            text.append_text(jobs)
            text.append("\n\n")
        text.append_text(self._legend(drawn))
        return text

    def _legend(self, drawn: set[str]) -> Text:
        legend = self.get_component_rich_style("keyboard--legend")
        text = Text()
        text.append(" Player 1 ", self._style(GAME_KEYS["p1.move.1"]))
        text.append("  ")
        text.append(" Player 2 ", self._style(GAME_KEYS["p2.move.1"]))
        text.append(
            "\nL3: play stockpile 3 onto the left pile (or slap it), R3: onto the right pile"
            " (or slap it), M3: move its card into an empty space.\n",
            legend,
        )
        groups: dict[str, list[tuple[str, GameKey]]] = {}
        for binding_id, key in self.keys.items():
            if key not in drawn:
                game_key = GAME_KEYS[binding_id]
                group = "Against a bot:" if game_key.kind == "cursor" else "Other keys:"
                groups.setdefault(group, []).append((key, game_key))
        for group, entries in groups.items():
            text.append(f"\n{group}", legend)
            for key, game_key in entries:
                owner = f"P{game_key.player + 1} " if game_key.player is not None else ""
                text.append("  ")
                text.append(f" {self._label(key)} ", self._style(game_key))
                text.append(f" {owner}{job_label(game_key)}", legend)
        return text
