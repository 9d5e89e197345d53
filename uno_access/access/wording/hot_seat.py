"""A hot-seat table, several people at one keyboard: the welcome, the handover
(the screen cleared), what a person missed, and whose lines speech speaks."""

from __future__ import annotations

from collections.abc import Sequence

from .keys import TYPED, How
from .play import welcome


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
    said = f"UNO for {_and(people)} at this keyboard"
    if bots:
        said += f", against {_and(bots)}"
    return f"{said}: " + welcome(["-"], target, scoring, how).split(": ", 1)[1]


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def screen_cleared(name: str, previous: str) -> str:
    """The handover: the screen, its scrollback and the braille display were cleared."""
    return (
        f"The screen is cleared for {name}: nothing of {previous}'s hand is left on it, "
        f"nor on the braille display, and Page Up reads only {name}'s own history."
    )


def screen_not_cleared(name: str, previous: str) -> str:
    """The handover on a terminal that cannot be cleared (TERM=dumb, a pipe)."""
    return (
        f"This terminal cannot be cleared, so {previous}'s lines are still above this one: "
        f"{name}, read nothing above it. Page Up reads only {name}'s own history."
    )


def since_you_had_the_keyboard(name: str, count: int) -> str:
    """Before the lines told again at a handover: what happened while the person was away."""
    if count == 1:
        return f"{name}, while you were away, 1 thing happened:"
    return f"{name}, while you were away, {count} things happened:"


def speech_for_one_seat(speaker: str, name: str) -> str:
    """Said to a person at a hot-seat table whose lines speech does not speak."""
    return (
        f"Speech speaks only {speaker}'s hand and answers, since everyone in the room hears "
        f"it; {name}'s are shown and brailled, never spoken."
    )


HELP_SPEECH_SEAT = (
    "at a hot-seat table, the one seat whose hand and answers are spoken (0: the first "
    "person); the others' are shown, never spoken, since everyone in the room hears speech"
)
SPEECH_SEAT_RANGE = "the speech's seat is a whole number from 0 to 9"


def setup_speech_seat(people: Sequence[int]) -> str:
    """The set-up's question at a hot-seat table with speech on."""
    seats = ", ".join(str(seat) for seat in people[:-1]) + f" or {people[-1]}"
    return (
        "Speech is heard by everyone in the room, so use headphones; it speaks the table's "
        f"lines and one person's own. Whose: seat {seats}?"
    )


def setup_speech_seat_refused(people: Sequence[int]) -> str:
    """An answer to ``setup_speech_seat`` that is not a person's seat."""
    seats = ", ".join(str(seat) for seat in people[:-1]) + f" or {people[-1]}"
    return f"Speech speaks for a person at this keyboard: type the seat, {seats}."


SETUP_EXPLAIN_SPEECH_SEAT = (
    "The seat whose hand, draws and answers are spoken: 0 is you. The other people's are "
    "shown and brailled, never spoken."
)
