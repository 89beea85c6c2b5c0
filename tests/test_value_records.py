"""The project's small immutable records are frozen ``msgspec.Struct`` classes.

What the code relies on, checked on every record class and on a few typical ones:
building with defaults and default factories, ``__post_init__``, equality by class and
fields, the hash, ``repr``, pattern matching, ``msgspec.structs.replace`` and
``fields``, pickling (the simulator's ``--jobs`` workers send records back) and refusing
assignment.
"""

from __future__ import annotations

import copy
import importlib
import pickle
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import fields, replace

from spit.engine.actions import Move, Play
from spit.engine.events import CardPlayed, RoundDealt
from spit.engine.timers import Timing
from spit.settings.model import Settings

MODULES = (
    "spit.core.outcome",
    "spit.core.replay.fields",
    "spit.core.replay.line_parts",
    "spit.core.replay.seat_records",
    "spit.engine.actions",
    "spit.engine.events",
    "spit.engine.timers",
    "spit.game",
    "spit.games.registry",
    "spit.games.spades.bots.agent",
    "spit.games.spades.game",
    "spit.games.spades.intents",
    "spit.games.spit.game",
    "spit.games.spit.intents",
    "spit.play.events",
    "spit.play.net_table",
    "spit.play.session",
    "spit.replay.records",
    "spit.settings.file",
    "spit.settings.keymap",
    "spit.settings.model",
    "spit.tui.shared.cards",
    "spit.tui.shared.table_settings",
    "spit.tui.spit.board.draw",
    "spit.tui.spit.board.presenter",
    "spit.tui.spit.board.view",
    "spit.tui.spit.game_config",
    "spit.tui.spit.net_view",
)
"""The modules that define records."""


def _records() -> list[type[msgspec.Struct]]:
    return [
        item
        for name in MODULES
        for item in vars(importlib.import_module(name)).values()
        if isinstance(item, type) and issubclass(item, msgspec.Struct) and item.__module__ == name
    ]


RECORDS = _records()


def test_the_records_are_found() -> None:
    assert len(RECORDS) >= 60
    assert {CardPlayed, Play, Settings, Timing} <= set(RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__qualname__)
def test_every_record_is_frozen(record: type[msgspec.Struct]) -> None:
    assert record.__struct_config__.frozen
    assert not record.__struct_config__.dict  # slots only, as the dataclasses had


@given(
    player=st.integers(0, 1),
    stock=st.integers(0, 4),
    pile=st.integers(0, 1),
    card=st.integers(0, 51),
    revealed=st.none() | st.integers(0, 51),
)
@pytest.mark.slow
def test_a_record_is_a_value(player: int, stock: int, pile: int, card: int, revealed: Any) -> None:
    record = CardPlayed(player, stock, pile, card, revealed)
    same = CardPlayed(player=player, stock=stock, pile=pile, card=card, revealed=revealed)
    assert record == same and hash(record) == hash(same)
    assert record != replace(record, card=(card + 1) % 52)
    assert replace(record, card=card) == record
    assert repr(record) == (
        f"CardPlayed(player={player}, stock={stock}, pile={pile}, card={card},"
        f" revealed={revealed!r})"
    )
    assert [f.name for f in fields(record)] == ["player", "stock", "pile", "card", "revealed"]
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(record, protocol)) == record
    assert copy.deepcopy(record) == record == copy.copy(record)
    match record:
        case CardPlayed(got, stock=also):
            assert (got, also) == (player, stock)
        case _:
            pytest.fail("the record did not match its own class pattern")


def test_records_of_different_classes_differ() -> None:
    """Equality looks at the class first, as a dataclass's does: ``Move(0)`` is not
    ``RoundDealt``'s first field, and a set of actions keeps them apart."""
    assert Play(0, 1) != Play(0, 0) and Play(0, 1) == Play(0, 1)
    assert len({Move(0), Move(0), Play(0, 0)}) == 2
    assert RoundDealt(1, (5, 5)) != (1, (5, 5))


def test_assignment_is_refused() -> None:
    record = Play(0, 1)
    with pytest.raises(AttributeError):
        record.stock = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del record.stock  # type: ignore[misc]


def test_defaults_and_default_factories() -> None:
    first, second = Settings(), Settings()
    assert first == second and first.key_overrides == {}
    assert Settings(bell=True).bell and not first.bell
    assert replace(first, bell=True) == Settings(bell=True)
    assert Timing() == Timing.from_json(Timing().to_json())
    assert Timing(slap_window_ms=10).to_json()["slap_window_ms"] == 10


def test_post_init_checks_and_normalises() -> None:
    from spit.settings.model import CardStyle
    from spit.tui.spit.game_config import GameConfig

    config = GameConfig(card_style="ascii")
    assert config.card_style is CardStyle.ASCII
    assert replace(config, card_style="unicode").card_style is CardStyle.UNICODE
    with pytest.raises(ValueError, match="card_style"):
        GameConfig(card_style="braille")
