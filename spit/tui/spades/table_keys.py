"""The Spades table's keys and drawing, shared by the local and the network screen.

Both screens show a ``PlayerView`` from seat 0's chair (``spit.tui.spades.seats``)
and keep only what the player is composing (``Controls``: the cursor, the cards
chosen for an exchange, the digits of a bid); each sends the player's keys as the
session's intents and hears back what the session made of them. Only where the game
runs differs: here (``SpadesScreen``, the session answers at once) or on a server
(``SpadesNetScreen``, the answer comes with the next frame). So the keys, the cursor,
the answers and the drawing are this one mixin, and each screen supplies
``player_view``, ``seat_names``, ``send_intent``, ``may_act`` and ``accepted``.

A mixin, not a base screen, because the network screen's base is the network screens'
``spit.tui.net.table.NetTableScreen``; Textual merges the ``BINDINGS`` of screen
classes only, so each screen lists ``TABLE_BINDINGS`` in its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from typing import Final

from textual.binding import Binding, BindingType

from spit.core import outcome
from spit.core.cards import Card
from spit.games.spades.engine import (
    MAX_EXCHANGE,
    TRICKS_PER_HAND,
    Action,
    Event,
    Phase,
    PlayCard,
    PlayerView,
    playable,
)
from spit.games.spades.intents import Confirm, Intent, Key, NextHand, Refusal
from spit.games.spades.keys import display_order
from spit.settings.keymap import key_label
from spit.tui.shared.cards import CardPainter
from spit.tui.spades.board import SpadesBoard
from spit.tui.spades.key_map import CARD_LETTERS, SPADES_KEYS
from spit.tui.spades.notes import describe
from spit.tui.spades.seats import HUMAN
from spit.tui.spades.view import Controls, Table, present

_KEYS = CARD_LETTERS
_DEFAULT = {choice.id: choice.default for choice in SPADES_KEYS.keys}
"""The remappable keys' defaults (``spit.tui.spades.key_map``); the player's are put
on these bindings through the app's keymap (``TableKeys.apply_keys``)."""

TABLE_BINDINGS: Final[list[BindingType]] = [
    *(  # the upper-case letter too: Caps Lock on
        Binding(f"{k},{k.upper()}", f"letter('{k}')", show=False, id=f"spades.key.{k}")
        for k in _KEYS
    ),
    *(Binding(str(d), f"digit({d})", show=False, id=f"spades.digit.{d}") for d in range(10)),
    Binding(_DEFAULT["spades.left"], "move(-1)", show=False, id="spades.left"),
    Binding(_DEFAULT["spades.right"], "move(1)", show=False, id="spades.right"),
    Binding(_DEFAULT["spades.up"], "bid_step(1)", show=False, id="spades.up"),
    Binding(_DEFAULT["spades.down"], "bid_step(-1)", show=False, id="spades.down"),
    Binding(_DEFAULT["spades.pick"], "pick", show=False, id="spades.pick"),
    Binding(_DEFAULT["spades.confirm"], "confirm", show=False, id="spades.confirm"),
    Binding(_DEFAULT["spades.erase"], "erase", show=False, id="spades.erase"),
    Binding(_DEFAULT["spades.help"], "help", show=False, id="spades.help"),
    Binding("q,Q,escape", "quit", show=False, id="spades.quit"),
]
"""The table's keys: the same on both screens, so the key map is one."""


class TableKeys:
    """See the module docstring. The screen sets ``controls``, ``painter`` and
    ``board``."""

    controls: Controls
    painter: CardPainter
    board: SpadesBoard
    keys: Mapping[str, str] = _DEFAULT
    """Binding id -> key of the remappable keys: the player's (``Settings.game_keys``),
    which each table puts on its bindings when it is mounted, through the app's keymap
    (``App.update_keymap``: only Spades' bindings have these ids)."""

    def key_names(self) -> dict[str, str]:
        """Binding id -> the label of its key, for the hints and the help."""
        return {
            bid: key_label(key, ascii_only=self.painter.ascii) for bid, key in self.keys.items()
        }

    # -- what each screen supplies -------------------------------------------------

    def player_view(self) -> PlayerView:
        """The game from the player's chair, as seat 0."""
        raise NotImplementedError

    def seat_names(self) -> tuple[str, str]:
        """The names the table shows: the player's ("You") and the opponent's."""
        raise NotImplementedError

    def send_intent(self, intent: Intent) -> None:
        """Hand the player's intent to the session; its answer comes to ``answered``."""
        raise NotImplementedError

    def may_act(self) -> bool:
        """Whether the player's keys go to the game now (no dialog over it...)."""
        raise NotImplementedError

    def accepted(self) -> None:
        """The session acted on the player's intent: the table follows."""
        raise NotImplementedError

    def table_for(self, view: PlayerView) -> Table:
        """What to draw for ``view``: the local screen's table."""
        return present(view, self.controls, self.seat_names(), self.painter, self.key_names())

    # -- the session's answers -----------------------------------------------------

    def answered(
        self,
        resolved: Action | NextHand | None,
        picked: Card | None = None,
        refusal: StrEnum | str | None = None,
    ) -> None:
        """What the session made of the player's intent: the action or next hand it
        meant (``None``: nothing), the card a letter picked for the exchange, or why it
        did nothing (the session's ``Refusal``, the rules' ``Reason``, a server's
        words). A refused card's key puts the cursor on it; a refused bid or action
        says why; a key that means nothing now is let be, as a local table does."""
        hand = display_order(self.player_view().hand)
        if picked is not None:
            self.controls = replace(self.controls, cursor=hand.index(picked))
            self._pick(picked)
            return
        if isinstance(resolved, PlayCard) and refusal is not None and resolved.card in hand:
            self.controls = replace(self.controls, cursor=hand.index(resolved.card))
        if refusal is None and resolved is not None:
            notes = () if isinstance(resolved, NextHand) else self.controls.notes
            self.controls = Controls(notes=notes)
            self.accepted()
        elif refusal in (Refusal.NO_BID, Refusal.BID_TOO_HIGH) or (
            refusal is not None and resolved is not None
        ):
            self._set(replace(self.controls, error=self._error(refusal)))

    def _error(self, refusal: StrEnum | str) -> str:
        if refusal == Refusal.BID_TOO_HIGH:
            return f"{self.controls.bid} is too many: a bid is 0 (nil) to 13 tricks."
        message = refusal.message if isinstance(refusal, outcome.Refusal) else str(refusal)
        return message[:1].upper() + message[1:] + "."

    def said(self, events: tuple[Event, ...], *, dealt: bool = False) -> None:
        """A step of the game, in the message line: one line per input or deal (a
        hand ``dealt`` starts the player's composing afresh)."""
        if dealt:
            self.controls = Controls()
        line = describe(events, self.seat_names(), self.painter)
        if line:
            self.controls = replace(self.controls, notes=(line, *self.controls.notes[:1]))

    # -- drawing -------------------------------------------------------------------

    def _set(self, controls: Controls) -> None:
        self.controls = controls
        self.redraw()

    def redraw(self) -> None:
        stops = self.cursor_stops()
        if stops and self.controls.cursor not in stops:
            self.controls = replace(self.controls, cursor=stops[0])
        self.board.show_table(self.table_for(self.player_view()))

    def cursor_stops(self) -> list[int]:
        """Where the cursor may rest in the laid-out hand: on the cards that may be
        played when playing, on any card otherwise."""
        view = self.player_view()
        hand = display_order(view.hand)
        if view.phase is Phase.PLAY and view.to_move == HUMAN:
            legal = set(playable(view.hand, view.trick[0] if view.trick else None, view.broken))
            return [i for i, card in enumerate(hand) if card in legal]
        return list(range(len(hand)))

    # -- keys ----------------------------------------------------------------------

    def _my_turn(self) -> bool:
        return self.player_view().to_move == HUMAN and self.may_act()

    def _phase(self) -> Phase:
        return self.player_view().phase

    def _cursor_card(self) -> int | None:
        hand = display_order(self.player_view().hand)
        return hand[self.controls.cursor] if self.controls.cursor < len(hand) else None

    def action_letter(self, key: str) -> None:
        self.send_intent(Key(key))

    def _pick(self, card: int) -> None:
        """A card picked for the exchange, or put back."""
        chosen = self.controls.chosen
        if card in chosen:
            self._set(replace(self.controls, chosen=chosen - {card}, error=""))
        elif len(chosen) >= MAX_EXCHANGE:
            error = "At most three cards: press a chosen card's key to put it back."
            self._set(replace(self.controls, error=error))
        else:
            self._set(replace(self.controls, chosen=chosen | {card}, error=""))

    def action_move(self, step: int) -> None:
        if not self._my_turn() or self._phase() not in (Phase.EXCHANGE, Phase.PLAY):
            return
        stops = self.cursor_stops()
        if stops:
            at = stops.index(self.controls.cursor) if self.controls.cursor in stops else 0
            self._set(replace(self.controls, cursor=stops[(at + step) % len(stops)]))

    def action_pick(self) -> None:
        card = self._cursor_card()
        if self._my_turn() and self._phase() is Phase.EXCHANGE and card is not None:
            self._pick(card)

    def action_confirm(self) -> None:
        controls = self.controls
        self.send_intent(Confirm(self._cursor_card(), controls.chosen, controls.bid))

    def action_digit(self, digit: int) -> None:
        if self._my_turn() and self._phase() is Phase.BID:
            text = ((self.controls.bid + str(digit)).lstrip("0") or "0")[-2:]
            error = "" if int(text) <= TRICKS_PER_HAND else "A bid is 0 (nil) to 13 tricks."
            self._set(replace(self.controls, bid=text, error=error))

    def action_erase(self) -> None:
        if self._my_turn() and self._phase() is Phase.BID:
            self._set(replace(self.controls, bid=self.controls.bid[:-1], error=""))

    def action_bid_step(self, step: int) -> None:
        if self._my_turn() and self._phase() is Phase.BID:
            bid = self.controls.bid
            current = int(bid) if bid else (-1 if step > 0 else TRICKS_PER_HAND + 1)
            bid = str(max(0, min(TRICKS_PER_HAND, current + step)))
            self._set(replace(self.controls, bid=bid, error=""))
