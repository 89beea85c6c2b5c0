"""The game kept in memory for the result screen's story (``spit.replay.feed``)
is the game its replay file holds: the same deals and inputs, and so the same story.
No Textual here; the screen's use of it is in ``tests/tui/game/test_game_over_story.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.engine import Variant
from spit.engine.timers import Timing
from spit.games.spit.game import new_session
from spit.games.spit.identity import NAME
from spit.games.spit.replay import Deal, Header, Input, ReplayWriter, load_replay, verify
from spit.replay.feed import GameLog
from spit.stats.story import story_of
from tests.replay.agents import RandomAgent
from tests.replay.games import BOTS


@pytest.mark.parametrize(("seed", "variant"), [(1, Variant.STANDARD), (8, Variant.POINTS)])
def test_the_log_holds_what_the_file_holds(tmp_path: Path, seed: int, variant: Variant) -> None:
    log = GameLog(NAME)
    writer = ReplayWriter.create(
        tmp_path, players=BOTS, variant=variant, target=100, timing=Timing(), seed=seed
    )
    match = new_session(
        seed=seed,
        variant=variant,
        agents=[RandomAgent(0, seed), RandomAgent(1, seed)],
        recorders=[writer, log],
        collect_events=False,
    )
    match.run_to_end(limit_ms=3_600_000)
    assert match.finished
    writer.close()
    on_disk = load_replay(writer.path)
    kept = log.replay(on_disk.header)
    assert kept.records == tuple(r for r in on_disk.records if isinstance(r, Deal | Input))
    assert any(isinstance(r, Input) for r in kept.records)
    assert story_of(kept) == story_of(on_disk)
    assert verify(on_disk).valid and verify(kept).valid


def test_an_empty_log_is_a_game_not_yet_dealt() -> None:
    replay = GameLog(NAME).replay(Header(Variant.STANDARD, 100, Timing(), BOTS, seed=1))
    assert replay.records == ()
    assert not replay.truncated and replay.problems == ()
