"""The rules and the Quick Play Reference cards as documents: plain text to read, an
embossable BRF, and the words a speech engine reads aloud.

The texts are ours, in ``assets/`` (a small Markdown: ``#`` headings, paragraphs, ``-``
list items). The BRF follows the usual embosser page: 40 cells by 25 lines, words never
broken, paragraphs indented two cells, list items with runover lines indented two cells,
headings centred, the braille page number at the right of each page's last line, pages
separated by a form feed, lines ended by CR LF.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from . import braille
from .braille import BrailleTable

ASSETS = Path(__file__).resolve().parents[2] / "assets"
RULES = ASSETS / "rules.md"
QUICK_REFERENCE = ASSETS / "quick_reference.md"
CELLS = 40
LINES = 25


class BlockKind(Enum):
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    ITEM = "item"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    text: str


def read(path: Path) -> list[Block]:
    """The blocks of one of our Markdown texts: a heading or an item is one line; the other
    lines of a chunk (between blank lines) make one paragraph.
    """
    blocks: list[Block] = []
    for chunk in path.read_text(encoding="utf-8").split("\n\n"):
        paragraph: list[str] = []
        for line in (line.strip() for line in chunk.splitlines()):
            if line.startswith(("#", "- ")):
                if paragraph:
                    blocks.append(Block(BlockKind.PARAGRAPH, " ".join(paragraph)))
                    paragraph = []
                if line.startswith("#"):
                    blocks.append(Block(BlockKind.HEADING, line.lstrip("#").strip()))
                else:
                    blocks.append(Block(BlockKind.ITEM, line[2:].strip()))
            elif line:
                paragraph.append(line)
        if paragraph:
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(paragraph)))
    return blocks


def rules(quick_only: bool = False) -> list[Block]:
    """The rules, then the four Quick Play Reference cards (or those alone)."""
    quick = read(QUICK_REFERENCE)
    return quick if quick_only else read(RULES) + quick


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
