"""The account token: the one secret a player's device keeps, signed by the server.

A token says "account A, generation G, issued at T", signed with the server's secret
key (HMAC-SHA256) by itsdangerous' ``URLSafeTimedSerializer``. Why itsdangerous rather
than a JWT library (PyJWT, joserfc): the token is read only by the server that made
it, so it needs no claims standard and no algorithm negotiation (the header through
which JWTs have been forged); itsdangerous signs with one fixed algorithm, timestamps
the signature itself, accepts a list of keys for rotating them (the newest signs, all
verify), and is small and well kept (Pallets, the makers of Flask).

- **Forged** (or signed by another server, or with a key since dropped): refused.
- **Expired**: a token is good for ``LIFETIME`` after it was issued. A player who
  comes back within that is given a fresh token (``RENEW_AFTER``), so only an account
  left unused for that long loses its token.
- **Revoked**: each account has a token generation; a token of an older generation
  is refused (``spit.online.store.OnlineStore.revoke_tokens`` moves it on, signing
  every device out). That check needs the database, so it is the store's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from itsdangerous import BadData, SignatureExpired, TimestampSigner, URLSafeTimedSerializer

from spit.online.errors import TokenProblem, TokenRefused

LIFETIME: Final = timedelta(days=180)
"""How long a token is good for after it was issued."""

RENEW_AFTER: Final = timedelta(days=7)
"""A token older than this is replaced by a fresh one when it is used."""

SALT: Final = "spit-tui online account token"
"""Keeps a signature made with the same key for something else from passing as a
token (itsdangerous' namespacing)."""

KEY_BYTES: Final = 32
"""The length of a new secret key (``spit.online.keys``)."""


@dataclass(frozen=True, slots=True)
class Claims:
    """What a token whose signature holds says; the store checks the generation."""

    account_id: str
    generation: int
    issued: datetime


class TokenSigner:
    """Issues and reads tokens with ``keys`` (the last signs; every one verifies, for
    rotating keys), on ``clock`` (aware UTC; injectable for tests)."""

    def __init__(
        self, keys: Sequence[bytes], *, clock: Callable[[], datetime] | None = None
    ) -> None:
        if not keys or any(len(key) < 16 for key in keys):
            raise ValueError("a token needs at least one secret key of 16 bytes or more")
        self._clock = clock or (lambda: datetime.now(UTC))
        clock_now = self._clock

        class _Signer(TimestampSigner):
            def get_timestamp(self) -> int:
                return int(clock_now().timestamp())

        self._serializer = URLSafeTimedSerializer(
            list(keys),
            salt=SALT,
            signer=_Signer,
            signer_kwargs={"digest_method": hashlib.sha256},
        )

    def issue(self, account_id: str, generation: int) -> str:
        """A new token for the account at its current generation."""
        return self._serializer.dumps([account_id, generation])

    def read(self, token: str) -> Claims:
        """The claims of a token whose signature holds and that has not expired;
        raises ``TokenRefused`` (``FORGED`` or ``EXPIRED``) otherwise."""
        if not isinstance(token, str) or len(token) > 1024:
            raise TokenRefused(TokenProblem.FORGED, _FORGED)
        try:
            payload, issued = self._serializer.loads(
                token, max_age=int(LIFETIME.total_seconds()), return_timestamp=True
            )
        except SignatureExpired:
            raise TokenRefused(
                TokenProblem.EXPIRED,
                "this account's token has expired (unused for 180 days): "
                "link this device again with a code from another one, or start afresh",
            ) from None
        except (BadData, ValueError, TypeError):
            raise TokenRefused(TokenProblem.FORGED, _FORGED) from None
        match payload:
            case [str(account_id), int(generation)] if not isinstance(generation, bool):
                return Claims(account_id, generation, issued)
        raise TokenRefused(TokenProblem.FORGED, _FORGED)

    def needs_renewal(self, claims: Claims) -> bool:
        """Whether a token with these claims should be replaced by a fresh one."""
        return self._clock() - claims.issued > RENEW_AFTER


_FORGED: Final = (
    "this token was not issued by this server (or its key has changed): "
    "the account cannot be used here"
)
