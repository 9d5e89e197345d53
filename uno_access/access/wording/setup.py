"""Setting up a game: the questions, their explanations, the presets."""

from __future__ import annotations

from collections.abc import Iterable

SETUP_START = (
    "Setting up a game. Answer each question and press Enter; Enter alone keeps the answer "
    "in brackets."
)


SETUP_PROMPT = "setup> "


SETUP_PLAYERS = "How many players, 2 to 10, you included?"


SETUP_NAME = "Your name?"


SETUP_SPEECH = "Speak every message: on or off?"
SETUP_SOUNDS = "Play a short sound for each event, beside the words: on or off?"


SETUP_BRAILLE = (
    "Braille: auto (a display if one answers, else none), brlapi, screen (dots on screen) or off?"
)


SETUP_LARGE = "Large, high-contrast text: on or off?"


SETUP_VERBOSITY = "How much is said: brief, normal or full?"


SETUP_KEYS = "One key per command: on, or off to type every command and press Enter?"


SETUP_PACE = "Seconds between the bots' moves, 0 to 5 (0: at once; a key skips ahead)?"


SETUP_SAVED = "Your choices are kept for the next games. uno-access play --setup changes them."


SETUP_BAD_NAME = "A name is 1 to 30 characters, without commas."


SETUP_ON_OFF = "Answer on or off."


PLAYERS_RANGE_SENTENCE = "The number of players is a whole number from 2 to 10."


PACE_RANGE_SENTENCE = "The pace is a number of seconds from 0 to 5."


SETUP_QUESTION = "{question} [{default}]"  # the answer Enter alone keeps, in brackets
SETUP_KEPT = "Kept: {answer}."
SETUP_CHOSEN = "Chosen: {answer}."


def setup_question(question: str, default: str) -> str:
    return SETUP_QUESTION.format(question=question, default=default)


def setup_kept(default: str) -> str:
    """Enter alone kept the answer in brackets: said, so that nothing passes unheard."""
    return SETUP_KEPT.format(answer=default)


def setup_chosen(answer: str) -> str:
    return SETUP_CHOSEN.format(answer=answer)


SETUP_HELP_HINT = "Type ? for an explanation."


SETUP_SEAT = (
    "Seat {number} (you are seat 0): a bot (easy, normal or hard) or a person at this "
    "keyboard (person)?"
)
SETUP_SEAT_NAME = "The name of the player in seat {number}?"


def setup_seat(number: int) -> str:
    """Seats are counted from 0, you, as everywhere in the game."""
    return SETUP_SEAT.format(number=number)


def setup_seat_name(number: int) -> str:
    return SETUP_SEAT_NAME.format(number=number)


# what ? says at each question of the set-up
SETUP_EXPLAIN_PLAYERS = "Everyone at the table, you included: 2 to 10 players."


SETUP_EXPLAIN_NAME = "The name the others and the game call you by, 1 to 30 characters."


SETUP_EXPLAIN_SEAT = (
    "easy plays a random card and forgets UNO now and then; normal plays sensibly; hard "
    "thinks ahead. person: one more person at this keyboard, who takes it for their turns."
)


SETUP_EXPLAIN_SPEECH = "on: every message is spoken. off: you read the screen or a display."
SETUP_EXPLAIN_SOUNDS = (
    "on: a short sound for your turn, each card played, a draw, UNO and the rest, always "
    "with its words; uno-access sounds plays each with its meaning. off: the words alone."
)


SETUP_EXPLAIN_BRAILLE = (
    "auto: a braille display through brltty if one answers, else no braille. brlapi: a "
    "display through brltty. screen: braille dots on the screen. off: no braille."
)


SETUP_EXPLAIN_LARGE = "on: big letters for the top card and colours with their names."


SETUP_EXPLAIN_VERBOSITY = (
    "brief: the fewest words. normal: whole sentences. full: sentences with each card's code."
)


SETUP_EXPLAIN_KEYS = (
    "on: each action is one key, as D to draw. off: every command is typed, then Enter."
)


SETUP_EXPLAIN_PACE = (
    "How long each bot's move waits before the next, so that you can follow; a key skips ahead."
)


PRESET_DESCRIPTIONS = {
    "standard": "the Braille UNO sheet: 7 cards, first to 500 points",
    "lowest": "the lowest total wins when someone reaches 500",
    "anniversary": "the 30th Anniversary edition, with 4 Anniversary cards",
    "partners": "4 players, partners across the table",
    "partners_rotation": "4 players, each partnered once with every other",
    "partners_two_tables": "8 players at two tables, partners rotating",
    "challenge_uno": "reaching 500 eliminates; the last one in wins",
    "speed": "Speed UNO: jump in with an identical card, draw until you can play",
    "stacking": "a Draw Two on a Draw Two adds up",
    "penalties": "a card that does not match costs 2 cards, so does a suggestion",
}


PRESET_LINE = "{preset}: {description}."  # {preset}: its name, as typed
SETUP_ONE_OF = "Answer one of: {options}."
SETUP_RULES = "Which rules? {presets} (options may follow, as speed,uno_penalty=4)"
OPTIONS_SEPARATOR = ", "


def setup_explain_rules(presets: Iterable[str]) -> list[str]:
    """One line a preset, each alone on its line."""
    return [
        PRESET_LINE.format(preset=name, description=PRESET_DESCRIPTIONS.get(name, name))
        for name in presets
    ]


def setup_one_of(options: Iterable[str]) -> str:
    return SETUP_ONE_OF.format(options=OPTIONS_SEPARATOR.join(options))


def setup_rules(presets: Iterable[str]) -> str:
    return SETUP_RULES.format(presets=OPTIONS_SEPARATOR.join(presets))
