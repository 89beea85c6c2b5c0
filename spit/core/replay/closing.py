"""``with`` for what only needs closing at the end: the replay writers, and the
statistics database (``spit.stats``, which builds on this package)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType
from typing import Self


class Closing(ABC):
    """Closes itself when its ``with`` block ends, however it ends."""

    @abstractmethod
    def close(self) -> None:
        """Release what is held; later calls do nothing."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
