"""Whether a replay file is as the program wrote it: sealed, unsealed or edited.

Every file the program writes carries an integrity digest chained over its lines
(``docs/replay-format.md``, "Integrity"); a reader checks the chain and says which of
these a file is. The statistics count only sealed files in personal bests and records.
This is tamper evidence against edits, not a signature: whoever recomputes the chain can
forge a sealed file.
"""

from __future__ import annotations

from enum import Enum


class Seal(Enum):
    SEALED = "sealed"
    """Every line up to the last digest is as written, the header included."""
    UNSEALED = "unsealed"
    """The file carries no digest at all (hand-written, or from before format 1.1)."""
    EDITED = "edited"
    """A digest does not match: a line was changed, dropped, inserted or moved."""
