"""The Spades examples in docs/replay-format.md are real: the file written by hand
verifies as described, the header reads, and the lines match the golden game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from spit.core.replay.fields import read_version
from spit.games.spades.replay import Header, parse_spades_replay, verify_spades

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "replay-format.md").read_text(encoding="utf-8")
SECTION = DOC[DOC.index("## Spades files") :]
BLOCKS = re.findall(r"```json\n(.*?)```", SECTION, re.S)
GOLDEN = ROOT / "tests" / "replay" / "golden"


def test_the_section_has_its_examples() -> None:
    assert len(BLOCKS) == 6


def test_the_header_example_reads() -> None:
    obj = json.loads(BLOCKS[0])
    header = Header.from_json(obj, read_version(obj))
    assert (header.target, header.first, header.players[1].level) == (500, 0, "hard")


def test_the_hand_written_file_is_the_golden_one_and_verifies_as_described() -> None:
    example = BLOCKS[-1]
    assert example == (GOLDEN / "spades_hand_written.spades.jsonl").read_text(encoding="utf-8")
    replay = parse_spades_replay(example.encode())
    assert replay.problems == ()
    result = verify_spades(replay)
    assert (result.valid, result.finished, result.inputs) == (True, False, 5)
    assert [i.accepted for i in replay.inputs] == [None, None, False, True, True]


def test_the_closing_line_example_is_the_golden_game_s() -> None:
    golden = (GOLDEN / "sealed_spades_finished.spades.jsonl").read_text(encoding="utf-8")
    checkpoint, end = BLOCKS[3].splitlines()
    assert golden.endswith(end + "\n")
    assert checkpoint in golden
