"""The line-mode game, driven through prompt_toolkit's real input with typed lines.

Each test starts from an exact position (``Game.from_position``), so the hands are
known, and checks the exact lines the person is told. Bots are the real random bot
with its chances set to 0 or 1 where a test needs them sure, and a fixed seed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.bots.random_bot import RandomBot
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.ui.keys import typed_help_lines
from uno_access.ui.play import play, table_names
from uno_access.ui.terminal import Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

REMINDER = "Type a card to play it, d to draw, l for your hand, or help."
WELCOME_3 = (
    "UNO against Ann and Bob: first to 500 points wins. Type help at any time to hear the commands."
)
WELCOME_2 = "UNO against Ann: first to 500 points wins. Type help at any time to hear the commands."
CLOSED = "The input has closed: the game is stopped."


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def position(
    hands: Sequence[str],
    start: str,
    pile: str = "r1 g1 y9 g5 g8 y3",
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
) -> Game:
    """Seats You, Ann (and Bob): ``hands`` as codes, ``pile`` top card first.

    The last seat deals unless told, so play starts with you.
    """
    names = ["You", "Ann", "Bob"][: len(hands)]
    return Game.from_position(
        names,
        [cards(h) for h in hands],
        Card.from_code(start),
        cards(pile),
        dealer=dealer,
        seed=1,
        scores=scores,
    )


def bot(
    seed: int = 1, forget_uno: float = 0.0, catch: float = 0.0, challenge: float = 0.0
) -> RandomBot:
    made = RandomBot(random.Random(seed))
    made.forget_uno = forget_uno
    made.catch = catch
    made.challenge = challenge
    return made


def session(
    game: Game, typed: Sequence[str], bots: dict[int, RandomBot] | None = None
) -> tuple[int, list[str]]:
    """Type ``typed`` (one line each), then close the input; the status and every line said."""
    seated = bots or {seat: bot(seat) for seat in range(1, len(game.view(0).names))}
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in typed))
        pipe.close()
        status = play(game, seated, input=pipe, output=DummyOutput(), screen=Screen(said.append))
    return status, said


def turn(top: str, count: int) -> str:
    return f"Your turn. Top card: {top}. You hold {count} cards. {REMINDER}"


def opening(start: str, top: str, count: int, players: int = 3) -> list[str]:
    dealer = "Bob" if players == 3 else "Ann"
    return [
        WELCOME_3 if players == 3 else WELCOME_2,
        f"Round 1: {dealer} deals.",
        f"The start card is {start}.",
        turn(top, count),
    ]


START = ["b7 r5 g2 y8", "b3 y5 g9", "b1 y7 y2"]  # you, Ann, Bob; Blue 2 starts


def test_playing_a_card_then_the_bots_play() -> None:
    status, said = session(position(START, "b2"), ["b7", "l"])
    assert status == 0
    assert said == [
        *opening("Blue 2", "Blue 2", 4),
        "You play Blue 7.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
        turn("Blue 1", 3),
        "Your hand, 3 cards: Green 2, Red 5, Yellow 8. None of your cards matches: you must draw.",
        CLOSED,
    ]


def test_a_card_typed_in_words_or_braille_plays_it() -> None:
    for typed in ("Blue 7", "B#G", "blue seven", "⠃⠼⠛"):
        _, said = session(position(START, "b2"), [typed])
        assert said[4] == "You play Blue 7.", typed


def test_an_illegal_card_is_refused_and_changes_nothing() -> None:
    game = position(START, "b2")
    _, said = session(game, ["r5", "g3", "l"])
    assert said == [
        *opening("Blue 2", "Blue 2", 4),
        "Red 5 does not match the top card: match its colour, number or symbol, or play a Wild.",
        "You do not hold Green 3.",
        "Your hand, 4 cards: Blue 7, Green 2, Red 5, Yellow 8. You can play: Blue 7, Green 2.",
        CLOSED,
    ]
    view = game.view(0)
    assert [c.code for c in view.hand] == ["b7", "r5", "g2", "y8"]
    assert view.current == 0
    assert view.top.code == "b2"


def test_input_that_means_nothing_gets_one_clear_line() -> None:
    game = position(START, "b2")
    _, said = session(game, ["xyzzy", "b7 red", "x", "d d", "x zed", "play purple"])
    unknown = (
        "is not a command or a card. Type a card (b7, blue 7, wi red), d to draw, or help "
        "for all commands."
    )
    assert said[4:] == [
        f"'xyzzy' {unknown}",
        "Only a Wild takes a colour: type b7 alone to play Blue 7.",
        "Nobody can be caught now: only a player who holds one card and did not call UNO.",
        f"'d d' {unknown}",
        "'zed' is not a player here: type a name (Ann, Bob) or a seat number from 1 to 3.",
        f"'play purple' {unknown}",
        CLOSED,
    ]
    assert len(game.view(0).hand) == 4


def test_a_wild_without_its_colour_asks_for_one() -> None:
    game = position(["wi r5 g2 y8", "g9 y5 r4", "y7 g1 b1"], "b2")
    _, said = session(game, ["wi", "purple", "g"])
    assert said[4:] == [
        "Which colour? blue, green, red or yellow",
        "'purple' is not a colour. A colour is blue, green, red or yellow.",
        "You play Wild.",
        "You choose Green.",
        "Ann plays Green 9.",
        "Bob plays Green 1.",
        turn("Green 1", 3),
        CLOSED,
    ]


def test_a_wild_with_its_colour_and_touching_the_top_card() -> None:
    _, said = session(position(["wi r5 g2", "y5 b3"], "b2", "y9 g1 g2"), ["wi red", "t"])
    assert said == [
        *opening("Blue 2", "Blue 2", 3, players=2),
        "You play Wild.",
        "You choose Red.",
        "Ann draws a card.",
        "Ann keeps the card.",
        turn("Wild, colour in play Red", 2),
        "Top card: Wild, colour in play Red.",
        CLOSED,
    ]


def test_an_empty_colour_answer_plays_nothing() -> None:
    game = position(["r5 g3", "b3 y5"], "b2", "wi r1")
    _, said = session(game, ["d", "play", ""])
    assert said[4:] == [
        "You draw Wild.",
        "You may play Wild now: type play to play it, or k to keep it.",
        "Which colour? blue, green, red or yellow",
        "No colour chosen: nothing was played.",
        CLOSED,
    ]
    assert game.view(0).drawn is not None


def test_drawing_then_keeping() -> None:
    _, said = session(position(["r5 g3 y8", *START[1:]], "b4", "b5 r1 g1"), ["d", "k"])
    assert said == [
        *opening("Blue 4", "Blue 4", 3),
        "You draw Blue 5.",
        "You may play Blue 5 now: type play to play it, or k to keep it.",
        "You keep the card.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
        turn("Blue 1", 4),
        CLOSED,
    ]


def test_drawing_then_playing_the_drawn_card() -> None:
    _, said = session(position(["r5 g3 y8", *START[1:]], "b4", "b5 r1 g1"), ["d", "play"])
    assert said[4:7] == [
        "You draw Blue 5.",
        "You may play Blue 5 now: type play to play it, or k to keep it.",
        "You play Blue 5.",
    ]


def test_a_drawn_card_that_cannot_be_played_is_kept_at_once() -> None:
    _, said = session(position(["r5 g3 y8", *START[1:]], "b4", "r2 r1 g1"), ["d"])
    assert said[4:] == [
        "You draw Red 2.",
        "Red 2 does not match the top card, so you keep it.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
        turn("Blue 1", 4),
        CLOSED,
    ]


def test_calling_uno_with_the_play_keeps_you_safe() -> None:
    game = position(["b7 r5", *START[1:]], "b2")
    _, said = session(game, ["b7 uno"], {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)})
    assert said[3:] == [
        turn("Blue 2", 2),
        "You call UNO!",
        "You play Blue 7 and have one card left.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
        "Your turn. Top card: Blue 1. You hold 1 card. " + REMINDER,
        CLOSED,
    ]


def test_calling_uno_right_after_the_play() -> None:
    # two players: your Skip brings the turn back to you before anyone caught you
    _, said = session(position(["bsk r5", "y5 g9"], "b2"), ["bsk", "u"])
    assert said[4:] == [
        "You play Blue Skip and have one card left.",
        "Ann is skipped.",
        "Your turn. Top card: Blue Skip. You hold 1 card. " + REMINDER,
        "You call UNO!",
        CLOSED,
    ]


def test_a_bot_catches_you_without_uno() -> None:
    game = position(["b7 r5", *START[1:]], "b2")
    _, said = session(game, ["b7"], {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)})
    assert said[4:] == [
        "You play Blue 7 and have one card left.",
        "Bob catches you without UNO: you draw 2.",
        "You draw 2 cards: Green 1, Red 1.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
        turn("Blue 1", 3),
        CLOSED,
    ]


FORGETFUL = ["b7 g2 r5", "b3 y5", "b1 y7 y2"]  # Ann plays Blue 3 and forgets UNO
WINDOW = (
    "Ann has one card and did not call UNO: type x to catch Ann, or press Enter to let play go on."
)


def test_catching_a_bot_before_the_next_player_begins() -> None:
    bots = {1: bot(1, forget_uno=1.0), 2: bot(2)}
    _, said = session(position(FORGETFUL, "b2"), ["b7", "x", "cc"], bots)
    assert said[4:] == [
        "You play Blue 7.",
        "Ann plays Blue 3 and has one card left.",
        WINDOW,
        "You catch Ann without UNO: Ann draws 2.",
        "Bob plays Blue 1.",
        turn("Blue 1", 2),
        "Card check: you 2 cards, Ann 3 cards, Bob 2 cards.",
        CLOSED,
    ]


def test_catching_a_bot_by_name() -> None:
    bots = {1: bot(1, forget_uno=1.0), 2: bot(2)}
    _, said = session(position(FORGETFUL, "b2"), ["b7", "x bob", "x an"], bots)
    assert said[6:9] == [
        WINDOW,
        "That player is safe: they called UNO or do not hold one card.",
        "You catch Ann without UNO: Ann draws 2.",
    ]


def test_enter_lets_play_go_on_and_the_window_closes() -> None:
    bots = {1: bot(1, forget_uno=1.0), 2: bot(2)}
    _, said = session(position(FORGETFUL, "b2"), ["b7", "g3", "cc", "", "x"], bots)
    assert said[6:] == [
        WINDOW,
        "It is not your turn: type x to catch Ann, or press Enter to let play go on.",
        "Card check: you 2 cards, Ann 1 card, Bob 3 cards.",
        "Bob plays Blue 1.",
        turn("Blue 1", 2),
        "Nobody can be caught now: only a player who holds one card and did not call UNO.",
        CLOSED,
    ]


def test_on_your_turn_you_may_catch_the_player_before_you() -> None:
    _, said = session(
        position(["b7 g2 r5", "b3 y5"], "b2", dealer=0), ["x"], {1: bot(1, forget_uno=1.0)}
    )
    assert said[1:] == [
        "Round 1: you deal.",
        "The start card is Blue 2.",
        "Ann plays Blue 3 and has one card left.",
        "Ann has one card and did not call UNO: type x to catch Ann.",
        turn("Blue 3", 3),
        "You catch Ann without UNO: Ann draws 2.",
        CLOSED,
    ]


def test_card_check_and_touching_the_top_card() -> None:
    _, said = session(position(START, "b2"), ["cc", "t", "check", "TOP"])
    assert said[4:] == [
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        "Top card: Blue 2.",
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        "Top card: Blue 2.",
        CLOSED,
    ]


def test_quitting_asks_first() -> None:
    status, said = session(position(START, "b2"), ["q", "n", "Q", "y", "cc"])
    assert status == 0
    assert said[4:] == [
        "Quit the game? Type y to quit, or anything else to go on.",
        "The game goes on.",
        "Quit the game? Type y to quit, or anything else to go on.",
        "You left the game.",
    ]


def test_help_scores_order_empty_line_and_repeat() -> None:
    _, said = session(position(START, "b2"), ["?", "", "s", "w", "cc", "r", "l", "r"])
    help_end = 6 + len(typed_help_lines())  # then how a question's menu is used
    assert said[4] == "Now: " + turn("Blue 2", 4)  # what can be done now, first
    assert said[5] == "Commands (any case):"
    assert said[help_end - 1].startswith("In a question with choices")
    assert said[help_end:] == [
        turn("Blue 2", 4),
        "Scores: you 0, Ann 0, Bob 0. First to 500 wins.",
        "It is your turn. Play goes to the left, clockwise: you, then Ann, then Bob.",
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        "Your hand, 4 cards: Blue 7, Green 2, Red 5, Yellow 8. You can play: Blue 7, Green 2.",
        "Your hand, 4 cards: Blue 7, Green 2, Red 5, Yellow 8. You can play: Blue 7, Green 2.",
        CLOSED,
    ]


def test_repeat_says_again_everything_since_your_last_command() -> None:
    _, said = session(position(START, "b2"), ["b7", "r"])
    burst = ["You play Blue 7.", "Ann plays Blue 3.", "Bob plays Blue 1.", turn("Blue 1", 3)]
    assert said[4:] == [*burst, *burst, CLOSED]


def test_choosing_the_colour_of_a_wild_start() -> None:
    _, said = session(position(["r5 g3", "b4 b5"], "wi", dealer=1), ["y"])
    assert said[1:] == [
        "Round 1: Ann deals.",
        "The start card is Wild.",
        "Your turn: a Wild started the DISCARD pile, so you choose its colour.",
        "Which colour? blue, green, red or yellow",  # the one colour question
        "You choose Yellow.",
        turn("Wild, colour in play Yellow", 2),
        CLOSED,
    ]


def test_a_bot_challenges_your_wild_draw_four() -> None:
    game = position(["wi+4 b7 r5", "r9 y5"], "b2")
    _, said = session(game, ["wi+4 red"], {1: bot(1, challenge=1.0)})
    assert said[4:] == [
        "You play Wild Draw Four.",
        "You choose Red.",
        "Ann challenges your Wild Draw Four: you were guilty and draw 4.",
        "You show Ann 2 cards.",
        "You draw 4 cards: Green 1, Green 5, Red 1, Yellow 9.",
        "Ann calls UNO!",
        "Ann plays Red 9 and has one card left.",
        turn("Red 9", 6),
        CLOSED,
    ]


FOUR = ["r5 g3", "wi+4 y5"]  # Ann plays first: her Wild Draw Four, innocent (no blue)
FOUR_PILE = "r1 g1 y9 g5 g8 y3 y4"
FOUR_OPENING = [
    "Round 1: you deal.",
    "The start card is Blue 2.",
    "Ann calls UNO!",
    "Ann plays Wild Draw Four and has one card left.",
    "Ann chooses Yellow.",  # the bot's choice, from its seed
    "Your turn: Ann played a Wild Draw Four on you. Type h to challenge it, or type a to accept "
    "it and draw 4.",
]


def test_you_challenge_a_wild_draw_four_and_lose() -> None:
    _, said = session(position(FOUR, "b2", FOUR_PILE, dealer=0), ["ch"])
    assert said[1:] == [
        *FOUR_OPENING,
        "You challenge Ann's Wild Draw Four: Ann was innocent, so you draw 6 and lose the turn.",
        "Ann shows you 1 card: Yellow 5.",
        "You draw 6 cards: Green 1, Green 5, Green 8, Red 1, Yellow 3, Yellow 9.",
        "Ann plays Yellow 5 and goes out.",
        "The round is over: Ann wins 35 points. Scores: you 0, Ann 35.",
        "Type n to deal the next round.",
        CLOSED,
    ]


def test_you_accept_a_wild_draw_four() -> None:
    _, said = session(position(FOUR, "b2", FOUR_PILE, dealer=0), ["a"])
    assert said[7:9] == [
        "You accept the Wild Draw Four.",
        "You draw 4 cards and lose the turn: Green 1, Green 5, Red 1, Yellow 9.",
    ]


def test_a_won_challenge_leaves_you_to_play() -> None:
    _, said = session(position(["r5 g3", "wi+4 b5"], "b2", FOUR_PILE, dealer=0), ["ch"])
    assert said[7:] == [
        "You challenge Ann's Wild Draw Four: Ann was guilty and draws 4.",
        "Ann shows you 1 card: Blue 5.",
        turn("Wild Draw Four, colour in play Yellow", 2),
        CLOSED,
    ]


def test_going_out_ends_the_round_and_n_deals_the_next() -> None:
    _, said = session(position(["b7", *START[1:]], "b2"), ["b7", "d", "n"])
    assert said[4:8] == [
        "You play Blue 7 and go out.",
        "The round is over: you win 27 points (Ann 17, Bob 10). Scores: you 27, Ann 0, Bob 0.",
        "Type n to deal the next round.",
        "The round is over; deal the next round first.",
    ]
    assert said[8] == "Round 2: you deal."
    assert said[9].startswith("You are dealt 7 cards: ")


def test_the_game_ends_at_the_target_score() -> None:
    game = position(["b7", *START[1:]], "b2", scores=[480, 100, 0])
    status, said = session(game, ["b7"])
    assert status == 0
    assert said[4:] == [
        "You play Blue 7 and go out.",
        "The round is over: you win 27 points (Ann 17, Bob 10). Scores: you 507, Ann 100, Bob 0.",
        "The game is over: you win the game. Scores: you 507, Ann 100, Bob 0.",
    ]


def test_ctrl_c_stops_the_game_cleanly() -> None:
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("\x03")
        status = play(
            position(START, "b2"),
            {1: bot(1), 2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
        )
    assert status == 130
    assert said[-1] == "Interrupted: the game is stopped."


def test_table_names_give_each_bot_its_own_name() -> None:
    assert table_names(3, None) == ["You", "Ann", "Bob"]
    assert table_names(3, "ann") == ["ann", "Bob", "Cy"]
    assert len(set(table_names(10, "Jo"))) == 10


def test_run_plays_a_real_game_until_the_input_ends(capsys: pytest.CaptureFixture[str]) -> None:
    from uno_access.engine.rules import RuleSet
    from uno_access.ui.play import run

    with create_pipe_input() as pipe:  # an input that ends at once (without a terminal,
        pipe.close()  # ``run`` asks for one: tests/ui/test_closed_input.py)
        assert run(3, ["random"], RuleSet(), 3, None, input=pipe, output=DummyOutput()) == 0
    out = capsys.readouterr().out
    assert out.startswith("UNO against Ann and Bob: first to 500 points wins.")
    assert out.rstrip().endswith(CLOSED)


def test_a_hard_bot_at_the_table_remembers_that_you_drew_rather_than_play() -> None:
    from uno_access.bots.hard import HardBot
    from uno_access.bots.memory import matching

    hard = HardBot(random.Random(1), playouts=16)
    game = position(["r5 g3 y8", "b3 y5 g9", "b1 y7 y2"], "b2")
    status, said = session(game, ["d"], {1: hard, 2: bot(2)})  # type: ignore[dict-item]
    assert status == 0 and "You draw Red 1." in said
    assert hard.memory is not None and hard.memory.seat == 1
    shut = matching(Card.from_code("b2"), Card.from_code("b2").color)
    assert hard.memory.groups[0] and all(
        shut <= group.excluded for group in hard.memory.groups[0]
    )  # none of your cards was a Blue or a 2
