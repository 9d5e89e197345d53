"""Events and answers as ``Message``s for one viewer: speech, braille and the print line.

A ``Renderer`` holds what the wording needs about the viewer (their seat, the names, the
table's rules and partners) and their settings (verbosity, braille table, deck). Each
line said (``speech.Line``) becomes one ``Message``:

- ``text``: the print line at the viewer's verbosity: brief ("Ann: Blue 7"), normal
  ("Ann plays Blue 7.", no codes) or full, with each card's code ("Ann plays Blue 7 (b7).");
- ``speech``: the same words as the speech engine should say them (codes spelled out);
- ``braille``: always the brief form, with each card as its corner code (",ann3 b#g"),
  so that who and which card fill the first cells of any display; never a key hint.

The queries' answers (the hand, the selected card, the turn, whose turn and the order,
the scores) are lines too, and come through the same brief forms.

Braille translation is cached (``braille.render``), so a whole turn's messages cost
dictionary look-ups once the phrases have been seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..engine import events as ev
from ..engine.cards import Card
from ..engine.events import Event
from ..engine.rules import RuleSet
from ..engine.state import PlayerView
from ..values import frozen
from . import braille, messages, sounds, speech
from .braille import BrailleTable
from .decks import DEFAULT_DECK, Deck
from .message import Message, Parts, Priority, Verbosity
from .speech import Line, Teams
from .wording import language


@frozen(slots=True)
class Renderer:
    """What the wording needs about one viewer, and their settings (the module says)."""

    viewer: int
    names: Sequence[str]
    rules: RuleSet | None = None
    teams: Teams = ()
    verbosity: Verbosity = Verbosity.NORMAL
    table: BrailleTable = BrailleTable.UEB2
    deck: Deck = DEFAULT_DECK
    with_braille: bool = True  # False: no braille device, so none is made ("" in messages)
    # a hot-seat table: every line that is not the viewer's own knowledge names the players
    # ("Sam plays Yellow 8"), since the screen and the room are shared
    named: bool = False
    # the viewer's language (None: the process's, ``--lang``): each seat hears its own
    lang: str | None = None

    @classmethod
    def for_view(
        cls,
        view: PlayerView,
        verbosity: Verbosity = Verbosity.NORMAL,
        table: BrailleTable = BrailleTable.UEB2,
        deck: Deck = DEFAULT_DECK,
        with_braille: bool = True,
    ) -> Renderer:
        return cls(
            view.seat, view.names, view.rules, view.teams, verbosity, table, deck, with_braille
        )

    def _braille(self, parts: Parts) -> str:
        return braille.render(parts, self.table, self.deck) if self.with_braille else ""

    # ----------------------------------------------------------------- events

    def events(self, events: Iterable[Event]) -> list[Message]:
        """A batch of events (one ``apply``) as the messages the viewer gets, folded as
        ``speech.narrate_lines`` folds them.
        """
        lines = speech.narrate_lines(
            events, self.viewer, self.names, rules=self.rules, teams=self.teams, named=self.named
        )
        viewer = self.viewer
        said = [
            self.line(line, private=self.named and speech.private_to_viewer(line.event, viewer))
            for line in lines
        ]
        heard: set[str] = set()  # each sound once a batch: a Skip card and the skip are one
        for index, message in enumerate(said):
            if message.sound in heard:
                said[index] = replace(message, sound=None)
            elif message.sound is not None:
                heard.add(message.sound)
        return said

    def event(self, event: Event) -> Message | None:
        """One event alone; None when it is not for the viewer (another's refusal or query)."""
        line = speech.describe_line(
            event, self.viewer, self.names, rules=self.rules, teams=self.teams
        )
        return None if line is None else self.line(line)

    # ----------------------------------------------------------------- lines

    def line(
        self,
        line: Line,
        priority: Priority | None = None,
        on_hand: bool = False,
        *,
        private: bool = False,
    ) -> Message:
        with language.use(self.lang):
            return self._line(line, priority, on_hand, private=private)

    def _line(
        self, line: Line, priority: Priority | None, on_hand: bool, *, private: bool
    ) -> Message:
        if self.verbosity is Verbosity.BRIEF:
            text = line.brief_words() or parts_text(line.brief())
        elif self.verbosity is Verbosity.FULL:
            text = messages.with_codes(line.sentence(), line.cards())
        else:
            text = line.sentence()
        if priority is None:
            priority = self.priority(line.event)
        cue = sounds.cue_for(line.event, self.viewer, self.teams)
        return Message(
            messages.spoken(text),
            # the braille form made only for a braille device (a card check's initials
            # are a tenth of a key's work)
            braille.render(line.brief(), self.table, self.deck) if self.with_braille else "",
            text,
            priority,
            on_hand,
            private,
            None if cue is None else cue.value,
        )

    def priority(self, event: Event | None) -> Priority:
        """Urgent: what the viewer must act on or asked for (their turn, a refusal, being
        caught or put out, an answer to a query); everything else waits its turn.
        """
        me = self.viewer
        match event:
            case ev.TurnStarted(seat=seat) if seat == me:
                return Priority.URGENT
            case ev.Rejected() | ev.CardCount() | ev.TopCard():
                return Priority.URGENT
            case ev.UnoCaught(target=target) if target == me:
                return Priority.URGENT
            case ev.PlayerEliminated(seat=seat) if seat == me:
                return Priority.URGENT
        return Priority.NORMAL

    # ----------------------------------------------------------------- queries

    def hand(
        self,
        cards: Sequence[Card],
        playable: Iterable[Card] | None = None,
        how: messages.How = messages.TYPED,
    ) -> Message:
        """L: ``cards`` in the order the player keeps them; ``playable`` on their turn."""
        return self.line(speech.describe_hand_answer(cards, playable, how), Priority.URGENT)

    def selected(
        self,
        card: Card,
        place: int,
        count: int,
        playable: bool | None,
        edge: str | None = None,
    ) -> Message:
        """The card selected in the hand; a braille display on the hand line stays there."""
        line = speech.describe_selected(card, place, count, playable, edge)
        return self.line(line, Priority.URGENT, on_hand=True)

    # C and T are the engine's queries: their answers are events (CardCount, TopCard)

    def scores(self, view: PlayerView) -> Message:
        return self.line(speech.describe_scores(view), Priority.URGENT)

    def table_line(self, view: PlayerView) -> Message:
        """The table in one line: the top card (and the colour of a wild), then every
        player's count: the braille display's table view.
        """
        counts = speech.describe_card_check(view).args[0]
        line = Line.of(messages.table_line, view.top, view.color, counts)
        return self.line(line, Priority.LOW)

    def order(self, view: PlayerView) -> Message:
        """W: whose turn it is, then the direction and order of play."""
        return self.line(speech.describe_turn_and_order(view), Priority.URGENT)


def parts_text(parts: Parts) -> str:
    """A brief form in words: each card by its name ("Ann: Blue 7"), a list of cards with
    commas ("You get 2: Blue 1, Wild"), where braille separates the codes by a space.
    """
    words: list[str] = []
    for index, part in enumerate(parts):
        if isinstance(part, Card):
            words.append(messages.card_name(part))
        elif part == " " and 0 < index < len(parts) - 1:
            words.append(", ")
        else:
            words.append(part)
    return "".join(words)
