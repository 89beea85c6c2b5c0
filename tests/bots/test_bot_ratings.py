"""``benchmarks/bot_ratings.py``, the tool that measured ``RATINGS``, on a tiny run:
it rates every level, in order of strength, the anchor at openskill's start, and prints
the constants in the form the module holds them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from spit.games.spit.bots import LEVELS
from spit.games.spit.bots.ratings import ANCHOR, RATINGS

TOOL = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_ratings.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_ratings", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bot_ratings", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_tiny_run_rates_every_level_around_the_anchor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _tool().main(["--games", "20", "--reach", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    constants = out.split("\n\n")[0]
    assert constants.startswith("RATINGS: Final[dict[str, tuple[float, float]]] = {")
    assert f'    "{ANCHOR}": (25.000, ' in constants
    assert [line.split('"')[1] for line in constants.splitlines()[1:-1]] == list(LEVELS)
    assert "| level | skill | rating | ± | mu | sigma |" in out


def test_the_stored_ratings_cover_every_level() -> None:
    assert list(RATINGS) == list(LEVELS)
