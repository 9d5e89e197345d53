"""The line-mode game under every named mode and option (RULES.md "Named modes and options"),
driven through prompt_toolkit's real input with typed lines.

Each test starts from an exact position (``Game.from_position``) and checks the exact
lines the person is told. Bots are the real random bot with its chances set to 0 or 1
where a test needs them sure; their hands leave them one choice where it matters.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.bots import Bot
from uno_access.bots.random_bot import RandomBot
from uno_access.engine.actions import Action, Play
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.ui.play import play, run
from uno_access.ui.terminal import Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

REMINDER = "Type a card to play it, d to draw, l for your hand, or help."
WELCOME = (
    "UNO against Ann and Bob: first to 500 points wins. Type help at any time to hear the commands."
)
SPEED = (
    "If you cannot play, you draw until a card matches, then play it; nobody goes out on a "
    "Wild Draw Four; anyone holding a card identical to the top card may jump in out of turn "
    "(j); Draw Twos and Wild Draw Fours jumped in add up; identical cards may be played "
    "together (g6 g6); on a 0 every hand passes on, and whoever is handed one card must call "
    "UNO (u) or draw 5."
)
SPEED_OPENING = [WELCOME, SPEED, "A player caught without UNO draws 5."]
CLOSED = "The input has closed: the game is stopped."
PILE = "g1 y1 g4 g5 g6 g8 y2 y3"


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def position(
    hands: Sequence[str],
    start: str,
    rules: str,
    pile: str = PILE,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
) -> Game:
    """Seats You, Ann, Bob (and Cy): ``hands`` as codes, ``pile`` top card first, ``rules``
    as ``--rules`` takes them. The last seat deals unless told, so play starts with you.
    """
    names = ["You", "Ann", "Bob", "Cy"][: len(hands)]
    return Game.from_position(
        names,
        [cards(h) for h in hands],
        Card.from_code(start),
        cards(pile),
        rules=RuleSet.from_spec(rules),
        dealer=dealer,
        seed=1,
        scores=scores,
    )


def bot(seed: int, catch: float = 0.0, jump_in: float = 0.0) -> RandomBot:
    """A random bot that always calls UNO and never challenges; ``catch`` and ``jump_in``
    are its chances to.
    """
    made = RandomBot(random.Random(seed))
    made.forget_uno = 0.0
    made.challenge = 0.0
    made.catch = catch
    made.jump_in = jump_in
    return made


def session(game: Game, typed: Sequence[str], bots: Mapping[int, Bot] | None = None) -> list[str]:
    """Type ``typed`` (one line each), then close the input; every line said."""
    seated = bots or {seat: bot(seat) for seat in range(1, len(game.view(0).names))}
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in typed))
        pipe.close()
        status = play(game, seated, input=pipe, output=DummyOutput(), screen=Screen(said.append))
    assert status == 0
    return said


def turn(top: str, count: int) -> str:
    held = "1 card" if count == 1 else f"{count} cards"
    return f"Your turn. Top card: {top}. You hold {held}. {REMINDER}"


# --------------------------------------------------------------------- Speed UNO


def test_you_jump_in_with_the_card_identical_to_the_top_card() -> None:
    game = position(["g5 g7 r2 y3", "g7 b1 b4", "y1 y2 b9"], "g3", "speed")
    said = session(game, ["g5", "j"])
    assert said == [
        *SPEED_OPENING,
        "Round 1: Bob deals.",
        "The start card is Green 3.",
        turn("Green 3", 4),
        "You play Green 5.",
        "Ann plays Green 7.",
        "You hold Green 7, the same as the top card: type j to jump in, or press Enter.",
        "You jump in with Green 7!",
        # play goes on from you: Bob's turn was jumped over
        "Ann draws a card.",
        "Ann plays Green 1.",
        "Bob plays Yellow 1.",
        turn("Yellow 1", 2),
        CLOSED,
    ]


def test_enter_lets_a_jump_in_go_by_and_it_is_offered_once_a_play() -> None:
    game = position(["g5 g7 r2 y3", "g7 b1 b4", "y1 y2 b9"], "g3", "speed")
    said = session(game, ["g5", "r2", "", "l"])
    assert said[6:] == [
        "You play Green 5.",
        "Ann plays Green 7.",
        "You hold Green 7, the same as the top card: type j to jump in, or press Enter.",
        "It is not your turn: type j to jump in, or press Enter to let play go on.",
        "Bob draws a card.",  # and is not offered again after Bob's draw
        "Bob plays Green 1.",
        turn("Green 1", 3),
        "Your hand, 3 cards: Green 7, Red 2, Yellow 3. You can play: Green 7.",
        CLOSED,
    ]


def test_a_bot_jumps_in_and_play_goes_on_from_it() -> None:
    game = position(["g7 r2 y3", "b1 b4", "g7 y9 y8"], "g3", "speed")
    said = session(game, ["g7"], {1: bot(1), 2: bot(2, jump_in=1.0)})
    assert said[3:] == [
        "Round 1: Bob deals.",
        "The start card is Green 3.",
        turn("Green 3", 3),
        "You play Green 7.",
        "Bob jumps in with Green 7!",
        turn("Green 7", 2),
        CLOSED,
    ]


def test_dropping_two_identical_cards_typed_twice_or_with_a_count() -> None:
    for typed in ("g6 g6", "g6 x2", "green 6 green 6"):
        game = position(["g6 g6 r2 y3", "b1 b4", "y1 y2 b9"], "g3", "speed")
        said = session(game, [typed])
        assert said[5:] == [
            turn("Green 3", 4),
            "You drop two Green 6s.",
            "Ann draws a card.",
            "Ann plays Green 1.",
            "Bob plays Yellow 1.",
            turn("Yellow 1", 2),
            CLOSED,
        ], typed


def test_j_without_the_exact_match_rule_or_an_identical_card() -> None:
    said = session(position(["g7 r2", "b1 b4", "y1 y2"], "g3", "standard"), ["j"])
    assert said[4:] == ["Jumping in needs the Exact Match rule of Speed UNO.", CLOSED]
    said = session(position(["g7 r2", "b1 b4", "y1 y2"], "g3", "speed"), ["j"])
    assert said[6:] == [
        "You hold no card identical to the top card, Green 3: nothing to jump in with.",
        CLOSED,
    ]


def test_dropping_more_than_you_hold_is_refused() -> None:
    said = session(position(["g6 g6 r2 y3", "b1 b4", "y1 y2 b9"], "g3", "speed"), ["g6 x3"])
    assert said[6:] == ["You do not hold that many of Green 6.", CLOSED]


def test_a_draw_two_on_you_may_be_jumped_in_on_double_double() -> None:
    game = position(["r+2 g5 b1", "y4 y5 y6", "r+2 y9 y8"], "r3", "speed", dealer=1)
    said = session(game, ["", "r+2"])  # the card typed: the only way to put it down is j
    owe = (
        "Your turn. You owe 2 cards: type j to jump in with your Red Draw Two, or type a to "
        "accept them."
    )
    assert said[3:9] == [
        "Round 1: Ann deals.",
        "The start card is Red 3.",
        "Bob plays Red Draw Two.",
        owe,
        owe,
        "You jump in with Red Draw Two!",
    ]
    assert said[9] == "The stack is now 4 cards, on Ann."
    assert said[10] == "Ann accepts the stack and draws 4 cards."


ROUND = ["g0 r5 b1", "y4 y5", "y9"]  # your Green 0 passes the hands: Bob's one card to you


def test_round_n_round_you_are_handed_one_card_and_call_uno() -> None:
    game = position(ROUND, "g3", "speed")
    said = session(game, ["g0", "u"], {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)})
    assert said[5:] == [
        turn("Green 3", 3),
        "You play Green 0.",
        "Every hand passes to the left.",
        "You receive Bob's hand: 1 card: Yellow 9.",
        "Ann receives your hand: 2 cards.",
        "Bob receives Ann's hand: 2 cards.",
        "You were handed a single card: type u to call UNO now, or you may be caught and draw 5.",
        "You call UNO!",
        "Ann draws a card.",
        "Ann plays Green 1.",
        "Bob draws a card.",
        "Bob plays Yellow 1.",
        turn("Yellow 1", 1),
        CLOSED,
    ]


def test_round_n_round_without_the_call_a_bot_catches_you() -> None:
    game = position(ROUND, "g3", "speed")
    said = session(game, ["g0", ""], {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)})
    assert said[11:14] == [
        "You were handed a single card: type u to call UNO now, or you may be caught and draw 5.",
        "Bob catches you without UNO: you draw 5.",
        "You draw 5 cards: Green 1, Green 4, Green 5, Green 6, Yellow 1.",
    ]


def test_round_n_round_you_catch_a_bot_handed_one_card() -> None:
    # Ann's Green 0 passes the hands: Bob is handed her last-but-one card
    game = position(["y9 y8 y7", "g0 b2", "r5 r6 r7"], "g3", "speed", dealer=0)
    said = session(game, ["x"], {1: bot(1), 2: bot(2)})
    assert said[3:] == [
        "Round 1: you deal.",
        "The start card is Green 3.",
        "Ann calls UNO!",
        "Ann plays Green 0 and has one card left.",
        "Every hand passes to the left.",
        "You receive Bob's hand: 3 cards: Red 5, Red 6, Red 7.",
        "Ann receives your hand: 3 cards.",
        "Bob receives Ann's hand: 1 card.",
        "Bob was handed a single card and has not called UNO: type x to catch Bob, or press "
        "Enter to let play go on.",
        "You catch Bob without UNO: Bob draws 5.",
        "Bob plays Green 6.",
        turn("Green 6", 3),
        CLOSED,
    ]


# --------------------------------------------------------------------- stacking


STACK = ["g+2 b5 g1", "r+2 b1 b2", "r+2 y7 y8"]  # Bob begins: his Draw Two, then Ann's
STACK_PILE = "g3 g4 g5 g6 r9 r8 y1 y2 y3"


def test_you_answer_a_draw_two_with_a_draw_two_and_the_stack_comes_back_to_who_began_it() -> None:
    said = session(position(STACK, "r3", "stacking", STACK_PILE, dealer=1), ["g+2"])
    assert said[1:] == [
        "Stacking: answer a Draw Two with a Draw Two, or a Wild Draw Four with a Wild Draw "
        "Four, and the next player owes them all, until the stack comes back to who began "
        "it; a accepts them.",
        "Round 1: Ann deals.",
        "The start card is Red 3.",
        "Bob plays Red Draw Two.",
        "Your turn. You owe 2 cards: play a Draw Two to add to the stack, or type a to accept "
        "them.",
        "You play Green Draw Two.",
        "The stack is now 4 cards, on Ann.",
        "Ann plays Red Draw Two.",
        "The stack is now 6 cards, on Bob.",
        "Bob accepts the stack and draws 6 cards.",
        turn("Red Draw Two", 2),
        CLOSED,
    ]


def test_you_accept_a_stack() -> None:
    # you deal: Ann begins with her Draw Two, Bob adds his, you owe 4
    game = position(["g+2 b5 g1", "r+2 b1", "r+2 y7"], "r3", "stacking", STACK_PILE, dealer=0)
    said = session(game, ["a"])
    assert said[4:] == [
        "Ann calls UNO!",
        "Ann plays Red Draw Two and has one card left.",
        "Bob calls UNO!",
        "Bob plays Red Draw Two and has one card left.",
        "The stack is now 4 cards, on you.",
        "Your turn. You owe 4 cards: play a Draw Two to add to the stack, or type a to accept "
        "them.",
        "You accept the stack and draw 4 cards.",
        "You draw 4 cards: Green 3, Green 4, Green 5, Green 6.",
        "Ann draws a card.",
        "Ann calls UNO!",
        "Ann plays Red 9 and has one card left.",
        "Bob draws a card.",
        "Bob calls UNO!",
        "Bob plays Red 8 and has one card left.",
        turn("Red 8", 7),
        CLOSED,
    ]


def test_a_single_draw_two_accepted_under_stacking() -> None:
    said = session(position(STACK, "r3", "stacking", STACK_PILE, dealer=1), ["a"])
    assert said[6:8] == [
        "You accept the Draw Two.",
        "You draw 2 cards and lose the turn: Green 3, Green 4.",
    ]


class StackingBot:
    """Plays the first card it may, so adds to any stack it can (the random bot answers a
    Wild Draw Four with a challenge or by accepting it, never by stacking).
    """

    needs_view = False

    def choose(self, view: object, legal: Sequence[Action]) -> Action | None:
        return next((action for action in legal if isinstance(action, Play)), legal[0])


STACKERS = {1: StackingBot(), 2: StackingBot()}
FOURS_PILE = "g3 g4 g5 g6 r9 r8 y1 y2 y3 y4 y5 y6 g7 g8"


def test_a_stack_of_wild_draw_fours_on_you_is_challenged_for_all_it_holds() -> None:
    game = position(["b5 g1", "wi+4 b1 b2", "wi+4 y7 y8"], "r3", "stacking", FOURS_PILE, dealer=0)
    said = session(game, ["ch"], STACKERS)
    assert said[3:13] == [
        "The start card is Red 3.",
        "Ann plays Wild Draw Four.",
        "Ann chooses Blue.",
        "Bob plays Wild Draw Four.",
        "Bob chooses Blue.",
        "The stack is now 8 cards, on you.",
        "Your turn: Bob played a Wild Draw Four on you, and you owe 8 cards. Type h to "
        "challenge it, or type a to accept it and draw 8.",
        "You challenge Bob's Wild Draw Four: Bob was innocent, so you draw 10 and lose the turn.",
        "Bob shows you 2 cards: Yellow 7, Yellow 8.",
        "You draw 10 cards: Green 3, Green 4, Green 5, Green 6, Red 8, Red 9, Yellow 1, "
        "Yellow 2, Yellow 3, Yellow 4.",
    ]


def test_you_add_a_wild_draw_four_to_the_stack() -> None:
    game = position(["wi+4 b5 g1", "wi+4 b1", "wi+4 y7 y8"], "r3", "stacking", FOURS_PILE, dealer=1)
    said = session(game, ["wi+4 red"], STACKERS)
    assert said[4:14] == [
        "Bob plays Wild Draw Four.",
        "Bob chooses Blue.",
        "Your turn: Bob played a Wild Draw Four on you. Type h to challenge it, type a to accept "
        "it and draw 4, or play a Wild Draw Four to add to the stack.",
        "You play Wild Draw Four.",
        "You choose Red.",
        "The stack is now 8 cards, on Ann.",
        "Ann plays Wild Draw Four and has one card left.",
        "Ann chooses Blue.",
        "The stack is now 12 cards, on Bob.",
        "Ann has one card and did not call UNO: type x to catch Ann, or press Enter to let "
        "play go on.",
    ]


# --------------------------------------------------------------------- Anniversary cards


ANNIVERSARY = ["an r5 b1 g3", "y4 g2 y5", "g9 y9 g8"]
AFTER_ANNIVERSARY = [
    "Ann draws a card.",
    "Ann keeps the card.",
    "Bob draws a card.",
    "Bob keeps the card.",
    turn("Anniversary card, colour in play Red", 1),
    CLOSED,
]


def test_an_anniversary_card_asks_one_question_at_a_time() -> None:
    game = position(ANNIVERSARY, "g7", "anniversary")
    said = session(game, ["an", "purple", "red", "zed", "bob", "y4", "r5"])
    assert said[1:] == [
        "The deck has Anniversary cards: play one with its colour, whom you give your other "
        "cards to and the one you keep, as an red give Bob keep r5 uno.",
        "A player caught without UNO draws 4.",
        "Round 1: Bob deals.",
        "The start card is Green 7.",
        turn("Green 7", 4),
        "Which colour? blue, green, red or yellow",
        "'purple' is not a colour. A colour is blue, green, red or yellow.",
        "Whom do you give your other cards to? Ann, Bob",
        "'zed' is not a player here: type a name (Ann, Bob) or a seat number from 1 to 3.",
        "Which card do you keep? Blue 1, Green 3, Red 5",
        "You can keep only a card you hold besides the Anniversary card, not Yellow 4.",
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Bob "
        "2 cards: Blue 1, Green 3.",
        "You call UNO!",  # the play calls UNO: its player keeps one card
        "You choose Red.",
        *AFTER_ANNIVERSARY,
    ]
    assert [c.code for c in game.view(0).hand] == ["r5"]
    assert sorted(c.code for c in game.view(2).hand) == ["b1", "g3", "g8", "g9", "y1", "y9"]


def test_enter_at_a_question_plays_nothing_and_a_whole_command_asks_nothing() -> None:
    game = position(ANNIVERSARY, "g7", "anniversary")
    said = session(game, ["an", "", "an red give ann", "", "an red give bob keep r5 uno"])
    assert said[6:] == [
        "Which colour? blue, green, red or yellow",
        "No colour chosen: nothing was played.",
        "Which card do you keep? Blue 1, Green 3, Red 5",
        "Nothing was played.",
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Bob "
        "2 cards: Blue 1, Green 3.",
        "You call UNO!",
        "You choose Red.",
        *AFTER_ANNIVERSARY,
    ]


def test_a_bot_plays_an_anniversary_card() -> None:
    game = position(["r5 b1", "an g2 y5", "g9 y9"], "g7", "anniversary", dealer=0)
    said = session(game, [])
    assert said[3:] == [
        "Round 1: you deal.",
        "The start card is Green 7.",
        "Ann plays an Anniversary card: Happy Anniversary! Ann keeps one card and gives Bob "
        "1 card.",
        "Ann calls UNO!",
        "Ann chooses Blue.",
        "Bob draws a card.",
        "Bob keeps the card.",
        turn("Anniversary card, colour in play Blue", 2),
        CLOSED,
    ]


# --------------------------------------------------------------------- penalties, blank cards


def test_a_wrong_card_under_the_penalties_is_taken_back_with_two_more() -> None:
    game = position(["r5 b1 g3", "g4 y5", "g9 y9 g8"], "g7", "penalties", "y1 y2 g4")
    said = session(game, ["r5"])
    assert said == [
        WELCOME,
        "Penalties: a card that does not match is taken back, and you draw 2.",
        "Round 1: Bob deals.",
        "The start card is Green 7.",
        turn("Green 7", 3),
        "You played Red 5, which does not match: you take it back and draw 2.",
        "You draw 2 cards: Yellow 1, Yellow 2.",
        "Ann calls UNO!",
        "Ann plays Green 4 and has one card left.",
        "Bob plays Green 8.",
        turn("Green 8", 5),
        CLOSED,
    ]


def test_a_blank_card_is_played_as_the_card_it_stands_for() -> None:
    game = position(["bly7 r5 b1", "g4 y5", "g9 y9 g8"], "y3", "standard,blank_cards=y7")
    said = session(game, ["l", "y7"])
    assert said[1] == "Blank cards are written as Yellow 7: each plays as that card."
    assert said[5:7] == [
        "Your hand, 3 cards: Blue 1, Red 5, Yellow 7. You can play: Yellow 7.",
        "You play Yellow 7.",
    ]


# --------------------------------------------------------------------- partners, Challenge UNO


def test_a_partners_game_names_the_pairs_and_scores_each_pair() -> None:
    game = position(["b7", "b3 y5", "b1 y7", "b2 b4"], "b9", "partners")
    said = session(game, ["b7", "s"])
    assert said[:2] == [
        "UNO against Ann, Bob and Cy: the first pair to 500 points wins. "
        "Type help at any time to hear the commands.",
        "You and Bob play against Ann and Cy.",
    ]
    assert said[5:] == [
        "You play Blue 7 and go out.",
        "The round is over: you go out, and you and Bob win 14 points. "
        "Scores: you and Bob 14, Ann and Cy 0.",
        "Type n to deal the next round.",
        "Scores: you and Bob 14, Ann and Cy 0. The first pair to 500 wins.",
        CLOSED,
    ]


def test_a_player_who_reaches_the_limit_is_out_and_skipped() -> None:
    game = position(["r5", "y4 y5", "y9 y8 g1 g2 wi"], "r3", "challenge_uno", scores=[0, 470, 490])
    said = session(game, ["r5", "n", "w"])
    assert said[:8] == [
        "UNO against Ann and Bob: the points you are caught holding add up, 500 puts a "
        "player out, and the last one left wins. Type help at any time to hear the commands.",
        "Round 1: Bob deals.",
        "The start card is Red 3.",
        turn("Red 3", 1),
        "You play Red 5 and go out.",
        "The round is over: you go out. Points caught holding: Ann 9, Bob 70. "
        "Scores: you 0, Ann 479, Bob 560 (out).",
        "Bob reaches 560 points and is out of the game.",
        "Type n to deal the next round.",
    ]
    assert said[8] == "Round 2: you deal."
    assert "Bob" not in said[-2]
    assert said[-2].startswith("It is your turn. Play goes to the left, clockwise: ")
    assert not any(line.startswith("Bob ") for line in said[8:])


def test_rules_this_table_cannot_play_are_one_line_on_standard_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(2, ["random"], RuleSet.preset("partners"), 1, None) == 2
    assert capsys.readouterr().err == (
        "uno-access: The rules partners are for 4 players: use --players 4.\n"
    )
    assert run(4, ["random"], RuleSet.preset("partners_rotation"), 1, None) == 2
    assert capsys.readouterr().err.startswith("uno-access: A partner schedule ")


def test_when_you_are_out_you_listen_and_enter_has_the_next_round_dealt() -> None:
    game = position(
        ["wi r+2 b9", "y4", "y9 y8 g1 g2"], "y3", "challenge_uno", dealer=0, scores=[450, 0, 0]
    )
    said = session(game, ["d", "cc", ""])
    listen = "Press Enter to hear the next round, or type q to leave."
    assert said[1:13] == [
        "Round 1: you deal.",
        "The start card is Yellow 3.",
        "Ann plays Yellow 4 and goes out.",
        "The round is over: Ann goes out. Points caught holding: you 79, Bob 20. "
        "Scores: you 529 (out), Ann 0, Bob 20.",
        "You reach 529 points and are out of the game.",
        "You are out of this game: the others play on to the end while you listen.",
        listen,
        listen,  # d: drawing is for the players still in the game
        "Card check: you 3 cards, Ann 0 cards, Bob 4 cards.",
        "Round 2: Ann deals.",
        "The start card is Yellow Reverse.",
        "Bob is skipped.",
    ]
    assert said[-2:] == [listen, CLOSED]
    assert not any(line.startswith(("Your turn", "You play")) for line in said)


def test_a_no_mercy_face_typed_in_a_standard_game_is_refused_in_words() -> None:
    """A Draw Four of a colour (UNO Show 'Em No Mercy's) has no blank card standing for it:
    typed where it is not held, it is refused as any card not held, and nothing changes."""
    game = position(["b7 r5 b1", "g4 y5", "g9 y9 g8"], "y3", "standard")
    said = session(game, ["wild draw four green", "green draw four", "l"])
    assert not any("Traceback" in line for line in said)
    assert said[4:6] == [
        "'wild draw four green' is not a command or a card. Type a card (b7, blue 7, wi red), "
        "d to draw, or help for all commands.",
        "You do not hold Green Draw Four.",
    ]
    assert said[6].startswith("Your hand, 3 cards: Blue 1, Blue 7, Red 5.")
