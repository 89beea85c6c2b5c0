"""The parts of ``spit.net.shared`` that need no Redis running: notices checked before
use, rate counters that go on in memory while Redis is unreachable, invites numbered
by a shared count, and the queue's memory of last opponents loaded for a pairing."""

from __future__ import annotations

from limits.storage import storage_from_string

from spit.net.matchmaking import MemoryQueue, Waiting
from spit.net.presence import MemoryInvites
from spit.net.rates import ActionRates, AddressRates
from spit.net.shared.notices import MAX_NOTICE, Pair, Waiter, decode_notice, encode_notice


def _waiter(account: str) -> Waiter:
    return Waiter(
        account=account, game="spit", variant="standard", rating=1500, since=0.0, process="p"
    )


def test_notices_round_trip_and_junk_is_dropped() -> None:
    pair = Pair(first=_waiter("a"), second=_waiter("b"))
    assert decode_notice(encode_notice(pair)) == pair
    assert decode_notice(b"{" + b"x" * 10) is None
    assert decode_notice(b'{"type": "pair"}') is None  # fields missing
    assert decode_notice(b'{"type": "nope"}') is None
    padded = encode_notice(pair)[:-1] + b" " * MAX_NOTICE + b"}"
    assert decode_notice(padded) is None  # over the size, unread


def _unreachable() -> object:
    """The ``limits`` Redis storage of a Redis that is not there (connections refused)."""
    return storage_from_string(
        "redis://127.0.0.1:1/0", socket_timeout=0.2, socket_connect_timeout=0.2
    )


def test_rate_counters_go_on_in_memory_while_redis_is_unreachable() -> None:
    rates = ActionRates({"queue": "3/minute"}, storage=_unreachable())  # type: ignore[arg-type]
    assert [rates.hit("queue", "ann") for _ in range(4)] == [True, True, True, False]
    address = AddressRates(
        connects_per_minute=2,
        wrong_per_minute=1,
        storage=_unreachable(),  # type: ignore[arg-type]
    )
    assert [address.connect("10.0.0.1") for _ in range(3)] == [True, True, False]


def test_invites_take_a_number_given_to_them() -> None:
    invites = MemoryInvites()
    made = invites.make("ann", "bob", "spit", "standard", 0.0, invite_id=41)
    assert made.id == 41 and invites.take(41) == made
    assert invites.make("ann", "bob", "spit", "standard", 0.0).id == 1  # its own count


def test_a_remembered_opponent_is_not_paired_again_while_others_wait() -> None:
    queue = MemoryQueue()
    queue.remember("ann", "bob")
    queue.remember("bob", "ann")
    for account, rating in (("ann", 1500), ("bob", 1500), ("cy", 1550)):
        queue.join(Waiting(account, "spit", "standard", rating, 0.0))
    pairs = queue.pair(1.0)
    assert len(pairs) == 1
    assert {pairs[0].first.account, pairs[0].second.account} != {"ann", "bob"}


def test_the_shared_queue_and_presence_keep_this_process_s_players_and_queue_their_writes() -> None:
    """Before any beat (nothing is sent to Redis until the cluster runs): a join is
    this process's at once, written to Redis later, and pairs no one here; a process's
    presence counts its own players."""
    from spit.net.matchmaking import Waiting
    from spit.net.shared.cluster_online import SharedPresence, SharedQueue
    from spit.net.shared.redis_cluster import RedisCluster

    cluster = RedisCluster("redis://127.0.0.1:9")  # never connected in this test
    queue = SharedQueue(cluster, clock=lambda: 100.0)
    queue.join(Waiting(account="ann", game="spit", variant="standard", rating=1500, since=90.0))
    assert queue.find("ann") is not None and queue.waiting("spit", "standard") == 1
    assert queue.pair(100.0) == []
    waiter = queue.waiters()["ann"]
    assert waiter.process == cluster.id and waiter.rating == 1500
    assert queue.leave("ann") is not None and queue.find("ann") is None
    assert cluster._writes.qsize() == 2  # the join and the leave, for the writer task
    presence = SharedPresence(cluster)
    presence.arrive("bob")
    assert presence.is_online("bob") and not presence.is_online("cy")
    assert presence.count() == 1
    presence.depart("bob")
    assert not presence.is_online("bob")
