"""Moving without playing: through the hand (Left, Right, Home, End, O, a braille display's
routing keys), through the two histories (Page Up, Page Down, V), and what the braille
display and large text show of the hand and the table at a turn.
"""

from __future__ import annotations

from ..access import messages
from ..access.message import Message, Priority
from ..access.speech import Line
from ..engine.actions import Play, PlayDrawn
from ..engine.cards import Card, Kind
from ..engine.state import Phase, PlayerView
from .history import Buffer, Edge
from .keys import Key
from .state import Seat

_MOVES: dict[Key, int] = {Key.PREVIOUS: -1, Key.NEXT: 1}


class Navigation(Seat):
    """The hand, the histories and the displays' views, moved through without playing."""

    def _move(self, key: Key, view: PlayerView) -> None:
        """Left and Right through the hand, Home and End, O to sort it: each says the card."""
        cursor = self.cursor
        cursor.update(view.hand)
        if cursor.selected is None:
            self.say(Line.of(messages.hand_heading, 0))
            return
        edge = None
        if key is Key.FIRST:
            cursor.home()
        elif key is Key.LAST:
            cursor.end()
        elif key is Key.SORT:
            cursor.toggle_order()
            self.say(Line.of(messages.hand_sorted, cursor.order.value))
        elif not cursor.move(_MOVES[key]):
            edge = "first" if _MOVES[key] < 0 else "last"
        self._say_selected(view, edge)

    def _say_selected(self, view: PlayerView, edge: str | None = None) -> None:
        card = self.cursor.selected
        if card is None:
            return
        place, count = self.cursor.position
        playable = None
        if view.my_turn and view.phase in (Phase.PLAY, Phase.STACK, Phase.CHALLENGE):
            playable = card in self._playable()
        # the braille hand line's cursor moves; a display showing that line stays on it
        self.outputs.hand(self.cursor.cards, self.cursor.index, self._marks(view))
        bluff = self._bluff(view) if playable and card.kind is Kind.WILD_DRAW_FOUR else None
        if bluff is not None:  # said as only a bluff, with the colour that makes it one
            line = Line.of(messages.card_at, card, place, count, playable, edge, bluff)
            self._show(self.renderer.line(line, Priority.URGENT, on_hand=True))
            return
        self._show(self.renderer.selected(card, place, count, playable, edge))

    def select(self, index: int, play: bool = False) -> None:
        """A braille display's routing key chose the hand's card ``index`` (the cursor's
        order): the first press selects it, the second (``play``) plays it.
        """
        view = self._view()
        self.cursor.update(view.hand)
        if not 0 <= index < len(self.cursor.cards):
            return
        self.cursor.index = index
        if not play:
            self._say_selected(view)

    def _review(self, step: int) -> None:
        """Page Up and Page Down: the history being read, one line at a time (the first Page
        Up the line before the newest); told, not kept. Its ends are said.
        """
        got = self.history.step(step)
        buffer = got.buffer.value
        if got.message is None:
            line = (
                Line.of(messages.history_empty, buffer)
                if not got.total
                else Line.of(messages.history_edge, buffer, got.edge is Edge.START)
            )
            self.outputs.show(self.renderer.line(line, Priority.URGENT))
            return
        said = got.message
        again = Message(
            said.speech,
            said.braille,
            messages.history_line(got.number, got.total, said.text),
            Priority.URGENT,
            private=said.private,  # a hot seat's own line is spoken for the speech's seat alone
        )
        self.outputs.show(again, self._speaks(again))

    def _switch_history(self, to: Buffer | None = None) -> None:
        """Page Up reads the other history now: the game's, or the answers (or ``to``: the
        chat's)."""
        buffer = self.history.switch(to)
        count = len(self.history.lines[buffer])
        self.outputs.show(
            self.renderer.line(
                Line.of(messages.history_switched, buffer.value, count), Priority.URGENT
            )
        )

    def _present_turn(self, view: PlayerView) -> None:
        """At the start of the person's turn: the hand and the table to braille and to large
        text; the selection kept on the same card when it is still held.
        """
        self._turn_fresh = True
        self.cursor.update(view.hand, view.drawn)
        self.outputs.table(view, self.renderer.table_line(view), draw=True)
        self.outputs.hand(self.cursor.cards, self.cursor.index, self._marks(view), draw=True)

    def _follow_hand(self) -> None:
        """After the events of a move: the braille hand line follows the hand (a card
        played, drawn, given or swapped) and the turn (its playable cards marked on the
        person's turn alone).
        """
        if self.outputs.braille is None or self._shared:
            return
        view = self._view()
        self.cursor.update(view.hand)
        self.outputs.hand(self.cursor.cards, self.cursor.index, self._marks(view))

    def _marks(self, view: PlayerView) -> list[Card]:
        """The cards the braille hand line marks (and large text shows) as playable: on the
        person's turn, the cards the rules let them play now; after a draw, the card drawn
        when it may be played.
        """
        if not view.my_turn:
            return []
        legal = self.game.legal_actions(self.me)
        cards = [a.card for a in legal if isinstance(a, Play)]
        if view.drawn is not None and any(isinstance(a, PlayDrawn) for a in legal):
            cards.append(view.drawn)
        return cards
