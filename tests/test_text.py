"""Outside text is shown without control characters or escape sequences, bounded."""

from __future__ import annotations

from uno_access import text


def test_an_escape_sequence_in_a_name_never_reaches_the_terminal() -> None:
    assert text.name("\x1b[2J\x1b[HAnn") == "Ann"
    assert text.name("Bob\x1b]0;owned\x07") == "Bob"
    assert "\x1b" not in text.shown("a\x1bcb\x9b31mc")


def test_control_characters_are_dropped_and_line_breaks_become_spaces() -> None:
    assert text.shown("b7\x00\x07\x08 uno") == "b7 uno"
    assert text.shown("red\nskip\tnow\r") == "red skip now "
    assert text.shown("\u202eevil") == "evil"  # a bidirectional override


def test_letters_of_every_script_are_kept() -> None:
    assert text.name("Zoë Ñandú Дарья 李") == "Zoë Ñandú Дарья 李"


def test_outside_text_is_bounded() -> None:
    assert len(text.shown("x" * 100_000)) == text.LINE_LIMIT
    assert len(text.name("y" * 1_000)) == text.NAME_LIMIT
    assert text.name("  Ann   Lee  ") == "Ann Lee"
