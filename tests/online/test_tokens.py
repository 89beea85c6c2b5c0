"""Tokens: signed by the server, refused when forged, expired or from another key."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.online.errors import TokenProblem, TokenRefused
from spit.online.tokens import LIFETIME, RENEW_AFTER, TokenSigner
from tests.online.conftest import Clock

KEY = b"k" * 32
OTHER = b"o" * 32


def refused(signer: TokenSigner, token: str) -> TokenProblem:
    with pytest.raises(TokenRefused) as caught:
        signer.read(token)
    return caught.value.problem


def test_a_token_reads_back(clock: Clock) -> None:
    signer = TokenSigner([KEY], clock=clock)
    claims = signer.read(signer.issue("abc", 4))
    assert (claims.account_id, claims.generation, claims.issued) == ("abc", 4, clock.now)


def test_a_tampered_token_is_forged(clock: Clock) -> None:
    signer = TokenSigner([KEY], clock=clock)
    token = signer.issue("abc", 0)
    payload, stamp, signature = token.split(".")
    other = TokenSigner([KEY], clock=clock).issue("xyz", 0).split(".")[0]
    assert refused(signer, f"{other}.{stamp}.{signature}") is TokenProblem.FORGED
    flipped = signature[:-1] + ("A" if signature[-1] != "A" else "B")
    assert refused(signer, f"{payload}.{stamp}.{flipped}") is TokenProblem.FORGED


def test_another_servers_token_is_forged(clock: Clock) -> None:
    token = TokenSigner([OTHER], clock=clock).issue("abc", 0)
    assert refused(TokenSigner([KEY], clock=clock), token) is TokenProblem.FORGED


def test_a_token_expires(clock: Clock) -> None:
    signer = TokenSigner([KEY], clock=clock)
    token = signer.issue("abc", 0)
    clock.advance(seconds=LIFETIME.total_seconds() - 1)
    signer.read(token)
    clock.advance(seconds=2)
    assert refused(signer, token) is TokenProblem.EXPIRED


def test_an_old_token_is_due_for_renewal(clock: Clock) -> None:
    signer = TokenSigner([KEY], clock=clock)
    token = signer.issue("abc", 0)
    assert not signer.needs_renewal(signer.read(token))
    clock.advance(seconds=(RENEW_AFTER + timedelta(seconds=1)).total_seconds())
    assert signer.needs_renewal(signer.read(token))


def test_keys_rotate(clock: Clock) -> None:
    old = TokenSigner([OTHER], clock=clock).issue("abc", 0)
    rotated = TokenSigner([OTHER, KEY], clock=clock)
    assert rotated.read(old).account_id == "abc"
    assert TokenSigner([KEY], clock=clock).read(rotated.issue("abc", 0)).account_id == "abc"


def test_short_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        TokenSigner([b"short"])


@given(st.text(max_size=200))
def test_any_text_is_refused_as_forged(text: str) -> None:
    assert refused(TokenSigner([KEY]), text) is TokenProblem.FORGED
