"""Every prompt, question, answer and refusal has a braille form whose essential (the card's
code, the keys that answer, the default) is in the first window of a 20-cell display, in
every language (issue 23: "Prompts without a brief form", "The setup on a 20-cell
display").

The first window is the one a display shows (``BrailleViews`` of 20 cells: a window ends
at a space, so a word that crosses cell 20 is not in it), of the braille real liblouis
makes with each language's table. Each case is a line the game says, as the game makes it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from uno_access.access import braille, messages
from uno_access.access.render import Renderer
from uno_access.access.speech import Line
from uno_access.access.wording import language
from uno_access.devices.braille_views import BLANK, BrailleViews
from uno_access.engine import events as ev
from uno_access.engine.cards import ANNIVERSARY, Card, Color
from uno_access.engine.events import Refusal

NAMES = ("You", "Ann", "Bob", "Cy")
KEYS, TYPED = messages.KEYED, messages.TYPED
LANGUAGES = ("en", "es", "pt")
Essential = str | Card


def c(code: str) -> Card:
    return Card.from_code(code)


def first_window(dots: str) -> str:
    """What a 20-cell display shows of a line: its first window."""
    views = BrailleViews(20)
    views.add_message(dots)
    return views.window().cells.rstrip(BLANK)


def color_key(color: Color) -> Callable[[], str]:
    """A colour's key in the language being said (Spanish V for verde)."""
    return lambda: language.color_keys()[color]


def key(name: str, how: messages.How = KEYS) -> Callable[[], str]:
    """A key as the language's braille forms show it (``How.key``)."""
    return lambda: str(getattr(how.key, name))


# (what, the line the game says, its essentials: a card, a word, or a key looked up in
# the language being said)
CASES: list[tuple[str, Line, tuple[Essential | Callable[[], str], ...]]] = [
    ("the drawn card that plays", Line.of(messages.drawn_playable, c("r8"), KEYS),
     (c("r8"), key("play"), key("keep"))),
    ("the drawn Wild Draw Four that plays", Line.of(messages.drawn_playable, c("wi+4"), KEYS),
     (c("wi+4"),)),
    ("the drawn card typed", Line.of(messages.drawn_playable, c("r8"), TYPED),
     (c("r8"), key("play", TYPED), key("keep", TYPED))),
    ("the drawn card kept", Line.of(messages.drawn_kept, c("r4")), (c("r4"),)),
    ("the drawn card to play", Line.of(messages.drawn_must_play, c("g+2"), KEYS),
     (c("g+2"), key("play"))),
    ("the Anniversary card drawn", Line.of(messages.drawn_anniversary, KEYS), (ANNIVERSARY,)),
    ("the jump-in offer", Line.of(messages.jump_window, c("g5"), KEYS), (c("g5"), key("jump"))),
    (
        "the jump-in offer, any colour",
        Line.of(messages.jump_window, c("b5"), KEYS, False),
        (c("b5"), key("jump")),
    ),
    ("the catch window", Line.of(messages.exposed_window, messages.Who("Ann", False), KEYS),
     ("Ann", key("catch"))),
    ("a player handed one", Line.of(messages.handed_one_catch, messages.Who("Bob", False), KEYS),
     ("Bob", key("catch"))),
    ("handed one yourself", Line.of(messages.handed_one_window, 2, KEYS), (key("uno"),)),
    ("the colour question", Line.of(messages.which_color, KEYS),
     tuple(color_key(color) for color in Color)),
    ("the Seven-O question", Line.of(messages.whom_to_swap, ["Ann", "Bob", "Cy"], KEYS),
     ("Ann", "Bob")),
    ("the Seven-O question, keeping your hand too",
     Line.of(messages.whom_to_swap, ["Ann", "Bob", "Cy"], KEYS, True), ("Ann", "Bob")),
    ("whom the Anniversary card gives to",
     Line.of(messages.whom_to_give, ["Ann", "Bob", "Cy"], KEYS), ("Ann", "Bob")),
    ("playing on in a straight", Line.of(messages.play_on, c("r4"), [c("r5"), c("r3")]),
     (c("r5"), c("r3"))),
    ("a straight's card not held",
     Line.of(messages.refusal, Refusal.STRAIGHT_NOT_HELD, c("r7")), (c("r7"),)),
    ("which card to keep", Line.of(messages.which_to_keep, [c("b2"), c("g7"), c("r5")], KEYS),
     (c("b2"), c("g7"))),
    ("quit", Line.of(messages.quit_confirm, KEYS), (key("yes"),)),
    ("resume", Line.of(messages.resume_offer, 12, "2026-12-01 10:00", ["Ann", "Bob"], 3, KEYS),
     ("12", key("yes"), key("no"))),
    ("another game", Line.of(messages.another_game, KEYS), (key("yes"), key("no"))),
    ("a Wild Draw Four on you",
     Line.of(messages.your_turn_challenge, messages.Who("Bob", False), 4, False, None, KEYS),
     (c("wi+4"), key("challenge"), key("accept"))),
    ("a stack on you",
     Line.of(messages.you_owe, 4, c("r+2"), None, False, KEYS), (c("r+2"), key("accept"))),
    ("a stack on you, passed on with a Skip",
     Line.of(messages.you_owe, 4, None, None, False, KEYS, c("rsk")), (c("rsk"), key("accept"))),
    ("UNO refused", Line.of(messages.refusal, Refusal.UNO_NOT_NOW), ("UNO",)),
    ("a card that does not match", Line.of(messages.refusal, Refusal.DOES_NOT_MATCH, c("b7")),
     (c("b7"),)),
    ("the draw pile", Line.of(messages.draw_pile, 79), ("79",)),
    ("the hand sorted", Line.of(messages.hand_sorted, "colour"), ()),
    ("a card typed that is none", Line.of(messages.not_a_card, "zz"), ("zz",)),
]  # fmt: skip


def essentials_of(items: tuple[Essential | Callable[[], str], ...]) -> list[Essential]:
    return [item() if callable(item) and not isinstance(item, Card) else item for item in items]


def dots_of(item: Essential) -> list[str]:
    """How an essential may show in braille: a card's code; a word as the language's table
    writes it, a letter alone also without its grade-1 indicator (the "k" of "Enter/k");
    a word of letters also spelled out, as a table writes a word typed beside a slash
    (Portuguese "jogar" alone is contracted, "jogar/f" is not)."""
    if isinstance(item, Card):
        return [braille.card_unicode(item)]
    word = braille.to_unicode(item)
    if len(item) == 1:
        return [word, word[-1]]
    spelled = braille.ascii_to_unicode(item) if item.isascii() and item.isalpha() else word
    return [word, spelled]


def assert_in_first_window(dots: str, items: list[Essential]) -> None:
    """Each essential among the first window's dots."""
    shown = first_window(dots)
    line = braille.unicode_to_ascii(dots)
    window = braille.unicode_to_ascii(shown)
    for item in items:
        found = any(form in shown for form in dots_of(item))
        assert found, f"{item!r} is not in the first window {window!r} of {line!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("what", "line", "items"), CASES, ids=[w for w, _, _ in CASES])
def test_each_prompt_and_answer_shows_its_essential_in_the_first_20_cells(
    what: str, line: Line, items: tuple[Essential | Callable[[], str], ...], lang: str
) -> None:
    renderer = Renderer(0, NAMES, lang=lang)
    message = renderer.line(line)
    with language.use(lang):
        assert_in_first_window(message.braille, essentials_of(items))
        assert len(message.braille) < len(braille.render((line.sentence(),)))  # brief


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_check_of_four_players_shows_every_count_in_the_first_20_cells(lang: str) -> None:
    """ "Card check at 4 players": each player's count after the fewest letters that tell
    them apart, the viewer's first."""
    message = Renderer(0, NAMES, lang=lang).event(ev.CardCount(0, (7, 7, 6, 1)))
    assert message is not None
    with language.use(lang):
        shown = first_window(message.braille)
        counts = [braille.to_unicode(n) for n in ("7", "7", "6", "1")]
    at = 0
    for count in counts:  # each count in turn, in the first window
        at = shown.find(count, at)
        assert at >= 0, braille.unicode_to_ascii(shown)
        at += len(count)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_line_begins_with_the_top_card_and_its_colour(lang: str) -> None:
    """The display's table line: the top card, the colour in play, then the others'
    counts (the viewer's own are the hand line's, just above)."""
    line = Line.of(
        messages.table_line,
        c("wi+4"),
        Color.GREEN,
        [(messages.Who("You", True), 5), (messages.Who("Ann", False), 2)],
    )
    message = Renderer(0, NAMES, lang=lang).line(line)
    with language.use(lang):
        green = messages.color_name(Color.GREEN).lower()
        assert_in_first_window(message.braille, [c("wi+4"), green, "A2"])


# --- the set-up (issue 23: "The setup on a 20-cell display") -------------------------------

LANGS = [("en", "English"), ("es", "español"), ("pt", "português")]


def said(value: str) -> Callable[[], str]:
    """An answer as the language being said types it (Spanish "sí" for on: ``value_said``)."""
    return lambda: messages.value_said(value)


def default(value: str) -> Callable[[], str]:
    """The default, in brackets, as the language types it ("[no]")."""
    return lambda: f"[{messages.value_said(value)}]"


Asked = Callable[[Callable[[str], str]], Line]  # the question, given how a value is said
SETUP: list[tuple[str, Asked, tuple[str | Callable[[], str], ...]]] = [
    ("the language", lambda v: Line.of(messages.setup_language_asked, LANGS, "en"),
     ("[en]", "es")),
    ("the language, the last the default",
     lambda v: Line.of(messages.setup_language_asked, LANGS, "pt"), ("[pt]", "en")),
    ("the players", lambda v: Line.of(messages.setup_players, "4"), ("[4]",)),
    ("your name", lambda v: Line.of(messages.setup_name, "Zoe"), ("[Zoe]",)),
    ("a seat", lambda v: Line.of(messages.setup_seat_asked, 1, v("normal")),
     ("1", default("normal"))),
    ("a seat's name", lambda v: Line.of(messages.setup_seat_name_asked, 1, "Ann"), ("1", "[Ann]")),
    ("the rules",
     lambda v: Line.of(messages.setup_rules_asked, ["standard", "speed"], "standard"),
     ("[standard]", "?")),
    ("speech", lambda v: Line.of(messages.setup_speech, v("off")), (said("on"), default("off"))),
    ("sounds", lambda v: Line.of(messages.setup_sounds, v("on")), (default("on"), said("off"))),
    ("braille", lambda v: Line.of(messages.setup_braille, v("auto")), ("[auto]",)),
    ("large text", lambda v: Line.of(messages.setup_large, v("off")),
     (said("on"), default("off"))),
    ("the verbosity", lambda v: Line.of(messages.setup_verbosity, v("normal")),
     (default("normal"),)),
    ("keys", lambda v: Line.of(messages.setup_keys, v("on")), (default("on"), said("off"))),
    ("the pace", lambda v: Line.of(messages.setup_pace, "0"), ("[0]",)),
    ("whose speech", lambda v: Line.of(messages.setup_speech_seat_asked, [0, 2], "0"), ("[0]",)),
]  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("what", "asked", "items"), SETUP, ids=[w for w, _, _ in SETUP])
def test_each_setup_question_shows_its_default_in_the_first_20_cells(
    what: str, asked: Asked, items: tuple[str | Callable[[], str], ...], lang: str
) -> None:
    """The default (the answer Enter alone keeps) in brackets, and the question's own
    number, in the first window; the answers on and off both, where they are the answers,
    each as the language types it (the set-up takes "sí" and "no" in Spanish)."""
    renderer = Renderer(0, NAMES, lang=lang)
    with language.use(lang):
        message = renderer.line(asked(messages.value_said))
        shown: list[Essential] = [item() if callable(item) else item for item in items]
        assert_in_first_window(message.braille, shown)


def test_the_speech_question_shows_off_as_the_default_never_a_bare_on() -> None:
    """ "the display reads `Speak every message: on` when the default is `[off]`"."""
    message = Renderer(0, NAMES).line(Line.of(messages.setup_speech, "off"))
    assert first_window(message.braille) == braille.to_unicode("Speech: on [off]")


# --- the keys a braille form names are the player's language's (issue 23, items 2 and 7) --


@pytest.mark.parametrize(
    ("what", "line", "english", "name"),
    [
        ("keep", Line.of(messages.drawn_playable, c("r8"), KEYS), "k", "keep"),
        ("keep typed", Line.of(messages.drawn_playable, c("r8"), TYPED), "k", "keep"),
        ("challenge", Line.of(messages.your_turn_challenge, messages.Who("Bob", False), 4,
                              False, None, KEYS), "h", "challenge"),
        ("quit", Line.of(messages.quit_confirm, KEYS), "y", "yes"),
        ("resume", Line.of(messages.resume_offer, 3, "today", ["Ann"], 2, KEYS), "y", "yes"),
    ],
)  # fmt: skip
def test_a_braille_form_names_the_key_of_the_players_language(
    what: str, line: Line, english: str, name: str
) -> None:
    """A Portuguese player keeps a drawn card with F (ficar), challenges with D (desafiar)
    and answers yes with S (sim): the braille form after the question shows those keys, in
    the first window, where an English player's shows K, H and Y."""
    with language.use("pt"):
        key = messages.yes_letters()[0] if name == "yes" else messages.key_letters()[name]
        assert key != english
        shown = first_window(Renderer(0, NAMES, lang="pt").line(line).braille)
        window = braille.unicode_to_ascii(shown)
    assert window.endswith(key) or f"{key}," in window, window
    assert not window.endswith(english) and f"{english}," not in window, window
    english_window = braille.unicode_to_ascii(first_window(Renderer(0, NAMES).line(line).braille))
    assert english in english_window, english_window
