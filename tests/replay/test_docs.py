"""The examples in docs/replay-format.md are real: each replay block verifies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spit.replay import parse_replay, verify

DOC = Path(__file__).parents[2] / "docs" / "replay-format.md"
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
