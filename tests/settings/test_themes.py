"""The settings' list of themes is the installed Textual's, written out so that the
settings can be checked without loading the UI."""

from __future__ import annotations

from textual.theme import BUILTIN_THEMES

from spit.settings.model import THEMES


def test_the_themes_offered_are_textuals_own_without_the_ansi_ones() -> None:
    offered = [name for name in BUILTIN_THEMES if not name.startswith(("ansi-", "textual-ansi"))]
    assert sorted(THEMES) == sorted(offered)
    assert THEMES[:2] == ("textual-dark", "textual-light")
