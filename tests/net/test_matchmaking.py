"""The quick-match queue, presence and invites, on their own (no server): pairing by
rating in a window that widens with the wait, no pair twice in a row while others
wait, pools kept apart; invites made, answered, withdrawn and lapsed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spit.net.matchmaking import MemoryQueue, Waiting, Window
from spit.net.presence import MemoryInvites, MemoryPresence


def waiting(account: str, rating: int, since: float = 0.0, variant: str = "standard") -> Waiting:
    return Waiting(account, "spit", variant, rating, since)


def pairs_of(queue: MemoryQueue, now: float) -> set[frozenset[str]]:
    return {frozenset((p.first.account, p.second.account)) for p in queue.pair(now)}


def test_close_ratings_are_paired_at_once_far_ones_only_after_waiting() -> None:
    queue = MemoryQueue()
    queue.join(waiting("ann", 1500))
    queue.join(waiting("bob", 1560))
    queue.join(waiting("cid", 2100))
    queue.join(waiting("dan", 1400))
    assert pairs_of(queue, 0.0) == {frozenset({"ann", "bob"})}, "the nearest within 100"
    assert queue.find("cid") is not None and queue.find("ann") is None
    # cid (2100) and dan (1400) are 700 apart: a window of 700 takes (700-100)/25 = 24 s
    assert pairs_of(queue, 23.0) == set()
    assert pairs_of(queue, 24.0) == {frozenset({"cid", "dan"})}
    assert len(queue) == 0


def test_both_windows_must_reach_the_other() -> None:
    queue = MemoryQueue()
    queue.join(waiting("old", 1500, since=0.0))
    queue.join(waiting("new", 1800, since=20.0))  # 300 apart
    assert pairs_of(queue, 20.0) == set(), "the newcomer's window is still 100"
    assert pairs_of(queue, 28.0) == {frozenset({"old", "new"})}, "300 after 8 s"


def test_the_oldest_waiter_is_served_first_with_the_nearest_rating() -> None:
    queue = MemoryQueue()
    queue.join(waiting("first", 1500, since=0.0))
    queue.join(waiting("near", 1510, since=5.0))
    queue.join(waiting("nearer", 1505, since=6.0))
    assert pairs_of(queue, 6.0) == {frozenset({"first", "nearer"})}


def test_pools_are_apart() -> None:
    queue = MemoryQueue()
    queue.join(waiting("ann", 1500, variant="standard"))
    queue.join(waiting("bob", 1500, variant="points"))
    assert pairs_of(queue, 100.0) == set()
    assert queue.waiting("spit", "points") == 1


def test_the_same_two_are_not_paired_twice_in_a_row_while_others_wait() -> None:
    queue = MemoryQueue()
    for name in ("ann", "bob"):
        queue.join(waiting(name, 1500))
    assert pairs_of(queue, 0.0) == {frozenset({"ann", "bob"})}
    # back in the queue with a third player far off
    queue.join(waiting("ann", 1500, since=1.0))
    queue.join(waiting("bob", 1500, since=1.0))
    queue.join(waiting("cid", 1900, since=1.0))
    assert pairs_of(queue, 1.0) == set(), "cid waits: ann and bob do not meet again"
    pairs = pairs_of(queue, 13.0)  # 400 apart: a window of 400 after 12 s
    assert pairs == {frozenset({"ann", "cid"})}
    assert queue.find("bob") is not None
    # ann and cid met last: alone in the queue, they may meet again
    queue.leave("bob")
    queue.join(waiting("ann", 1500, since=20.0))
    queue.join(waiting("cid", 1500, since=20.0))
    assert pairs_of(queue, 20.0) == {frozenset({"ann", "cid"})}


def test_joining_again_replaces_the_first_place_and_leaving_takes_it_out() -> None:
    queue = MemoryQueue()
    queue.join(waiting("ann", 1500, since=0.0))
    queue.join(waiting("ann", 1700, since=3.0, variant="points"))
    assert len(queue) == 1 and queue.waiting("spit", "standard") == 0
    assert queue.leave("ann") is not None and queue.leave("ann") is None


@settings(max_examples=60, deadline=None)
@given(
    ratings=st.lists(st.integers(500, 2500), min_size=0, max_size=40),
    now=st.floats(0, 60),
)
def test_every_pair_is_within_both_windows_and_no_one_twice(ratings: list[int], now: float) -> None:
    rng = random.Random(len(ratings))
    queue = MemoryQueue(Window())
    joined = {
        f"p{i}": waiting(f"p{i}", r, since=rng.uniform(0, now)) for i, r in enumerate(ratings)
    }
    for entry in joined.values():
        queue.join(entry)
    seen: set[str] = set()
    for pair in queue.pair(now):
        a, b = pair.first, pair.second
        gap = abs(a.rating - b.rating)
        assert gap <= queue.window.at(now - a.since) and gap <= queue.window.at(now - b.since)
        assert not {a.account, b.account} & seen
        seen |= {a.account, b.account}
    assert len(queue) == len(joined) - len(seen)


def test_presence_counts_accounts_not_sessions() -> None:
    presence = MemoryPresence()
    presence.arrive("ann")
    presence.arrive("ann")  # a second device
    presence.arrive("bob")
    assert presence.count() == 2
    presence.depart("ann")
    assert presence.is_online("ann")
    presence.depart("ann")
    assert not presence.is_online("ann") and presence.count() == 1


def test_invites_are_taken_once_withdrawn_replaced_and_lapse() -> None:
    invites = MemoryInvites(lifetime_s=60)
    first = invites.make("ann", "bob", "spit", "standard", now=0.0)
    second = invites.make("ann", "cid", "spit", "standard", now=1.0)
    assert invites.sent_to("bob") == [], "a new invite replaces the inviter's last"
    assert invites.sent_by("ann") == second
    assert invites.take(first.id) is None
    assert invites.take(second.id) == second and invites.take(second.id) is None
    third = invites.make("dan", "bob", "spades", "target=500", now=10.0)
    assert invites.lapsed(69.0) == [] and invites.lapsed(70.0) == [third]
    invites.make("eve", "bob", "spit", "points", now=80.0)
    assert invites.withdraw("eve") is not None and invites.sent_to("bob") == []
