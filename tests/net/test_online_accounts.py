"""Accounts over the network, on loopback: a guest account on first contact, its token
kept with mode 0600 and sent again, renames, link codes, refused tokens (forged,
revoked, expired) and what a client may not claim."""

from __future__ import annotations

import asyncio
import contextlib
import json
import stat
from datetime import timedelta
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from spit.net.client import NetClient
from spit.net.online_client import AccountRefused, OnlineClient, OnlineRefused, sign_in
from spit.net.protocol import PROTOCOL_VERSION, Close, Hello, ProtocolError, encode
from spit.online.rates import LimitsLimiter
from tests.net.loopback import QUICK_CLOSE, running_server, wait_until
from tests.net.online_server import Wall, online_server


def run(body: object) -> None:
    asyncio.run(asyncio.wait_for(body, 60))  # type: ignore[arg-type]


async def refusal(uri: str, *frames: str) -> tuple[int | None, str]:
    """Send ``frames`` on a new connection; the close code and the reason it ends with."""
    async with connect(uri) as ws:
        for frame in frames:
            await ws.send(frame)
        with contextlib.suppress(ConnectionClosed):
            async for _ in ws:
                pass
    return ws.close_code, ws.close_reason or ""


def test_first_contact_makes_a_guest_whose_token_is_kept_and_used_again(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            first = await on.player("ann")
            assert first.signed is not None and first.signed.token is not None
            account = first.signed.account
            assert not account.named and account.name.startswith("Guest ")
            await first.close()
            path = on.tokens("ann").path
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
            kept = json.loads(path.read_text())["servers"]
            assert list(kept) == [str(on.address)]
            again = await on.player("ann")
            assert again.signed is not None and again.signed.account.id == account.id
            assert again.signed.token is None, "a recent token is not renewed"
            await again.close()

    run(body())


def test_renames_are_checked_and_shown_safely(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann = await on.player("ann", "Ann")
            bob = await on.player("bob")
            info = await ann.account()
            assert info.account.name == "Ann" and info.account.named
            with pytest.raises(OnlineRefused, match="taken, or looks the same"):
                await bob.rename("ΑNN")  # a Greek capital alpha
            with pytest.raises(OnlineRefused, match="cannot be shown") as refused:
                await bob.rename("Bob\x1b[31m")
            assert "\x1b" not in str(refused.value)
            with pytest.raises(OnlineRefused, match="3 to 20"):
                await bob.rename("Bo")
            assert bob.connected, "a refused name keeps the session"
            assert (await bob.rename("Bob")).account.name == "Bob"
            for client in (ann, bob):
                await client.close()

    run(body())


def test_a_link_code_makes_a_second_machine_the_same_account(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            ann = await on.player("ann", "Ann")
            code = await ann.make_link_code()
            laptop = await on.player("laptop")
            from spit.net.online_client import redeem

            signed = await redeem(laptop, on.address, on.tokens("laptop"), code.code.lower())
            assert signed.account.name == "Ann" and signed.token is not None
            assert on.tokens("laptop").get(on.address) == signed.token
            with pytest.raises(OnlineRefused, match="not valid"):
                await laptop.redeem_link_code(code.code)  # once only
            await laptop.close()
            again = await on.player("laptop")
            assert again.signed is not None and again.signed.account.name == "Ann"
            for client in (ann, again):
                await client.close()

    run(body())


def test_forged_revoked_and_expired_tokens_are_refused_with_the_reason(tmp_path: Path) -> None:
    wall = Wall()

    async def body() -> None:
        async with online_server(tmp_path, wall=wall) as on:
            ann = await on.player("ann", "Ann")
            assert ann.signed is not None
            token = on.tokens("ann").get(on.address)
            assert token is not None
            await ann.close()
            forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
            with pytest.raises(AccountRefused, match="not issued by this server"):
                await OnlineClient().connect(on.uri, forged)
            # another player's id in a token of one's own making is a forgery too
            with pytest.raises(AccountRefused, match="not issued by this server"):
                await OnlineClient().connect(on.uri, "WyJhYmMiLDBd.aaaaaa.bbbbbbbbbbbbbbbbbbbbbb")
            await on.store.revoke_tokens(ann.signed.account.id)
            with pytest.raises(AccountRefused, match="revoked"):
                await sign_in(on.address, on.tokens("ann"))
            fresh = await sign_in(on.address, on.tokens("ann"), fresh=True)
            assert fresh.signed is not None and fresh.signed.account.id != ann.signed.account.id
            await fresh.close()
            wall.now += timedelta(days=181)
            with pytest.raises(AccountRefused, match="expired"):
                await sign_in(on.address, on.tokens("ann"))

    run(body())


def test_a_client_cannot_claim_a_result_rating_or_board_entry(tmp_path: Path) -> None:
    async def body() -> None:
        async with online_server(tmp_path) as on:
            hello = encode(Hello(v=PROTOCOL_VERSION, name="x", online=True))
            for kind in ("result", "rating", "board_entry"):
                claim = json.dumps({"type": kind, "winner": 0, "rating": 3000})
                code, reason = await refusal(on.uri, hello, claim)
                assert code == Close.PROTOCOL
                assert f"cannot send '{kind}'" in reason and "the server decides" in reason
            # nor name another player's account in a hello
            stranger = {"type": "hello", "v": PROTOCOL_VERSION, "name": "x", "account_id": "ab"}
            code, reason = await refusal(on.uri, json.dumps(stranger))
            assert code == Close.PROTOCOL and "account_id" in reason
            # an online request on a seat's connection is refused too
            ann = await on.player("ann")
            bob = await on.player("bob")
            await ann.join_queue("spit", "standard")
            await bob.join_queue("spit", "standard")
            await wait_until(lambda: ann.matched is not None, 5)
            assert ann.matched is not None
            seat = NetClient()
            await seat.connect(on.uri, "x", room=ann.matched.room, token=ann.matched.token)
            await seat._send('{"type":"queue","game":"spit","variant":"standard"}')
            await wait_until(lambda: not seat.connected, 5)
            assert "for an online session, not a seat" in (seat.refusal or "")
            assert on.server.refused, "and the server goes on"
            for client in (ann, bob):
                await client.close()
            assert await on.store.rating(ann.signed.account.id, "spit", "standard") is None  # type: ignore[union-attr]

    run(body())


def test_account_creation_is_limited_per_address(tmp_path: Path) -> None:
    async def body() -> None:
        from spit.online.rates import Action

        async with online_server(tmp_path, limiter=LimitsLimiter({Action.CREATE: "2/hour"})) as on:
            for who in ("a", "b"):
                await (await on.player(who)).close()
            with pytest.raises(ProtocolError, match="too many accounts made from your address"):
                await on.player("c")
            kept = await on.player("a")  # an account made before still signs in
            await kept.close()

    run(body())


def test_a_server_without_accounts_says_so(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, limits=QUICK_CLOSE) as (_, uri):
            with pytest.raises(ProtocolError, match="keeps no accounts"):
                await OnlineClient().connect(uri)

    run(body())
