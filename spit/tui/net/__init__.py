"""The network screens every game shares: connecting, waiting for the opponent, the
away countdown, the choice after it, the result with its rematch, and saving the
server's replay. Each game's own network table (``FrontEnds.net_screen``) is built on
``spit.tui.net.table.NetTableScreen``, which brings all of these with it.
"""
