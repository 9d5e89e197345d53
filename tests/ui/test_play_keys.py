"""One key for every action (issue: keyboard-only play), through prompt_toolkit's real
input: keys as a terminal sends them, and the exact lines the person is told.

Seats You, Ann (and Bob), from ``test_play``'s positions; the last seat deals, so you
play first. Keys: Left/Right move through the hand, Enter plays, D draws, K keeps,
U calls UNO, X catches, H/A challenge or accept, C card check, T touch the top card,
W whose turn, S scores, P the DRAW pile, R repeat, Page Up/Down the history, E or F2
the Quick Play Reference, F1 help, M speech, Space go on, Q quit, / the command line.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import pyfiglet
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import START, bot, cards, position

from uno_access.access import braille, messages, visual
from uno_access.bots.random_bot import RandomBot
from uno_access.engine.cards import Card, all_faces
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.seat.table import Table
from uno_access.settings import BrailleDisplay, Settings
from uno_access.ui.drive import drive
from uno_access.ui.keys import Routed, key_help_lines
from uno_access.ui.play import play, run
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

LEFT, RIGHT, HOME, END = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F"
ENTER, SPACE, TAB = "\r", " ", "\t"
F1, F2, PAGE_UP, PAGE_DOWN = "\x1bOP", "\x1bOQ", "\x1b[5~", "\x1b[6~"
KEYED_TURN = "Left and Right choose a card, Enter plays it, D draws, F1 for help."
OPEN = "Command line: type a command and press Enter, Escape to close."


def keyed(
    game: Game, keys: Sequence[str], bots: dict[int, RandomBot] | None = None, pace: float = 0.0
) -> list[str]:
    """Press ``keys`` (each a key, or a typed line after /), then close the input."""
    seated = bots or {seat: bot(seat) for seat in range(1, len(game.view(0).names))}
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(keys))
        pipe.close()
        if pace:
            keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
            screen = Screen(said.append)
            drive(Table(game, seated, keyboard, screen, pace=pace).play(), keyboard, screen)
        else:
            play(
                game,
                seated,
                input=pipe,
                output=DummyOutput(),
                screen=Screen(said.append),
                keys=True,
            )
    return said


def after(said: list[str], line: str) -> list[str]:
    """The lines said after the first ``line``."""
    return said[said.index(line) + 1 :]


def turn(top: str, count: int) -> str:
    return f"Your turn. Top card: {top}. You hold {count} cards. {KEYED_TURN}"


def test_the_turn_says_what_the_keys_do() -> None:
    said = keyed(position(START, "b2"), [])
    assert said[0] == (
        "UNO against Ann and Bob: first to 500 points wins. Press F1 at any time to hear the keys."
    )
    assert said[3] == turn("Blue 2", 4)


def test_left_and_right_say_each_card_its_place_and_whether_it_can_be_played() -> None:
    said = keyed(position(START, "b2"), [RIGHT, RIGHT, RIGHT, RIGHT, LEFT])
    assert after(said, turn("Blue 2", 4))[:5] == [
        "Green 2, 2 of 4, can be played.",
        "Red 5, 3 of 4, cannot be played now.",
        "Yellow 8, 4 of 4, cannot be played now.",
        "Last card: Yellow 8, 4 of 4, cannot be played now.",
        "Red 5, 3 of 4, cannot be played now.",
    ]


def test_home_end_and_the_hand_sorted_by_number() -> None:
    said = keyed(position(START, "b2"), [END, HOME, "o", RIGHT])
    assert after(said, turn("Blue 2", 4))[:5] == [
        "Yellow 8, 4 of 4, cannot be played now.",
        "Blue 7, 1 of 4, can be played.",
        "Your hand is sorted by number.",
        "Blue 7, 3 of 4, can be played.",  # 2, 5, 7, 8: Blue 7 stays selected
        "Yellow 8, 4 of 4, cannot be played now.",
    ]


def test_enter_plays_the_selected_card_and_the_bots_answer() -> None:
    said = keyed(position(START, "b2"), [RIGHT, ENTER])
    rest = after(said, "Green 2, 2 of 4, can be played.")
    assert rest[0] == "You play Green 2."
    assert rest[1].startswith("Ann ") and rest[2].startswith("Bob ")


def test_enter_on_a_card_that_does_not_match_says_why_and_changes_nothing() -> None:
    said = keyed(position(START, "b2"), [RIGHT, RIGHT, ENTER, "c"])
    rest = after(said, "Red 5, 3 of 4, cannot be played now.")
    assert rest[0] == (
        "Red 5 does not match the top card: match its colour, number or symbol, or play a Wild."
    )
    assert rest[1] == "Card check: you 4 cards, Ann 3 cards, Bob 3 cards."


def test_a_wild_asks_its_colour_by_first_letter() -> None:
    game = position(["wi r5 g2", "b3 y5 g9", "b1 y7 y2"], "b2")
    said = keyed(game, [END, ENTER, "g"])
    rest = after(said, "Wild, 3 of 3, can be played.")
    assert rest[:3] == [
        "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none.",
        "You play Wild.",
        "You choose Green.",
    ]


def test_a_wild_takes_a_colour_by_number_and_enter_alone_plays_nothing() -> None:
    game = position(["wi r5 g2", "b3 y5 g9", "b1 y7 y2"], "b2")
    said = keyed(game, [END, ENTER, ENTER, ENTER, "4"])
    assert "No colour chosen: nothing was played." in said
    assert after(said, "No colour chosen: nothing was played.")[1:3] == [
        "You play Wild.",
        "You choose Yellow.",
    ]


def test_d_draws_then_enter_plays_the_drawn_card() -> None:
    game = position(["r5 y8", "b3 y5 g9", "b1 y7 y2"], "b2", pile="b9 g1")
    said = keyed(game, ["d", ENTER])
    rest = after(said, turn("Blue 2", 2))
    assert rest[:3] == [
        "You draw Blue 9.",
        "You may play Blue 9 now: press Enter to play it, or press K to keep it.",
        "You play Blue 9.",
    ]


def test_k_keeps_the_drawn_card() -> None:
    game = position(["r5 y8", "b3 y5 g9", "b1 y7 y2"], "b2", pile="b9 g1")
    said = keyed(game, ["d", "k"])
    assert (
        after(said, "You may play Blue 9 now: press Enter to play it, or press K to keep it.")[0]
        == "You keep the card."
    )


def test_c_and_t_work_also_when_it_is_not_your_turn() -> None:
    # Ann forgets UNO; the window to catch her is your moment: card check and touch answer
    game = position(["b7 r5 g2", "b3 y5", "b1 y7 y2"], "b2")
    said = keyed(game, [ENTER, "c", "t", SPACE], bots={1: bot(1, forget_uno=1.0), 2: bot(2)})
    window = next(line for line in said if "did not call UNO" in line)
    assert window == (
        "Ann has one card and did not call UNO: press X to catch Ann, or press Space to let "
        "play go on."
    )
    assert after(said, window)[:2] == [
        "Card check: you 2 cards, Ann 1 card, Bob 3 cards.",
        "Top card: Blue 3.",
    ]


def test_x_catches_a_player_who_did_not_call_uno() -> None:
    game = position(["b7 r5 g2", "b3 y5", "b1 y7 y2"], "b2")
    said = keyed(game, [ENTER, "x"], bots={1: bot(1, forget_uno=1.0), 2: bot(2)})
    assert "You catch Ann without UNO: Ann draws 2." in said


def test_u_then_enter_calls_uno_just_before_the_next_to_last_card_goes_down() -> None:
    game = position(["b7 r5", "b3 y5 g9", "b1 y7 y2"], "b2")
    said = keyed(game, ["u", ENTER], bots={1: bot(1, catch=1.0), 2: bot(2, catch=1.0)})
    assert after(said, turn("Blue 2", 2))[:2] == [
        "You call UNO!",
        "You play Blue 7 and have one card left.",
    ]
    assert not any("catches you" in line for line in said)


def test_h_challenges_a_wild_draw_four_and_a_accepts_one() -> None:
    # Bob plays first (Ann deals) and can play nothing but his Wild Draw Four on you
    hands = ["b7 r5", "y5 g9 r1", "wi+4 y7 g4"]
    game = position(hands, "b2", dealer=1)
    said = keyed(game, ["h"], bots={1: bot(1), 2: bot(2)})
    offer = next(line for line in said if "played a Wild Draw Four on you" in line)
    assert offer == (
        "Your turn: Bob played a Wild Draw Four on you. Press H to challenge it, or press A to "
        "accept it and draw 4."
    )
    assert after(said, offer)[0] == (
        "You challenge Bob's Wild Draw Four: Bob was innocent, so you draw 6 and lose the turn."
    )
    said = keyed(position(hands, "b2", dealer=1), ["a"])
    assert "You accept the Wild Draw Four." in said


def test_w_s_p_and_r_answer_whose_turn_scores_the_pile_and_repeat() -> None:
    said = keyed(position(START, "b2"), ["w", "s", "p", "r"])
    assert after(said, turn("Blue 2", 4))[:4] == [
        "It is your turn. Play goes to the left, clockwise: you, then Ann, then Bob.",
        "Scores: you 0, Ann 0, Bob 0. First to 500 wins.",
        "The DRAW pile has 6 cards.",
        "The DRAW pile has 6 cards.",
    ]


def test_page_up_steps_back_from_the_newest_line_on_the_first_press() -> None:
    said = keyed(position(START, "b2"), [PAGE_UP, PAGE_UP, PAGE_DOWN, "[", "]"])
    rest = after(said, turn("Blue 2", 4))
    total = said.index(turn("Blue 2", 4)) + 1
    assert rest[:5] == [
        f"{total - 1} of {total}: The start card is Blue 2.",
        f"{total - 2} of {total}: {said[total - 3]}",
        f"{total - 1} of {total}: The start card is Blue 2.",
        f"{total - 2} of {total}: {said[total - 3]}",
        f"{total - 1} of {total}: The start card is Blue 2.",
    ]


def test_the_ends_of_the_history_are_said() -> None:
    said = keyed(position(START, "b2"), [PAGE_DOWN, *[PAGE_UP] * 6])
    rest = after(said, turn("Blue 2", 4))
    assert rest[0] == "End of the game's history."
    assert rest[1:4] == [
        f"3 of 4: {said[2]}",
        f"2 of 4: {said[1]}",
        f"1 of 4: {said[0]}",
    ]
    assert rest[4:6] == ["Start of the game's history."] * 2


def test_answers_are_kept_apart_from_the_game_and_v_switches_between_them() -> None:
    said = keyed(position(START, "b2"), ["s", "p", PAGE_UP, "v", PAGE_UP, PAGE_UP, "v"])
    rest = after(said, "The DRAW pile has 6 cards.")
    # the answers do not bury the game: Page Up still reads the game's lines
    assert rest[0] == "3 of 4: The start card is Blue 2."
    assert rest[1] == "Reading the answers: 2 lines; Page Up reads back."
    assert rest[2] == "1 of 2: Scores: you 0, Ann 0, Bob 0. First to 500 wins."
    assert rest[3] == "Start of the answers."
    assert rest[4] == "Reading the game's history: 4 lines; Page Up reads back."


def test_e_and_f2_read_the_four_quick_play_reference_cards() -> None:
    said = keyed(position(START, "b2"), ["e", F2])
    cards = after(said, turn("Blue 2", 4))[:4]
    assert cards == [
        "Card 1: Match. On your turn, match the top card by colour, number or symbol, or "
        "play a Wild and pick its colour from a menu.",
        "Card 2: Draw. Cannot play? Draw one card. Play it if it matches; otherwise your "
        "turn is over.",
        "Card 3: UNO. Call UNO as you play your next-to-last card, or you may be caught and "
        "draw 2.",
        "Card 4: Score. Go out first to score the cards left in the other hands. The first "
        "to 500 points wins.",
    ]
    assert after(said, cards[-1])[:4] == cards


def test_f1_and_question_mark_say_what_to_do_now_then_every_key() -> None:
    said = keyed(position(START, "b2"), [F1, "?"])
    rest = after(said, turn("Blue 2", 4))
    assert rest[0] == "Now: " + turn("Blue 2", 4)
    keys = key_help_lines()
    assert rest[1 : 1 + len(keys)] == keys
    assert rest[1 + len(keys)] == messages.tr(messages.MENU_HELP_KEYS)  # then a question's menu
    assert rest[2 + len(keys)] == rest[0]  # ? says the same


def test_m_says_there_is_no_speech_to_switch_without_a_speech_device() -> None:
    said = keyed(position(START, "b2"), ["m"])
    assert after(said, turn("Blue 2", 4))[0] == messages.SPEECH_NONE


def test_q_asks_first_and_any_other_key_goes_on() -> None:
    said = keyed(position(START, "b2"), ["q", "n", "q", "y"])
    rest = after(said, turn("Blue 2", 4))
    assert rest == [
        "Quit the game? Press Y to quit, or any other key to go on.",
        "The game goes on.",
        "Quit the game? Press Y to quit, or any other key to go on.",
        "You left the game.",
    ]


def test_slash_opens_the_command_line_for_typed_commands() -> None:
    said = keyed(position(START, "b2"), ["/cc\r", "/g2\r"])
    rest = after(said, turn("Blue 2", 4))
    assert rest[:4] == [
        OPEN,
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        OPEN,
        "You play Green 2.",
    ]


def test_a_braille_keyboard_types_a_card_code_and_enter() -> None:
    said = keyed(position(START, "b2"), ["b#g\r"])  # b opens the command line by itself
    assert after(said, turn("Blue 2", 4))[:2] == [OPEN, "You play Blue 7."]


def test_an_unknown_typed_command_says_what_is_accepted_and_changes_nothing() -> None:
    said = keyed(position(START, "b2"), ["/zz\r", "c"])
    rest = after(said, turn("Blue 2", 4))
    assert rest[0] == OPEN
    assert rest[1].startswith("'zz' is not a command or a card.")
    assert rest[2] == "Card check: you 4 cards, Ann 3 cards, Bob 3 cards."


def test_space_deals_the_next_round() -> None:
    game = position(["b7", "b3 y5 g9", "b1 y7 y2"], "b2")
    said = keyed(game, [ENTER, SPACE])
    over = next(line for line in said if line.startswith("The round is over"))
    assert after(said, over)[0] == "Press Space to deal the next round."
    assert any(line.startswith("Round 2:") for line in after(said, over))


def test_hot_seat_asks_the_next_person_to_take_the_keyboard_before_showing_anything() -> None:
    game = position(START, "b2")
    # you take the keyboard and play; Ann (a person too) takes it and asks for her hand
    said = keyed(game, [SPACE, ENTER, SPACE, "l"], bots={2: bot(2)})
    handover = (
        "Ann, please take the keyboard, then press Space; nothing of your hand is shown before."
    )
    rest = after(said, handover)
    assert rest[0] == "Ann has the keyboard."
    assert rest[1] == "Ann, while you were away, 3 things happened:"
    assert rest[-3] == turn("Blue 7", 3)
    assert rest[-2].startswith("Your hand, 3 cards: Blue 3, Green 9, Yellow 5.")


def test_the_bots_pace_waits_and_tab_skips_ahead_to_your_turn() -> None:
    said = keyed(position(START, "b2"), [ENTER, TAB, "c"], pace=5.0)
    rest = after(said, "You play Blue 7.")
    assert rest[0] == "Ann plays Blue 3."  # then Tab: Bob at once, without waiting 5 seconds
    assert rest[1].startswith("Bob plays")
    assert rest[-2].startswith("Card check:")


def test_a_routing_key_selects_a_card_and_a_second_press_plays_it() -> None:
    said: list[str] = []
    heard = threading.Condition()

    def say(line: str) -> None:
        with heard:
            said.append(line)
            heard.notify_all()

    def until(line: str) -> None:
        with heard:
            heard.wait_for(lambda: line in said, timeout=120)

    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        screen = Screen(say)
        table = Table(position(START, "b2"), {1: bot(1), 2: bot(2)}, keyboard, screen)

        # the display's routing keys, kept for the first read (the turn); the input ends
        # once the second press has played the card
        keyboard.post(Routed(1, play=False))
        keyboard.post(Routed(1, play=True))

        def close() -> None:
            until("You play Green 2.")
            pipe.close()

        closer = threading.Thread(target=close)
        closer.start()
        drive(table.play(), keyboard, screen)
        closer.join()
    rest = after(said, turn("Blue 2", 4))
    assert rest[:2] == ["Green 2, 2 of 4, can be played.", "You play Green 2."]


def test_the_command_line_takes_play_touch_card_check_and_settings() -> None:
    said = keyed(
        position(START, "b2"),
        ["/touch\r", "/card check\r", "/verbosity brief\r", "/rate 999\r", "/play b7\r"],
    )
    opened = (OPEN, "Command line open")  # said in full, then brief
    rest = [line for line in after(said, turn("Blue 2", 4)) if line not in opened]
    assert rest[:5] == [
        "Top card: Blue 2.",
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        "verbosity brief for this game",  # brief, from now on: the answers too
        "rate 80 to 450: rate 250",
        "You: Blue 7",
    ]


def test_large_text_shows_the_top_card_in_big_letters_and_the_hand_at_your_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = Settings(
        large_text=True, speech=False, braille_display=BrailleDisplay.OFF, keys=True
    )
    with create_pipe_input() as pipe:
        pipe.send_text("qy")
        pipe.close()
        assert (
            run(
                2, ["easy"], RuleSet(), 3, None, input=pipe, output=DummyOutput(), settings=settings
            )
            == 0
        )
    shown = capsys.readouterr().out
    top = next(line for line in shown.splitlines() if line.startswith("Top card: "))
    name = top.removeprefix("Top card: ").split(",")[0].rstrip(".")
    card = next(card for card in all_faces() if messages.card_name(card) == name)
    big = pyfiglet.Figlet(font="big", width=1000).renderText(visual.short_label(card)).splitlines()
    assert all(line.rstrip() in shown for line in big if line.strip())
    assert "Your hand, 7 cards:" in shown
    assert "You left the game." in shown


def test_the_braille_line_on_screen_shows_each_message_in_dots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = Settings(speech=False, braille_display=BrailleDisplay.SCREEN, keys=True)
    with create_pipe_input() as pipe:
        pipe.send_text("c")
        pipe.close()
        run(2, ["easy"], RuleSet(), 3, None, input=pipe, output=DummyOutput(), settings=settings)
    shown = capsys.readouterr().out
    check = braille.render(
        messages.brief(
            messages.card_check,
            ([(messages.Who("You", True), 7), (messages.Who("Ann", False), 7)],),
        )
    )
    assert any(check in line for line in shown.splitlines())


def test_a_key_with_no_meaning_is_said_to_have_none_and_changes_nothing() -> None:
    said = keyed(position(START, "b2"), ["\x1b[15~", "c"])  # F5
    assert after(said, turn("Blue 2", 4))[:2] == [
        "That key does nothing here: press F1 to hear the keys.",
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
    ]


def test_everything_a_key_does_can_be_typed_pile_and_reference_too() -> None:
    said = keyed(position(START, "b2"), ["/pile\r", "/reference\r"])
    rest = [line for line in after(said, turn("Blue 2", 4)) if line != OPEN]
    assert rest[0] == "The DRAW pile has 6 cards."
    assert rest[1].startswith("Card 1: Match.") and rest[4].startswith("Card 4: Score.")


def test_l_says_the_whole_hand_and_what_can_be_played() -> None:
    said = keyed(position(START, "b2"), ["l"])
    assert after(said, turn("Blue 2", 4))[0] == (
        "Your hand, 4 cards: Blue 7, Green 2, Red 5, Yellow 8. You can play: Blue 7, Green 2."
    )


def test_up_and_down_step_through_the_history_like_page_up_and_down() -> None:
    up, down = "\x1b[A", "\x1b[B"
    said = keyed(position(START, "b2"), [up, up, down])
    rest = after(said, turn("Blue 2", 4))
    total = said.index(turn("Blue 2", 4)) + 1
    assert [line.split(":")[0] for line in rest[:3]] == [
        f"{total - 1} of {total}",
        f"{total - 2} of {total}",
        f"{total - 1} of {total}",
    ]


def test_j_jumps_in_with_the_identical_card_in_speed_uno() -> None:
    # Ann plays first; her one playable card is the Green 7 you hold too; Bob is next
    hands = [
        "g7 r1 y2 b4 b5 b6 b8 b9 g1 r9",
        "g7 y5 y6 y8 y9 r3 r4 r5 r6 r8",
        "y4 y7 b7 r7 r0 y0 b0 r2 y3 b3",
    ]
    game = Game.from_position(
        ["You", "Ann", "Bob"],
        [cards(hand) for hand in hands],
        Card.from_code("g2"),
        cards("y1 y3 b1 b2 g3"),
        rules=RuleSet.preset("speed"),
        dealer=0,
        seed=1,
    )
    said = keyed(game, ["j"], bots={1: bot(1), 2: bot(2)})
    window = "You hold Green 7, the same as the top card: press J to jump in, or press Space."
    assert after(said, "Ann plays Green 7.")[0] == window
    assert after(said, window)[0] == "You jump in with Green 7!"


def test_j_jumps_in_with_the_same_number_in_another_colour_with_jump_in_any_color() -> None:
    # Ann plays first; her one playable card is the Green 7; you hold the Blue 7
    hands = [
        "b7 r1 y2 b4 b5 b6 b8 b9 g1 r9",
        "g7 y5 y6 y8 y9 r3 r4 r5 r6 r8",
        "y4 y7 r7 r0 y0 b0 r2 y3 b3 g0",
    ]
    game = Game.from_position(
        ["You", "Ann", "Bob"],
        [cards(hand) for hand in hands],
        Card.from_code("g2"),
        cards("y1 y3 b1 b2 g3"),
        rules=RuleSet(jump_in_any_color=True),
        dealer=0,
        seed=1,
    )
    said = keyed(game, ["j"], bots={1: bot(1), 2: bot(2)})
    window = "You hold Blue 7, of the top card's number: press J to jump in, or press Space."
    assert after(said, "Ann plays Green 7.")[0] == window
    assert after(said, window)[0] == "You jump in with Blue 7!"
