"""The rules of every preset and option (issue 14, "Rules players can read"): each one's
document is the standard rules with what it changes said in place, one section of
``uno_access/assets/rule_options.md`` per ``RuleSet`` field; kept as BRF files in
``uno_access/braille/`` that liblouis back-translates to the very text; given by
``uno-access rules --rules``.
"""

from __future__ import annotations

import importlib.util
import wave
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from uno_access import resources
from uno_access.__main__ import main
from uno_access.access import braille, document
from uno_access.access.document import BlockKind
from uno_access.engine.cards import Card
from uno_access.engine.rules import PRESETS, RuleSet

ROOT = Path(__file__).resolve().parents[2]
STANDARD = RuleSet()


def text(rules: RuleSet) -> str:
    return document.as_text(document.rules(chosen=rules))


def preset(name: str) -> str:
    return text(PRESETS[name])


def make_braille() -> ModuleType:
    """scripts/make_braille.py, the generator of ``uno_access/braille/``, as a module."""
    spec = importlib.util.spec_from_file_location("make_braille", ROOT / "scripts/make_braille.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wanted_sections() -> list[str]:
    """The section every option of the rule set needs: ``field``, or for an enum field one
    ``field = value`` for each value but the default.
    """
    wanted = []
    for field in fields(RuleSet):
        default = getattr(STANDARD, field.name)
        if isinstance(default, Enum):
            wanted += [f"{field.name} = {m.value}" for m in type(default) if m is not default]
        else:
            wanted.append(field.name)
    return wanted


def with_option(key: str) -> RuleSet:
    """The standard rules with one option changed, as a section's key names it."""
    name, _, value = key.partition("=")
    name, value = name.strip(), value.strip()
    default: Any = getattr(STANDARD, name)
    changed: Any
    if isinstance(default, Enum):
        changed = type(default)(value)
    elif isinstance(default, bool):
        changed = not default
    elif isinstance(default, int):
        changed = {"uno_penalty": 4}.get(name, default + 3)
    elif isinstance(default, tuple):
        changed = (Card.from_code("y7"),)
    else:
        raise AssertionError(f"no test value for {name}")
    return replace(STANDARD, **{name: changed})


def test_every_option_of_the_rule_set_has_a_section_saying_what_it_changes() -> None:
    have = [section.key for section in document.sections()[1]]
    missing = [key for key in wanted_sections() if key not in have]
    assert not missing, (
        f"RuleSet options without a section in uno_access/assets/rule_options.md: {missing}"
    )


def test_no_section_is_for_an_option_the_rule_set_does_not_have() -> None:
    wanted = wanted_sections()
    have = [section.key for section in document.sections()[1]]
    assert [key for key in have if key not in wanted] == []
    assert len(have) == len(set(have))


def test_each_option_alone_says_its_summary_first_and_its_changes_in_place() -> None:
    standard = text(STANDARD)
    for section in document.sections()[1]:
        rules = with_option(section.key)
        assert document.changes(rules) == [section], section.key
        blocks = document.rules(chosen=rules)
        assert blocks[1].text == "What these rules change", section.key
        assert blocks[2].kind is BlockKind.ITEM
        assert blocks[2].text == document.summary(rules)[0]
        written = text(rules)
        assert written != standard, section.key
        for edit in section.edits:  # every changed block is in the document, where it goes
            for block in edit.blocks:
                said = block.text.format_map(document._values(rules))
                assert said in written, (section.key, said)


def test_every_preset_has_a_document_of_its_own() -> None:
    documents = {name: preset(name) for name in PRESETS}
    assert len(set(documents.values())) == len(PRESETS)
    assert "What these rules change" not in documents["standard"]
    for name, written in documents.items():
        if name != "standard":
            assert written.startswith("How to play UNO\n\nWhat these rules change\n- "), name
        assert "\nThe Quick Play Reference cards\n" in written


def test_a_preset_lists_what_it_changes_one_sentence_each() -> None:
    assert document.summary(STANDARD) == []
    assert document.summary(PRESETS["speed"]) == [
        "Speed UNO: several decks shuffled together, two for up to 4 players.",
        "Each player is dealt 10 cards.",
        "A player caught without calling UNO draws 5 cards.",
        "If you cannot play, you draw until a card plays, and you must play that card.",
        "Exact Match: anyone holding a card identical to the top card may play it out of turn.",
        "Double-Double: jump-ins on a Draw Two or a Wild Draw Four add up, and the next "
        "player draws the total.",
        "Dropping: you may play several identical cards at once.",
        "Round-n-Round: when a 0 is played, every hand passes one seat in the direction of play.",
        "You may not go out on a Wild Draw Four.",
    ]


def test_speed_says_draw_until_a_card_plays_where_the_standard_says_draw_one() -> None:
    standard, speed = text(STANDARD), preset("speed")
    assert "Draw only one card" in standard and "Draw only one card" not in speed
    assert "until you draw a card that plays; then you must play that card" in speed
    assert "Cannot play? Draw until a card matches, then play it." in speed
    assert "deals 10 cards to each player" in speed and "you draw 5 cards" in speed
    assert "two such decks shuffled together for up to 4 players" in speed
    assert "Exact Match: when a card is played, any other player holding a card identical" in speed
    assert "Nobody may jump in before the first card of a round is played, on a card they " in speed
    assert "Draw Two: the next player draws 2 cards and misses the turn, but not at once" in speed
    assert "Double-Double: players may jump in on a Wild Draw Four with Wild Draw Fours" in speed
    assert "Dropping: on your turn, or when you jump in, you may put down several" in speed
    assert "- 0, Round-n-Round: when a 0 is played" in speed and "or draw 5 cards" in speed
    assert "A Wild Draw Four may not be your last card" in speed


def test_speed_says_each_change_in_the_part_of_the_rules_it_changes() -> None:
    lines = preset("speed").splitlines()
    turn, actions = lines.index("Your turn"), lines.index("The action cards")
    where = {line[:20]: i for i, line in enumerate(lines)}
    assert turn < where["Exact Match: when a "] < actions
    assert turn < where["If you cannot play, "] < actions
    assert lines[where["- Draw Two: the next"] + 1].startswith("- Reverse: ")
    assert where["Double-Double: playe"] == where["Only the player who "] + 1
    assert actions < where["- 0, Round-n-Round: "] < lines.index("Two players")
    assert where["The round ends when "] > lines.index("Scoring")


def test_stacking_says_a_draw_card_may_answer_its_kind_and_the_total_goes_round_once() -> None:
    written = preset("stacking")
    assert "you may answer it with a Draw Two of your own instead of drawing" in written
    assert "a Wild Draw Four may be answered in the same way with a Wild Draw Four" in written
    assert "when it comes back to the player who began it, they may not add to it" in written
    challenge = written.index("Only the player who must draw the 4 cards may challenge")
    assert written.index("The + card round: when a Draw Two") > challenge


def test_anniversary_says_keep_one_give_the_rest_100_points_and_the_4_card_penalty() -> None:
    written = preset("anniversary")
    assert "This deck adds 4 Anniversary cards, code an, so it has 112 cards." in written
    assert "You keep one card of your choice, give the rest of your hand to any other" in written
    assert '"Happy Anniversary!". Then you call UNO' in written
    assert "and an Anniversary card 100 points." in written
    assert "- An Anniversary card works as a Wild: the player to the dealer's left" in written
    assert "Caught, you draw 4 cards." in written and "caught and draw 4." in written
    assert "the player whose card is worth the most points deals" in written
    assert "the highest number deals" not in written


def test_partners_score_both_opponents_hands_for_the_pair() -> None:
    written = preset("partners")
    assert "partners sitting across the table from each other" in written
    assert "their pair scores the points of the cards left in both opponents' hands" in written
    assert "The first pair to reach 500 points wins the game." in written
    assert "The first player to reach" not in written


def test_the_partner_schedules_play_12_and_28_hands_and_the_highest_total_wins() -> None:
    rotation, tables = preset("partners_rotation"), preset("partners_two_tables")
    assert "four players play 12 hands, four hands with each of the other three" in rotation
    assert "After the 12th hand, four with each partner, the highest total wins" in rotation
    assert "eight players play 28 hands, each player partnered with every other" in tables
    assert "After the 28th hand, four with each partner, the highest total wins" in tables
    for written in (rotation, tables):
        assert "first pair to reach" not in written and "first player to reach" not in written
        assert "500" not in written.split("\nThe Quick Play Reference cards\n")[1]


def test_challenge_uno_puts_a_player_out_at_500_and_the_last_one_in_wins() -> None:
    written = preset("challenge_uno")
    assert "a player whose score reaches 500 points is out of the game" in written
    assert "When only two are left in, they play head to head under the rules for two" in written
    assert "In Challenge UNO these rules apply as soon as only two players are left in." in written
    assert "The player who went out scores" not in written


def test_lowest_scoring_adds_your_own_hand_and_the_lowest_total_wins() -> None:
    written = preset("lowest")
    assert "the cards left in their own hand to their own score" in written
    assert "the game ends and the lowest score wins. A tie for lowest goes to" in written
    assert "The player who went out scores" not in written


def test_penalties_take_back_a_card_that_does_not_match_and_cost_2_cards() -> None:
    standard, written = text(STANDARD), preset("penalties")
    assert "a card that does not match is refused" in standard
    assert "a card that does not match is refused" not in written
    assert "A card that does not match is taken back, you draw 2 cards, and play goes on" in written
    assert "A player who suggests a play to another player draws 2 cards." in written


def test_blank_cards_name_the_cards_they_stand_for() -> None:
    written = text(RuleSet.from_spec("standard,blank_cards=y7/b+2"))
    assert "here the blank cards stand for Yellow 7 (y7) and Blue Draw Two (b+2)." in written
    assert "its code is bl then that card's code, as bly7" in written


def test_a_value_changed_is_said_where_it_applies_the_reference_cards_too() -> None:
    written = text(RuleSet.from_spec("standard,uno_penalty=4,target_score=200,hand_size=5"))
    assert "deals 5 cards to each player" in written
    assert "Caught, you draw 4 cards." in written and "caught and draw 4." in written
    assert "reach 200 points wins the game" in written and "The first to 200 points" in written
    assert "500" not in written


def test_an_option_added_to_a_preset_changes_that_presets_document() -> None:
    written = text(RuleSet.from_spec("speed,uno_penalty=4"))
    assert "Caught, you draw 4 cards." in written and "draws 4 cards." in written
    assert "until you draw a card that plays" in written


def test_the_brf_of_every_preset_is_kept_in_braille_and_is_what_the_texts_make() -> None:
    made = make_braille().documents()
    assert {f"rules_{name}.brf" for name in PRESETS if name != "standard"} < set(made)
    assert {"rules.brf", "quick_reference.brf"} < set(made)
    assert sorted(path.name for path in (resources.BRAILLE).glob("*.brf")) == sorted(made)
    for name, (quick, rules) in made.items():
        kept = (resources.BRAILLE / name).read_bytes().decode("ascii")
        assert kept == document.as_brf(document.rules(quick, rules)), name


def test_every_brf_kept_is_liblouis_braille_that_back_translates_to_its_text() -> None:
    for name, (quick, rules) in make_braille().documents().items():
        blocks = document.rules(quick, rules)
        brf = (resources.BRAILLE / name).read_bytes().decode("ascii")
        words = []
        for page in brf.split("\f"):
            lines = page.removesuffix("\r\n").split("\r\n")
            assert len(lines) == 25 and all(len(line) <= 40 for line in lines), name
            words += " ".join(lines[:-1]).split()  # the last line: the page number
        assert words == " ".join(braille.to_brf(block.text) for block in blocks).split()
        back = braille.back_translate(braille.brf_to_ascii(" ".join(words)))
        assert back.replace("\u2019", "'") == " ".join(block.text for block in blocks), name


def test_each_block_of_every_preset_back_translates_alone() -> None:
    for rules in PRESETS.values():
        for block in document.rules(chosen=rules):
            back = braille.back_translate(braille.brf_to_ascii(braille.to_brf(block.text)))
            assert back.replace("\u2019", "'") == block.text


def test_uno_access_rules_gives_a_presets_rules_as_text_and_brf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--rules", "speed"]) == 0
    assert capsys.readouterr().out == preset("speed")
    out = tmp_path / "stacking.brf"
    assert main(["rules", "--rules", "stacking", "--format", "brf", "-o", str(out)]) == 0
    kept = (resources.BRAILLE / "rules_stacking.brf").read_bytes()
    assert out.read_bytes() == kept
    assert main(["rules", "--rules", "partners_rotation", "--quick"]) == 0
    assert "After 12 hands the highest total wins." in capsys.readouterr().out


def test_uno_access_rules_refuses_rules_it_does_not_know_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--rules", "sped"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "There is no rules preset 'sped'" in err
    assert main(["rules", "--rules", "speed,uno_penalty=3"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_uno_access_rules_speaks_a_presets_rules_into_a_real_wav(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "speed.wav"
    assert main(["rules", "--rules", "speed", "--quick", "--format", "wav", "-o", str(out)]) == 0
    with wave.open(str(out)) as audio:
        seconds = audio.getnframes() / audio.getframerate()
        frames = audio.readframes(audio.getnframes())
    assert seconds > 10 and len(set(frames)) > 100  # speech, not silence
    said = document.as_speech(document.rules(quick_only=True, chosen=PRESETS["speed"]))
    assert "Draw until a card matches, then play it." in said
    assert capsys.readouterr().out == f"Written: {out}\n"
