"""Strict verification: is this file exactly the game it claims to be?

A file is valid when it re-simulates without a single difference (see
``spit.replay.verify``) and has no malformed line. A file that simply stops — a
game interrupted by a crash — is valid too, and not ``finished``: nothing in it is
wrong, it is only shorter.

The report also says whether the file is as the program wrote it (``seal``, from the
integrity digest the reader checked): a file can follow the rules and still have been
edited, and an edited file still re-simulates, so a viewer can show it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from spit.core.replay.fields import PLAYER_KEYS
from spit.core.replay.reading import Problem
from spit.core.replay.seal import Seal
from spit.core.wire import JsonObject


@dataclass(frozen=True, slots=True)
class Verification:
    valid: bool
    finished: bool
    """The game reached its end (and, if the file says so, the same end)."""
    rounds: int
    """Rounds dealt (up to the error, if invalid)."""
    winner: int | None
    inputs: int
    """Inputs re-simulated (up to the error, if invalid)."""
    duration_ms: int
    """Game time of the last line re-simulated."""
    final_hash: str | None = None
    """``state_hash`` of the table after the last line, when valid."""
    error: str | None = None
    line: int | None = None
    """Where the first problem is, when not valid."""
    seal: Seal = Seal.UNSEALED
    """Whether the lines are as written (``spit.core.replay.seal``); ``valid`` is about the
    rules only."""
    edit: Problem | None = None
    """Where the integrity digest fails, when ``seal`` is ``EDITED``."""

    @property
    def trusted(self) -> bool:
        """Consistent and not edited: what ``replay --check`` exits 0 for."""
        return self.valid and self.seal is not Seal.EDITED

    def to_json(self) -> JsonObject:
        """The ``--json`` report: always ``valid`` and ``seal``; ``final_hash`` when
        valid, ``error`` and ``line`` when not; ``seal_line`` and ``seal_error`` when
        edited."""
        out: JsonObject = {
            "valid": self.valid,
            "finished": self.finished,
            "rounds": self.rounds,
            "winner": None if self.winner is None else PLAYER_KEYS[self.winner],
            "inputs": self.inputs,
            "duration_ms": self.duration_ms,
        }
        if self.valid:
            out["final_hash"] = self.final_hash
        else:
            out["error"] = self.error
            out["line"] = self.line
        out["seal"] = self.seal.value
        if self.edit is not None:
            out["seal_line"] = self.edit.line
            out["seal_error"] = self.edit.message
        return out


class Sealed(Protocol):
    """What a replay of either game tells about its integrity digest."""

    @property
    def seal(self) -> Seal: ...
    @property
    def edit(self) -> Problem | None: ...


def with_seal(result: Verification, replay: Sealed) -> Verification:
    """``result`` with what the reader found of ``replay``'s integrity digest."""
    return replace(result, seal=replay.seal, edit=replay.edit)
