"""What several ``spit-tui serve`` processes share, and the in-memory defaults of one.

One process keeps its room codes, public rooms, presence, queue, invites and rate
counters in memory (``spit.net.lobby``, ``spit.net.presence``,
``spit.net.matchmaking``, ``spit.net.rates``). With ``serve --redis redis://...``
several processes share them in Redis (``redis_cluster``): each registers itself with
a heartbeat, reserves its room codes there, publishes its public rooms and who is
online on it, puts its players in one queue that one process at a time pairs, and
tells the others what crosses processes by pub/sub (``notices``). A connection that
names a room of another process is relayed to it (``relay``). ``docs/deploy.md`` says
why, and what happens when a process or Redis goes away.
"""
