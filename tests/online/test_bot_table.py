"""The bots' ratings the server seeds from are the ladder's, as measured."""

from __future__ import annotations

from spit.games.spit.bots.ratings import RATINGS
from spit.online.rating import BOT_RATINGS


def test_spits_bot_ratings_are_the_measured_ones() -> None:
    assert dict(BOT_RATINGS["spit"]) == RATINGS
