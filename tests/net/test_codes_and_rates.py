"""Room codes that cannot be guessed, and what a guesser is allowed (issue 25, item 4):
the codes' form and space, wrong codes limited per address with a back-off, and
watching that takes a public room or the room's watch code (``test_spectators.py``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.net.client import NetClient
from spit.net.codes import LENGTH, ROOM_CODE, SYMBOLS, new_code, normal_code
from spit.net.limits import Limits
from spit.net.protocol import Close, ProtocolError
from spit.net.rates import BACKOFF_FIRST_S, BACKOFF_MOST_S, FORGIVEN_AFTER_S, AddressRates
from spit.tui.net.link import check_code

from .loopback import running_lobby, running_server


def test_a_code_is_nine_symbols_of_crockfords_base32_in_three_groups() -> None:
    for _ in range(200):
        code = new_code()
        assert ROOM_CODE.fullmatch(code), code
        assert set(code.replace("-", "")) <= set(SYMBOLS)
    assert all(new_code("K").startswith("K") for _ in range(50))
    assert len(SYMBOLS) ** LENGTH == 2**45  # 2**40 within one process's first symbol


def test_codes_are_read_as_typed() -> None:
    assert normal_code("7kx-pm2-qda") == "7KX-PM2-QDA"
    assert normal_code(" 7KXPM2QDA ") == "7KX-PM2-QDA"
    assert normal_code("OIL-000-111") == "011-000-111"  # O reads as 0, I and L as 1
    for bad in ("", "7KX-PM2", "7KX-PM2-QDAX", "UUU-UUU-UUU", "7KX_PM2_QDA", "KITE-42"):
        assert normal_code(bad) is None, bad
    assert check_code("7kxpm2qda") == "7KX-PM2-QDA"
    with pytest.raises(ValueError, match="is not a room code"):
        check_code("KITE-42")


@given(st.text(SYMBOLS + "oil-", min_size=0, max_size=14))
def test_a_normal_code_is_always_in_the_servers_form(text: str) -> None:
    code = normal_code(text)
    assert code is None or ROOM_CODE.fullmatch(code)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_codes_beyond_the_rate_start_a_back_off_that_doubles() -> None:
    clock = Clock()
    rates = AddressRates(connects_per_minute=100, wrong_per_minute=10, clock=clock)
    for _ in range(10):
        assert rates.wrong_code("10.0.0.1") == 0  # within the rate: no back-off
    assert rates.blocked_for("10.0.0.1") == 0
    assert rates.wrong_code("10.0.0.1") == BACKOFF_FIRST_S
    assert rates.blocked_for("10.0.0.1") == BACKOFF_FIRST_S
    assert rates.blocked_for("10.0.0.2") == 0  # per address
    clock.now += BACKOFF_FIRST_S + 1
    assert rates.blocked_for("10.0.0.1") == 0
    assert rates.wrong_code("10.0.0.1") == 2 * BACKOFF_FIRST_S  # met again: twice as long
    clock.now += 2 * BACKOFF_FIRST_S + 1
    assert rates.wrong_code("10.0.0.1") == 4 * BACKOFF_FIRST_S
    for _ in range(20):  # at most a day
        clock.now += BACKOFF_MOST_S + 1
        rates.wrong_code("10.0.0.1")
    assert rates.blocked_for("10.0.0.1") <= BACKOFF_MOST_S
    clock.now += BACKOFF_MOST_S + FORGIVEN_AFTER_S + 1  # an hour of peace: forgiven
    assert rates.wrong_code("10.0.0.1") == BACKOFF_FIRST_S


def test_connection_attempts_are_limited_per_address() -> None:
    rates = AddressRates(connects_per_minute=5, wrong_per_minute=10)
    assert [rates.connect("10.0.0.1") for _ in range(6)] == [True] * 5 + [False]
    assert rates.connect("10.0.0.2")


def test_a_guesser_is_held_back_after_ten_wrong_codes_and_told_when_to_try(
    tmp_path: Path,
) -> None:
    """Ten wrong codes from an address, then the eleventh starts its back-off: every
    request for a room by code, a right one too, is refused with ``retry_after``
    until the back-off is over."""

    async def run() -> tuple[list[str], ProtocolError, int]:
        async with running_server(tmp_path) as (server, uri):
            room = server.open_room()
            reasons = []
            for _ in range(11):
                with pytest.raises(ProtocolError) as wrong:
                    await NetClient().connect(uri, "Eve", room=new_code())
                reasons.append(wrong.value.reason)
            with pytest.raises(ProtocolError) as held:
                await NetClient().connect(uri, "Eve", room=room.code)
            return reasons, held.value, server.refused_codes

    reasons, held, counted = asyncio.run(asyncio.wait_for(run(), 60))
    assert reasons[:10] == ["there is no room with that code"] * 10
    assert held.code is Close.BUSY and "too many wrong codes" in held.reason
    assert held.retry_after is not None and 0 < held.retry_after <= BACKOFF_FIRST_S
    assert counted == 11


def test_wrong_passwords_and_replay_codes_count_as_wrong_codes(tmp_path: Path) -> None:
    async def run() -> int:
        async with running_server(tmp_path, password="sesame") as (server, uri):
            room = server.open_room()
            with pytest.raises(ProtocolError):
                await NetClient().connect(uri, "Eve", room=room.code, password="open")
            from spit.net.lobby_client import replay_by_code

            with pytest.raises(ProtocolError):
                await replay_by_code(uri, new_code())
            return server.refused_codes

    assert asyncio.run(asyncio.wait_for(run(), 30)) == 2


def test_the_arithmetic_of_docs_protocol_md_holds() -> None:
    """``docs/protocol.md``: one address, 500 rooms open, 40 bits to guess within a
    process's first symbol; at most 10 wrong codes a minute even if the back-off never
    came (it does): the expected time to sit down in any room is centuries."""
    guesses = 2**40 / 500  # expected guesses to the first hit (each a fresh code)
    per_day = 10 * 60 * 24
    days = guesses / per_day
    assert days > 7
    assert round(guesses / 1e9, 2) == 2.2 and round(days) == 152_710  # some 418 years


def test_a_full_server_says_when_to_try_again(tmp_path: Path) -> None:
    async def run() -> ProtocolError:
        limits = Limits(max_rooms=1, waiting_s=120.0, max_per_address=50)
        async with running_lobby(tmp_path, limits=limits) as (_, uri):
            first = NetClient()
            await first.connect(uri, "Ann", create={})
            second = NetClient()
            with pytest.raises(ProtocolError) as full:
                await second.connect(uri, "Bob", create={})
            assert second.retry_after == full.value.retry_after
            await first.close()
            return full.value

    full = asyncio.run(asyncio.wait_for(run(), 30))
    assert full.code is Close.BUSY and "full" in full.reason
    assert full.retry_after is not None and 100 <= full.retry_after <= 120
