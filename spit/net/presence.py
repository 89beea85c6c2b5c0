"""Who is online, and the invites between them.

An account is online while it has an online session open (``hello`` with ``online``):
the "Play online" screen, ``spit-tui online``, or the menu's quiet session on the
settings' server (``spit.tui.net.presence``). A friend can be invited by name only
then, and the invite shows on their screen at once; they accept or decline. An invite
not answered in ``INVITE_LIFETIME_S`` lapses, and a player has one invite out at a time
(a new one replaces it).

Each is a small interface (``Presence``, ``Invites``) with an implementation in this
process's memory; several server processes share presence and invites through Redis
(``spit.net.shared``). They
hold accounts' ids, never connections: the server maps an account to its sessions.
Times are seconds on the server's monotonic clock, passed in.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Final, Protocol

INVITE_LIFETIME_S: Final = 60.0
"""How long an invite waits for its answer."""


class Presence(Protocol):
    """Which accounts are online."""

    def arrive(self, account: str) -> None:
        """A session of ``account`` opened (an account may have several: devices)."""
        ...

    def depart(self, account: str) -> None:
        """A session of ``account`` ended."""
        ...

    def is_online(self, account: str) -> bool: ...

    def count(self) -> int:
        """Accounts online."""
        ...


class MemoryPresence:
    """A ``Presence`` in this process's memory: sessions counted per account."""

    def __init__(self) -> None:
        self._sessions: Counter[str] = Counter()
        self.version = 0
        """Counts the arrivals and departures (for a cache of what it says)."""

    def arrive(self, account: str) -> None:
        self._sessions[account] += 1
        self.version += 1

    def depart(self, account: str) -> None:
        self._sessions[account] -= 1
        self.version += 1
        if self._sessions[account] <= 0:
            del self._sessions[account]

    def sessions(self) -> dict[str, int]:
        """Account -> its sessions open here."""
        return dict(self._sessions)

    def is_online(self, account: str) -> bool:
        return account in self._sessions

    def count(self) -> int:
        return len(self._sessions)


@dataclass(frozen=True, slots=True)
class PendingInvite:
    """An invite waiting for its answer."""

    id: int
    inviter: str
    invitee: str
    game: str
    variant: str
    made_at: float


class Invites(Protocol):
    """The invites waiting for an answer."""

    def make(
        self,
        inviter: str,
        invitee: str,
        game: str,
        variant: str,
        now: float,
        *,
        invite_id: int | None = None,
    ) -> PendingInvite:
        """A new invite (``invite_id``: one given, as several processes share one
        count of them); the inviter's earlier one, if any, is withdrawn (``withdraw``
        it first to tell its invitee)."""
        ...

    def take(self, invite_id: int) -> PendingInvite | None:
        """The invite, taken out (to be answered); ``None`` if it is gone."""
        ...

    def sent_by(self, inviter: str) -> PendingInvite | None: ...

    def sent_to(self, invitee: str) -> list[PendingInvite]: ...

    def withdraw(self, inviter: str) -> PendingInvite | None:
        """Take out the inviter's invite, if there is one."""
        ...

    def lapsed(self, now: float) -> list[PendingInvite]:
        """Take out the invites older than ``INVITE_LIFETIME_S``."""
        ...


class MemoryInvites:
    """``Invites`` in this process's memory."""

    def __init__(self, lifetime_s: float = INVITE_LIFETIME_S) -> None:
        self.lifetime_s = lifetime_s
        self._ids = itertools.count(1)
        self._by_id: dict[int, PendingInvite] = {}
        self._by_inviter: dict[str, int] = {}

    def make(
        self,
        inviter: str,
        invitee: str,
        game: str,
        variant: str,
        now: float,
        *,
        invite_id: int | None = None,
    ) -> PendingInvite:
        self.withdraw(inviter)
        number = next(self._ids) if invite_id is None else invite_id
        invite = PendingInvite(number, inviter, invitee, game, variant, now)
        self._by_id[invite.id] = invite
        self._by_inviter[inviter] = invite.id
        return invite

    def take(self, invite_id: int) -> PendingInvite | None:
        invite = self._by_id.pop(invite_id, None)
        if invite is not None:
            self._by_inviter.pop(invite.inviter, None)
        return invite

    def sent_by(self, inviter: str) -> PendingInvite | None:
        invite_id = self._by_inviter.get(inviter)
        return None if invite_id is None else self._by_id.get(invite_id)

    def sent_to(self, invitee: str) -> list[PendingInvite]:
        return [invite for invite in self._by_id.values() if invite.invitee == invitee]

    def withdraw(self, inviter: str) -> PendingInvite | None:
        invite_id = self._by_inviter.get(inviter)
        return None if invite_id is None else self.take(invite_id)

    def lapsed(self, now: float) -> list[PendingInvite]:
        old = [i for i in self._by_id.values() if now - i.made_at >= self.lifetime_s]
        for invite in old:
            self.take(invite.id)
        return old
