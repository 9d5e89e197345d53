"""Setting up a game against hostile answers (issue 17): a name typed with escape
sequences is taken without them, and rules whose hands do not fit the deck for the
players chosen are refused at the question, in one line, before anything is saved.

Real prompt_toolkit pipe input, a real settings file in the test's own config folder.
"""

from __future__ import annotations

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.settings import Settings, load
from uno_access.store.paths import settings_path
from uno_access.ui.setup import set_up
from uno_access.ui.terminal import Screen


def answer(lines: list[str]) -> tuple[Settings | None, list[str]]:
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines))
        pipe.close()
        chosen = set_up(Settings(), input=pipe, output=DummyOutput(), screen=Screen(said.append))
    return chosen, said


PASTE, PASTED = "\x1b[200~", "\x1b[201~"  # a bracketed paste: its text taken as it is


def test_a_name_pasted_with_escape_sequences_is_kept_without_them() -> None:
    chosen, said = answer(
        [
            "",  # the language: Enter keeps it
            "3",
            f"{PASTE}\x1b[2JZo\x1b]0;owned\x07e{PASTED}",
            "random",
            "",
            "person",
            f"{PASTE}M\x1b[5max\x07{PASTED}",
            "",
            "off",
            "off",
            "off",
            "off",
            "",
            "",
            "",
        ]
    )
    assert chosen is not None, said
    assert (chosen.name, chosen.names) == ("Zoe", "Ann,Max")
    assert load(settings_path())[0] == chosen
    assert 'name = "Zoe"' in settings_path().read_text(encoding="utf-8")


def test_rules_that_cannot_be_dealt_to_the_players_chosen_are_asked_again() -> None:
    answers = [
        "",  # the language: Enter keeps it
        "10",
        "Zoe",
        *[""] * 18,
        "standard,hand_size=15",
        "standard,hand_size=10",
        "off",
        "off",
        "off",
        "off",
        "",
        "",
        "",
    ]
    chosen, said = answer(answers)
    assert chosen is not None, said
    assert (chosen.players, chosen.rules) == (10, "standard,hand_size=10")
    refused = [line for line in said if "cards each need" in line]
    assert refused == [
        "10 players with 15 cards each need 150 cards, and 5 more must be left to turn a "
        "start card; the deck has 108: at most 10 cards each."
    ]


def test_a_partners_preset_for_the_wrong_number_of_players_is_asked_again() -> None:
    answers = [
        "",  # the language: Enter keeps it
        "3",
        "Zoe",
        "",
        "",
        "",
        "",
        "partners",
        "standard",
        "off",
        "off",
        "off",
        "off",
        "",
        "",
        "",
    ]
    chosen, said = answer(answers)
    assert chosen is not None, said
    assert chosen.rules == "standard"
    assert "The rules partners are for 4 players, not 3." in said
