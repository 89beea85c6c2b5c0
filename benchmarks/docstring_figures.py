"""The figures that docstrings used to carry, measured again (docs/performance.md,
"Figures that were in docstrings"): the settings reader's parser, the dealer's
written-out shuffle, and a protocol's ``isinstance`` against the cast in
``spit.tui.shared.services``. Medians of interleaved ``timeit`` runs.

    python benchmarks/docstring_figures.py
"""

from __future__ import annotations

import statistics
import timeit
import tomllib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import tomlkit

from spit.core.cards import DECK, Card
from spit.core.dealer import Dealer

ROUNDS = 9
SETTINGS_TEXT = (
    'card_style = "unicode"\ntheme = "nord"\nbot_level = "normal"\n\n[keys]\n'
    + "".join(
        f'"p1.play.{i}.left" = "{c}"\n"p1.play.{i}.right" = "{c.upper()}"\n"p1.move.{i}" = "{i}"\n'
        for i, c in zip(range(1, 6), "qwert", strict=True)
    )
)


def through_below(dealer: Dealer, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``Dealer.shuffle`` written with ``Dealer.below``: the same cards in the same order."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = dealer.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def medians_us(number: int, *calls: Callable[[], object]) -> list[float]:
    """Each call's median time in µs over ``ROUNDS`` rounds, the calls taking turns."""
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(ROUNDS):
        for spent, call in zip(times, calls, strict=True):
            spent.append(timeit.timeit(call, number=number) / number * 1e6)
    return [statistics.median(spent) for spent in times]


def main() -> None:
    parser, editor = medians_us(
        200, lambda: tomllib.loads(SETTINGS_TEXT), lambda: tomlkit.parse(SETTINGS_TEXT)
    )
    lines = len(SETTINGS_TEXT.splitlines())
    print(f"settings file of {lines} lines: tomllib {parser:.0f} µs, tomlkit {editor:.0f} µs")

    deck = DECK
    assert through_below(Dealer(1), deck) == Dealer(1).shuffle(deck)
    dealer = Dealer(7)
    inline, below = medians_us(
        2000, lambda: dealer.shuffle(deck), lambda: through_below(dealer, deck)
    )
    print(f"shuffle of 52: written out {inline:.1f} µs, through below {below:.1f} µs")

    from spit.tui.app import SpitApp
    from spit.tui.shared.services import Services

    @runtime_checkable
    class Checked(Services, Protocol):
        """``Services`` as ``isinstance`` can check it."""

    app = SpitApp.__new__(SpitApp)  # not started: only its class matters here
    (check,) = medians_us(2000, lambda: isinstance(app, Checked))
    print(f"isinstance(app, Services) made runtime-checkable: {check:.1f} µs")


if __name__ == "__main__":
    main()
