"""The store's refusals: typed, each with a message fit to show the player.

The server maps each to its own refusal on the wire; none of them is a failure of the
server. ``message`` never holds raw text from outside: a name it quotes is made safe
(``spit.core.safe_text``) first.
"""

from __future__ import annotations

from enum import StrEnum


class OnlineError(Exception):
    """The base of every refusal of the store: ``str()`` of it is its message."""

    @property
    def message(self) -> str:
        return str(self)


class TokenProblem(StrEnum):
    """Why a token is refused."""

    FORGED = "forged"
    """Not signed by this server (or signed with a key it no longer has)."""
    EXPIRED = "expired"
    REVOKED = "revoked"
    UNKNOWN_ACCOUNT = "unknown_account"


class TokenRefused(OnlineError):
    """The token is forged, expired or revoked; ``problem`` says which."""

    def __init__(self, problem: TokenProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem


class NameRefused(OnlineError):
    """The name breaks a rule of names (``spit.online.names``)."""


class NameTaken(OnlineError):
    """Another account has this name, or one that looks the same."""


class LinkCodeRefused(OnlineError):
    """No live link code matches: wrong, expired or already used."""


class RateLimited(OnlineError):
    """Too many of one action for now (``spit.online.rates``)."""


class UnknownAccount(OnlineError):
    """No account has this id."""


class ResultRefused(OnlineError):
    """A result that cannot be what the server decided: seats that name no account,
    winners that are not seats, a daily attempt of someone else, ..."""


class StoreError(OnlineError):
    """The database cannot be used: unreachable, of a newer schema, or not ours."""
