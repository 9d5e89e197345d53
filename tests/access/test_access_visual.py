"""Large text (DESIGN.md principle 9): cards with their colour names as well as their
colours, the top card in big letters from pyfiglet that fit the width, and plain text
when colour is off.
"""

from __future__ import annotations

import io
import re

import pyfiglet
import pytest

from uno_access.access import messages, visual
from uno_access.devices.screen import LargeText
from uno_access.engine.cards import Card, Color, all_faces
from uno_access.engine.game import Game

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def c(code: str) -> Card:
    return Card.from_code(code)


def test_every_card_in_the_hand_is_named_so_nothing_is_told_by_colour_alone() -> None:
    faces = all_faces()
    shown = visual.render_text(visual.HandView(faces), width=200)
    assert not ANSI.search(shown)
    for card in faces:
        assert f" {messages.card_name(card)} " in shown


def test_with_colour_each_card_has_its_high_contrast_style_and_still_its_name() -> None:
    shown = visual.render_text(visual.HandView([c("b7"), c("y2")]), width=80, color=True)
    assert "\x1b[1;97;44m Blue 7 " in shown  # bold bright white on blue
    assert "\x1b[1;30;103m Yellow 2 " in shown  # bold black on bright yellow
    assert "Blue 7" in ANSI.sub("", shown)


def test_the_selected_card_and_the_playable_ones_are_marked_in_text() -> None:
    shown = visual.render_text(
        visual.HandView([c("b7"), c("r2"), c("wi")], selected=1, playable=[c("wi")]), width=80
    )
    assert " 1 Blue 7   >2 Red 2    3 Wild *" in shown
    assert messages.HAND_LEGEND in shown


def test_the_top_card_comes_in_big_letters_from_pyfiglet() -> None:
    shown = visual.render_text(visual.top_card(c("b7"), None), width=100)
    big = pyfiglet.Figlet(font="big", width=1000).renderText("Blue 7").splitlines()
    assert all(line.rstrip() in shown for line in big if line.strip())
    assert shown.rstrip().endswith("Top card: Blue 7.")


def test_a_wild_shows_the_colour_in_play_in_big_letters_and_words() -> None:
    shown = visual.render_text(visual.top_card(c("wi+4"), Color.GREEN), width=120)
    big = pyfiglet.Figlet(font="big", width=1000).renderText("Wild +4 Green").splitlines()
    assert all(line.rstrip() in shown for line in big if line.strip())
    assert "Top card: Wild Draw Four, colour in play Green." in shown


@pytest.mark.parametrize("width", [20, 30, 40, 60, 80, 120])
def test_big_letters_never_overflow_the_width(width: int) -> None:
    for card in (c("wi+4"), c("y+2"), c("g0")):
        shown = visual.render_text(visual.top_card(card, Color.YELLOW), width=width)
        assert all(len(line) <= width for line in shown.splitlines())
        assert "Top card:" in shown


def test_plain_mode_has_no_big_letters_only_the_words() -> None:
    shown = visual.render_text(visual.top_card(c("r5"), None, plain=True), width=100)
    assert shown.strip() == "Top card: Red 5."


def test_a_message_line_keeps_its_words_and_colours_card_names() -> None:
    line = "Ann plays Red Draw Two; colour in play Green."
    shown = visual.render_text(visual.styled_line(line), width=80, color=True)
    assert ANSI.sub("", shown).strip() == line
    assert "\x1b[1;97;41mRed Draw Two" in shown
    assert "\x1b[1;30;102mGreen" in shown


def test_the_table_view_says_the_top_card_whose_turn_counts_and_the_draw_pile() -> None:
    game = Game.from_position(
        ("Ann", "Bob"), [(c("b1"), c("r2")), (c("g3"),)], c("b5"), (c("y1"), c("y2"))
    )
    shown = visual.render_text(visual.TableView(game.view(1), plain=True), width=80)
    assert shown.splitlines() == [
        "Top card: Blue 5.",
        "It is Ann's turn.",
        "Card check: Ann 2 cards, you 1 card.",
        "The DRAW pile has 2 cards.",
    ]


def test_at_your_turn_the_table_view_leaves_your_turn_to_the_turn_line() -> None:
    game = Game.from_position(
        ("Ann", "Bob"), [(c("b1"), c("r2")), (c("g3"),)], c("b5"), (c("y1"), c("y2"))
    )
    shown = visual.render_text(visual.TableView(game.view(0), plain=True), width=80)
    assert "It is your turn." not in shown
    assert shown.splitlines()[1] == "Card check: you 2 cards, Bob 1 card."


@pytest.mark.parametrize("card", ["wi", "wi+4"])
def test_at_40_columns_a_wild_and_its_colour_wrap_rather_than_shrink_to_a_tiny_font(
    card: str,
) -> None:
    shown = visual.render_text(visual.top_card(c(card), Color.YELLOW), width=40)
    lines = shown.splitlines()
    assert all(len(line) <= 40 for line in lines)
    mini = pyfiglet.Figlet(font="mini", width=1000).renderText("Wild").splitlines()
    assert not all(line.rstrip() in shown for line in mini if line.strip())
    assert len(lines) - 2 >= 2 * 5  # two rows of big letters, each 5 lines high or more
    assert "Top card:" in shown


def test_large_text_without_the_banner_keeps_the_colours_and_no_big_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # colours as a terminal gets them
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = io.StringIO()
    game = Game.from_position(
        ("Ann", "Bob"), [(c("b1"), c("r2")), (c("g3"),)], c("b5"), (c("y1"), c("y2"))
    )
    large = LargeText(out, width=80, banner=False)
    large.table(game.view(0))
    shown = out.getvalue()
    assert ANSI.sub("", shown).splitlines()[0] == "Top card: Blue 5."
    assert "\x1b[" in shown  # the colour of Blue 5 stays
