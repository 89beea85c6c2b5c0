"""Play over the network: the server is the authority, clients send intents.

The server runs each game's session on its own clock and sends each client only what
that client's player may see (the engine's ``observe``). Clients draw what they are
sent and never run the rules to decide anything. The pieces, from the bottom:

- ``protocol``: the messages, each a typed msgspec Struct, their version and their
  limits, read strictly in both directions by ``spit.core.wire`` (``docs/protocol.md``
  specifies them).
- ``clock_sync``: each client's clock offset (from its stamps, with the minimum-delay
  filter NTP uses) and one-way latency (only from what the server measured: its timed
  pings, and the kernel's round trip, ``tcp_rtt``), decaying when pings go unanswered.
- ``fairness``: which of two racing intents came first, by their senders' clocks
  bounded by the measured lines and a lag-compensation quota, and the short hold that
  lets a slower connection's intent arrive.
- ``codes`` and ``rates``: room codes that cannot be guessed, and what a guesser (or a
  flood of connections) is allowed per address.
"""
