"""The golden replays in ``golden/``: what each must verify to, and a broken copy.

The expectations live here once, for the golden tests and for the command's report
of the same files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"

EXPECTED: dict[str, dict[str, Any]] = {
    "standard_finished.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 3,
        "winner": "p2",
        "inputs": 135,
        "duration_ms": 59168,
        "final_hash": "1caaa98a291d50707b719a9e3873ead6",
        "seal": "unsealed",
    },
    "points_finished.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 7,
        "winner": "p1",
        "inputs": 310,
        "duration_ms": 143076,
        "final_hash": "dc684daf80974dc5ef99beb45a744c21",
        "seal": "unsealed",
    },
    "unfinished.spit.jsonl": {
        "valid": True,
        "finished": False,
        "rounds": 3,
        "winner": None,
        "inputs": 93,
        "duration_ms": 39933,
        "final_hash": "790d7576c7401993a250170516a9457c",
        "seal": "unsealed",
    },
    "hand_written.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p1",
        "inputs": 5,
        "duration_ms": 3900,
        "final_hash": "fb83880d3d1b92192ddc4f47760704a9",
        "seal": "unsealed",
    },
    "hostile_stalls.spit.jsonl": {
        "valid": True,
        "finished": False,
        "rounds": 6,
        "winner": None,
        "inputs": 0,
        "duration_ms": 111000000,
        "final_hash": "4e547c3b1af767b691b5e3c2f44a43f2",
        "seal": "unsealed",
    },
    "spades_finished.spades.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 8,
        "winner": "p1",
        "inputs": 449,
        "duration_ms": 113750,
        "final_hash": "98d082e6950b1c5ac0c974ce96e4619a",
        "seal": "unsealed",
    },
    "spades_unfinished.spades.jsonl": {
        "valid": True,
        "finished": False,
        "rounds": 2,
        "winner": None,
        "inputs": 90,
        "duration_ms": 22750,
        "final_hash": "1dc9896ee1aa772430f5cdca46c9f47d",
        "seal": "unsealed",
    },
    "spades_hand_written.spades.jsonl": {
        "valid": True,
        "finished": False,
        "rounds": 1,
        "winner": None,
        "inputs": 5,
        "duration_ms": 0,
        "final_hash": "534627578aae58dae4b4b4d48e65c0c2",
        "seal": "unsealed",
    },
    "forfeit_bot.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p2",
        "inputs": 3,
        "duration_ms": 20000,
        "final_hash": "1d57f23604c36b50bc1d75841c7685cd",
        "seal": "sealed",
    },
    "forfeit_bot.spades.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p1",
        "inputs": 1,
        "duration_ms": 30000,
        "final_hash": "e1b2e9d63c504ebdb70e87bbcf73ee1b",
        "seal": "sealed",
    },
    "left_lag.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p1",
        "inputs": 0,
        "duration_ms": 9000,
        "final_hash": "7861ef69b7131393226727f14c1684d6",
        "seal": "sealed",
    },
    "left_lag.spades.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 1,
        "winner": "p2",
        "inputs": 0,
        "duration_ms": 5000,
        "final_hash": "dd6df3ec62449ec1d1bacfd6528eac9c",
        "seal": "sealed",
    },
    "v1_5_finished.spit.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 11,
        "winner": "p1",
        "inputs": 491,
        "duration_ms": 214200,
        "final_hash": "e421ab5a258775a4ee43d4d0387e5c16",
        "seal": "sealed",
    },
    "v1_5_finished.spades.jsonl": {
        "valid": True,
        "finished": True,
        "rounds": 12,
        "winner": "p1",
        "inputs": 673,
        "duration_ms": 170750,
        "final_hash": "e7fae0ccc9c1e504f371f2d95285db11",
        "seal": "sealed",
    },
}
"""``verify_any(...).to_json()`` of each file, by name."""

SEALED_TWINS = {
    "sealed_finished.spit.jsonl": "standard_finished.spit.jsonl",
    "sealed_unfinished.spit.jsonl": "unfinished.spit.jsonl",
    "sealed_spades_finished.spades.jsonl": "spades_finished.spades.jsonl",
}
"""The files of format 1.1 (sealed), each the same game as a 1.0 file: they verify to
the same result, sealed."""
EXPECTED.update({name: {**EXPECTED[twin], "seal": "sealed"} for name, twin in SEALED_TWINS.items()})


def broken_copy(name: str, directory: Path) -> Path:
    """The golden file ``name`` with its first refused input claimed as accepted: a
    file that reads, but does not re-simulate to what it says."""
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if '"accepted": false' in line)
    lines[i] = lines[i].replace('"accepted": false', '"accepted": true')
    path = directory / f"broken.{name.split('.', 1)[1]}"
    path.write_text("".join(lines), encoding="utf-8")
    return path
