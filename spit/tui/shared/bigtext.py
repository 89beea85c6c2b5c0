"""Large text, three lines high, for the countdowns and the slap prompt."""

from __future__ import annotations

from typing import Final

_FONT: Final = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": ("╺┓ ", " ┃ ", "╺┻╸"),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    "A": ("┏━┓", "┣━┫", "╹ ╹"),
    "B": ("┏┓ ", "┣┻┓", "┗━┛"),
    "D": ("┳━┓", "┃ ┃", "┻━┛"),
    "E": ("┏━╸", "┣╸ ", "┗━╸"),
    "G": ("┏━╸", "┃╺┓", "┗━┛"),
    "I": ("╺┳╸", " ┃ ", "╺┻╸"),
    "L": ("╻  ", "┃  ", "┗━╸"),
    "N": ("┏┓╻", "┃┗┫", "╹ ╹"),
    "O": ("┏━┓", "┃ ┃", "┗━┛"),
    "P": ("┏━┓", "┣━┛", "╹  "),
    "S": ("┏━╸", "┗━┓", "╺━┛"),
    "T": ("╺┳╸", " ┃ ", " ╹ "),
    "U": ("╻ ╻", "┃ ┃", "┗━┛"),
    "W": ("╻ ╻", "┃┃┃", "┗┻┛"),
    "Y": ("╻ ╻", "┗┳┛", " ╹ "),
    "!": ("┃", "╹", "▪"),
    " ": ("  ", "  ", "  "),
}

_ASCII: Final = str.maketrans(
    {
        **dict.fromkeys("┏┓┗┛┳┻┣┫", "+"),
        **dict.fromkeys("━╸╺", "-"),
        **dict.fromkeys("┃╻╹", "|"),
        "▪": ".",
    }
)


def big_text(text: str, ascii_only: bool = False) -> tuple[str, str, str]:
    """``text`` in three-line letters (characters without a glyph are left out)."""
    glyphs = [_FONT[c] for c in text.upper() if c in _FONT]
    rows = tuple(" ".join(g[i] for g in glyphs) for i in range(3))
    if ascii_only:
        rows = tuple(row.translate(_ASCII) for row in rows)
    return rows[0], rows[1], rows[2]


def big_width(text: str) -> int:
    return len(big_text(text)[0])
