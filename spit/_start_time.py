"""When the program started, for the app's "started in N ms" log line.

Recorded when this module is first imported: ``spit.cli`` imports it before anything
else, so the figure covers every import and the app's start-up up to its first frame
(all but the interpreter's own start).
"""

import time

START_TIME = time.perf_counter()
"""``time.perf_counter()`` at the program's start."""
