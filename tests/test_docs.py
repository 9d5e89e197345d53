"""The manual: a short README that links every page of docs/, no link broken, and pages
that name every command, option, key, typed word, setting, preset and rule option the
game has (each read from the game itself, so that a new one without its
documentation fails here).

The Markdown is read by a CommonMark parser (markdown-it-py, which rich depends on), as
GitHub reads it: links and code spans inside code blocks are not links or code spans,
and a heading's anchor is GitHub's slug of its text.
"""

from __future__ import annotations

import argparse
import itertools
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from uno_access.__main__ import build_parser
from uno_access.access import messages
from uno_access.access.wording import language
from uno_access.engine.rules import PRESETS, RuleSet
from uno_access.settings import Settings
from uno_access.ui import keys

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_LIMIT = 10 * 1024  # bytes
EXTERNAL = ("http://", "https://", "mailto:")


def _page(name: str) -> Path:
    return DOCS / f"{name}.md"


def _pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True, slots=True)
class Page:
    """What a page holds, as GitHub renders it."""

    blocks: tuple[str, ...]  # the type of each top-level block, in order ("heading_open"…)
    headings: tuple[Heading, ...]
    links: tuple[str, ...]
    code: frozenset[str]  # the text of every code span
    strong: frozenset[str]  # the text of every bold span

    @property
    def anchors(self) -> frozenset[str]:
        return frozenset(_slugs(heading.text for heading in self.headings))


def _slug(text: str) -> str:
    """GitHub's anchor for a heading (github-slugger): lowercase, every character that is
    no letter, digit, mark, space, hyphen or underscore dropped, each space a hyphen."""
    kept = "".join(
        char
        for char in text.strip().lower()
        if char in " -_" or unicodedata.category(char)[0] in "LNM"
    )
    return kept.replace(" ", "-")


def _slugs(texts: Iterator[str] | list[str]) -> Iterator[str]:
    """Each heading's anchor; a repeated one gets -1, -2… as on GitHub."""
    seen: dict[str, int] = {}
    for text in texts:
        slug = _slug(text)
        if slug in seen:
            seen[slug] += 1
            yield f"{slug}-{seen[slug]}"
        else:
            seen[slug] = 0
            yield slug


def _text(children: list[Token]) -> str:
    """An inline's text as rendered: its words and code spans, without the markup."""
    return "".join(
        child.content
        if child.type in ("text", "code_inline")
        else " "
        if "break" in child.type
        else ""
        for child in children
    )


@cache
def _read(path: Path) -> Page:
    tokens = MarkdownIt("commonmark").enable("table").parse(path.read_text(encoding="utf-8"))
    blocks = tuple(token.type for token in tokens if token.level == 0 and token.nesting >= 0)
    headings: list[Heading] = []
    links: list[str] = []
    code: set[str] = set()
    strong: set[str] = set()
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            headings.append(Heading(int(token.tag[1]), _text(tokens[index + 1].children or [])))
        children = token.children or []
        inside_strong: list[str] | None = None
        for child in children:
            if child.type == "link_open":
                links.append(str(child.attrs.get("href", "")))
            elif child.type == "code_inline":
                code.add(child.content)
            elif child.type == "strong_open":
                inside_strong = []
            elif child.type == "strong_close" and inside_strong is not None:
                strong.add("".join(inside_strong))
                inside_strong = None
            if inside_strong is not None and child.type in ("text", "code_inline"):
                inside_strong.append(child.content)
    return Page(blocks, tuple(headings), tuple(links), frozenset(code), frozenset(strong))


def _target(page: Path, href: str) -> tuple[Path, str]:
    """The file a relative link points at (the page itself for ``#anchor``), and its anchor."""
    path, _, anchor = href.partition("#")
    return ((page.parent / unquote(path)).resolve() if path else page), anchor


def _broken(page: Path) -> list[str]:
    """Each link of ``page`` that leads nowhere, with why."""
    broken = []
    for href in _read(page).links:
        if href.startswith(EXTERNAL):
            continue
        target, anchor = _target(page, href)
        if not target.is_relative_to(ROOT):
            broken.append(f"{href}: outside the repository")
        elif not target.exists():
            broken.append(f"{href}: no such file {_name(target)}")
        elif anchor and (target.suffix != ".md" or anchor not in _read(target).anchors):
            broken.append(f"{href}: no heading #{anchor} in {_name(target)}")
    return broken


# ------------------------------------------------------------------ the README and links


def test_the_readme_is_at_most_10_kb() -> None:
    size = README.stat().st_size
    assert size <= README_LIMIT, f"README.md is {size} bytes; move detail to docs/"


def test_the_readme_links_every_page_of_docs() -> None:
    linked = {
        _target(README, href)[0]
        for href in _read(README).links
        if not href.startswith(EXTERNAL) and not href.startswith("#")
    }
    pages = set(DOCS.glob("*.md"))
    assert pages, "docs/ has no pages"
    unlinked = sorted(_name(page) for page in pages - linked)
    assert not unlinked, f"README.md links none of: {', '.join(unlinked)}"


@pytest.mark.parametrize("page", _pages(), ids=_name)
def test_no_link_is_broken(page: Path) -> None:
    """Each relative link leads to a file or folder of the repository, and each anchor to
    a heading of its page (GitHub's slug of the heading's text)."""
    broken = _broken(page)
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("page", _pages(), ids=_name)
def test_each_page_has_one_title_and_its_headings_go_in_order(page: Path) -> None:
    """A page begins with its title (the only level-1 heading); no heading skips a level
    on the way down, so a screen reader's list of headings is an outline."""
    levels = [heading.level for heading in _read(page).headings]
    assert levels[:1] == [1] and levels.count(1) == 1, levels
    skipped = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
    assert not skipped, f"a heading of level {skipped[0][0]} followed by one of {skipped[0][1]}"


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=_name)
def test_each_page_opens_with_a_paragraph_saying_what_it_covers(page: Path) -> None:
    """Each page stands alone: its title, then a paragraph (what it covers, for whom)."""
    blocks = [block for block in _read(page).blocks if not block.endswith("_close")]
    assert blocks[:2] == ["heading_open", "paragraph_open"], blocks[:2]


# --------------------------------------------------- what the game has, named in the pages


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """``uno-access`` and each of its commands (``users list`` too), with its parser."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


def _named(code: frozenset[str], name: str) -> bool:
    """Whether a code span is ``name``, or begins with it and a value (``--port P``)."""
    return any(span == name or span.startswith((f"{name} ", f"{name}=")) for span in code)


def test_every_command_of_uno_access_has_its_section_in_keys_and_commands() -> None:
    page = _read(_page("keys-and-commands"))
    titles = {heading.text for heading in page.headings}
    commands = [path for path, _ in _commands(build_parser()) if path]
    missing = [
        " ".join(path)
        for path in commands
        if (len(path) == 1 and f"uno-access {path[0]}" not in titles)
        or not (
            f"uno-access {' '.join(path)}" in titles
            or _named(page.code, f"uno-access {' '.join(path)}")
        )
    ]
    assert not missing, f"not documented: {', '.join(missing)}"


def test_every_option_of_every_command_is_in_keys_and_commands() -> None:
    """Every option that ``uno-access [COMMAND] --help`` lists, as a code span."""
    code = _read(_page("keys-and-commands")).code
    missing = sorted(
        f"uno-access {' '.join(path)} {option}".replace("  ", " ")
        for path, parser in _commands(build_parser())
        for action in parser._actions
        for option in action.option_strings
        if not _named(code, option)
    )
    assert not missing, f"not documented: {', '.join(missing)}"


def test_every_key_of_the_registry_is_in_keys_and_commands() -> None:
    """Each key of ``REGISTRY`` in bold, by the name F1 says (Page Up, F3, D) or itself."""
    strong = {text.lower() for text in _read(_page("keys-and-commands")).strong}
    with language.use(language.ENGLISH):
        missing = sorted(
            f"{entry.key.name}: {name}"
            for entry in keys.REGISTRY
            for name in entry.keys
            if messages.key_name(name).lower() not in strong and name.lower() not in strong
        )
    assert not missing, f"not documented: {', '.join(missing)}"


def test_every_typed_word_of_the_registry_is_in_keys_and_commands() -> None:
    code = _read(_page("keys-and-commands")).code
    with language.use(language.ENGLISH):
        missing = sorted(word for word in keys.WORDS if word not in code)
    assert not missing, f"not documented: {', '.join(missing)}"


def test_every_setting_is_in_the_settings_page() -> None:
    code = _read(_page("settings")).code
    missing = sorted(f.name for f in fields(Settings) if f.name not in code)
    assert not missing, f"not documented: {', '.join(missing)}"


def test_every_preset_and_rule_option_is_in_the_rules_page() -> None:
    code = _read(_page("rules")).code
    names = [*PRESETS, *(f.name for f in fields(RuleSet))]
    missing = sorted(name for name in names if name not in code)
    assert not missing, f"not documented: {', '.join(missing)}"
