"""Accounts on both backends: guests, tokens revoked, names unique, devices linked."""

from __future__ import annotations

import pytest

from spit.core.safe_text import is_safe
from spit.online.errors import (
    LinkCodeRefused,
    NameRefused,
    NameTaken,
    RateLimited,
    TokenProblem,
    TokenRefused,
    UnknownAccount,
)
from spit.online.rates import LimitsLimiter
from spit.online.store import OnlineStore
from spit.online.tokens import LIFETIME, RENEW_AFTER, TokenSigner
from tests.online.conftest import KEYS, Clock, run


def test_a_guest_comes_back_with_its_token(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        issued = await store.create_guest("192.0.2.1")
        assert issued.account.name is None and issued.account.shown.startswith("Guest ")
        back = await store.authenticate(issued.token)
        assert back.account == issued.account and back.renewed_token is None
        assert await store.account(issued.account.id) == issued.account

    run(where, body, clock=clock)


def test_tokens_forged_expired_revoked_or_of_another_server_are_refused(
    where: str, clock: Clock
) -> None:
    async def body(store: OnlineStore) -> None:
        issued = await store.create_guest("192.0.2.1")
        other_server = TokenSigner([b"another server's key, 32 bytes!"], clock=clock)
        unknown = TokenSigner(KEYS, clock=clock).issue("no-such-account", 0)
        problems = {}
        for label, token in [
            ("forged", issued.token[:-3] + "abc"),
            ("other", other_server.issue(issued.account.id, 0)),
            ("unknown", unknown),
        ]:
            with pytest.raises(TokenRefused) as caught:
                await store.authenticate(token)
            problems[label] = caught.value.problem
        assert problems == {
            "forged": TokenProblem.FORGED,
            "other": TokenProblem.FORGED,
            "unknown": TokenProblem.UNKNOWN_ACCOUNT,
        }
        fresh = await store.revoke_tokens(issued.account.id)
        with pytest.raises(TokenRefused, match="revoked") as caught:
            await store.authenticate(issued.token)
        assert caught.value.problem is TokenProblem.REVOKED
        assert (await store.authenticate(fresh)).account.id == issued.account.id
        clock.advance(seconds=LIFETIME.total_seconds() + 1)
        with pytest.raises(TokenRefused, match="expired"):
            await store.authenticate(fresh)

    run(where, body, clock=clock)


def test_a_token_in_use_is_renewed(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        issued = await store.create_guest("192.0.2.1")
        clock.advance(seconds=RENEW_AFTER.total_seconds() + 1)
        renewed = (await store.authenticate(issued.token)).renewed_token
        assert renewed is not None
        clock.advance(seconds=LIFETIME.total_seconds() - 60)
        assert (await store.authenticate(renewed)).account.id == issued.account.id

    run(where, body, clock=clock)


def test_names_are_unique_folded(where: str) -> None:
    async def body(store: OnlineStore) -> None:
        ann = (await store.create_guest("192.0.2.1")).account
        other = (await store.create_guest("192.0.2.1")).account
        await store.rename(ann.id, "Ann")
        for look_alike in ["ann", "ANN", "аnn", "ＡＮＮ"]:
            with pytest.raises(NameTaken) as caught:
                await store.rename(other.id, look_alike)
            assert is_safe(caught.value.message)
        assert (await store.rename(ann.id, "ANN")).name == "ANN", "one's own name, in capitals"
        await store.rename(other.id, "Anne")
        third = (await store.create_guest("192.0.2.1")).account
        await store.rename(third.id, "BILL")
        with pytest.raises(NameTaken):
            await store.rename(other.id, "blll")  # one name's key is the other's other key
        with pytest.raises(NameRefused):
            await store.rename(other.id, "A\x1b[2Jnn")
        found = await store.find_by_name("аnn")
        assert found is not None and found.id == ann.id
        assert await store.find_by_name("nobody") is None
        await store.rename(ann.id, "Zed")
        await store.rename(other.id, "Ann")  # a name given up is free
        with pytest.raises(UnknownAccount):
            await store.rename("no-such-account", "Bob")

    run(where, body)


def test_renames_and_new_accounts_are_rate_limited(where: str) -> None:
    async def body(store: OnlineStore) -> None:
        made = [await store.create_guest("192.0.2.1") for _ in range(10)]
        with pytest.raises(RateLimited):
            await store.create_guest("192.0.2.1")
        await store.create_guest("192.0.2.2")
        account = made[0].account.id
        await store.rename(account, "Ann")
        with pytest.raises(NameRefused):
            await store.rename(account, "!!")  # refused names cost nothing
        await store.rename(account, "Anna")
        await store.rename(account, "Annie")
        with pytest.raises(RateLimited):
            await store.rename(account, "Anouk")

    run(where, body, limiter=LimitsLimiter())


def test_a_second_device_is_linked_once_within_ten_minutes(where: str, clock: Clock) -> None:
    async def body(store: OnlineStore) -> None:
        ann = await store.create_guest("192.0.2.1")
        await store.rename(ann.account.id, "Ann")
        link = await store.make_link_code(ann.account.id)
        assert link.expires == clock.now.replace(minute=10)
        second = await store.redeem_link_code(f"  {link.code.lower()} ", "198.51.100.7")
        assert second.account.id == ann.account.id and second.account.name == "Ann"
        assert (await store.authenticate(second.token)).account.id == ann.account.id
        with pytest.raises(LinkCodeRefused, match="works once"):
            await store.redeem_link_code(link.code, "198.51.100.7")

        late = await store.make_link_code(ann.account.id)
        clock.advance(minutes=10)
        with pytest.raises(LinkCodeRefused):
            await store.redeem_link_code(late.code, "198.51.100.7")

        replaced = await store.make_link_code(ann.account.id)
        await store.make_link_code(ann.account.id)
        with pytest.raises(LinkCodeRefused):
            await store.redeem_link_code(replaced.code, "198.51.100.7")

    run(where, body, clock=clock)


def test_wrong_codes_are_bounded_per_address(where: str) -> None:
    async def body(store: OnlineStore) -> None:
        ann = await store.create_guest("192.0.2.1")
        link = await store.make_link_code(ann.account.id)
        for guess in range(10):
            with pytest.raises(LinkCodeRefused):
                await store.redeem_link_code(f"0000-{guess:04d}", "203.0.113.9")
        with pytest.raises(RateLimited):
            await store.redeem_link_code(link.code, "203.0.113.9")  # even the right one
        assert (await store.redeem_link_code(link.code, "192.0.2.1")).account.id == ann.account.id

    run(where, body, limiter=LimitsLimiter())
