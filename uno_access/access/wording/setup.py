"""Setting up a game: the questions, their explanations, the presets."""

from __future__ import annotations

from collections.abc import Iterable

from .language import N_, tr

SETUP_START = N_(
    "Setting up a game. Answer each question and press Enter; Enter alone keeps the answer "
    "in brackets."
)


SETUP_PROMPT = N_("setup> ")


SETUP_PLAYERS = N_("How many players, 2 to 10, you included?")


SETUP_NAME = N_("Your name?")


SETUP_SPEECH = N_("Speak every message: on or off?")
SETUP_SOUNDS = N_("Play a short sound for each event, beside the words: on or off?")


SETUP_BRAILLE = N_(
    "Braille: auto (a display if one answers, else none), brlapi, screen (dots on screen) or off?"
)


SETUP_LARGE = N_("Large, high-contrast text: on or off?")


SETUP_VERBOSITY = N_("How much is said: brief, normal or full?")


SETUP_KEYS = N_("One key per command: on, or off to type every command and press Enter?")


SETUP_PACE = N_("Seconds between the bots' moves, 0 to 5 (0: at once; a key skips ahead)?")


SETUP_SAVED = N_("Your choices are kept for the next games. uno-access play --setup changes them.")


SETUP_BAD_NAME = N_("A name is 1 to 30 characters, without commas.")


SETUP_ON_OFF = N_("Answer on or off.")


PLAYERS_RANGE_SENTENCE = N_("The number of players is a whole number from 2 to 10.")


PACE_RANGE_SENTENCE = N_("The pace is a number of seconds from 0 to 5.")


SETUP_QUESTION = N_("{question} [{default}]")  # the answer Enter alone keeps, in brackets
SETUP_KEPT = N_("Kept: {answer}.")
SETUP_CHOSEN = N_("Chosen: {answer}.")


def setup_question(question: str, default: str) -> str:
    return tr(SETUP_QUESTION).format(question=question, default=default)


def setup_kept(default: str) -> str:
    """Enter alone kept the answer in brackets: said, so that nothing passes unheard."""
    return tr(SETUP_KEPT).format(answer=default)


def setup_chosen(answer: str) -> str:
    return tr(SETUP_CHOSEN).format(answer=answer)


SETUP_HELP_HINT = N_("Type ? for an explanation.")


SETUP_SEAT = N_(
    "Seat {number} (you are seat 0): a bot (easy, normal or hard) or a person at this "
    "keyboard (person)?"
)
SETUP_SEAT_NAME = N_("The name of the player in seat {number}?")


def setup_seat(number: int) -> str:
    """Seats are counted from 0, you, as everywhere in the game."""
    return tr(SETUP_SEAT).format(number=number)


def setup_seat_name(number: int) -> str:
    return tr(SETUP_SEAT_NAME).format(number=number)


# what ? says at each question of the set-up
SETUP_EXPLAIN_PLAYERS = N_("Everyone at the table, you included: 2 to 10 players.")


SETUP_EXPLAIN_NAME = N_("The name the others and the game call you by, 1 to 30 characters.")


SETUP_EXPLAIN_SEAT = N_(
    "easy plays a random card and forgets UNO now and then; normal plays sensibly; hard "
    "thinks ahead. person: one more person at this keyboard, who takes it for their turns."
)


SETUP_EXPLAIN_SPEECH = N_("on: every message is spoken. off: you read the screen or a display.")
SETUP_EXPLAIN_SOUNDS = N_(
    "on: a short sound for your turn, each card played, a draw, UNO and the rest, always "
    "with its words; uno-access sounds plays each with its meaning. off: the words alone."
)


SETUP_EXPLAIN_BRAILLE = N_(
    "auto: a braille display through brltty if one answers, else no braille. brlapi: a "
    "display through brltty. screen: braille dots on the screen. off: no braille."
)


SETUP_EXPLAIN_LARGE = N_("on: big letters for the top card and colours with their names.")


SETUP_EXPLAIN_VERBOSITY = N_(
    "brief: the fewest words. normal: whole sentences. full: sentences with each card's code."
)


SETUP_EXPLAIN_KEYS = N_(
    "on: each action is one key, as {draw_key} to draw. off: every command is typed, then Enter."
)


SETUP_EXPLAIN_PACE = N_(
    "How long each bot's move waits before the next, so that you can follow; a key skips ahead."
)


PRESET_DESCRIPTIONS = {
    "standard": N_("the Braille UNO sheet: 7 cards, first to 500 points"),
    "lowest": N_("the lowest total wins when someone reaches 500"),
    "anniversary": N_("the 30th Anniversary edition, with 4 Anniversary cards"),
    "partners": N_("4 players, partners across the table"),
    "partners_rotation": N_("4 players, each partnered once with every other"),
    "partners_two_tables": N_("8 players at two tables, partners rotating"),
    "challenge_uno": N_("reaching 500 eliminates; the last one in wins"),
    "speed": N_("Speed UNO: jump in with an identical card, draw until you can play"),
    "stacking": N_("a Draw Two on a Draw Two adds up"),
    "penalties": N_("a card that does not match costs 2 cards, so does a suggestion"),
}


PRESET_LINE = N_("{preset}: {description}.")  # {preset}: its name, as typed
SETUP_ONE_OF = N_("Answer one of: {options}.")
SETUP_RULES = N_("Which rules? {presets} (options may follow, as speed,uno_penalty=4)")
OPTIONS_SEPARATOR = ", "


def setup_explain_rules(presets: Iterable[str]) -> list[str]:
    """One line a preset, each alone on its line."""
    return [
        tr(PRESET_LINE).format(preset=name, description=tr(PRESET_DESCRIPTIONS.get(name, name)))
        for name in presets
    ]


def setup_one_of(options: Iterable[str]) -> str:
    return tr(SETUP_ONE_OF).format(options=OPTIONS_SEPARATOR.join(options))


def setup_rules(presets: Iterable[str]) -> str:
    return tr(SETUP_RULES).format(presets=OPTIONS_SEPARATOR.join(presets))


# --- the language, asked first (issue 15) --------------------------------------------------
# Translators: {languages} are SETUP_LANGUAGE_ITEMs separated by commas.
SETUP_LANGUAGE = N_("Language: {languages}?")
# Translators: a language the game speaks: its code, then its name in its own words.
SETUP_LANGUAGE_ITEM = N_("{code} ({name})")
SETUP_EXPLAIN_LANGUAGE = N_(
    "The language the game speaks, shows and brailles (with its voice and braille tables): "
    "type its code. The lang setting and --lang choose it too."
)


def setup_language(languages: Iterable[tuple[str, str]]) -> str:
    """The question, each language as its code and its own name: "en (English), es (español)"."""
    items = [tr(SETUP_LANGUAGE_ITEM).format(code=code, name=name) for code, name in languages]
    return tr(SETUP_LANGUAGE).format(languages=", ".join(items))
