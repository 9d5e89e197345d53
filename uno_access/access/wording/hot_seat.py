"""A hot-seat table, several people at one keyboard: the welcome, the handover
(the screen cleared), what a person missed, and whose lines speech speaks.

``{people}`` is the names of the people at the keyboard as a list ("Ann and Bob"),
``{player}`` the person who takes the keyboard, ``{previous}`` the one who had it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..message import Parts
from .forms import LIST_SEPARATOR, SAID_AS_BRAILLE, Plural, and_list, capital, plural, register
from .keys import TYPED, How
from .language import N_, NP_, tr
from .play import B_GOALS, GOALS

# --- the welcome: the people at this keyboard, the bots, the goal and the help key -------
# {against}: the bots' names; {goal}: one of play.GOALS; {how_help}: "Press F1"
HOT_SEAT_WELCOME_KEYS = N_(
    "UNO for {people} at this keyboard: {goal}. {how_help} at any time to hear the keys."
)
HOT_SEAT_WELCOME_TYPED = N_(
    "UNO for {people} at this keyboard: {goal}. {how_help} at any time to hear the commands."
)
HOT_SEAT_WELCOME_BOTS_KEYS = N_(
    "UNO for {people} at this keyboard, against {against}: {goal}. {how_help} at any time "
    "to hear the keys."
)
HOT_SEAT_WELCOME_BOTS_TYPED = N_(
    "UNO for {people} at this keyboard, against {against}: {goal}. {how_help} at any time "
    "to hear the commands."
)


def hot_seat_welcome(
    people: Sequence[str],
    bots: Sequence[str],
    target: int,
    scoring: str = "standard",
    how: How = TYPED,
) -> str:
    """The first line of a hot-seat game: the people at this keyboard, the bots, the goal
    and the help key (as ``welcome`` says them).
    """
    if bots:
        said = tr(HOT_SEAT_WELCOME_BOTS_KEYS) if how.keys else tr(HOT_SEAT_WELCOME_BOTS_TYPED)
    else:
        said = tr(HOT_SEAT_WELCOME_KEYS) if how.keys else tr(HOT_SEAT_WELCOME_TYPED)
    goal = tr(GOALS.get(scoring, GOALS["standard"])).format(target=target)
    return said.format(
        people=and_list(people),
        against=and_list(bots) if bots else "",
        goal=goal,
        how_help=capital(how.help),
    )


B_HOT_SEAT_WELCOME = N_("UNO for {people}: {goal}")
B_HOT_SEAT_WELCOME_BOTS = N_("UNO for {people} vs {against}: {goal}")


def _b_hot_seat_welcome(
    people: Sequence[str],
    bots: Sequence[str],
    target: int,
    scoring: str = "standard",
    how: How = TYPED,
) -> Parts:
    said = tr(B_HOT_SEAT_WELCOME_BOTS) if bots else tr(B_HOT_SEAT_WELCOME)
    goal = tr(B_GOALS.get(scoring, B_GOALS["standard"])).format(target=target)
    return (
        said.format(
            people=LIST_SEPARATOR.join(people), against=LIST_SEPARATOR.join(bots), goal=goal
        ),
    )


register(hot_seat_welcome, braille=_b_hot_seat_welcome, brief=SAID_AS_BRAILLE)


# --- the handover -------------------------------------------------------------------------
# Translators: {player} takes the keyboard from {previous}; Page Up reads the history back.
SCREEN_CLEARED = N_(
    "The screen is cleared for {player}: nothing of {previous}'s hand is left on it, "
    "nor on the braille display, and Page Up reads only {player}'s own history."
)
# Translators: a terminal that cannot be cleared (a pipe); {player} takes the keyboard.
SCREEN_NOT_CLEARED = N_(
    "This terminal cannot be cleared, so {previous}'s lines are still above this one: "
    "{player}, read nothing above it. Page Up reads only {player}'s own history."
)


B_SCREEN_CLEARED = N_("Cleared for {player}")
B_SCREEN_NOT_CLEARED = N_("Not cleared: {player}, read on")


def screen_cleared(name: str, previous: str) -> str:
    """The handover: the screen, its scrollback and the braille display were cleared."""
    return tr(SCREEN_CLEARED).format(player=name, previous=previous)


def _b_screen_cleared(name: str, previous: str) -> Parts:
    return (tr(B_SCREEN_CLEARED).format(player=name),)


register(screen_cleared, braille=_b_screen_cleared, brief=SAID_AS_BRAILLE)


def screen_not_cleared(name: str, previous: str) -> str:
    """The handover on a terminal that cannot be cleared (TERM=dumb, a pipe)."""
    return tr(SCREEN_NOT_CLEARED).format(player=name, previous=previous)


def _b_screen_not_cleared(name: str, previous: str) -> Parts:
    return (tr(B_SCREEN_NOT_CLEARED).format(player=name),)


register(screen_not_cleared, braille=_b_screen_not_cleared, brief=SAID_AS_BRAILLE)


# Translators: said to {player}, back at the keyboard, before the lines they missed.
WHILE_YOU_WERE_AWAY: Plural = NP_(
    "{player}, while you were away, {count} thing happened:",
    "{player}, while you were away, {count} things happened:",
)


B_WHILE_YOU_WERE_AWAY = N_("{player}, while away: {count}")


def since_you_had_the_keyboard(name: str, count: int) -> str:
    """Before the lines told again at a handover: what happened while the person was away."""
    return plural(count, WHILE_YOU_WERE_AWAY).format(player=name, count=count)


def _b_since_you_had_the_keyboard(name: str, count: int) -> Parts:
    return (tr(B_WHILE_YOU_WERE_AWAY).format(player=name, count=count),)


register(since_you_had_the_keyboard, braille=_b_since_you_had_the_keyboard, brief=SAID_AS_BRAILLE)


# --- whose lines speech speaks ------------------------------------------------------------
# Translators: {speaker} is the person whose lines are spoken, said to {player}, whose
# lines are not.
SPEECH_FOR_ONE_SEAT = N_(
    "Speech speaks only {speaker}'s hand and answers, since everyone in the room hears "
    "it; {player}'s are shown and brailled, never spoken."
)


B_SPEECH_FOR_ONE_SEAT = N_("Speech: {speaker}'s only")


def speech_for_one_seat(speaker: str, name: str) -> str:
    """Said to a person at a hot-seat table whose lines speech does not speak."""
    return tr(SPEECH_FOR_ONE_SEAT).format(speaker=speaker, player=name)


def _b_speech_for_one_seat(speaker: str, name: str) -> Parts:
    return (tr(B_SPEECH_FOR_ONE_SEAT).format(speaker=speaker),)


register(speech_for_one_seat, braille=_b_speech_for_one_seat, brief=SAID_AS_BRAILLE)


HELP_SPEECH_SEAT = N_(
    "at a hot-seat table, the one seat whose hand and answers are spoken (0: the first "
    "person); the others' are shown, never spoken, since everyone in the room hears speech"
)
SPEECH_SEAT_RANGE = N_("the speech's seat is a whole number from 0 to 9")

# Translators: the last two seat numbers of the people's: "seat 0, 2 or 3".
SEATS_OR = N_("{seats} or {last}")
# {seats}: the people's seat numbers, as SEATS_OR joins them
SETUP_SPEECH_SEAT = N_(
    "Speech is heard by everyone in the room, so use headphones; it speaks the table's "
    "lines and one person's own. Whose: seat {seats}?"
)
SETUP_SPEECH_SEAT_REFUSED = N_(
    "Speech speaks for a person at this keyboard: type the seat, {seats}."
)


def _seats_or(people: Sequence[int]) -> str:
    """ "0, 2 or 3": the people's seats, one of which is asked for."""
    numbers = [str(seat) for seat in people]
    if len(numbers) == 1:
        return numbers[0]
    return tr(SEATS_OR).format(seats=LIST_SEPARATOR.join(numbers[:-1]), last=numbers[-1])


def setup_speech_seat(people: Sequence[int]) -> str:
    """The set-up's question at a hot-seat table with speech on."""
    return tr(SETUP_SPEECH_SEAT).format(seats=_seats_or(people))


B_SETUP_SPEECH_SEAT_REFUSED = N_("A person's seat: {seats}")


def setup_speech_seat_refused(people: Sequence[int]) -> str:
    """An answer to ``setup_speech_seat`` that is not a person's seat."""
    return tr(SETUP_SPEECH_SEAT_REFUSED).format(seats=_seats_or(people))


def _b_setup_speech_seat_refused(people: Sequence[int]) -> Parts:
    return (tr(B_SETUP_SPEECH_SEAT_REFUSED).format(seats=" ".join(str(s) for s in people)),)


register(setup_speech_seat_refused, braille=_b_setup_speech_seat_refused, brief=SAID_AS_BRAILLE)


SETUP_EXPLAIN_SPEECH_SEAT = N_(
    "The seat whose hand, draws and answers are spoken: 0 is you. The other people's are "
    "shown and brailled, never spoken."
)
