"""Keys and typed commands: how the player asks for each thing, the help, the registry's words."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from ...text import LINE_LIMIT
from ...values import frozen
from ..message import Parts
from .devices import SPEECH_OFF, SPEECH_ON
from .forms import (
    LIST_SEPARATOR,
    SAID_AS_BRAILLE,
    Fixed,
    Line,
    Plural,
    Whole,
    plural,
    register,
    register_whole,
)
from .language import ENGLISH, N_, NC_, NP_, current, language_of, tr, tr_c

KEY = "key"  # the context of a command's letter key in the catalogs
TYPED_WORD = "typed"  # the context of the words typed for a command


# --- the letter keys and typed words, in each language (issue 23) -------------------------
# Each command of the registry (ui/keys.py) that has a letter, by the command's name: the
# English letter, which is the message id; the catalog gives each language's own.
# Translators: context "key": the letter key of one command in your language, A to Z. Give
# every command its own letter, never B, G or Y (a braille keyboard types card codes, b7,
# g3, y2, with no key first), and keep the English letter where your language has no better
# one; a letter that cannot be used is replaced by the English one. F1, the help and every
# sentence that names a key say the letters you give.
KEY_LETTERS: dict[str, str] = {
    # Translators: the key that sorts the hand (O: Order)
    "sort": NC_("key", "O"),
    # Translators: the key that draws a card (D: Draw)
    "draw": NC_("key", "D"),
    # Translators: the key that keeps the card just drawn (K: Keep)
    "keep": NC_("key", "K"),
    # Translators: the key that calls UNO (U)
    "uno": NC_("key", "U"),
    # Translators: the key that catches a player who did not call UNO (X)
    "catch": NC_("key", "X"),
    # Translators: the key that challenges a Wild Draw Four (H: cHallenge)
    "challenge": NC_("key", "H"),
    # Translators: the key that accepts a Wild Draw Four or a stack (A: Accept)
    "accept": NC_("key", "A"),
    # Translators: the key that jumps in out of turn (J: Jump)
    "jump": NC_("key", "J"),
    # Translators: the key for card check, how many cards everyone holds (C: Check)
    "card_check": NC_("key", "C"),
    # Translators: the key that touches the top card (T: Touch)
    "touch": NC_("key", "T"),
    # Translators: the key that says the whole hand (L: List)
    "hand": NC_("key", "L"),
    # Translators: the key that says whose turn it is and the order of play (W: Whose)
    "whose_turn": NC_("key", "W"),
    # Translators: the key that says the scores (S: Scores)
    "scores": NC_("key", "S"),
    # Translators: the key that says the DRAW pile's size (P: Pile)
    "pile": NC_("key", "P"),
    # Translators: the key that repeats the last message (R: Repeat)
    "repeat": NC_("key", "R"),
    # Translators: the key that switches the history between the game and the answers (V: View)
    "switch_history": NC_("key", "V"),
    # Translators: the key that reads the chat's history in network play (I)
    "chat_history": NC_("key", "I"),
    # Translators: the key that reads the Quick Play Reference cards (E); the rules say it
    "quick_reference": NC_("key", "E"),
    # Translators: the key that switches speech off or on (M: Mute)
    "speech": NC_("key", "M"),
    # Translators: the key that switches the sound cues off or on (Z)
    "sounds": NC_("key", "Z"),
    # Translators: the key that lets play go on, beside Space (N: Next)
    "go_on": NC_("key", "N"),
    # Translators: the key that quits the game, after asking (Q: Quit)
    "quit": NC_("key", "Q"),
}
# Translators: context "key": the key that answers yes to a yes-or-no question (Y: Yes);
# any other key is no. It may be any letter: only the yes-or-no questions take it.
YES_LETTER = NC_("key", "Y")
# the first letters of card codes: never given to a command, so that a braille keyboard
# types b7, g3 or y2 at a key prompt and the command line opens with it
CARD_LETTERS = frozenset("bgy")


# The words typed for each command, by its name: the message id is the English words,
# separated by commas; the catalog gives each language's own.
# Translators: context "typed": the words a player types for one command in your language,
# lowercase, separated by commas (a phrase of several words is typed whole). The first is
# the one sentences name. The English words are always taken too; a word of yours wins
# over an English word of another command, and the command's letter (context "key") is
# typed too.
TYPED_WORDS: dict[str, str] = {
    # Translators: typed to play the card just drawn, or a card: play b7
    "play": NC_("typed", "play"),
    # Translators: typed to draw a card
    "draw": NC_("typed", "draw"),
    # Translators: typed to keep the card just drawn (and before the card kept in an
    # Anniversary play: an red give Bob keep r5)
    "keep": NC_("typed", "keep"),
    # Translators: typed to call UNO
    "uno": NC_("typed", "uno"),
    # Translators: typed to catch a player who did not call UNO: catch Ann
    "catch": NC_("typed", "catch"),
    # Translators: typed to challenge a Wild Draw Four
    "challenge": NC_("typed", "ch, challenge"),
    # Translators: typed to accept a Wild Draw Four or a stack
    "accept": NC_("typed", "accept"),
    # Translators: typed to jump in out of turn (Speed UNO)
    "jump": NC_("typed", "jump"),
    # Translators: typed to play an Anniversary card: an red give Bob keep r5
    "anniversary": NC_("typed", "an, anniversary"),
    # Translators: typed for card check, how many cards everyone holds
    "card_check": NC_("typed", "cc, check, card check"),
    # Translators: typed to touch the top card
    "touch": NC_("typed", "top, touch, top card, touch the top card"),
    # Translators: typed to hear the hand
    "hand": NC_("typed", "hand"),
    # Translators: typed to hear whose turn it is and the order of play
    "whose_turn": NC_("typed", "order, whose turn"),
    # Translators: typed to hear the scores
    "scores": NC_("typed", "scores, score"),
    # Translators: typed to hear the DRAW pile's size
    "pile": NC_("typed", "pile"),
    # Translators: typed to sort the hand
    "sort": NC_("typed", "sort"),
    # Translators: typed to repeat the last message
    "repeat": NC_("typed", "repeat"),
    # Translators: typed to read the Quick Play Reference cards
    "quick_reference": NC_("typed", "reference, quick"),
    # Translators: typed to let play go on, or deal the next round
    "go_on": NC_("typed", "next"),
    # Translators: typed to hear the commands
    "help": NC_("typed", "help"),
    # Translators: typed to leave the game (it asks first)
    "quit": NC_("typed", "quit, exit"),
}
# the words of a part of a command, typed after its first word, by their name
TYPED_PART_WORDS: dict[str, str] = {
    # Translators: typed before the player an Anniversary card gives the other cards to:
    # an red give Bob keep r5
    "give": NC_("typed", "give, to"),
    # Translators: typed before the player a Seven-O 7 swaps hands with: r7 with Bob
    "swap": NC_("typed", "with, swap"),
    # Translators: typed to name oneself where a player is asked for
    "self": NC_("typed", "you, me"),
    # Translators: typed to answer yes to a yes-or-no question (any other answer is no)
    "yes": NC_("typed", "y, yes"),
}


# the values typed for a setting (in the game, and to the setup's questions), and the
# settings' names typed in the game ("rate 250", "speech off"), by their English word
TYPED_VALUES: dict[str, str] = {
    # Translators: typed for on: speech on, sounds on; and at the setup's on-or-off questions
    "on": NC_("typed", "on, yes, y"),
    # Translators: typed for off: speech off, sounds off; at the setup too (and braille off)
    "off": NC_("typed", "off, no, n"),
    # Translators: typed for the brief verbosity: verbosity brief
    "brief": NC_("typed", "brief"),
    # Translators: typed for the normal verbosity, and the normal bot at the setup
    "normal": NC_("typed", "normal"),
    # Translators: typed for the full verbosity: verbosity full
    "full": NC_("typed", "full"),
    # Translators: typed at the setup for the easy bot
    "easy": NC_("typed", "easy"),
    # Translators: typed at the setup for the hard bot
    "hard": NC_("typed", "hard"),
    # Translators: typed at the setup for one more person at this keyboard (hot seat)
    "person": NC_("typed", "person"),
    # Translators: typed at the setup for braille as dots on the screen
    "screen": NC_("typed", "screen"),
    # Translators: typed in the game before words a minute: rate 250
    "rate": NC_("typed", "rate"),
    # Translators: typed in the game before a volume from 0 to 1: volume 0.8
    "volume": NC_("typed", "volume"),
    # Translators: typed in the game before brief, normal or full: verbosity brief
    "verbosity": NC_("typed", "verbosity"),
    # Translators: typed in the game before on or off: speech off
    "speech": NC_("typed", "speech"),
    # Translators: typed in the game before on or off: sounds off
    "sounds": NC_("typed", "sounds"),
}


def split_words(words: str) -> tuple[str, ...]:
    """Typed words written one after another with commas: lowercase, single spaces."""
    return tuple(
        dict.fromkeys(w for w in (" ".join(part.split()).lower() for part in words.split(",")) if w)
    )


def bare(word: str) -> str:
    """A typed word without its accents: "métete" is typed "metete" too."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _code(code: str | None) -> str:
    return language_of(code) if code else current()


@cache
def _key_letters(code: str) -> dict[str, str]:
    letters: dict[str, str] = {}
    taken: set[str] = set()
    for name, english in KEY_LETTERS.items():
        for letter in (tr_c(KEY, english, code).strip().lower(), english.lower()):
            usable = len(letter) == 1 and "a" <= letter <= "z" and letter not in CARD_LETTERS
            if usable and letter not in taken:
                letters[name] = letter
                taken.add(letter)
                break
    return letters


def key_letters(code: str | None = None) -> dict[str, str]:
    """Each command's letter key in a language (the current one by default), lowercase,
    by the command's name: the catalog's letter where it is one letter, A to Z, not a card
    code's first letter (B, G, Y) and not a command's before it (in the registry's order);
    else the English letter, where that is free; else none. So each letter means one
    command in each language, the same every time.
    """
    return dict(_key_letters(_code(code)))


def yes_letters(code: str | None = None) -> tuple[str, ...]:
    """The keys that answer yes in a language: its own letter, and the English Y."""
    own = tr_c(KEY, YES_LETTER, _code(code)).strip().lower()
    mine = own if len(own) == 1 and own.isalpha() else "y"
    return tuple(dict.fromkeys((mine, "y")))


@cache
def _command_words(code: str) -> dict[str, tuple[str, ...]]:
    claimed: dict[str, str] = {}
    for name, letter in _key_letters(code).items():
        claimed.setdefault(letter, name)
    if code != ENGLISH:
        for name, words in TYPED_WORDS.items():
            for word in split_words(tr_c(TYPED_WORD, words, code)):
                claimed.setdefault(word, name)
                claimed.setdefault(bare(word), name)
    for name, said in COMMAND_WORDS.items():
        for word in said:
            claimed.setdefault(word, name)
    named: dict[str, list[str]] = {}
    for word, name in claimed.items():
        named.setdefault(name, []).append(word)
    return {name: tuple(words) for name, words in named.items()}


def command_words(code: str | None = None) -> dict[str, tuple[str, ...]]:
    """The words typed for each command in a language (the current one by default), by
    the command's name: its letter, the language's words (with and without accents), then
    the English words. A word means one command: the one that claimed it first, in that
    order (a language's letter, then its words, then English), so a Spanish player's
    letter or word never means an English command instead.
    """
    return dict(_command_words(_code(code)))


def part_words(name: str, code: str | None = None) -> tuple[str, ...]:
    """The words of a part of a command (``give``, ``swap``, ``self``, ``yes``; ``keep``
    is the command's) in a language, then in English, with and without accents."""
    code = _code(code)
    english = TYPED_PART_WORDS.get(name) or TYPED_WORDS[name]
    context = TYPED_WORD
    own = split_words(tr_c(context, english, code)) if code != ENGLISH else ()
    words = [*own, *(bare(word) for word in own), *split_words(english)]
    return tuple(dict.fromkeys(words))


def value_words(value: str, code: str | None = None) -> tuple[str, ...]:
    """The words typed for a setting's value or name (``on``, ``brief``, ``rate``…) in a
    language, then in English, with and without accents; a value no word is given for is
    typed as it is (``auto``, ``brlapi``)."""
    english = TYPED_VALUES.get(value)
    if english is None:
        return (value,)
    code = _code(code)
    own = split_words(tr_c(TYPED_WORD, english, code)) if code != ENGLISH else ()
    return tuple(dict.fromkeys([*own, *(bare(word) for word in own), *split_words(english)]))


def typed_value(text: str, values: Iterable[str], code: str | None = None) -> str | None:
    """Which of ``values`` (English words) ``text`` names, typed in the language or in
    English, any case, with or without accents; None when it names none."""
    typed = " ".join(text.lower().split())
    for value in values:
        said = value_words(value, code)
        if typed in said or bare(typed) in said:
            return value
    return None


def value_said(value: str, code: str | None = None) -> str:
    """A setting's value (or name) as the language says it: its first word ("sí")."""
    return value_words(value, code)[0]


def first_word(name: str, code: str | None = None) -> str:
    """The word named first for a command (or a part of one) in a language: its own
    first word, else the English one ("robar", "draw")."""
    if name in TYPED_PART_WORDS:
        return part_words(name, code)[0]
    if name not in TYPED_WORDS:
        return name
    code = _code(code)
    own = split_words(tr_c(TYPED_WORD, TYPED_WORDS[name], code))
    return (own or split_words(TYPED_WORDS[name]))[0]


def key_said(name: str, keys: bool, code: str | None = None) -> str:
    """A command's letter as a sentence names it: with keys the key ("D"), typed the
    letter typed ("d"), or its first word when it has no letter ("an")."""
    if name == "yes":
        letter: str | None = yes_letters(code)[0]
    else:
        letter = key_letters(code).get(name)
    if letter is None:
        return first_word(name, code)
    return letter.upper() if keys else letter


class _Named(dict[str, str]):
    """The keys and words a template names, as ``str.format_map`` reads them:
    ``{draw_key}`` the command's key (``key_said``), ``{play_word}`` its first word; any
    other field is left as it is, for the template's own ``format``."""

    def __init__(self, keys: bool) -> None:
        super().__init__()
        self.pressed = keys

    def __missing__(self, field: str) -> str:
        name, _, kind = field.rpartition("_")
        if kind == "key" and (name in KEY_LETTERS or name in TYPED_WORDS or name == "yes"):
            return key_said(name, self.pressed)
        if kind == "word" and (name in TYPED_WORDS or name in TYPED_PART_WORDS):
            return first_word(name)
        return "{%s}" % field  # noqa: UP031 (a field kept as written, not a sentence)


def keyed(template: str, keys: bool = True) -> str:
    """A template (translated) with the keys and words it names in the current language:
    ``{draw_key}`` "D" (``keys``) or "d" (typed), ``{play_word}`` "play"; its other fields
    are left for its own ``format``."""
    return template.format_map(_Named(keys))


@frozen(slots=True)
class Keyed:
    """The keys (or typed words) that answer a question, as a braille form shows them
    after it, tersely: "Catch Ann? x", "Drew r8 Enter/k" (``How.key``), in the player's
    language (``key_letters``).
    """

    play: str
    keep: str
    uno: str
    catch: str
    challenge: str
    accept: str
    jump: str
    go_on: str
    next_round: str
    yes: str
    no: str
    quit: str

    def __getattribute__(self, name: str) -> Any:
        """Each key in the current language: a key's name (a marked template: "Enter"),
        or a command's letter or word as the language gives it (``{keep_key}``: "k" in
        English, "f" in Portuguese; ``{play_word}``), lowercase as typed (``keyed``)."""
        value = object.__getattribute__(self, name)
        return keyed(tr(value), keys=False) if isinstance(value, str) else value


@frozen(slots=True)
class How:
    """How the player asks for each thing: by typed commands, or by keys. The phrases
    below that tell the player what they can do take one; each names the keys or words
    of the current language (``{draw_key}``, ``{play_word}``: ``keyed``).
    """

    keys: bool
    draw: str
    play_drawn: str
    play_drawn_wild: str
    keep: str
    uno: str
    catch: str
    catch_named: str
    challenge: str
    accept: str
    jump: str
    jump_wild: str
    next_round: str
    go_on: str
    quit: str
    yes: str
    help: str
    turn: str  # the reminder on your turn
    anniversary: str
    # the same, as a braille form shows them after its question: the key, or the word typed
    key: Keyed

    def __getattribute__(self, name: str) -> Any:
        """Each phrase in the current language (the fields are marked templates), with its
        keys and words."""
        value = object.__getattribute__(self, name)
        if not isinstance(value, str):
            return value
        return keyed(tr(value), object.__getattribute__(self, "keys"))


TYPED = How(
    keys=False,
    draw=N_("type {draw_key}"),
    play_drawn=N_("type {play_word}"),
    play_drawn_wild=N_("type {play_word} and a colour to play it, as {play_word} red"),
    keep=N_("type {keep_key}"),
    uno=N_("type {uno_key}"),
    catch=N_("type {catch_key}"),
    catch_named=N_("type {catch_key} and a name"),
    challenge=N_("type {challenge_key}"),
    accept=N_("type {accept_key}"),
    jump=N_("type {jump_key}"),
    jump_wild=N_("type {jump_key} and a colour to jump in, as {jump_key} red"),
    next_round=N_("type {go_on_key}"),
    go_on=N_("press Enter"),
    quit=N_("type {quit_key}"),
    yes=N_("type {yes_key}"),
    help=N_("type {help_word}"),
    turn=N_(
        "Type a card to play it, {draw_key} to draw, {hand_key} for your hand, or {help_word}."
    ),
    anniversary=N_(
        "type {play_word}, or {anniversary_key} with its colour, whom to give to and the card "
        "you keep"
    ),
    # the same, as a braille form shows them after a question: the key, or the word typed
    # (each in the language: ``{keep_key}`` is its letter for keep, lowercase)
    key=Keyed(
        play="{play_word}",
        keep="{keep_key}",
        uno="{uno_key}",
        catch="{catch_key}",
        challenge="{challenge_key}",
        accept="{accept_key}",
        jump="{jump_key}",
        # Translators: the Enter key, as a braille line names it after a question
        go_on=N_("Enter"),
        next_round="{go_on_key}",
        yes="{yes_key}",
        # Translators: the letter typed for no (any other answer is no too)
        no=N_("n"),
        quit="{quit_key}",
    ),
)


KEYED = How(
    keys=True,
    draw=N_("press {draw_key}"),
    play_drawn=N_("press Enter"),
    play_drawn_wild=N_("press Enter to play it, then the first letter of its colour"),
    keep=N_("press {keep_key}"),
    uno=N_("press {uno_key}"),
    catch=N_("press {catch_key}"),
    catch_named=N_("press slash and type {catch_word} and a name"),
    challenge=N_("press {challenge_key}"),
    accept=N_("press {accept_key}"),
    jump=N_("press {jump_key}"),
    jump_wild=N_("press {jump_key}, then the first letter of a colour"),
    next_round=N_("press Space"),
    go_on=N_("press Space"),
    quit=N_("press {quit_key}"),
    yes=N_("press {yes_key}"),
    help=N_("press F1"),
    turn=N_("Left and Right choose a card, Enter plays it, {draw_key} draws, F1 for help."),
    anniversary=N_("press Enter, then say its colour, whom to give to and the card you keep"),
    # the same, as a braille form shows them after a question: the key, its letter in the
    # language, lowercase ("Drew r8 Enter/k"; a Portuguese player's keep key is f)
    key=Keyed(
        play=N_("Enter"),
        keep="{keep_key}",
        uno="{uno_key}",
        catch="{catch_key}",
        challenge="{challenge_key}",
        accept="{accept_key}",
        jump="{jump_key}",
        # Translators: the Space key, as a braille line names it after a question
        go_on=N_("Space"),
        next_round=N_("Space"),
        yes="{yes_key}",
        no=N_("n"),
        quit="{quit_key}",
    ),
)


NO_SUCH_KEY = N_("That key does nothing here: press F1 to hear the keys.")
no_such_key = Fixed(NO_SUCH_KEY, N_("No such key: F1 for help"))


SPEECH_NONE = N_("There is no speech to switch on or off: the game is silent on this machine.")
speech_none = Fixed(SPEECH_NONE, N_("No speech on this machine"))


def speech_switched(on: bool) -> str:
    return tr(SPEECH_ON) if on else tr(SPEECH_OFF)


def _b_speech_switched(on: bool) -> Parts:
    return (speech_switched(on),)  # "Speech on.": brief as it stands


register(speech_switched, braille=_b_speech_switched, brief=SAID_AS_BRAILLE)


REFERENCE_CARD = N_("{heading}. {step}")  # a Quick Play Reference card's heading, one step
HELP_NOW = N_("Now: {what}")  # what the player can do now, said first by F1 and help
B_HELP_NOW = N_("Now: {what}")  # {what}: the braille form of what the player can do


def reference_card(heading: str, step: str) -> str:
    return tr(REFERENCE_CARD).format(heading=heading, step=step)


register_whole(reference_card, Whole.TEXT)


def help_now(what_to_do: Line) -> str:
    return tr(HELP_NOW).format(what=what_to_do.sentence())


def _b_help_now(what_to_do: Line) -> Parts:
    before, _, after = tr(B_HELP_NOW).partition("{what}")
    return tuple(part for part in (before, *what_to_do.brief(), after) if part != "")


register(help_now, braille=_b_help_now, brief=SAID_AS_BRAILLE)


def help_told(line: str) -> str:
    """A line of F1's help (a key, or the typed words, then what it does): read whole."""
    return line


register_whole(help_told, Whole.TEXT)


# --- keys and typed input ---
# What each command of the registry (ui/keys.py) does, said by F1 (with keys) and by help
# (typed), by the command's name; the key names and typed words are added to each.
KEY_HELP: dict[str, str] = {
    "previous": N_(
        "the card before in your hand; each card is said with its place and "
        "whether it can be played"
    ),
    "next": N_("the next card in your hand"),
    "first": N_("the first card of your hand"),
    "last": N_("the last card of your hand"),
    "sort": N_("sort your hand by colour or by number"),
    "play": N_(
        "play the selected card (after drawing: the card you drew); a Wild asks for "
        "its colour: R, G, B or Y, or 1 to 4"
    ),
    "draw": N_("draw a card; then Enter plays it, {keep_key} keeps it"),
    "keep": N_("keep the card you drew"),
    "uno": N_("call UNO"),
    "catch": N_("catch a player who has one card and did not call UNO"),
    "challenge": N_("challenge a Wild Draw Four played on you"),
    "accept": N_("accept a Wild Draw Four played on you, or a stack you owe"),
    "jump": N_("jump in with a card identical to the top card (Speed UNO)"),
    "card_check": N_("card check: how many cards everyone holds"),
    "touch": N_("touch the top card: the card, its code and the colour in play"),
    "hand": N_("your whole hand, and what you can play"),
    "whose_turn": N_("whose turn it is and the direction of play"),
    "scores": N_("the scores"),
    "pile": N_("how many cards the DRAW pile has"),
    "repeat": N_("repeat the last message"),
    "older": N_("step back through the game's history, one message at a time"),
    "newer": N_("step forward through the messages"),
    "switch_history": N_("switch the history between the game and the answers to your questions"),
    "quick_reference": N_("the four Quick Play Reference cards"),
    "speech": N_("speech off or on"),
    "go_on": N_("let play go on, hear the next bot's move, deal the next round"),
    "skip_ahead": N_("skip ahead to your turn"),
    "command_line": N_(
        "the command line: type a command ({play_word} b7, b#g, blue 7, {catch_word} Ann) "
        "and press Enter, Escape to close it; a key with no meaning of its own opens it too"
    ),
    "help": N_("this help"),
    "quit": N_("quit (asks first)"),
}


TYPED_HELP: dict[str, str] = {
    "play": N_("play the card you drew ({play_word} red for a Wild); {play_word} b7 plays a card"),
    "draw": N_("draw a card; a card that cannot be played is kept at once"),
    "keep": N_("keep the card you drew"),
    "uno": N_(
        "call UNO just before or right after your next-to-last card, or when you are "
        "handed a single card"
    ),
    "catch": N_(
        "catch the player who has one card and did not call UNO; add a name or "
        "seat number when you like: {catch_key} Ann"
    ),
    "challenge": N_("challenge a Wild Draw Four played on you"),
    "accept": N_(
        "accept a Wild Draw Four, or a stack of cards you owe (a card of its kind "
        "adds to it, Stacking)"
    ),
    "jump": N_(
        "Speed UNO: jump in out of turn with a card identical to the top card ({jump_key} red "
        "for a Wild, {jump_key} uno); identical cards are dropped together as g6 g6 or g6 x2"
    ),
    "anniversary": N_(
        "play an Anniversary card: {anniversary_key} red {give_word} Bob {keep_word} r5 uno; "
        "what you leave out is asked, and Enter alone plays nothing"
    ),
    "card_check": N_("card check: how many cards everyone holds"),
    "touch": N_("touch the top card"),
    "hand": N_("your hand, and what you can play"),
    "whose_turn": N_("the direction and order of play"),
    "scores": N_("the scores"),
    "pile": N_("the DRAW pile's size"),
    "sort": N_("sort your hand by colour or by number"),
    "repeat": N_("the last message again"),
    "older": N_("step back through the messages; ] steps forward"),
    "switch_history": N_("switch the history between the game and the answers"),
    "quick_reference": N_("the Quick Play Reference cards"),
    "speech": N_("speech off or on"),
    "go_on": N_("let play go on; deal the next round"),
    "help": N_("this help"),
    "quit": N_("leave the game (asks first)"),
}


TYPED_HELP_START = (
    N_("Commands (any case):"),
    N_(
        "A card plays it: b7, B#G or blue 7 (a blank card: the card it stands for). A Wild "
        "takes its colour: wi red, wi+4 b; without one you are asked. Add uno to call UNO with "
        "the play: r5 uno."
    ),
)


TYPED_HELP_END = (
    N_(
        "rate 250, volume 0.8, verbosity brief, speech off: change speech or the wording for "
        "this game."
    ),
    N_("Enter alone: whose turn it is and what to do."),
)


KEY_HELP_LINE = N_("{keys}: {what}.")  # {keys}: the keys' names; {what}: KEY_HELP's
TYPED_HELP_LINE = N_("{words}: {what}.")  # {words}: the typed words; {what}: TYPED_HELP's
TYPED_WORDS_SEPARATOR = N_(" or ")


def key_help_line(keys: str, what: str) -> str:
    return tr(KEY_HELP_LINE).format(keys=keys, what=what)


def typed_help_line(words: Sequence[str], what: str) -> str:
    """A command's typed words (the first three) and what it does."""
    return tr(TYPED_HELP_LINE).format(words=tr(TYPED_WORDS_SEPARATOR).join(words[:3]), what=what)


COMMAND_LINE_OPEN = N_("Command line: type a command and press Enter, Escape to close.")
command_line_open = Fixed(COMMAND_LINE_OPEN, N_("Command line open"))


COMMAND_LINE_CLOSED = N_("Command line closed.")
command_line_closed = Fixed(COMMAND_LINE_CLOSED, N_("Command line closed"))


LINE_CLEARED = N_("The line is cleared.")
line_cleared = Fixed(LINE_CLEARED)


NO_SUCH_KEY_TYPED = N_("That key does nothing here: type a command and press Enter.")
no_such_key_typed = Fixed(NO_SUCH_KEY_TYPED, N_("No such key: type a command"))


# Translators: a typed line longer than the game reads; {count} is how many characters
# it may hold at most. The second is said as the key mode's command line closes with it.
LINE_TOO_LONG_FORMS: Plural = NP_(
    "That line is too long, more than {count} character: nothing was done.",
    "That line is too long, more than {count} characters: nothing was done.",
)
LINE_TOO_LONG_CLOSED_FORMS: Plural = NP_(
    "That line is too long, more than {count} character: nothing was done. Command line closed.",
    "That line is too long, more than {count} characters: nothing was done. Command line closed.",
)


B_LINE_TOO_LONG = N_("Too long, over {count}: not done")
B_LINE_TOO_LONG_CLOSED = N_("Too long, over {count}: closed")


def line_too_long(closed: bool = False) -> str:
    """A line past ``LINE_LIMIT`` refused (and the command line closed, when ``closed``)."""
    forms = LINE_TOO_LONG_CLOSED_FORMS if closed else LINE_TOO_LONG_FORMS
    return plural(LINE_LIMIT, forms).format(count=LINE_LIMIT)


def _b_line_too_long(closed: bool = False) -> Parts:
    said = tr(B_LINE_TOO_LONG_CLOSED) if closed else tr(B_LINE_TOO_LONG)
    return (said.format(count=LINE_LIMIT),)


register(line_too_long, braille=_b_line_too_long, brief=SAID_AS_BRAILLE)


# the English words typed for each command of the registry (ui/keys.py), by its name, beside
# the key's own character (lowercase; a phrase of several words is typed whole): the
# message ids of ``TYPED_WORDS``; ``command_words`` gives a language's
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    name: split_words(words) for name, words in TYPED_WORDS.items()
}
COMMAND_WORDS["speech"] = ()  # typed, "speech on" and "speech off" are settings
# the chat (a server's, issue 18): its history, and its speech muted or not
KEY_HELP["chat_history"] = N_(
    "the chat's history, the lobby's and the table's lines apart from the game's: Page Up "
    "reads it back, {switch_history_key} goes back to the game's"
)
TYPED_HELP["chat_history"] = N_(
    "the chat's history ([ reads it back); chat mute and chat unmute: chat spoken or not"
)
COMMAND_WORDS["chat_history"] = ("chat",)
# Translators: typed after "chat" ("chat mute", "chat unmute"): keep the words as typed.
CHAT_MUTE_WORDS = ("mute", "unmute")


# --- a setting typed in a game or the lobby: what it takes (``settings_table.py``) --------


@frozen(slots=True)
class Takes:
    """What a setting takes, to be said: a number from ``low`` to ``high`` (a whole one
    when ``whole``), or one of ``words`` (English values, said as the player types them)."""

    low: float = 0
    high: float = 0
    whole: bool = False
    words: tuple[str, ...] = ()


# Translators: what a setting takes, in a game, the lobby and the settings file's problems:
# "rate takes a whole number from 80 to 450"
TAKES_WHOLE = N_("a whole number from {low} to {high}")
TAKES_NUMBER = N_("a number from {low} to {high}")
B_TAKES_RANGE = N_("{low} to {high}")
# Translators: the last two words a setting takes: "brief, normal or full", "on or off"
TAKES_WORDS = N_("{words} or {last}")
# Translators: a setting typed with a value it does not take (or with none), in a game or
# the lobby. {word} is the setting's word as typed (rate), {takes} what it takes ("a whole
# number from 80 to 450", "brief, normal or full"), {example} a line that works (rate 250).
SETTING_REFUSED = N_("{word} takes {takes}, as in {example}; nothing was changed.")
B_SETTING_REFUSED = N_("{word} {takes}: {example}")
SETTING_CHANGED = N_("The {name} is now {value} for this game.")  # {name}: the setting's word
B_SETTING_CHANGED = N_("{name} {value} for this game")


def _number(value: float) -> str:
    return format(value, "g")


def typed_word(value: str, english: bool = False) -> str:
    """The word a player types for ``value`` (an English word: ``on``, ``brief``, ``rate``)
    in their language; in English where only English is typed (the lobby)."""
    return value if english else value_said(value)


def takes(what: Takes, english: bool = False) -> str:
    """What a setting takes, in words: "a whole number from 80 to 450", "on or off"."""
    if not what.words:
        said = tr(TAKES_WHOLE) if what.whole else tr(TAKES_NUMBER)
        return said.format(low=_number(what.low), high=_number(what.high))
    words = [typed_word(word, english) for word in what.words]
    if len(words) == 1:
        return words[0]
    return tr(TAKES_WORDS).format(words=LIST_SEPARATOR.join(words[:-1]), last=words[-1])


def _b_takes(what: Takes, english: bool) -> str:
    if what.words:
        return takes(what, english)
    return tr(B_TAKES_RANGE).format(low=_number(what.low), high=_number(what.high))


def _example(word: str, value: str, english: bool) -> str:
    # a typed line, word then value as the parser takes it: not a sentence to reorder
    return " ".join((typed_word(word, english), typed_word(value, english)))


def setting_refused(word: str, what: Takes, example: str, english: bool = False) -> str:
    """``word`` (the setting's English word) typed with a value it does not take: the one
    sentence naming what it takes, the same in a game and the lobby; ``example`` is an
    English value it takes. ``english``: said with the English words (the lobby's)."""
    return tr(SETTING_REFUSED).format(
        word=typed_word(word, english),
        takes=takes(what, english),
        example=_example(word, example, english),
    )


def _b_setting_refused(word: str, what: Takes, example: str, english: bool = False) -> Parts:
    said = tr(B_SETTING_REFUSED).format(
        word=typed_word(word, english),
        takes=_b_takes(what, english),
        example=_example(word, example, english),
    )
    return (said,)


register(setting_refused, braille=_b_setting_refused, brief=SAID_AS_BRAILLE)


def setting_changed(name: str, value: str) -> str:
    """``name`` and ``value`` the setting's English words, said in the language's."""
    return tr(SETTING_CHANGED).format(name=value_said(name), value=value_said(value))


def _b_setting_changed(name: str, value: str) -> Parts:
    return (tr(B_SETTING_CHANGED).format(name=value_said(name), value=value_said(value)),)


register(setting_changed, braille=_b_setting_changed, brief=SAID_AS_BRAILLE)


GIVE_WORDS = split_words(TYPED_PART_WORDS["give"])  # English; part_words("give")


KEEP_WORDS = split_words(TYPED_WORDS["keep"])  # English; part_words("keep")


TIMES_MARKS = ("x", "*", "\u00d7")  # g6 x2: how many identical cards are dropped


UNO_WORD = "uno"


YES_WORDS = split_words(TYPED_PART_WORDS["yes"])  # English; part_words("yes")


SELF_WORDS = split_words(TYPED_PART_WORDS["self"])  # English; part_words("self")


# --- the keys' names, as F1 says them (issue 15) -------------------------------------------
# by the registry's name of the key (ui/keys.py); a letter or F1 is said as it is
KEY_NAMES: dict[str, str] = {
    "left": N_("Left"),
    "right": N_("Right"),
    "up": N_("Up"),
    "down": N_("Down"),
    "home": N_("Home"),
    "end": N_("End"),
    "enter": N_("Enter"),
    "space": N_("Space"),
    "tab": N_("Tab"),
    "pageup": N_("Page Up"),
    "pagedown": N_("Page Down"),
    "/": N_("slash"),
}


def key_name(name: str) -> str:
    """A key as F1 names it: "Left", "Page Up", "slash", "D", "F1"."""
    if name in KEY_NAMES:
        return tr(KEY_NAMES[name])
    return name.upper() if len(name) == 1 or name[0] == "f" else name.capitalize()


def key_names(names: Sequence[str]) -> str:
    """Several keys for one command: "Left or Up"."""
    return tr(TYPED_WORDS_SEPARATOR).join(key_name(name) for name in names)
