"""What the Spades table shows, as plain immutable values, and how it is worked out.

``present`` turns the player's view of the game (``spit.games.spades.engine.PlayerView``, which
holds nothing the player may not know) and the screen's own state (cursor, chosen
cards, the bid being typed, recent messages) into a ``Table``; ``draw`` only
decides where it goes. So the table can be tested from values, without an app.

The parts that only need what both players know (the score sheet, the centre, a
hand's result) are public: the replay viewer (``spit.tui.spades.viewer``) shows them
the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spit.core.cards import DECK, Card
from spit.games.spades.engine import SPADES, HandResult, Phase, PlayerView, playable
from spit.games.spades.keys import display_order, hand_letters
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.seats import BOT, HUMAN


def agree(name: str, verb: str) -> str:
    """``verb`` (a regular one) as ``name`` does it: "take" for "You", else "takes".
    The player at the keyboard is called "You", in play and in the replays of their
    games."""
    return verb if name == "You" else f"{verb}s"


def subject(name: str, verb: str) -> str:
    """``name`` as the subject of ``verb``: "You take", "North takes"."""
    return f"{name} {agree(name, verb)}"


@dataclass(frozen=True, slots=True)
class Controls:
    """What the screen keeps besides the game: the player's choices in progress."""

    cursor: int = 0
    """Index into the laid-out hand."""
    chosen: frozenset[Card] = frozenset()
    """Cards picked for a blind-nil exchange."""
    bid: str = ""
    """The digits typed so far."""
    error: str = ""
    """Why the last key did nothing (a bad bid, a card that may not be played)."""
    notes: tuple[str, ...] = ()
    """What just happened, newest first."""


@dataclass(frozen=True, slots=True)
class HandCard:
    card: Card
    key: str
    raised: bool = False
    """Chosen for the exchange: drawn a row higher."""
    usable: bool = True
    """Its key does something now (a legal card to play, or any card in an exchange)."""
    cursor: bool = False


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in the centre: a card face up, a face-down pile with a count, or empty."""

    card: Card | None = None
    back: int | None = None
    label: str = ""
    hot: bool = False
    """Outlined: the card that took the trick, or the card being drawn."""


@dataclass(frozen=True, slots=True)
class ScoreRow:
    label: str
    you: str
    bot: str


@dataclass(frozen=True, slots=True)
class Table:
    title: str
    names: tuple[str, str]
    opponent_cards: int
    opponent_lines: tuple[str, ...]
    caption: str
    slots: tuple[Slot, Slot]
    scores: tuple[ScoreRow, ...]
    history: tuple[ScoreRow, ...]
    notes: tuple[str, ...]
    prompt: tuple[str, str]
    error: str
    hand: tuple[HandCard, ...]
    footer: str
    keys_hint: str = "? help  q quit"
    columns: tuple[str, str] = ("You", "Bot")
    """The score sheet's column heads."""


def present(
    view: PlayerView,
    controls: Controls,
    names: tuple[str, str],
    painter: CardPainter,
    keys: Mapping[str, str] | None = None,
) -> Table:
    """The table for ``view`` with the screen's ``controls``; the hints name the keys
    of ``keys`` (binding id -> label: ``TableKeys.key_names``), the defaults' when
    ``None``."""
    named = _key_names(painter, keys)
    mine = view.to_move == HUMAN
    dot = painter.dot
    return Table(
        title=f"Spades{dot}hand {view.hand_number}{dot}first to {view.target}",
        names=names,
        opponent_cards=view.opponent_cards,
        opponent_lines=_opponent(view),
        caption=centre_caption(view, names, painter),
        slots=centre_slots(view, names),
        scores=score_rows(view),
        history=tuple(history_row(r) for r in view.history),
        notes=controls.notes,
        prompt=_prompt(view, controls, names, painter, named)
        if mine
        else _waiting(view, names, named),
        error=controls.error,
        hand=_hand(view, controls),
        footer=_footer(view, mine),
        keys_hint=f"{named['spades.help']} help  q quit",
    )


def _key_names(painter: CardPainter, keys: Mapping[str, str] | None) -> Mapping[str, str]:
    """Binding id -> label of each remappable key: ``keys``, else the defaults'."""
    if keys is not None:
        return keys
    from spit.settings.keymap import key_label
    from spit.tui.spades.key_map import SPADES_KEYS

    return {c.id: key_label(c.default, ascii_only=painter.ascii) for c in SPADES_KEYS.keys}


def _opponent(view: PlayerView) -> tuple[str, ...]:
    lines = [f"{view.opponent_cards} card{'s' * (view.opponent_cards != 1)}"]
    if view.blind[BOT]:
        lines.append("blind nil!")
    if view.phase in (Phase.BLIND, Phase.DRAW) and view.first == BOT:
        lines.append("draws first")
    elif view.phase is Phase.BID and view.first != BOT:
        lines.append("bids first")
    return tuple(lines)


def _bid_text(view: PlayerView, player: int) -> str:
    bid = view.bids[player]
    if view.blind[player]:
        return "blind"
    if bid is None:
        return "-"
    return "nil" if bid == 0 else str(bid)


def score_rows(view: PlayerView) -> tuple[ScoreRow, ...]:
    """The score sheet: bids, tricks (not before the bidding), scores and bags."""
    before_play = view.phase in (Phase.BLIND, Phase.DRAW, Phase.EXCHANGE)
    tricks = ("-", "-") if before_play else tuple(str(n) for n in view.tricks_won)
    return (
        ScoreRow("bid", _bid_text(view, HUMAN), _bid_text(view, BOT)),
        ScoreRow("tricks", tricks[HUMAN], tricks[BOT]),
        ScoreRow("score", str(view.scores[HUMAN]), str(view.scores[BOT])),
        ScoreRow("bags", str(view.bags[HUMAN]), str(view.bags[BOT])),
    )


def history_row(result: HandResult) -> ScoreRow:
    """A past hand's points, under the score sheet."""
    return ScoreRow(f"hand {result.hand}", f"{result.points[HUMAN]:+}", f"{result.points[BOT]:+}")


def centre_caption(view: PlayerView, names: tuple[str, str], painter: CardPainter) -> str:
    """The line over the centre: the phase, or the trick being played or just taken."""
    phase = view.phase
    if phase is Phase.BLIND:
        return "Blind nil?"
    if phase is Phase.DRAW:
        return f"The draw: {view.stock_size} cards left"
    if phase is Phase.EXCHANGE:
        return "Blind-nil exchange"
    if phase is Phase.BID:
        return "Bidding"
    if view.trick:
        leader = names[view.leader]
        return f"Trick {len(view.tricks) + 1}: {leader} led {painter.name(view.trick[0])}"
    if view.tricks:
        last = view.tricks[-1]
        return f"{subject(names[last.winner], 'take')} trick {len(view.tricks)}"
    return "Trick 1"


def centre_slots(view: PlayerView, names: tuple[str, str]) -> tuple[Slot, Slot]:
    """The centre's two places: the stock and the top card (shown only if ``view``'s
    player is drawing it), the set-aside pile, or the current or last trick."""
    phase = view.phase
    if phase in (Phase.BLIND, Phase.DRAW):
        top = Slot() if view.top_card is None else Slot(view.top_card, label="top card", hot=True)
        return Slot(back=view.stock_size, label="stock"), top
    if phase is Phase.EXCHANGE:
        pile = len(DECK) - len(view.hand) - view.opponent_cards
        return Slot(back=pile, label="set aside"), Slot()
    cards: list[Card | None] = [None, None]
    hot: int | None = None
    if view.trick:
        cards[view.leader] = view.trick[0]
    elif view.tricks and phase is not Phase.BID:
        last = view.tricks[-1]
        cards[last.leader], cards[1 - last.leader] = last.lead, last.follow
        hot = last.winner
    bot, you = (Slot(cards[p], label=names[p], hot=p == hot) for p in (BOT, HUMAN))
    return bot, you  # the bot's card on the left, the player's on the right


def _hand(view: PlayerView, controls: Controls) -> tuple[HandCard, ...]:
    cards = display_order(view.hand)
    mine = view.to_move == HUMAN
    exchanging = mine and view.phase is Phase.EXCHANGE
    playing = mine and view.phase is Phase.PLAY
    legal = set(playable(view.hand, view.trick[0] if view.trick else None, view.broken))
    cursor = controls.cursor if exchanging or playing else None
    letters = hand_letters(view)
    return tuple(
        HandCard(
            card,
            letters[card],
            raised=exchanging and card in controls.chosen,
            usable=exchanging or (playing and card in legal),
            cursor=i == cursor,
        )
        for i, card in enumerate(cards)
    )


def _prompt(
    view: PlayerView,
    controls: Controls,
    names: tuple[str, str],
    painter: CardPainter,
    keys: Mapping[str, str],
) -> tuple[str, str]:
    """What the player is asked, and the keys that answer it (``keys``: their labels)."""
    enter = keys["spades.confirm"]
    phase = view.phase
    if phase is Phase.BLIND:
        return (
            "Bid blind nil before you see a card? +200 if you take no trick, -200 if you do.",
            "b: blind nil    n: no, draw as usual",
        )
    if phase is Phase.DRAW:
        assert view.top_card is not None
        top = painter.name(view.top_card)
        return (
            f"Your draw: the top card is {top}. Keep it, or take the next card instead.",
            f"k: keep {top}    d: discard {top} and take the next card",
        )
    if phase is Phase.EXCHANGE:
        count = len(controls.chosen)
        return (
            f"Give away up to 3 cards for random set-aside ones ({count} chosen).",
            f"a-m (or {_arrows(keys)}, {keys['spades.pick']}): choose    "
            f"{enter}: swap them (none: keep your hand)",
        )
    if phase is Phase.BID:
        other = view.bids[BOT]
        other_bid = "blind nil" if view.blind[BOT] else _bid_text(view, BOT)
        said = "" if other is None else f" {names[BOT]} bid {other_bid}."
        field = f"[{controls.bid:>2}_]" if len(controls.bid) < 2 else f"[{controls.bid}]"
        return (
            f"Your bid: {field} tricks, 0 (nil) to 13.{said}",
            f"type the number, {enter} to bid, {keys['spades.erase']} to correct",
        )
    if view.trick:
        led = view.trick[0]
        suit = painter.suit_text(led)
        follow = any(c & 3 == led & 3 for c in view.hand)
        ask = f"Follow suit: play a {suit}." if follow else f"No {suit}: play any card."
        return ask, _play_keys(keys)
    if view.broken:
        ask = "Your lead."
    elif all(c & 3 == SPADES for c in view.hand):
        ask = "Your lead: you hold only spades, so you may lead one."
    else:
        ask = "Your lead (no spades until they are broken)."
    return ask, _play_keys(keys)


def _arrows(keys: Mapping[str, str]) -> str:
    return f"{keys['spades.left']}/{keys['spades.right']}"


def _play_keys(keys: Mapping[str, str]) -> str:
    return (
        f"a-m: play that card    {_arrows(keys)} and {keys['spades.confirm']}: play the card at [ ]"
    )


def _waiting(view: PlayerView, names: tuple[str, str], keys: Mapping[str, str]) -> tuple[str, str]:
    phase = view.phase
    if phase is Phase.HAND_OVER:
        then = f"{keys['spades.confirm']}: next hand"
        return result_line(view.history[-1], names), _bag_note(view, names, then)
    if phase is Phase.GAME_OVER:
        return result_line(view.history[-1], names), _bag_note(view, names, "")
    return f"{names[BOT]} is thinking...", ""


def _bag_note(view: PlayerView, names: tuple[str, str], then: str) -> str:
    """The bag penalties in the last hand's points (S14), before ``then``: "You reach 10
    bags: -100." """
    penalties = view.history[-1].penalties
    said = [
        f"{subject(names[p], 'reach')} {view.bags[p] // 10 * 10} bags: {penalties[p]}."
        for p in (HUMAN, BOT)
        if penalties[p]
    ]
    return "    ".join([*said, then] if then else said)


def result_line(result: HandResult, names: tuple[str, str]) -> str:
    """A scored hand in one line: each player's bid, tricks and points."""
    parts = []
    for player in (HUMAN, BOT):
        bid = result.bids[player]
        said = "blind nil" if result.blind[player] else ("nil" if bid == 0 else f"bid {bid}")
        part = f"{names[player]}: {said}, took {result.tricks[player]}, {result.points[player]:+}"
        parts.append(part)
    return f"Hand {result.hand}. " + "  ".join(parts)


def _footer(view: PlayerView, mine: bool) -> str:
    if view.phase in (Phase.BLIND, Phase.DRAW) and not view.hand:
        return "your cards will appear here as you draw them"
    if view.phase is Phase.PLAY and mine:
        return "spades are broken" if view.broken else "spades are not broken yet"
    return ""
