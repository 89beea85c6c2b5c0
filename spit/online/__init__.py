"""What makes a game on a server count: accounts without passwords, the results the
server decided, openskill ratings and three leaderboards per game, kept in SQLite (the
default) or PostgreSQL.

A layer below ``spit.net``: it imports only ``spit.core`` and libraries, and knows no
game; the server wires it in. Its one entry point is ``spit.online.store.OnlineStore``
(``open_store``): an async API, every method a short transaction.

- ``names``: the rules of a display name, and the keys that make two names that look
  alike the same name (``skeleton``: Unicode's confusables);
- ``tokens``: the signed token that is an account's only credential (itsdangerous);
- ``codes``: the one-time code that links a second device;
- ``results``: what the server decided of a game (``GameResult``), the only thing the
  store rates;
- ``rating``: openskill's update, and the policy for draws, forfeits and leavers;
- ``boards``: the three leaderboards (all-time, this week, today's deal), their
  periods and orders; ``standings``: their places and histograms in the database;
- ``rates``: the rate limits on account creation, renames and link codes;
- ``schema``, ``database``: the tables, their migrations, and the two backends.
"""
