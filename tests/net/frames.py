"""Frames written by hand, as a hostile peer may send them: any ``type``, any fields,
nothing checked (the program's own messages are ``spit.net.protocol``'s Structs)."""

from __future__ import annotations

import json


def frame(kind: str, **fields: object) -> str:
    """A frame of ``type`` ``kind`` with ``fields``, compact JSON like the program's."""
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))
