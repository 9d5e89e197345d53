"""The questions the table asks back, one at a time: the colour of a Wild, whom to give an
Anniversary card's hand to and what to keep, and who takes the keyboard next (hot seat).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

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
from ..engine.turn import straight_faces
from .asks import ClearScreen, ReadKey, ReadLine
from .commands import (
    Give,
    Quit,
    color_answer,
    find_player,
    read_card,
)
from .hand import HandCursor
from .keys import MENU_KEYS, Key, Pressed, Routed, TooLong
from .menu import Chosen, Highlight, Item, Menu, MenuKey
from .state import Seat

T = TypeVar("T")

_KEY_COLORS: dict[Key, Color] = {
    Key.RED: Color.RED,
    Key.GREEN: Color.GREEN,
    Key.BLUE: Color.BLUE,
    Key.YELLOW: Color.YELLOW,
}
# a colour's menu, in the order of its number keys (1 red, 2 green, 3 blue, 4 yellow)
_MENU_COLORS = tuple(_KEY_COLORS.values())


class Dialogs(Seat):
    """The questions the table asks back, one at a time."""

    async def _anniversary(self, command: Give) -> bool:
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
            return await self._do(typed)  # the engine says why not
        rest = list(view.hand)
        rest.remove(ANNIVERSARY)
        if not rest:  # the last card: going out, with nothing to give
            return await self._do(legal[0])
        targets = list(dict.fromkeys(a.target for a in legal if a.target is not None))
        if command.target is not None and command.target not in targets:
            self.say(Line.of(messages.refusal, Refusal.ANNIVERSARY_TARGET))
            return False
        if command.keep is not None and command.keep not in rest:
            self.say(Line.of(messages.not_to_keep, command.keep))
            return False
        color = command.color if command.color is not None else await self._ask_color()
        if color is None:
            self.say(Line.of(messages.nothing_played))
            return False
        target = command.target if command.target is not None else await self._ask_target(targets)
        if target is None:
            self.say(Line.of(messages.nothing_given))
            return False
        keep = command.keep
        if keep is None:
            choices = speech.sorted_cards(dict.fromkeys(rest))
            keep = choices[0] if len(choices) == 1 else await self._ask_keep(choices)
        if keep is None:
            self.say(Line.of(messages.nothing_given))
            return False
        # the play itself calls UNO: its player keeps one card (RULES.md, Anniversary cards)
        return await self._do(replace(typed, color=color, target=target, keep=keep, uno=True))

    async def _ask_color(self) -> Color | None:
        """The colour for a Wild: a key (its letter, 1 to 4), a choice of its menu (Up and
        Down, Enter) or a typed line, asked again until it is one; Enter alone, or any
        other key: none.
        """
        self.say(Line.of(messages.which_color, self.how))
        prompt = messages.tr(messages.COLOR_PROMPT)
        menu = Menu.of(Item(color, color) for color in _MENU_COLORS)

        async def read() -> str | Pressed | None:
            await self._input_taken()
            got = await self._line(await ReadKey(prompt, colors=True, menu=True), prompt, menu=True)
            return None if isinstance(got, Routed) else got

        def typed(text: str) -> Color | None:
            try:
                return color_answer(text)
            except ParseError as error:
                self.say(error.line)
                return None

        return await self._choose(menu, read, typed, _KEY_COLORS)

    async def _choose_start_color(self) -> bool:
        """A Wild turned up to start: its colour asked at once, by the one colour question
        (the same keys as a played Wild's); whether it was chosen. Enter alone leaves it
        for later, said in words.
        """
        color = await self._ask_color()
        if color is None:
            self.say(Line.of(messages.start_color_later, self.how))
            return False
        return await self._do(ChooseColor(self.me, color))

    async def _ask_target(self, targets: Sequence[int]) -> int | None:
        """Whom an Anniversary card gives the other cards to (Enter: nobody)."""
        names = [self.names[seat] for seat in targets]
        return await self._ask_player(
            targets,
            Line.of(messages.whom_to_give, names, self.how),
            messages.tr(messages.WHOM_PROMPT),
        )

    async def _ask_swap_target(self, targets: Sequence[int]) -> int | None:
        """Seven-O: whom a 7 swaps hands with (Enter, or Escape by keys: nobody), asked as
        the Anniversary card's ``to whom>``: a typed line, a name or a seat number.
        """
        keep = self.me in targets  # seven_o_decline: oneself, to keep the hand
        names = [self.names[seat] for seat in targets if seat != self.me]
        return await self._ask_player(
            targets,
            Line.of(messages.whom_to_swap, names, self.how, keep),
            messages.tr(messages.SWAP_PROMPT),
        )

    async def _ask_player(self, targets: Sequence[int], question: Line, prompt: str) -> int | None:
        """One of ``targets``: a choice of its menu (each player with how many cards they
        hold), or a typed name or seat number, asked until one is given; None for an
        empty line (or Escape) with nothing chosen.
        """
        names = [self.names[seat] for seat in targets if seat != self.me]
        sizes = self._view().hand_sizes
        menu = Menu.of(
            Item(seat, self.names[seat], messages.count_cards(sizes[seat]))
            if seat != self.me
            else Item(seat, messages.tr(messages.KEEP_MY_HAND))  # seven_o_decline
            for seat in targets
        )
        self.say(question)

        def typed(text: str) -> int | None:
            seat = find_player(text, self._view())
            if seat in targets:
                return seat
            self.say(Line.of(messages.no_such_player, text, names, len(self.names)))
            return None

        return await self._choose(menu, lambda: self._read_answer(prompt), typed)

    async def _ask_keep(self, cards: Sequence[Card]) -> Card | None:
        """The card an Anniversary card's player keeps: a choice of its menu or a typed
        card (an empty line or Escape with nothing chosen: none).
        """
        self.say(Line.of(messages.which_to_keep, list(cards), self.how))
        menu = Menu.of(Item(card, card) for card in cards)

        def typed(text: str) -> Card | None:
            try:
                card = read_card(text, self._view())
            except ParseError as error:
                self.say(error.line)
                return None
            if card in cards:
                return card
            self.say(Line.of(messages.not_to_keep, card))
            return None

        return await self._choose(
            menu, lambda: self._read_answer(messages.tr(messages.KEEP_PROMPT)), typed
        )

    async def _play_on(self, card: Card) -> int:
        """Straights: after ``card`` chosen by keys, the cards played on with it, asked one
        at a time while one may follow (a choice of the menu or a typed card; Enter or
        Escape stops); the ``Play.straight`` chosen, 0 for none.
        """
        legal = {
            a.straight
            for a in self.game.legal_actions(self.me)
            if isinstance(a, Play) and a.card is card and a.straight
        }
        chosen = 0
        last = card
        while True:
            steps = [
                step
                for step in (1, -1)
                if chosen * step >= 0 and chosen + step in legal  # one way, once begun
            ]
            if not steps:
                return chosen
            nexts = {chosen + step: straight_faces(card, chosen + step)[-1] for step in steps}
            faces = list(nexts.values())
            self.say(Line.of(messages.play_on, last, faces))
            menu = Menu.of(Item(straight, face) for straight, face in nexts.items())

            def typed(text: str, last: Card = last, nexts: dict[int, Card] = nexts) -> int | None:
                try:
                    said = read_card(text, self._view())
                except ParseError as error:
                    self.say(error.line)
                    return None
                for straight, face in nexts.items():
                    if said.base is face:
                        return straight
                self.say(Line.of(messages.not_next_in_straight, said, last, list(nexts.values())))
                return None

            got = await self._choose(
                menu, lambda: self._read_answer(messages.tr(messages.STRAIGHT_PROMPT)), typed
            )
            if got is None:
                return chosen
            chosen, last = got, nexts[got]

    async def _choose(
        self,
        menu: Menu[T],
        read: Callable[[], Awaitable[str | Pressed | None]],
        typed: Callable[[str], T | None],
        keys: Mapping[Key, T] | None = None,
    ) -> T | None:
        """A question with choices (``seat.menu``), read until it is answered: a key of
        its own (``keys``: a colour's letter), a typed answer (``typed`` gives it, or says
        why not and gives None: asked again), or the menu's keys (each item said as it is
        highlighted; Enter on one chooses it, Enter or an empty line with none is the
        empty answer, Escape leaves). Any other key is no answer, as it always was.
        ``read``: the next key or line (None: nothing to answer).
        """
        while True:
            got = await read()
            if got is None:
                continue
            if isinstance(got, str):
                text = got.strip()
                if text:
                    answer = typed(text)
                    if answer is not None:
                        return answer
                    continue
                key: MenuKey | None = MenuKey.ENTER
            elif keys is not None and got.key in keys:
                return keys[got.key]
            else:
                key = MENU_KEYS.get(got.key)
            pressed = None if key is None else menu.press(key)
            if pressed is None:
                return None
            menu, outcome = pressed
            if isinstance(outcome, Highlight):
                self._show(self.renderer.line(outcome.line, Priority.URGENT))
                continue
            return outcome.value if isinstance(outcome, Chosen) else None

    async def _read_answer(self, prompt: str) -> str | Pressed | None:
        """A typed answer to a question that names a player or a card: by keys, a line
        read as the command line reads one, so that ``ann`` or ``r1`` is typed, not taken
        key by key; or a menu's key (Escape among them). Typed, None for a routing press.
        """
        if not self.how.keys:
            line = await self._read(prompt, menu=True)
            return None if isinstance(line, Routed) else line
        start: str | None = ""
        while True:
            await self._input_taken()
            got = await ReadLine(prompt, start, menu=True)
            start = None  # after a key that does nothing: the line as it was left
            if isinstance(got, str) or (isinstance(got, Pressed) and got.key in MENU_KEYS):
                return got
            if isinstance(got, TooLong):
                self.say(Line.of(messages.line_too_long))
                start = ""
            elif isinstance(got, Pressed) and got.key is Key.UNKNOWN:
                self.say(Line.of(messages.answer_by_line))

    async def _hand_over(self, seat: int) -> None:
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
            cleared = await ClearScreen()
            self.outputs.clear()
            before = self.names[previous]
            self._tell_table(
                Line.of(messages.screen_cleared, name, before)
                if cleared
                else Line.of(messages.screen_not_cleared, name, before)
            )
        self._tell_table(Line.of(messages.take_the_keyboard, name, self.how))
        while True:
            got = await self._read(messages.tr(messages.HAND_OVER_PROMPT))
            if got == "" or (isinstance(got, Pressed) and got.key in (Key.GO_ON, Key.PLAY)):
                break
            if isinstance(got, Pressed) and got.key is Key.QUIT:
                await self._answer(Quit())
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
