"""Hot seat in a real pseudo-terminal: two people share one keyboard and one screen.

``scripts/play`` runs in a pseudo-terminal (pexpect); everything it writes is fed to a
terminal emulator (pyte's ``HistoryScreen``), so that the test reads what the terminal
shows, its scrollback included as far as pyte keeps one (it empties it on ``ESC[3J``, as
xterm does). After the handover the second person presses every key that reads something
back (Page Up to the start of both histories and back, L, R, V, Page Down, W, C, T): no
card of the first person's hand that was not played may be readable anywhere.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pyte
from test_play_terminal import DEVICES_OFF, SPACE, Terminal

from uno_access.access import messages
from uno_access.engine.cards import Card, all_faces

PAGE_UP, PAGE_DOWN = "\x1b[5~", "\x1b[6~"
SEED = "14"  # two people, Sam first: the start card Green 4, no card in both hands


def _names(listed: str) -> list[str]:
    """The card names of "Blue 7, Red Skip, Wild." (or of a hand answer's first list)."""
    return [name.strip() for name in listed.split(".")[0].split(",") if name.strip()]


def _mentions(text: str, name: str) -> bool:
    """Whether the card ``name`` is written in ``text`` (Wild not inside Wild Draw Four)."""
    after = r"(?! Draw Four)" if name == "Wild" else ""
    return re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z0-9]){after}", text) is not None


def _terminal_text(output: str) -> str:
    """All the terminal shows and keeps in its scrollback, as one text: wrapped lines joined
    again (a card's name cut at the edge is still found), every run of spaces one space.
    """
    screen = pyte.HistoryScreen(120, 40, history=100_000)
    stream = pyte.Stream(screen)
    stream.feed(output)
    width = screen.columns
    rows = ["".join(line[x].data for x in range(width)) for line in screen.history.top] + list(
        screen.display
    )
    return re.sub(r" +", " ", "".join(rows))


def test_after_the_handover_no_key_reveals_a_card_of_the_first_persons_hand(
    tmp_path: Path,
) -> None:
    game = Terminal(
        tmp_path,
        "--players",
        "2",
        "--bots",
        "person",
        "--name",
        "Sam",
        "--names",
        "Max",
        "--seed",
        SEED,
        *DEVICES_OFF,
    )
    seen = io.StringIO()
    game.child.logfile_read = seen
    # Sam takes the keyboard (asked before anything of his hand is shown), then his deal
    if game.child.expect_exact(["ready?", "You are dealt"]) == 0:
        game.press(SPACE)
        game.sees("You are dealt")
    dealt = game.sees(" 7 cards: ")
    sam = _names(dealt.split(": ", 1)[1])
    game.sees("Your turn.")
    game.press("d")  # Sam draws, keeps the card, plays nothing
    drawn = game.sees("You draw ")
    sam.append(drawn.removeprefix("You draw ").split(".")[0])
    if game.child.expect_exact(["K keeps it", "so you keep it"]) == 0:
        game.press("k")
    game.sees("Max, please take the keyboard")
    game.press(SPACE)
    game.sees("Max has the keyboard.")
    game.sees("Your turn.")
    game.press("l")
    max_hand = _names(game.sees("Your hand, ").split(": ", 1)[1])
    # every key that reads something back, Page Up past the start of both histories
    for key in [PAGE_UP] * 40 + ["l", "r", "w", "c", "t", "v"] + [PAGE_UP] * 20:
        game.press(key)
    for key in [PAGE_DOWN] * 20 + ["v"] + [PAGE_DOWN] * 40 + [PAGE_UP] * 40 + ["r"]:
        game.press(key)
    game.press("q")
    game.sees("Quit the game?")
    game.press("y")
    game.sees("You left the game.")
    game.ends()
    shown = _terminal_text(seen.getvalue())
    assert "Start of the game's history." in shown  # Max did read back to the start
    top = {messages.card_name(card) for card in all_faces() if card.code == "g4"}
    secret = [name for name in sam if name not in max_hand and name not in top]
    assert secret, "the seed gives Sam cards that Max does not hold"
    assert all(_is_card(name) for name in secret)
    leaked = [name for name in secret if _mentions(shown, name)]
    assert leaked == [], f"Max could read Sam's {leaked}: {shown[-3000:]}"


def _is_card(name: str) -> bool:
    return any(messages.card_name(card) == name for card in all_faces())


def test_the_card_names_are_found_across_a_wrapped_line() -> None:
    """The check itself: a name cut at the screen's edge is still read."""
    line = "x" * 115 + " Blue 7, Wild Draw Four."
    text = _terminal_text(line + "\r\n")
    assert _mentions(text, "Blue 7")
    assert not _mentions(text, "Wild")
    assert Card.from_code("b7") is not None
