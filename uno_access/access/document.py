"""The rules and the Quick Play Reference cards as documents: plain text to read, an
embossable BRF, and the words a speech engine reads aloud; for any rules chosen.

The texts are ours, in ``assets/`` (a small Markdown: ``#`` headings, paragraphs, ``-``
list items, comments). ``rules.md`` and ``quick_reference.md`` are the standard rules;
``rule_options.md`` has one section per option of the rules, keyed by its ``RuleSet``
field, that says what the option changes and where: a one-word comment keys the block
after it, and a section replaces keyed blocks or puts its own after or before them. So
the document of any rules is the standard one with each change said in its place, and a
new option only adds a section. ``{field}`` in a text is that field's value.

The BRF follows the usual embosser page: 40 cells by 25 lines, words never broken,
paragraphs indented two cells, list items with runover lines indented two cells,
headings centred, the braille page number at the right of each page's last line, pages
separated by a form feed, lines ended by CR LF.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, fields
from enum import Enum
from functools import cache
from pathlib import Path

from .. import resources
from ..engine.rules import RuleSet
from . import braille, messages
from .braille import BrailleTable
from .wording import language

ASSETS = resources.ASSETS
RULES = ASSETS / "rules.md"
QUICK_REFERENCE = ASSETS / "quick_reference.md"
OPTIONS = ASSETS / "rule_options.md"


def asset(path: Path) -> Path:
    """``path`` (one of the English texts above) in the language being said, where
    ``assets/<lang>/`` has it (same structure, comments and keys); else the English."""
    folder = language.current_language().documents
    translated = ASSETS / folder / path.name if folder else path
    return translated if translated.is_file() else path


CELLS = 40
LINES = 25
STANDARD = RuleSet()


class BlockKind(Enum):
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    ITEM = "item"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    text: str
    key: str | None = None  # the name options use to change this block


class Where(Enum):
    """Where an option's blocks go, against a keyed block of the standard rules."""

    REPLACE = "replace"
    AFTER = "after"
    BEFORE = "before"


@dataclass(frozen=True, slots=True)
class Edit:
    where: Where
    key: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """What one option changes. ``key``: its ``RuleSet`` field, or ``field = value`` for
    one value of an enum field; ``summary``: one sentence; ``edits``: in the rules.
    """

    key: str
    summary: str
    edits: tuple[Edit, ...]

    @property
    def field(self) -> str:
        return self.key.partition("=")[0].strip()

    @property
    def value(self) -> str | None:
        _, sep, value = self.key.partition("=")
        return value.strip() if sep else None

    def applies(self, rules: RuleSet) -> bool:
        """Whether ``rules`` have this option: the field away from its default (or, for a
        ``field = value`` section, at that value).
        """
        got = getattr(rules, self.field)
        if self.value is None:
            return bool(got != getattr(STANDARD, self.field))
        return isinstance(got, Enum) and got.value == self.value


_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_KEY = re.compile(r"[a-z0-9][a-z0-9_-]*")
_DIRECTIVE = re.compile(r"(replace|after|before) ([a-z0-9][a-z0-9_-]*)")


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    """(kind, text) for each meaningful line: "comment" (its words, one token even when it
    spans lines), "heading" (with its ``#``), "item", "text", and "blank".
    """
    lines = iter(text.splitlines())
    for raw in lines:
        line = raw.strip()
        if line.startswith("<!--"):
            comment = line
            while "-->" not in comment:
                comment += " " + next(lines, "-->").strip()
            match = _COMMENT.match(comment)
            yield "comment", " ".join((match.group(1) if match else "").split())
        elif line.startswith("#"):
            yield "heading", line
        elif line.startswith("- "):
            yield "item", line[2:].strip()
        elif line:
            yield "text", line
        else:
            yield "blank", ""


class _Builder:
    """Blocks from tokens: one-word comments key the next block; paragraph lines join."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.key: str | None = None
        self.paragraph: list[str] = []

    def end_paragraph(self) -> None:
        if self.paragraph:
            self.add(BlockKind.PARAGRAPH, " ".join(self.paragraph))
            self.paragraph = []

    def add(self, kind: BlockKind, text: str) -> None:
        self.blocks.append(Block(kind, text, self.key))
        self.key = None

    def take(self, kind: str, text: str) -> None:
        if kind == "text":
            self.paragraph.append(text)
            return
        self.end_paragraph()
        if kind == "comment" and _KEY.fullmatch(text):
            self.key = text
        elif kind == "heading":
            self.add(BlockKind.HEADING, text.lstrip("#").strip())
        elif kind == "item":
            self.add(BlockKind.ITEM, text)

    def done(self) -> list[Block]:
        self.end_paragraph()
        return self.blocks


def read(path: Path) -> list[Block]:
    """The blocks of one of our Markdown texts: a heading or an item is one line; the other
    lines of a chunk (between blank lines, comments and items) make one paragraph.
    """
    builder = _Builder()
    for kind, text in _tokens(path.read_text(encoding="utf-8")):
        builder.take(kind, text)
    return builder.done()


@cache
def sections(path: Path = OPTIONS) -> tuple[str, tuple[Section, ...]]:
    """The options' file: its title (the heading of the changes' list) and its sections, in
    order. In a section, ``###`` is a heading of the rules (``##`` begins a section).
    """
    title = ""
    found: list[Section] = []
    key: str | None = None
    summary = _Builder()
    edits: list[Edit] = []
    edit: tuple[Where, str] | None = None
    builder = _Builder()

    def close_edit() -> None:
        nonlocal builder
        if edit is not None:
            edits.append(Edit(edit[0], edit[1], tuple(builder.done())))
        builder = _Builder()

    def close_section() -> None:
        nonlocal summary, edit
        close_edit()
        if key is not None:
            said = summary.done()
            if len(said) != 1 or said[0].kind is not BlockKind.PARAGRAPH:
                raise ValueError(f"the section {key} of {path.name} needs one summary paragraph")
            found.append(Section(key, said[0].text, tuple(edits)))
        summary = _Builder()
        edits.clear()
        edit = None

    for kind, text in _tokens(path.read_text(encoding="utf-8")):
        if kind == "heading" and text.startswith("# "):
            title = text[2:].strip()
        elif kind == "heading" and text.startswith("## "):
            close_section()
            key = text[3:].strip()
        elif key is None:
            continue  # the file's title and notes
        elif kind == "comment" and _DIRECTIVE.fullmatch(text):
            close_edit()
            where, target = text.split()
            edit = (Where(where), target)
        else:
            (summary if edit is None else builder).take(kind, text)
    close_section()
    return title, tuple(found)


def changes(chosen: RuleSet) -> list[Section]:
    """The sections of the options ``chosen`` has, in the order of the options' file."""
    return [section for section in sections(asset(OPTIONS))[1] if section.applies(chosen)]


def summary(chosen: RuleSet) -> list[str]:
    """What ``chosen`` changes from the standard rules, one sentence an option."""
    values = _values(chosen)
    return [section.summary.format_map(values) for section in changes(chosen)]


def rules(quick_only: bool = False, chosen: RuleSet = STANDARD) -> list[Block]:
    """The rules ``chosen`` (the standard ones by default), then the four Quick Play
    Reference cards as those rules make them (or the cards alone). Rules that change
    anything begin with the list of what they change, each change also said in its place.
    """
    title, _ = sections(asset(OPTIONS))
    found = changes(chosen)
    parts = [_placed(read(asset(RULES))), _placed(read(asset(QUICK_REFERENCE)))]
    for section in found:
        for edit in section.edits:
            _apply(parts, edit, section.key)
    main, quick = ([placed.block for placed in part] for part in parts)
    if found:
        listed = [Block(BlockKind.ITEM, section.summary) for section in found]
        main[1:1] = [Block(BlockKind.HEADING, title), *listed]
    values = _values(chosen)
    blocks = quick if quick_only else main + quick
    return [Block(b.kind, b.text.format_map(values), b.key) for b in blocks]


@dataclass(slots=True)
class _Placed:
    block: Block
    anchor: str | None  # the key of the block it was put after, if any


def _placed(blocks: list[Block]) -> list[_Placed]:
    return [_Placed(block, None) for block in blocks]


def _apply(parts: list[list[_Placed]], edit: Edit, section: str) -> None:
    """Make one change in whichever part holds the block keyed ``edit.key``."""
    for part in parts:
        at = next((i for i, placed in enumerate(part) if placed.block.key == edit.key), None)
        if at is None:
            continue
        if edit.where is Where.REPLACE:
            new = list(edit.blocks)
            if new and new[0].key is None:  # the replacement answers to the same key
                new[0] = Block(new[0].kind, new[0].text, edit.key)
            part[at : at + 1] = _placed(new)
        elif edit.where is Where.BEFORE:
            part[at:at] = _placed(list(edit.blocks))
        else:  # after the block, and after what was put after it before
            end = at + 1
            while end < len(part) and part[end].anchor == edit.key:
                end += 1
            part[end:end] = [_Placed(block, edit.key) for block in edit.blocks]
        return
    raise ValueError(f"the option {section} changes {edit.key!r}, which no block of the rules has")


def _values(chosen: RuleSet) -> dict[str, str]:
    """What ``{field}`` stands for in the texts: every field of ``chosen``, as words."""
    values: dict[str, str] = {}
    for field in fields(RuleSet):
        value = getattr(chosen, field.name)
        if isinstance(value, Enum):
            values[field.name] = str(value.value)
        elif isinstance(value, tuple):
            values[field.name] = messages.rules_cards(value)
        else:
            values[field.name] = str(value)
    return values


def as_text(blocks: list[Block]) -> str:
    """Plain text: one line per heading, paragraph and item, a blank line before headings."""
    lines: list[str] = []
    for block in blocks:
        if block.kind is BlockKind.HEADING and lines:
            lines.append("")
        lines.append(f"- {block.text}" if block.kind is BlockKind.ITEM else block.text)
    return "\n".join(lines) + "\n"


def as_speech(blocks: list[Block]) -> str:
    """What a speech engine reads: every block a sentence of its own."""
    said = []
    for block in blocks:
        text = block.text
        said.append(text if text.endswith((".", "?", "!", ":")) else f"{text}.")
    return " ".join(said)


def as_brf(
    blocks: list[Block],
    table: BrailleTable = BrailleTable.UEB2,
    cells: int = CELLS,
    lines: int = LINES,
) -> str:
    """An embossable BRF: pages of ``cells`` by ``lines``, the page number on the last line."""
    body: list[str] = []  # every line of braille, before it is cut into pages
    for block in blocks:
        brf = braille.to_brf(block.text, table)
        if block.kind is BlockKind.HEADING:
            if body:
                body.append("")
            body += [line.center(cells).rstrip() for line in _wrap(brf, cells, 0, 0)]
        elif block.kind is BlockKind.ITEM:
            body += _wrap(brf, cells, 0, 2)
        else:
            body += _wrap(brf, cells, 2, 0)
    per_page = lines - 1
    pages = [body[i : i + per_page] for i in range(0, len(body), per_page)] or [[]]
    out: list[str] = []
    for number, page in enumerate(pages, start=1):
        page = page + [""] * (per_page - len(page))
        page_number = braille.to_brf(str(number), table)
        out.append("\r\n".join([*page, page_number.rjust(cells)]) + "\r\n")
    return "\f".join(out)


def _wrap(text: str, cells: int, first: int, runover: int) -> list[str]:
    """Braille words into lines of at most ``cells``; a word longer than a line is the
    only thing split. ``first`` and ``runover``: the indentation of the first and next lines.
    """
    lines: list[str] = []
    line = " " * first
    for word in text.split():
        fresh = not line.strip()
        candidate = f"{line}{word}" if fresh else f"{line} {word}"
        if len(candidate) <= cells:
            line = candidate
            continue
        if not fresh:
            lines.append(line)
            line = " " * runover
        while len(line) + len(word) > cells:  # only a word longer than a whole line
            room = cells - len(line)
            lines.append(line + word[:room])
            word = word[room:]
            line = " " * runover
        line += word
    if line.strip():
        lines.append(line)
    return lines
