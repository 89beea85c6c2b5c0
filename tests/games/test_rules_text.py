"""The rules in short that How to play shows: every game that has some gives Markdown
under a title, and Spit's paragraphs name only rules that docs/rules_sources/RULES.md
numbers, so that a renumbered rule is caught here."""

from __future__ import annotations

import re
from pathlib import Path

from spit.games import registry
from spit.games.spit.rules_text import SECTIONS

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules_sources" / "RULES.md"


def test_every_games_rules_in_short_are_markdown_under_a_title() -> None:
    texts = {game.name: game.rules() for game in registry.games() if game.rules is not None}
    assert "spit" in texts
    for name, text in texts.items():
        assert text.startswith("# ") and text.endswith("\n"), name
        assert "R0" not in text and "R1" not in text, f"{name} shows rule numbers"


def test_spits_paragraphs_name_rules_that_exist() -> None:
    numbered = set(re.findall(r"\bR\d\d\b", RULES.read_text(encoding="utf-8")))
    for ids, _text in SECTIONS:
        for rule in ids.split(", "):
            assert rule in numbered, rule
