"""Each kind of line is defined once, with all its forms together (issue 13, the Shape):
its whole sentence, its braille form and its brief form, side by side in one wording
module and registered together in ``forms.FORMS``; the renderers say no line that lacks
them. Its sentences are whole templates with named placeholders, and a count's sentence is
a singular and plural pair, ready for gettext (issue 15).

Every message, not only the game's events (issue 23): a prompt, a question, an answer, a
refusal, a notice is a ``Line`` of a registered phrase, the one thing the ways of saying a
line take; a line that is its own braille form is short (20 cells in every language) or a
text read whole, named here.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import string
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_access_first_cells import EVENTS, NAMES

from uno_access.access import braille, messages, speech
from uno_access.access.parse import ParseError
from uno_access.access.render import Renderer
from uno_access.access.wording import (
    answers,
    bots,
    cards,
    cli,
    devices,
    events,
    forms,
    history,
    hot_seat,
    house_rules,
    keys,
    language,
    menus,
    net,
    play,
    rules,
    setup,
    sounds,
    store,
    turn,
)
from uno_access.devices.base import DeviceNotice, Notices
from uno_access.engine.events import Refusal
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.seat.commands import Invalid
from uno_access.seat.dialogs import Dialogs
from uno_access.seat.outputs import Outputs
from uno_access.seat.state import Seat
from uno_access.ui.profile import Session

PACKAGE = Path(speech.__file__).resolve().parents[1]
WORDING_MODULES = (
    events,
    answers,
    turn,
    play,
    cards,
    keys,
    history,
    setup,
    store,
    devices,
    cli,
    bots,
    hot_seat,
    house_rules,
    net,
    sounds,
    rules,
    menus,
)


def lines_made_in_the_code() -> Iterator[tuple[str, str]]:
    """(file, phrase name) for every ``Line.of(messages.NAME, …)`` or ``Line(messages.NAME,
    …)`` in the package: every kind of line the renderers are handed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            called = (
                func.attr
                if isinstance(func, ast.Attribute)
                else func.id
                if isinstance(func, ast.Name)
                else ""
            )
            if called == "of":
                called = "Line" if ast.unparse(func).endswith("Line.of") else ""
            first = node.args[0]
            if (
                called == "Line"
                and isinstance(first, ast.Attribute)
                and isinstance(first.value, ast.Name)
                and first.value.id == "messages"
            ):
                yield str(path.relative_to(PACKAGE)), first.attr


MADE = sorted(set(lines_made_in_the_code()))


def test_the_code_makes_lines_of_many_phrases() -> None:
    assert len({name for _, name in MADE}) > 40  # the walk finds the renderers' lines


@pytest.mark.parametrize(("where", "name"), MADE)
def test_every_line_the_code_says_has_its_sentence_braille_and_brief_forms_registered(
    where: str, name: str
) -> None:
    phrase = getattr(messages, name)
    assert phrase in forms.FORMS, f"{where}: {name} has no braille and brief forms registered"


@pytest.mark.parametrize(("event", "viewer"), [(event, viewer) for event, viewer, _ in EVENTS])
def test_every_event_kind_the_renderers_handle_has_its_forms_registered(
    event: object, viewer: int
) -> None:
    line = speech.describe_line(event, viewer, NAMES)  # type: ignore[arg-type]
    assert line is not None
    assert line.phrase in forms.FORMS, f"{line.phrase.__name__} has no registered forms"
    for told in speech.narrate_lines([event], viewer, NAMES):  # type: ignore[list-item]
        assert told.phrase in forms.FORMS


def test_every_line_of_whole_games_has_its_forms_registered() -> None:
    said: set[Callable[..., str]] = set()
    for preset in ("standard", "speed", "stacking", "challenge_uno", "anniversary", "partners"):
        rules = RuleSet.preset(preset)
        game = Game.new(4, rules, seed=3)
        batches = [list(game.opening)]
        for _ in range(300):
            if game.over:
                break
            seat = game.state.current
            if seat is None:
                seat = game.state.dealer
            legal = game.legal_actions(seat)
            if not legal:
                break
            batches.append(game.apply(legal[0]))
        for batch in batches:
            for viewer in range(4):
                view = game.view(viewer)
                lines = speech.narrate_lines(
                    batch, viewer, view.names, rules=view.rules, teams=view.teams
                )
                said |= {line.phrase for line in lines}
    assert len(said) > 10
    missing = sorted(phrase.__name__ for phrase in said if phrase not in forms.FORMS)
    assert not missing, f"lines said without registered forms: {missing}"


def _defined_at(function: Callable[..., object]) -> int:
    """The line of its ``def``, as compiled (the file on disk is not read again)."""
    return function.__code__.co_firstlineno


def _functions(forms_: forms.Forms) -> bool:
    """Whether a line's forms are functions defined one after another (not a ``Fixed`` or
    set-up ``Question`` value, whose templates are given together as it is made, nor a line
    that is its own braille form, registered as that)."""
    return isinstance(forms_.sentence, types.FunctionType) and forms_.whole is None


REGISTERED = sorted(
    (f for f in forms.FORMS.values() if _functions(f)),
    key=lambda f: (f.sentence.__module__, f.sentence.__name__),
)


@pytest.mark.parametrize("line", REGISTERED, ids=lambda f: f.sentence.__name__)
def test_each_lines_forms_are_defined_together_in_one_wording_module(
    line: forms.Forms,
) -> None:
    """The braille and brief forms come right after their sentence, before the next line's
    sentence, in the same module of ``access/wording`` (or in a block appended to the
    ``messages`` façade, until it is moved into its module).
    """
    module = line.sentence.__module__
    assert module.startswith("uno_access.access.wording.") or module == messages.__name__
    parts = [line.braille] + ([line.brief] if line.brief is not forms.SAID_AS_BRAILLE else [])
    start = _defined_at(line.sentence)
    later = [
        _defined_at(other.sentence)
        for other in forms.FORMS.values()
        if _functions(other)
        and other.sentence.__module__ == module
        and _defined_at(other.sentence) > start
    ]
    end = min(later, default=10**9)
    for part in parts:
        assert part is not None and callable(part)
        assert part.__module__ == module, f"{part.__name__} is not beside {line.sentence.__name__}"
        assert start < _defined_at(part) < end, (
            f"{part.__name__} is not defined with {line.sentence.__name__}"
        )


# --- every message, not only the events (issue 23) ----------------------------------------

# the ways a line is said to a player, and the parameter that holds it
SAYING: list[tuple[Callable[..., object], str]] = [
    (Seat.say, "line"),
    (Seat._tell_unsaved, "line"),
    (Dialogs._tell_table, "line"),
    (Outputs.say, "line"),
    (Outputs.message, "line"),
    (Session.tell, "line"),
    (Renderer.line, "line"),
    (Notices.report, "line"),
    (ParseError.__init__, "line"),
]


@pytest.mark.parametrize(("function", "name"), SAYING, ids=[f.__qualname__ for f, _ in SAYING])
def test_every_way_of_saying_a_line_takes_only_a_line_of_a_phrase(
    function: Callable[..., object], name: str
) -> None:
    """No way of saying a line takes a plain string: only a ``Line`` (a phrase of the
    wording and its arguments), whose braille form the renderers find registered, so that
    mypy refuses a message without one (a prompt, a question, an answer, a refusal)."""
    assert typing.get_type_hints(function)[name] is forms.Line


def test_a_refusal_in_words_and_a_devices_notice_hold_a_line_and_no_renderer_says_text() -> None:
    assert typing.get_type_hints(Invalid)["message"] is forms.Line
    assert typing.get_type_hints(DeviceNotice)["line"] is forms.Line
    assert not hasattr(Renderer, "text")  # the old way of rendering a plain sentence


def lines_of_no_wording_phrase() -> Iterator[str]:
    """Each ``Line.of(X, …)`` or ``Line(X, …)`` in the package whose phrase ``X`` is not
    a phrase of ``messages`` named where it is made."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            called = ast.unparse(node.func)
            if not (called.endswith("Line.of") or called in ("Line", "forms.Line")):
                continue
            first = node.args[0]
            named = (
                isinstance(first, ast.Attribute)
                and isinstance(first.value, ast.Name)
                and first.value.id == "messages"
            )
            if not named:
                yield f"{path.relative_to(PACKAGE)} line {node.lineno}: {ast.unparse(node)}"


# a line made of a phrase known only when it is made, checked for its forms right there
MADE_OF_A_GIVEN_PHRASE = {"net/wire/said.py: forms.Line(line.phrase, line.args)"}


def test_every_line_is_made_of_a_phrase_of_the_wording_so_its_forms_are_checked() -> None:
    """With ``test_every_line_the_code_says_has_its_sentence_braille_and_brief_forms_registered``
    this is what fails for a message without a braille form: every line is made of a
    ``messages`` phrase (found and checked by that test), or is one of these."""
    found = {
        f"{where.split(' line ')[0]}: {code}"
        for where, code in (line.split(": ", 1) for line in lines_of_no_wording_phrase())
    }
    assert found == MADE_OF_A_GIVEN_PHRASE


def test_the_check_fails_for_a_phrase_without_forms() -> None:
    """A phrase said without registered forms is found (the check can fail)."""

    def unregistered(card: object) -> str:
        return "You may play it: press Enter to play it."

    assert unregistered not in forms.FORMS
    assert all(line.phrase in forms.FORMS for line in [forms.Line.of(messages.game_quit)])


WHOLE = sorted(
    (f for f in forms.FORMS.values() if f.whole is not None), key=lambda f: f.sentence.__name__
)
SHORT = [f for f in WHOLE if f.whole is forms.Whole.SHORT]
# the lines that are texts read whole: nothing in them comes before the rest
READ_WHOLE = {
    "rule_told",  # the table's rules, said once at the start
    "reference_card",  # E: a Quick Play Reference card's heading and step
    "help_told",  # F1: a key (or typed words), then what it does
    "setup_told",  # ?: the set-up's explanations, the rules read; an option's error
    "file_notice",  # the saved games and the settings file, their trouble, its reason first
    "told_again",  # a resumed game's last lines, kept as they were said
    "net_told",  # a line worded by the server or the connection, a chat line
}


def test_the_texts_read_whole_are_the_help_the_rules_and_lines_worded_elsewhere() -> None:
    texts = {f.sentence.__name__ for f in WHOLE if f.whole is forms.Whole.TEXT}
    assert texts == READ_WHOLE


def test_there_are_short_lines_that_are_their_own_braille_form() -> None:
    assert len(SHORT) >= 4


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
@pytest.mark.parametrize("line", SHORT, ids=lambda f: f.sentence.__name__)
def test_a_line_that_is_its_own_braille_form_fits_a_20_cell_display(
    line: forms.Forms, lang: str
) -> None:
    """A sentence said in braille as it stands has no placeholder, and its braille fits
    one 20-cell display in every language: else it needs a braille form of its own."""
    assert not inspect.signature(line.sentence).parameters
    with language.use(lang):
        cells = braille.render(line.braille())
    assert len(cells) <= 20, f"{line.sentence()!r} is {len(cells)} cells in {lang}"


def test_every_refusal_has_a_braille_form_of_its_own() -> None:
    """ "UNO refused" and the rest: the braille form leads with the card, or is short."""
    assert set(messages.B_REFUSALS) == set(Refusal)
    for reason in Refusal:
        form = messages.B_REFUSALS[reason]
        assert form != messages.REFUSALS[reason], reason
        assert len(form) <= 40, reason


def _templates() -> Iterator[tuple[str, str | tuple[str, str]]]:
    for module in WORDING_MODULES:
        for name, value in vars(module).items():
            if not name.isupper():
                continue
            if isinstance(value, str) or (
                isinstance(value, tuple)
                and len(value) == 2
                and all(isinstance(v, str) for v in value)
                and any("{" in v for v in value)
            ):
                yield f"{module.__name__.rsplit('.', 1)[1]}.{name}", value


TEMPLATES = sorted(_templates())


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def test_the_wording_modules_have_templates() -> None:
    assert len(TEMPLATES) > 150


@pytest.mark.parametrize(("name", "template"), TEMPLATES, ids=[n for n, _ in TEMPLATES])
def test_every_template_names_its_placeholders(name: str, template: str | tuple[str, str]) -> None:
    """``{player}``, never ``{}`` or ``{0}``: a translator may put them in any order."""
    for form in (template,) if isinstance(template, str) else template:
        for field in _fields(form):
            assert field.isidentifier(), f"{name}: placeholder {{{field}}} has no name"


PLURALS = [(n, t) for n, t in TEMPLATES if isinstance(t, tuple)]


def test_the_wording_has_plural_pairs() -> None:
    assert len(PLURALS) > 20


@pytest.mark.parametrize(("name", "pair"), PLURALS, ids=[n for n, _ in PLURALS])
def test_a_plural_pair_has_the_same_placeholders_in_both_forms(
    name: str, pair: tuple[str, str]
) -> None:
    """As ngettext needs: the plural holds ``{count}``; the singular may say "a card"."""
    one, many = pair
    assert "count" in _fields(many), f"{name}: the plural form does not say the count"
    assert _fields(one) - {"count"} == _fields(many) - {"count"}, name


def test_a_player_is_a_name_and_whether_they_are_the_viewer_not_a_grammar() -> None:
    """No sentence is assembled from "You"/"Ann" and a verb form: ``Who`` has no verbs."""
    assert {f.name for f in dataclasses.fields(forms.Who)} == {"name", "you"}
    assert not [name for name in dir(forms.Who) if name in ("verb", "subject", "obj")]


def test_no_two_wording_modules_define_the_same_name_so_the_facade_has_one_of_each() -> None:
    """``messages`` re-exports every wording module: a name given two different values in
    two modules would be one module's phrase there and the other's inside its module."""
    values: dict[str, dict[int, str]] = {}
    for module in (*WORDING_MODULES, forms):
        for name, value in vars(module).items():
            if not name.startswith("_"):
                values.setdefault(name, {})[id(value)] = module.__name__
    twice = {name: sorted(where.values()) for name, where in values.items() if len(where) > 1}
    assert not twice


def test_a_table_in_the_lobby_with_one_seat_free_says_seat_not_seats() -> None:
    """The lobby's table line holds a count: its noun agrees with it (a plural pair)."""
    one = messages.net_table_line(2, "standard", ["Ann"] * 9, 1, "waiting")
    assert one == "Table 2, standard rules, waiting: " + ", ".join(["Ann"] * 9) + "; 1 seat free."
    assert messages.net_table_line(2, "speed", [], 10, "playing").endswith("nobody; 10 seats free.")


def test_the_doctors_sound_line_with_one_sound_decoded_says_sound_not_sounds() -> None:
    assert messages.sound_detail(1, "alsa") == "1 sound decoded, playing through alsa"
    assert messages.sound_detail(35, "alsa") == "35 sounds decoded, playing through alsa"


# code that makes no sentence: a regular expression and the code it puts back, a code
# spelled for speech, a value's repr, outside text cut short
NOT_SENTENCES = {
    ("cards", "with_codes"),
    ("cards", "<lambda>"),
    ("cards", "_spoken_code"),
    ("quoted", "given"),
    ("quoted", "cut"),
}


def _fragments() -> Iterator[tuple[str, str, int, str]]:
    """(module, function, line, code) for each f-string and each string glued to another
    with ``+`` in the wording modules' source."""
    for path in sorted((PACKAGE / "access" / "wording").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes: list[tuple[ast.AST, str]] = [(tree, "")]
        while scopes:
            node, where = scopes.pop()
            for child in ast.iter_child_nodes(node):
                name = where
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    name = child.name
                elif isinstance(child, ast.Lambda):
                    name = "<lambda>"
                if isinstance(child, ast.JoinedStr) or (
                    isinstance(child, ast.BinOp)
                    and isinstance(child.op, ast.Add)
                    and any(
                        isinstance(side, ast.JoinedStr)
                        or (isinstance(side, ast.Constant) and isinstance(side.value, str))
                        for side in (child.left, child.right)
                    )
                ):
                    yield path.stem, name, child.lineno, ast.unparse(child)
                scopes.append((child, name))


def test_no_wording_module_builds_a_sentence_from_fragments() -> None:
    """Every sentence is a template a translator can reorder as a whole: no f-string, no
    sentence glued together from pieces with ``+`` (issue 15)."""
    found = sorted(f for f in _fragments() if (f[0], f[1]) not in NOT_SENTENCES)
    assert not found, "\n".join(f"{m}.{f} line {n}: {code}" for m, f, n, code in found)


def test_the_fragment_walk_sees_the_code_that_makes_no_sentence() -> None:
    assert {(m, f) for m, f, _, _ in _fragments()} == NOT_SENTENCES


# --- translation (issue 15): every template marked, every use translated -----------------

# typed words and names a player types back, not phrases said: never translated
MACHINE_TOKENS = {
    "KIND_WORDS",
    "SWAP_WORDS",
    "SETTING_WORDS",
    "GIVE_WORDS",
    "KEEP_WORDS",
    "TIMES_MARKS",
    "UNO_WORD",
    "STATS_WORD",
    "TOP_WORD",
    "HISTORY_WORD",
    "REPLAY_WORD",
    "TOURNAMENT_WORD",
    "TOURNAMENTS_WORD",
    "TOURNAMENT_NEW",
    "TOURNAMENT_JOIN",
    "TOURNAMENT_LEAVE",
    "TOURNAMENT_START",
    "TOURNAMENT_CANCEL",
    "YES_WORDS",
    "SELF_WORDS",
    "SAY_WORD",
    "CHAT_MUTE_WORDS",
    "PRIVATE_WORD",
    "TELL_WORD",
    "REPLY_WORD",
    "FRIEND_WORD",
    "UNFRIEND_WORD",
    "FRIENDS_WORD",
    "BLOCK_WORD",
    "UNBLOCK_WORD",
    "INVITE_WORD",
    "MESSAGES_WORD",
    "LOBBY_CHAT_WORD",
    "PEOPLE_WORDS",
    "KICK_WORD",
    "BAN_WORD",
    "UNBAN_WORD",
    "HOST_WORD",
    "CLOSE_WORD",
    "MODERATION_WORDS",
    "MOD_WORD",
    "REPORT_WORD",
    "MOD_MUTE",
    "MOD_UNMUTE",
    "MOD_BAN",
    "MOD_UNBAN",
    "MOD_REPORTS",
    "MOD_LOG",
    "FOREVER_WORD",
    "ROLE_NONE",
    "TIME_FORMAT",  # strftime's formats
    "TODAY_FORMAT",
    "TIMER_OFF_WORD",
    "COMMAND_WORDS",
    "KEY",  # the catalogs' context of the keys and typed words
    "TYPED_WORD",
    "CARD_LETTERS",
    "TABLE_NAMES",
    "ON_OFF",  # the set-up's answers, as English values (each said as its language types it)
    "BRAILLE_ANSWERS",
    "SEAT_ANSWERS",
    "VERBOSITY_ANSWERS",
    "NET_LISTENING",  # the server's first line, read by programs (INTERFACE.md)
    "WEB_LISTENING",  # the line after it with --web, read by programs (scripts/bench_web.py)
    "_SPOKEN_CODE",  # a regular expression
    "T",  # a TypeVar
}
MARKERS = {"N_", "NP_", "NC_"}
TRANSLATING = {"tr", "tr_n", "tr_in", "tr_c", "plural"}
WORDING_DIR = PACKAGE / "access" / "wording"


def _module_level_values(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """(constant, value) for each module-level assignment, ``X.update(…)`` and ``X[k] = …``."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            target = node.targets[0]
            if isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Name):
                yield target.id, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                yield node.target.id, node.value
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)
        ):
            yield node.value.func.value.id, node.value


def _a_key_named(value: str) -> bool:
    """A command's key or word named alone (``"{keep_key}"``, ``"{play_word}"``: ``How.key``),
    no phrase: ``keyed`` puts the language's letter or word in its place."""
    field = value[1:-1]
    return value == "{%s}" % field and field.endswith(("_key", "_word"))  # noqa: UP031


def _unmarked_literals() -> Iterator[str]:
    for path in sorted(WORDING_DIR.glob("*.py")):
        if path.stem == "language":  # the languages' table: codes, files, keys
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, value in _module_level_values(tree):
            if name in MACHINE_TOKENS or name.startswith("__"):
                continue
            inside: set[int] = set()
            for node in ast.walk(value):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS
                ):
                    inside |= {id(arg) for arg in node.args}
            for node in ast.walk(value):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and any(ch.isalpha() for ch in node.value)
                    and not _a_key_named(node.value)
                    and id(node) not in inside
                    and not (isinstance(value, ast.Dict) and node in value.keys)
                ):
                    yield f"{path.stem}.{name} line {node.lineno}: {node.value!r}"


def test_every_template_of_the_wording_is_marked_for_extraction() -> None:
    """``N_("…")`` or ``NP_("…", "…")`` around each phrase at its definition (dict keys and
    typed words are not phrases): else Babel does not find it and it is never translated."""
    unmarked = list(_unmarked_literals())
    assert not unmarked, "\n".join(unmarked)


def _marked_names() -> dict[str, str]:
    """Every constant of the wording that holds a marked phrase: a count's pair or not."""
    names: dict[str, str] = {}
    for path in sorted(WORDING_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, value in _module_level_values(tree):
            calls = [
                n.func.id
                for n in ast.walk(value)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in MARKERS
            ]
            if name.isupper() and calls:
                pair = isinstance(value, ast.Call) and calls == ["NP_"]
                names[name] = "pair" if pair else "phrase"
    names.pop("TYPED", None)  # How's fields translate themselves as they are read
    names.pop("KEYED", None)
    # the keys and typed words: read through tr_c in the player's language, and as they
    # are in English (the English words are always typed too)
    for words in (
        "KEY_LETTERS",
        "YES_LETTER",
        "TYPED_WORDS",
        "TYPED_PART_WORDS",
        "TYPED_VALUES",
    ):
        names.pop(words, None)
    return names


def _untranslated_uses() -> Iterator[str]:
    """Each load of a marked constant in a function that no ``tr``/``tr_n``/``plural``
    call holds, in the package (module-level tables of constants are read through one)."""
    marked = _marked_names()
    for path in sorted(PACKAGE.rglob("*.py")):
        if "engine" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
        in_wording = path.parent == WORDING_DIR
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and in_wording:
                name = node.id
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "messages"
            ):
                name = node.attr
            else:
                continue
            if name not in marked or not isinstance(node.ctx, ast.Load):
                continue
            above = parents.get(id(node))
            if marked[name] == "pair" and not isinstance(above, ast.Subscript):
                continue  # a count's pair can only be said through plural / tr_n
            if (isinstance(above, ast.Compare) and node in above.comparators) or (
                isinstance(above, ast.Call)
                and isinstance(above.func, ast.Name)
                and above.func.id in ("len", "tuple")
            ):
                continue  # the keys of a table, or how many it holds: no phrase said
            up: ast.AST = node
            translated = in_function = False
            while id(up) in parents:
                up = parents[id(up)]
                if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                    in_function = True
            up = node
            while id(up) in parents:
                up = parents[id(up)]
                if isinstance(up, ast.Call):
                    called = up.func
                    called_name = (
                        called.id
                        if isinstance(called, ast.Name)
                        else called.attr
                        if isinstance(called, ast.Attribute)
                        else ""
                    )
                    if called_name in TRANSLATING:
                        translated = True
                        break
                if isinstance(up, ast.stmt) and not isinstance(up, ast.Return | ast.Expr):
                    if isinstance(up, ast.For):  # a loop over a table: its lines translated
                        translated = _loop_translates(up)
                    break
            if in_function and not translated:
                where = path.relative_to(PACKAGE)
                yield f"{where} line {node.lineno}: {name}"


def _loop_translates(loop: ast.For) -> bool:
    target = loop.target.id if isinstance(loop.target, ast.Name) else None
    return target is not None and any(
        isinstance(n, ast.Call)
        and (getattr(n.func, "attr", None) or getattr(n.func, "id", None)) in TRANSLATING
        and any(isinstance(a, ast.Name) and a.id == target for a in n.args)
        for n in ast.walk(loop)
    )


def test_every_use_of_a_template_goes_through_the_translation_call() -> None:
    """A template is said through ``tr`` (a count's pair through ``tr_n`` or ``plural``),
    so that each viewer hears it in their language; used bare, it stays English."""
    found = list(_untranslated_uses())
    assert not found, "\n".join(found)


def test_the_walk_of_uses_sees_the_translated_uses() -> None:
    assert len(_marked_names()) > 500


def _babel_extracted() -> set[str | tuple[str, str]]:
    from babel.messages.extract import extract_from_dir

    found: set[str | tuple[str, str]] = set()
    for _, _, message, _, _ in extract_from_dir(
        str(WORDING_DIR),
        method_map=[("**.py", "python")],
        keywords={"N_": None, "NP_": (1, 2)},
    ):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def _runtime_phrases() -> Iterator[str | tuple[str, str]]:
    """Every phrase the wording modules hold at run time (constants, tables, How's fields),
    but the typed words."""
    marked = _marked_names()
    for module in WORDING_MODULES:
        for name, value in vars(module).items():
            if name not in marked:
                continue
            values = list(value.values()) if isinstance(value, dict) else [value]
            for item in values:
                if isinstance(item, str) or item in _babel_extracted_cached():
                    yield item
                elif isinstance(item, tuple):
                    yield from (v for v in item if isinstance(v, str))
    for how in (keys.TYPED, keys.KEYED):
        for field in dataclasses.fields(how):
            value = object.__getattribute__(how, field.name)
            if isinstance(value, str):
                yield value
        for field in dataclasses.fields(how.key):
            named = object.__getattribute__(how.key, field.name)
            if not _a_key_named(named):
                yield named


_EXTRACTED: list[set[str | tuple[str, str]]] = []


def _babel_extracted_cached() -> set[str | tuple[str, str]]:
    if not _EXTRACTED:
        _EXTRACTED.append(_babel_extracted())
    return _EXTRACTED[0]


def test_babel_extracts_every_phrase_the_wording_holds() -> None:
    extracted = _babel_extracted_cached()
    missing = sorted(
        str(p) for p in _runtime_phrases() if p not in extracted and any(c.isalpha() for c in p)
    )
    assert len(extracted) > 1000
    assert not missing, missing[:20]
