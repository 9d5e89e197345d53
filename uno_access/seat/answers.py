"""The answers to what a person asks (their hand, whose turn, the scores, help, a setting
changed for this game), each in its brief and full forms through the renderer.
"""

from __future__ import annotations

from dataclasses import replace

from .. import settings_table
from ..access import messages, speech
from ..access.message import Priority
from ..access.speech import Line
from ..engine.actions import (
    JumpIn,
    Keep,
    Play,
)
from ..engine.cards import Kind
from ..engine.rules import RuleSet
from ..engine.state import Phase, PlayerView
from .asks import ReadChoice
from .commands import (
    Ask,
    Invalid,
    Query,
    Quit,
    Setting,
)
from .history import Buffer
from .keys import Key, key_help_lines, typed_help_lines
from .state import Seat, _Left

HINTED_TURNS = 3  # the first turns of a game say what the keys do (always at full verbosity)


class Answers(Seat):
    """The table's answers to a person's questions."""

    async def _answer(self, command: Ask | Quit | Invalid | Setting) -> None:
        view = self._view()
        if isinstance(command, Setting):
            self._setting(command)
        elif isinstance(command, Invalid):
            self.say(command.message)
        elif isinstance(command, Quit):
            # the session's question, not the game's: not saved, so a resumed game never
            # asks it again
            self._tell_unsaved(
                Line.of(messages.quit_confirm, self.how), Priority.URGENT, keep=False
            )
            await self._input_taken()
            if await ReadChoice(messages.tr(messages.CONFIRM_PROMPT)) is Key.YES:
                raise _Left
            self._tell_unsaved(Line.of(messages.quit_cancelled), Priority.URGENT, keep=False)
        elif command.query is Query.GO_ON and view.my_turn and view.phase is Phase.PLAY:
            # Space on the person's own turn: nothing goes on until they move; said short,
            # not the whole turn again (issue 23)
            self.say(Line.of(messages.still_your_turn, self.how))
        elif command.query in (Query.STATUS, Query.GO_ON):
            self.say(self._what_to_do(view))
        elif command.query is Query.HAND:  # in the order the player sorted it (O)
            self.cursor.update(view.hand)
            playable = self._playable() if view.my_turn and view.phase is Phase.PLAY else None
            bluff = self._bluff(view)
            if (
                playable
                and bluff is not None
                and any(card.kind is Kind.WILD_DRAW_FOUR for card in playable)
            ):  # the Wild Draw Four listed as only a bluff, with the colour held
                can = set(playable)
                ordered = [card for card in dict.fromkeys(self.cursor.cards) if card in can]
                said = Line.of(
                    messages.hand_answer,
                    list(self.cursor.cards),
                    len(self.cursor.cards),
                    ordered,
                    self.how,
                    bluff,
                )
                self._show(self.renderer.line(said, Priority.URGENT))
            else:
                self._show(self.renderer.hand(self.cursor.cards, playable, self.how))
            must = self._must_play_drawn(view)
            if must is not None:  # drawn until a card played: that card, said again
                self.say(Line.of(messages.drawn_must_play, must, self.how))
        elif command.query is Query.SCORES:
            self._show(self.renderer.scores(view))
        elif command.query is Query.ORDER:  # whose turn it is, then the order of play
            self._show(self.renderer.order(view))
        elif command.query is Query.HELP:
            self._help(view)
        elif command.query is Query.PILE:
            self.say(Line.of(messages.draw_pile, view.draw_pile_size))
        elif command.query is Query.REFERENCE:
            for index, (heading, step) in enumerate(_quick_reference(view.rules)):
                # the display rests on the first card, the others read on from it
                self.say(Line.of(messages.reference_card, heading, step), going_on=index > 0)
        else:  # REPEAT: the last lines again, each in the form each device showed it
            last = self.outputs.last_said
            if not last:
                self.say(Line.of(messages.nothing_to_repeat))
            for message, follow in last:  # the display rests where it rested then
                again = replace(message, priority=Priority.URGENT, sound=None)
                self.history.add(again, Buffer.ANSWERS)
                self.outputs.show(again, self._speaks(again), follow)

    def _setting(self, command: Setting) -> None:
        """A setting changed for this game from the command line: the speech's rate or
        volume, speech or sounds on or off, the verbosity, chat spoken or not. The value
        was read by the settings table as it was typed (a value out of range never comes).
        """
        key, value = command.key, command.value
        if key == settings_table.VERBOSITY.key:
            self.renderer = replace(self.renderer, verbosity=value)
            done = True
        elif key == settings_table.SPEECH.key:
            done = self.outputs.set_speech(on=value)
        elif key == settings_table.SOUNDS.key:
            said = Line.of(messages.sounds_switched, value)
            self.say(said if self.outputs.set_sounds(on=value) else Line.of(messages.sounds_none))
            return
        elif key == settings_table.CHAT_SPEECH.key:  # chat mute, unmute: still shown, kept
            self.outputs.chat_speech = value
            self.outputs.chat_silence_told = True
            self.say(Line.of(messages.chat_muted, not value, self.outputs.chat_muted_shown))
            return
        elif key == settings_table.SPEECH_RATE.key:
            done = self.outputs.set_speech(rate=value)
        else:  # the volume
            done = self.outputs.set_speech(volume=value)
        spec = settings_table.TABLE[key]
        self.say(
            Line.of(messages.setting_changed, spec.word, spec.typed(value))
            if done
            else Line.of(messages.speech_none)
        )

    def _what_to_do(self, view: PlayerView) -> Line:
        """Whose turn it is and what the person can do now. The turn line ends with the
        keys' hint on the first turns of the game (and always at full verbosity, or when
        asked again).
        """
        fresh, self._turn_fresh = self._turn_fresh, False  # said as the turn begins
        phase = view.phase
        if phase is Phase.ROUND_OVER:
            return Line.of(messages.round_over_hint, self.how)
        if not view.my_turn:
            whose = speech.describe_whose_turn(view)
            return Line.of(messages.round_over_hint, self.how) if whose is None else whose
        if phase is Phase.START_COLOR:
            return Line.of(messages.your_turn_start_color)
        if phase is Phase.ROULETTE:
            return Line.of(messages.your_turn_roulette)
        legal = self.game.legal_actions(self.me)
        jump = next((a.card for a in legal if isinstance(a, JumpIn)), None)
        add = next((a.card for a in legal if isinstance(a, Play) and a.card.kind.is_draw), None)
        line: Line
        if phase is Phase.CHALLENGE and view.challenged_by is not None:
            return Line.of(
                messages.your_turn_challenge,
                self._who(view.challenged_by),
                view.stack,
                add is not None,
                jump,
                self.how,
            )
        if phase is Phase.STACK:
            came_back = (
                self.rules.stacking
                and add is None
                and any(card.kind is view.top.kind for card in view.hand)
            )
            deflect = next(  # stack_deflect: a Skip, Reverse or Wild passes it on
                (a.card for a in legal if isinstance(a, Play) and not a.card.kind.is_draw), None
            )
            return Line.of(messages.you_owe, view.stack, add, jump, came_back, self.how, deflect)
        drawn = view.drawn
        if phase is Phase.DRAWN and drawn is not None:
            if drawn.kind is Kind.ANNIVERSARY:
                line = Line.of(messages.drawn_anniversary, self.how)
            elif any(isinstance(a, Keep) for a in legal):
                line = Line.of(messages.drawn_playable, drawn, self.how)
            else:
                line = Line.of(messages.drawn_must_play, drawn, self.how)
            return line
        if fresh:
            self._turns_told += 1
        hint = self.how.turn
        # the hint ends the first turn lines, and any whose keys changed; asked again (not
        # ``fresh``), always. Never every turn: at full verbosity too it is the same words
        hinted = not fresh or self._turns_told <= HINTED_TURNS or hint != self._hint_said
        if fresh and hinted:
            self._hint_said = hint
        return speech.describe_turn(view, hint if hinted else "")

    def _help(self, view: PlayerView) -> None:
        """F1: what can be done now, then every key (or every typed command), how a
        question's choices are chosen from its menu, and with a braille display what its
        hand line marks.
        """
        self.say(Line.of(messages.help_now, self._what_to_do(view)))
        lines = key_help_lines() if self.how.keys else typed_help_lines()
        lines.append(
            messages.tr(messages.MENU_HELP_KEYS if self.how.keys else messages.MENU_HELP_TYPED)
        )
        if self.outputs.braille is not None:
            lines.append(messages.tr(messages.BRAILLE_HAND_HELP))
        for line in lines:
            # the display rests on what can be done now, the keys read on from it
            self.say(Line.of(messages.help_told, line), going_on=True)


def _quick_reference(rules: RuleSet) -> list[tuple[str, str]]:
    """The four Quick Play Reference cards, as the table's rules make them: (heading, its
    one step).
    """
    from ..access import document  # the documents, loaded when first asked for

    blocks = document.rules(quick_only=True, chosen=rules)[1:]
    return [(blocks[i].text, blocks[i + 1].text) for i in range(0, len(blocks) - 1, 2)]
