"""How re-playing a file reports where the game it holds differs from the file.

Both games' re-simulations check the same kinds of claim: a closing line's figures and
a recorded state hash. The wording lives here once so that ``spit-tui replay --check``
says the same thing, in the same terms, whichever game the file holds.
"""

from __future__ import annotations

from collections.abc import Iterable


class ReplayMismatch(Exception):
    """The re-simulated game differs from the file at ``line``."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def check_closing(line: int, claims: Iterable[tuple[str, object, object]]) -> None:
    """Raise ``ReplayMismatch`` at the first of the closing line's claims (what it is,
    the recorded value, the re-played one) that the game does not bear out."""
    for what, recorded, actual in claims:
        if recorded != actual:
            raise ReplayMismatch(line, f"{what} at the end is {actual}, not {recorded} as recorded")


def check_hash(line: int, what: str, actual: str, recorded: str) -> None:
    """Raise ``ReplayMismatch`` unless ``what`` (the re-played game at the line) has the
    recorded state hash."""
    if actual != recorded:
        raise ReplayMismatch(
            line,
            f"{what} is not the one recorded "
            f"(state hash {actual[:12]}..., recorded {recorded[:12]}...)",
        )


def engine_note(recorded: str | None, running: str, engine: str = "engine") -> str:
    """What to add to a mismatch when the file was recorded under other rules
    (``recorded``, from its header, is not ``running``): the difference may be theirs."""
    if recorded is None or recorded == running:
        return ""
    return f" (the file was recorded with {engine} {recorded}; this is {engine} {running})"
