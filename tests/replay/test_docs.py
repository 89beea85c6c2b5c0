"""The examples in docs/replay-format.md are real: each replay block verifies."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from spit.games.spit.replay import parse_replay, verify

DOC = Path(__file__).parents[2] / "docs" / "replay-format.md"
GOLDEN = Path(__file__).parent / "golden"
BLOCKS = re.findall(r"```jsonl\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_document_has_replay_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=[f"example{i + 1}" for i in range(len(BLOCKS))])
def test_each_example_replay_is_valid(block: str) -> None:
    replay = parse_replay(block.encode())
    assert replay.problems == ()
    assert verify(replay).valid


def test_the_played_example_ends_as_described() -> None:
    result = verify(parse_replay(BLOCKS[-1].encode()))
    assert (result.finished, result.winner, result.inputs) == (True, 0, 4)


def test_the_integrity_digest_can_be_computed_as_the_document_says() -> None:
    """The Python in the "Integrity" section, run on the bodies of a sealed file's
    lines, writes that file again, byte for byte."""
    section = DOC.read_text(encoding="utf-8").split("## Integrity", 1)[1]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    names: dict[str, Any] = {}
    exec(code, names)  # the document's own example, nothing from outside
    written = (GOLDEN / "sealed_finished.spit.jsonl").read_text(encoding="utf-8")
    digest, again = names["START"], []
    for line in written.splitlines():
        body = line[: line.rindex(', "chain": "')]
        digest, text = names["sealed"](digest, body, json.loads(line).get("type"))
        again.append(text)
    assert "".join(again) == written
