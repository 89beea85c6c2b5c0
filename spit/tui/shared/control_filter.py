"""The last guard between the app and the terminal: no character a terminal would obey
leaves a frame.

Every place that shows outside text makes it safe with ``spit.core.safe_text`` (which shows
``ESC`` as ``\\e``, so the player sees what the name holds). This filter is for the
place that forgets: Textual writes a segment's text to the terminal as it is, so an
``ESC`` in any widget's text would start an escape sequence. The filter takes out
the characters ``safe_text`` would escape, each replaced by as many ``?`` as the cells
it was counted to take (none, for controls and formatting characters), so the frame's
layout stays exactly as Textual measured it.

Textual's line filters are its own machinery (``App.get_line_filters``; its docs call
them internal); Textual is pinned, so check this on an upgrade. Filtered strips are
cached by Textual, and a segment that is all printable (nearly all) costs one
``str.isprintable`` call.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from spit.core.safe_text import is_safe


@lru_cache(maxsize=1024)
def _harmless(text: str) -> str:
    return "".join(c if is_safe(c) else "?" * cell_len(c) for c in text)


class ControlCharacterFilter(LineFilter):
    """Takes every control, formatting and undecodable character out of a frame."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(s.control or s.text.isprintable() for s in segments):
            return segments
        return [
            s if s.control or s.text.isprintable() else Segment(_harmless(s.text), s.style)
            for s in segments
        ]
