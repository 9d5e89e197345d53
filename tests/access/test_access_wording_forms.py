"""Each kind of line is defined once, with all its forms together (issue 13, the Shape):
its whole sentence, its braille form and its brief form, side by side in one wording
module and registered together in ``forms.FORMS``; the renderers say no line that lacks
them. Its sentences are whole templates with named placeholders, and a count's sentence is
a singular and plural pair, ready for gettext (issue 15).
"""

from __future__ import annotations

import ast
import dataclasses
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_access_first_cells import EVENTS, NAMES

from uno_access.access import messages, speech
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
    net,
    play,
    rules,
    setup,
    sounds,
    store,
    turn,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet

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


REGISTERED = sorted(
    forms.FORMS.values(), key=lambda f: (f.sentence.__module__, f.sentence.__name__)
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
        if other.sentence.__module__ == module and _defined_at(other.sentence) > start
    ]
    end = min(later, default=10**9)
    for part in parts:
        assert part is not None and callable(part)
        assert part.__module__ == module, f"{part.__name__} is not beside {line.sentence.__name__}"
        assert start < _defined_at(part) < end, (
            f"{part.__name__} is not defined with {line.sentence.__name__}"
        )


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
