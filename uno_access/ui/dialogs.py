"""The questions the table asks back, one at a time: the colour of a Wild, whom to give an
Anniversary card's hand to and what to keep, and who takes the keyboard next (hot seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..access import messages, speech
from ..access.message import Priority
from ..access.parse import ParseError
from ..access.speech import Line
from ..engine.actions import (
    ChooseColor,
    Play,
)
from ..engine.cards import ANNIVERSARY, Card, Color
from ..engine.events import (
    Refusal,
)
from .commands import (
    Give,
    Quit,
    color_answer,
    find_player,
    read_card,
)
from .hand import HandCursor
from .keys import Key, Pressed, Routed, TooLong
from .seat import Seat

_KEY_COLORS: dict[Key, Color] = {
    Key.RED: Color.RED,
    Key.GREEN: Color.GREEN,
    Key.BLUE: Color.BLUE,
    Key.YELLOW: Color.YELLOW,
}


class Dialogs(Seat):
    """The questions the table asks back, one at a time."""

    def _anniversary(self, command: Give) -> bool:
        """Play an Anniversary card, asking in turn for what the command left out: the
        colour, whom to give the other cards to, the card to keep. Enter plays nothing.
        """
        view = self._view()
        legal = [
            a
            for a in self.game.legal_actions(self.me)
            if isinstance(a, Play) and a.card is ANNIVERSARY
        ]
        typed = Play(
            self.me, ANNIVERSARY, command.color, command.uno, 1, command.target, command.keep
        )
        if not legal:
            return self._do(typed)  # the engine says why not
        rest = list(view.hand)
        rest.remove(ANNIVERSARY)
        if not rest:  # the last card: going out, with nothing to give
            return self._do(legal[0])
        targets = list(dict.fromkeys(a.target for a in legal if a.target is not None))
        if command.target is not None and command.target not in targets:
            self.say(Line.of(messages.refusal, Refusal.ANNIVERSARY_TARGET))
            return False
        if command.keep is not None and command.keep not in rest:
            self.say(Line.of(messages.not_to_keep, command.keep))
            return False
        color = command.color if command.color is not None else self._ask_color()
        if color is None:
            self.say(Line.of(messages.nothing_played))
            return False
        target = command.target if command.target is not None else self._ask_target(targets)
        if target is None:
            self.say(Line.of(messages.nothing_given))
            return False
        keep = command.keep
        if keep is None:
            choices = speech.sorted_cards(dict.fromkeys(rest))
            keep = choices[0] if len(choices) == 1 else self._ask_keep(choices)
        if keep is None:
            self.say(Line.of(messages.nothing_given))
            return False
        # the play itself calls UNO: its player keeps one card (RULES.md, Anniversary cards)
        return self._do(replace(typed, color=color, target=target, keep=keep, uno=True))

    def _ask_color(self) -> Color | None:
        """The colour for a Wild: the next line, asked again until it is one (Enter: none)."""
        self.say(Line.of(messages.which_color, self.how))
        while True:
            self._input_taken()
            got = self._line(
                self.keyboard.read_color(messages.tr(messages.COLOR_PROMPT)),
                messages.tr(messages.COLOR_PROMPT),
            )
            if got is None:
                continue
            if isinstance(got, Pressed):
                return _KEY_COLORS.get(got.key)  # Enter alone: no colour
            if isinstance(got, Routed):
                continue
            text = got.strip()
            if not text:
                return None
            try:
                return color_answer(text)
            except ParseError as error:
                self.say(error.line)

    def _choose_start_color(self) -> bool:
        """A Wild turned up to start: its colour asked at once, by the one colour question
        (the same keys as a played Wild's); whether it was chosen. Enter alone leaves it
        for later, said in words.
        """
        color = self._ask_color()
        if color is None:
            self.say(Line.of(messages.start_color_later, self.how))
            return False
        return self._do(ChooseColor(self.me, color))

    def _ask_target(self, targets: Sequence[int]) -> int | None:
        """Whom an Anniversary card gives the other cards to (Enter: nobody)."""
        names = [self.names[seat] for seat in targets]
        return self._ask_player(
            targets,
            Line.of(messages.whom_to_give, names, self.how),
            messages.tr(messages.WHOM_PROMPT),
        )

    def _ask_swap_target(self, targets: Sequence[int]) -> int | None:
        """Seven-O: whom a 7 swaps hands with (Enter, or Escape by keys: nobody), asked as
        the Anniversary card's ``to whom>``: a typed line, a name or a seat number.
        """
        names = [self.names[seat] for seat in targets]
        return self._ask_player(
            targets,
            Line.of(messages.whom_to_swap, names, self.how),
            messages.tr(messages.SWAP_PROMPT),
        )

    def _ask_player(self, targets: Sequence[int], question: Line, prompt: str) -> int | None:
        """One of ``targets``, by a typed name or seat number, asked until one is given or
        the line is empty (None).
        """
        names = [self.names[seat] for seat in targets]
        self.say(question)
        while True:
            text = self._read_answer(prompt).strip()
            if not text:
                return None
            seat = find_player(text, self._view())
            if seat in targets:
                return seat
            self.say(Line.of(messages.no_such_player, text, names, len(self.names)))

    def _ask_keep(self, cards: Sequence[Card]) -> Card | None:
        """The card an Anniversary card's player keeps (Enter: none)."""
        self.say(Line.of(messages.which_to_keep, list(cards), self.how))
        while True:
            text = self._read_answer(messages.tr(messages.KEEP_PROMPT)).strip()
            if not text:
                return None
            try:
                card = read_card(text, self._view())
            except ParseError as error:
                self.say(error.line)
                continue
            if card in cards:
                return card
            self.say(Line.of(messages.not_to_keep, card))

    def _read_answer(self, prompt: str) -> str:
        """A typed answer to a question that names a player or a card: by keys, a line
        read as the command line reads one, so that ``ann`` or ``r1`` is typed, not taken
        key by key; Escape is an empty answer.
        """
        if not self.how.keys:
            return self._read_text(prompt)
        start: str | None = ""
        while True:
            self._input_taken()
            got = self.keyboard.read_line(prompt, start)
            start = None  # after a key that does nothing: the line as it was left
            if isinstance(got, str):
                return got
            if isinstance(got, TooLong):
                self.say(Line.of(messages.line_too_long))
                start = ""
            elif isinstance(got, Pressed) and got.key is Key.CLOSE:
                return ""
            elif isinstance(got, Pressed) and got.key is Key.UNKNOWN:
                self.say(Line.of(messages.answer_by_line))

    def _hand_over(self, seat: int) -> None:
        """Hot seat: the next person takes the keyboard. Nothing of the last person's is
        left to read: the screen and its scrollback are cleared, and so is the braille
        display, said in words; nothing of the next person's hand is shown until they say
        they have the keyboard. Then they are told what they missed: everything since they
        last held it (at the first handover, nothing cleared, only their own lines, their
        deal among them).
        """
        name = self.names[seat]
        previous = self._holder
        cleared = False
        if previous is not None:
            cleared = self.screen.clear()
            self.outputs.clear()
            before = self.names[previous]
            self._tell_table(
                Line.of(messages.screen_cleared, name, before)
                if cleared
                else Line.of(messages.screen_not_cleared, name, before)
            )
        self._tell_table(Line.of(messages.take_the_keyboard, name, self.how))
        while True:
            got = self._read(messages.tr(messages.HAND_OVER_PROMPT))
            if got == "" or (isinstance(got, Pressed) and got.key in (Key.GO_ON, Key.PLAY)):
                break
            if isinstance(got, Pressed) and got.key is Key.QUIT:
                self._answer(Quit())
            else:  # every other key or line: asked again, in words
                self._tell_table(Line.of(messages.take_the_keyboard, name, self.how))
        self._holder = self.me = seat
        self.renderer = replace(self.renderer, viewer=seat)
        self.cursor = self._cursors.setdefault(seat, HandCursor())
        self._announce = True
        self._tell_table(Line.of(messages.now_playing, name))
        if (
            seat != self.speech_seat
            and self.outputs.speaker is not None
            and seat not in self._told_speech
        ):
            self._told_speech.add(seat)
            self._tell_table(
                Line.of(messages.speech_for_one_seat, self.names[self.speech_seat], name)
            )
        away, self._away[seat] = self._away[seat], []
        missed = away if previous is not None else [m for m in away if m.private]
        if previous is not None and missed:
            self._tell_table(Line.of(messages.since_you_had_the_keyboard, name, len(missed)))
        for message in missed:  # in their history already
            self._notices(message.priority)
            self.outputs.show(message, self._speaks(message))

    def _tell_table(self, line: Line) -> None:
        """A line to whoever is at the keyboard about who holds it: saved and shown, in
        no one's history (it is the keyboard's, not the game's).
        """
        message = self.renderer.line(line, Priority.NORMAL)
        if self.recorder is not None:
            self.recorder.said(message.text)
        self._notices()
        self.outputs.show(message)
