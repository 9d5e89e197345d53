"""Setting up a game: the questions, their explanations, the presets.

Each question is said with the answer Enter alone keeps, in brackets: "Speak every
message: on or off? [off]". Its braille form puts that default and the answers in the
first cells, "Speech: on [off]", so that a 20-cell display shows them at once; each
question's braille form is beside its sentence (``Question`` keeps the two together).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...values import frozen
from ..message import Parts
from .forms import (
    FORMS,
    SAID_AS_BRAILLE,
    Fixed,
    Forms,
    Whole,
    register,
    register_whole,
)
from .hot_seat import setup_speech_seat
from .house_rules import setup_rules_with_house
from .keys import value_said
from .language import N_, tr

SETUP_START = N_(
    "Setting up a game. Answer each question and press Enter; Enter alone keeps the answer "
    "in brackets."
)


SETUP_PROMPT = N_("setup> ")
setup_start = Fixed(SETUP_START, N_("Set-up: Enter keeps the default"))


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
setup_saved = Fixed(SETUP_SAVED, N_("Choices kept"))


SETUP_BAD_NAME = N_("A name is 1 to 30 characters, without commas.")
setup_bad_name = Fixed(SETUP_BAD_NAME, N_("Name: 1 to 30, no commas"))


SETUP_ON_OFF = N_("Answer on or off.")
setup_on_off = Fixed(SETUP_ON_OFF)


PLAYERS_RANGE_SENTENCE = N_("The number of players is a whole number from 2 to 10.")
players_range = Fixed(PLAYERS_RANGE_SENTENCE, N_("Players: 2 to 10"))


PACE_RANGE_SENTENCE = N_("The pace is a number of seconds from 0 to 5.")
pace_range = Fixed(PACE_RANGE_SENTENCE, N_("Pace: 0 to 5 seconds"))


SETUP_QUESTION = N_("{question} [{default}]")  # the answer Enter alone keeps, in brackets
SETUP_KEPT = N_("Kept: {answer}.")
SETUP_CHOSEN = N_("Chosen: {answer}.")
B_SETUP_KEPT = N_("Kept: {answer}")
B_SETUP_CHOSEN = N_("Chosen: {answer}")


def setup_question(question: str, default: str) -> str:
    return tr(SETUP_QUESTION).format(question=question, default=default)


def setup_kept(default: str) -> str:
    """Enter alone kept the answer in brackets: said, so that nothing passes unheard."""
    return tr(SETUP_KEPT).format(answer=default)


def _b_setup_kept(default: str) -> Parts:
    return (tr(B_SETUP_KEPT).format(answer=default),)


register(setup_kept, braille=_b_setup_kept, brief=SAID_AS_BRAILLE)


def setup_chosen(answer: str) -> str:
    return tr(SETUP_CHOSEN).format(answer=answer)


def _b_setup_chosen(answer: str) -> Parts:
    return (tr(B_SETUP_CHOSEN).format(answer=answer),)


register(setup_chosen, braille=_b_setup_chosen, brief=SAID_AS_BRAILLE)


def setup_told(line: str) -> str:
    """What ? says at a question (its explanation, the presets, the rules read), and an
    answer refused in the command line's words (a rule option it cannot take): a text read
    whole.
    """
    return line


register_whole(setup_told, Whole.TEXT)


# Translators: the answer Enter alone keeps, among the answers of a braille form
B_DEFAULT_MARK = N_("[{answer}]")
B_ANSWERS_SEPARATOR = " "


def marked(answers: Iterable[str], default: str) -> str:
    """A braille form's answers, the one Enter alone keeps in brackets: "on [off]"; a
    default that is none of them (rules typed with options) after them."""
    answers = list(answers)
    shown = [tr(B_DEFAULT_MARK).format(answer=a) if a == default else a for a in answers]
    if default not in answers:
        shown.append(tr(B_DEFAULT_MARK).format(answer=default))
    return B_ANSWERS_SEPARATOR.join(shown)


@frozen(slots=True)
class Question:
    """A set-up question that names nothing but its default: its sentence and its braille
    form, each a marked template, registered together as it is made. Called with the
    default (the answer Enter alone keeps), it is the question asked. Its braille form
    shows the default in the first cells: ``{default}`` in brackets before the answers
    ("Players [2]: 2 to 10"), or ``{answers}``, the ``answers`` (English values, each
    said as the language types it: ``value_said``) with the default in brackets among
    them ("Speech: on [off]", "Voz: sí [no]"); ``{choices}``: the answers alone, after the
    default in brackets ("Verbosity [normal]: brief normal full").
    """

    template: str
    braille: str
    answers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        FORMS[self] = Forms(self, self._braille, SAID_AS_BRAILLE)

    def __call__(self, default: str) -> str:
        return setup_question(tr(self.template), default)

    def _braille(self, default: str) -> Parts:
        said = [value_said(answer) for answer in self.answers]
        answers = marked(said, default)
        choices = B_ANSWERS_SEPARATOR.join(said)
        return (tr(self.braille).format(default=default, answers=answers, choices=choices),)

    @property
    def __name__(self) -> str:  # named by its sentence, as a phrase function by its name
        return self.template


SETUP_HELP_HINT = N_("Type ? for an explanation.")
setup_help_hint = Fixed(SETUP_HELP_HINT, N_("? explains"))


SETUP_SEAT = N_(
    "Seat {number} (you are seat 0): a bot (easy, normal or hard) or a person at this "
    "keyboard (person)?"
)
SETUP_SEAT_NAME = N_("The name of the player in seat {number}?")
# Translators: the answers are typed as they are (easy, normal, hard, person)
# {kinds}: the answers, as they are typed in the language (easy normal hard person)
B_SETUP_SEAT = N_("Seat {number} [{default}]: {kinds}")
SEAT_ANSWERS = ("easy", "normal", "hard", "person")
B_SETUP_SEAT_NAME = N_("Seat {number} name [{default}]")


def setup_seat(number: int) -> str:
    """Seats are counted from 0, you, as everywhere in the game."""
    return tr(SETUP_SEAT).format(number=number)


def setup_seat_asked(number: int, default: str) -> str:
    return setup_question(setup_seat(number), default)


def _b_setup_seat_asked(number: int, default: str) -> Parts:
    kinds = B_ANSWERS_SEPARATOR.join(value_said(kind) for kind in SEAT_ANSWERS)
    return (tr(B_SETUP_SEAT).format(number=number, default=default, kinds=kinds),)


register(setup_seat_asked, braille=_b_setup_seat_asked, brief=SAID_AS_BRAILLE)


def setup_seat_name(number: int) -> str:
    return tr(SETUP_SEAT_NAME).format(number=number)


def setup_seat_name_asked(number: int, default: str) -> str:
    return setup_question(setup_seat_name(number), default)


def _b_setup_seat_name_asked(number: int, default: str) -> Parts:
    return (tr(B_SETUP_SEAT_NAME).format(number=number, default=default),)


register(setup_seat_name_asked, braille=_b_setup_seat_name_asked, brief=SAID_AS_BRAILLE)


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
    "no_mercy": N_(
        "UNO Show 'Em No Mercy: 168 cards, draws stacked by value, 25 cards knock you out"
    ),
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


B_SETUP_ONE_OF = N_("One of: {options}")


def setup_one_of(options: Iterable[str]) -> str:
    return tr(SETUP_ONE_OF).format(options=OPTIONS_SEPARATOR.join(options))


def _b_setup_one_of(options: Iterable[str]) -> Parts:
    return (tr(B_SETUP_ONE_OF).format(options=" ".join(options)),)


register(setup_one_of, braille=_b_setup_one_of, brief=SAID_AS_BRAILLE)


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


# the default first, then the other codes: "Language [pt]: en es" (the last code as the
# default would fall past a 20-cell window after them all)
B_SETUP_LANGUAGE = N_("Language [{default}]: {codes}")


def setup_language(languages: Iterable[tuple[str, str]]) -> str:
    """The question, each language as its code and its own name: "en (English), es (español)"."""
    items = [tr(SETUP_LANGUAGE_ITEM).format(code=code, name=name) for code, name in languages]
    return tr(SETUP_LANGUAGE).format(languages=", ".join(items))


def setup_language_asked(languages: Sequence[tuple[str, str]], default: str) -> str:
    return setup_question(setup_language(languages), default)


def _b_setup_language_asked(languages: Sequence[tuple[str, str]], default: str) -> Parts:
    codes = B_ANSWERS_SEPARATOR.join(code for code, _ in languages if code != default)
    return (tr(B_SETUP_LANGUAGE).format(default=default, codes=codes),)


register(setup_language_asked, braille=_b_setup_language_asked, brief=SAID_AS_BRAILLE)


# --- the questions that name nothing but their default, in the order they are asked ------
# Translators: each braille form shows the default in brackets, then the answers typed
# ({answers}: the answers typed, the default in brackets among them: "on [off]")
# the answers as English values, each said as the language types it ("sí [no]")
ON_OFF = ("on", "off")
BRAILLE_ANSWERS = ("auto", "brlapi", "screen", "off")
VERBOSITY_ANSWERS = ("brief", "normal", "full")
setup_players = Question(SETUP_PLAYERS, N_("Players [{default}]: 2 to 10"))
setup_name = Question(SETUP_NAME, N_("Your name [{default}]"))
setup_speech = Question(SETUP_SPEECH, N_("Speech: {answers}"), ON_OFF)
setup_sounds = Question(SETUP_SOUNDS, N_("Sounds: {answers}"), ON_OFF)
setup_braille = Question(SETUP_BRAILLE, N_("Braille: {answers}"), BRAILLE_ANSWERS)
setup_large = Question(SETUP_LARGE, N_("Large: {answers}"), ON_OFF)
setup_verbosity = Question(
    SETUP_VERBOSITY, N_("Verbosity [{default}]: {choices}"), VERBOSITY_ANSWERS
)
setup_keys = Question(SETUP_KEYS, N_("Keys: {answers}"), ON_OFF)
setup_pace = Question(SETUP_PACE, N_("Bot pace [{default}]: 0 to 5"))

B_SETUP_RULES = N_("Rules [{default}]: ? lists")
B_SETUP_SPEECH_SEAT = N_("Speech seat [{default}]: {seats}")


def setup_rules_asked(presets: Sequence[str], default: str) -> str:
    return setup_question(setup_rules_with_house(presets), default)


def _b_setup_rules_asked(presets: Sequence[str], default: str) -> Parts:
    return (tr(B_SETUP_RULES).format(default=default),)


register(setup_rules_asked, braille=_b_setup_rules_asked, brief=SAID_AS_BRAILLE)


def setup_speech_seat_asked(people: Sequence[int], default: str) -> str:
    return setup_question(setup_speech_seat(people), default)


def _b_setup_speech_seat_asked(people: Sequence[int], default: str) -> Parts:
    seats = " ".join(str(seat) for seat in people)
    return (tr(B_SETUP_SPEECH_SEAT).format(default=default, seats=seats),)


register(setup_speech_seat_asked, braille=_b_setup_speech_seat_asked, brief=SAID_AS_BRAILLE)
