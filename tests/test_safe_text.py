"""``safe_text``: outside text never reaches a terminal as something it would obey."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.core.safe_text import is_safe, safe_lines, safe_path, safe_text

HOSTILE = [
    "\x1b]2;owned\x07",  # OSC: set the window title
    "\x1b[2J\x1b[H",  # CSI: clear the screen
    "\x9b31m",  # C1 CSI
    "evil\u202egnp.exe",  # right-to-left override
    "a\u2066b\u2069",  # bidi isolates
    "zero\u200bwidth",
    "line\u2028break",
    "tab\there\nnew",
    "\x7fdel",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_no_control_or_format_character_survives(text: str) -> None:
    shown = safe_text(text)
    assert shown.isprintable()
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)
    assert not is_safe(text)


def test_printable_text_in_any_script_is_unchanged() -> None:
    for text in ["plain", "Zoë vs 日本", "Ünïcödé ♠♥", "back\\slash", ""]:
        assert safe_text(text) == text
        assert is_safe(text)


def test_undecodable_file_name_bytes_show_as_bytes() -> None:
    assert safe_path(b"game\xff.spit.jsonl") == "game\\xff.spit.jsonl"


def test_limit_cuts_with_the_given_ellipsis() -> None:
    assert safe_text("x" * 30, limit=10) == "x" * 9 + "…"
    assert safe_text("x" * 30, limit=10, ellipsis="...") == "x" * 7 + "..."
    assert safe_text("short", limit=10) == "short"


@given(st.text())
def test_any_text_comes_out_printable(text: str) -> None:
    shown = safe_text(text)
    # Spaces of other widths (category Zs) are harmless and shown as they are.
    assert all(c.isprintable() or unicodedata.category(c) == "Zs" for c in shown)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in shown)


def test_safe_lines_keeps_the_line_breaks_only() -> None:
    assert safe_lines("a\x1b[2J\nb\x07\r\nc") == "a\\e[2J\nb\\x07\\r\nc"
    assert safe_lines(OSError("no \u202e")) == "no \\u202e"
