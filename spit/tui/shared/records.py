"""How ratings and personal bests read, wherever they are shown (the result of a game,
the Statistics screen, the menu): one wording, so that a record on the result screen
reads as it does in the table of bests.

Values come from ``spit.stats`` (``Rating``, ``RatedGame``, ``NewBest``); names and
levels in them come from replay files and are made safe here before they are drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rich.text import Text

from spit.core.safe_text import safe_text
from spit.saved_games import game_time

if TYPE_CHECKING:
    from spit.stats import GameNews, NewBest, RatedGame, Rating

RECORD_LABELS: Final = {
    "fastest_win": "fastest win",
    "most_cards_per_minute": "most cards/min",
    "longest_run": "longest streak",
}
"""The records kept per level and variant (``spit.stats.RECORDS``), as named."""


def record_value(name: str, value: float) -> str:
    """``1:12``, ``31.4``, ``12 cards``: a record's value as it reads."""
    if name == "fastest_win":
        return game_time(int(value))
    if name == "most_cards_per_minute":
        return f"{value:.1f}"
    return f"{value:.0f} cards"


def rating_text(rating: Rating, *, ascii_only: bool = False) -> str:
    """``1532 ± 95`` (``1532 +/- 95`` in the ASCII style)."""
    return f"{rating.shown} {'+/-' if ascii_only else '±'} {rating.spread}"


def change_text(rated: RatedGame, *, ascii_only: bool = False) -> str:
    """``1532 ± 95 (+18)``: the rating after a game and how the game moved it."""
    return f"{rating_text(rated.after, ascii_only=ascii_only)} ({rated.change:+d})"


def new_best_line(best: NewBest) -> str:
    """``New best: fastest win 1:12 (normal, standard)``."""
    label = RECORD_LABELS.get(best.name, best.name)
    where = f"{safe_text(best.level)}, {safe_text(best.variant)}"
    return f"New best: {label} {record_value(best.name, best.value)} ({where})"


def first_best_line(firsts: list[NewBest]) -> str:
    """``New best: your first win against normal (standard), 1:12``: the bests a first
    result against a level and variant sets (each of them is a best as it stands), in
    one line, so that a first game's result stays within 80x24."""
    best = firsts[0]
    where = f"{safe_text(best.level)} ({safe_text(best.variant)})"
    win = next((b for b in firsts if b.name == "fastest_win"), None)
    if win is not None:
        return f"New best: your first win against {where}, {record_value(win.name, win.value)}"
    return f"New best: your first game against {where}"


def news_text(news: GameNews, *, ascii_only: bool = False) -> Text:
    """The result's lines: each record broken (in bold; the firsts of a level and
    variant in one line), the rating change (each player's, for two), or why the game
    counts for neither (dim); empty when there is nothing to say."""
    text = Text()
    firsts = [best for best in news.new_bests if best.previous is None]
    if firsts:
        text.append(first_best_line(firsts) + "\n", style="bold")
    for best in news.new_bests:
        if best.previous is not None:
            text.append(new_best_line(best) + "\n", style="bold")
    if len(news.ratings) == 1:
        text.append(f"Rating {change_text(news.ratings[0], ascii_only=ascii_only)}\n")
    elif news.ratings:
        each = [
            f"{safe_text(r.name)} {change_text(r, ascii_only=ascii_only)}" for r in news.ratings
        ]
        text.append("Ratings: " + ", ".join(each) + "\n")
    if news.not_counted is not None:
        text.append(f"Not counted for the rating or bests: {news.not_counted}", style="dim")
    text.rstrip()
    return text
