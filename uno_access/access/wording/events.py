"""What happens at the table, said to one player (the viewer): each event's sentence
and its brief form.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import ANNIVERSARY, Card, Color
from ...engine.events import Refusal
from ..message import Parts
from .cards import card_list, card_name, cards_name, color_name, count_cards
from .forms import _BRIEF, Who, _capital, _with_cards

REFUSALS: dict[Refusal, str] = {
    Refusal.NO_SUCH_SEAT: "There is no such seat at this table.",
    Refusal.GAME_OVER: "The game is over.",
    Refusal.ROUND_OVER: "The round is over; deal the next round first.",
    Refusal.ROUND_NOT_OVER: "The round is still being played.",
    Refusal.NOT_YOUR_TURN: "It is not your turn.",
    Refusal.NOT_IN_HAND: "You do not hold {card}.",
    Refusal.DOES_NOT_MATCH: "{card} does not match the top card: match its colour, number "
    "or symbol, or play a Wild.",
    Refusal.NEED_COLOR: "Choose a colour for {card}: blue, green, red or yellow.",
    Refusal.CHOOSE_START_COLOR: "First choose the colour for the Wild that started the pile.",
    Refusal.NO_COLOR_TO_CHOOSE: "There is no colour to choose now.",
    Refusal.ANSWER_CHALLENGE: "A Wild Draw Four was played on you: challenge it or accept it.",
    Refusal.NO_CHALLENGE: "There is no Wild Draw Four to challenge or accept.",
    Refusal.ALREADY_DREW: "You have already drawn this turn.",
    Refusal.NOTHING_DRAWN: "You have not drawn a card this turn.",
    Refusal.ONLY_DRAWN_CARD: "After drawing you may play only the card you drew, {card}, "
    "or keep it.",
    Refusal.DRAWN_NOT_PLAYABLE: "{card}, the card you drew, does not match: keep it.",
    Refusal.UNO_NOT_NOW: "Call UNO just before you play your next-to-last card, as you play "
    "it, or right after it.",
    Refusal.CATCH_SELF: "You cannot catch yourself.",
    Refusal.CATCH_SAFE: "That player is safe: they called UNO or do not hold one card.",
    Refusal.ANSWER_STACK: "You owe the cards stacked on you: add a card of the same kind if "
    "you may, or accept them.",
    Refusal.STACK_CANNOT_ADD: "The stack has come back to you, who began it: you cannot add "
    "to it; accept it.",
    Refusal.MUST_PLAY_DRAWN: "In Speed UNO you play the card you drew until one matched: {card}.",
    Refusal.NO_FOUR_FINISH: "In Speed UNO you may not go out on a Wild Draw Four.",
    Refusal.NO_DROPPING: "Several cards at once only with the Dropping rule of Speed UNO.",
    Refusal.NOT_ENOUGH_COPIES: "You do not hold that many of {card}.",
    Refusal.NO_JUMP_IN: "Jumping in needs the Exact Match rule of Speed UNO.",
    Refusal.JUMP_IN_NOT_YET: "You cannot jump in now: wait for the next card to be played.",
    Refusal.JUMP_IN_NOT_IDENTICAL: "{card} is not identical to the top card: only the exact "
    "same card may jump in.",
    Refusal.JUMP_IN_AFTER_DRAWING: "You drew since the last card was played: no jumping in "
    "until the next one.",
    Refusal.JUMP_IN_TOO_LATE: "Too late: someone jumped in first.",
    Refusal.JUMP_IN_OWN_CARD: "You played that card yourself: jumping in is for the others. "
    "To put identical cards down together, play them at once.",
    Refusal.ANNIVERSARY_TARGET: "An Anniversary card needs another player still in the game "
    "to give your hand to.",
    Refusal.ANNIVERSARY_KEEP: "Say which one of your cards you keep when you play the "
    "Anniversary card.",
    Refusal.NO_PENALTIES: "This table does not play the penalties for table talk.",
    Refusal.ELIMINATED: "You are out of this game.",
}


def refusal(reason: Refusal, card: Card | None = None) -> str:
    """One self-contained sentence saying why an action was not allowed."""
    text = REFUSALS[reason]
    return text.format(card=card_name(card)) if card is not None else text.replace(" {card}", "")


def dealer_drew(who: Who, card: Card) -> str:
    return f"{who.subject} {who.verb('draws', 'draw')} {card_name(card)} to choose the dealer."


def dealer_chosen(who: Who) -> str:
    deals = who.verb("deals", "deal")
    return f"{who.subject} {who.verb('has', 'have')} the highest card and {deals}."


def round_started(number: int, dealer: Who) -> str:
    return f"Round {number}: {dealer.obj} {dealer.verb('deals', 'deal')}."


def hand_dealt(cards: Iterable[Card], count: int) -> str:
    return f"You are dealt {count_cards(count)}: {card_list(card_name(c) for c in cards)}."


def hand_dealt_to(who: Who, count: int) -> str:
    return f"{who.subject} {who.verb('is', 'are')} dealt {count_cards(count)}."


def start_card(card: Card) -> str:
    return f"The start card is {card_name(card)}."


def start_card_returned(card: Card) -> str:
    return f"{card_name(card)} turned up to start: it goes back into the deck, which is shuffled."


def turn_started(who: Who) -> str:
    return "Your turn." if who.you else f"{who.name}'s turn."


def card_played(
    who: Who, card: Card, cards_left: int, count: int = 1, jump_in: bool = False
) -> str:
    """A play: one card, ``count`` identical cards dropped at once, or a jump-in."""
    what = card_name(card) if count == 1 else cards_name(card, count)
    if jump_in:
        play = f"{who.subject} {who.verb('jumps', 'jump')} in with {what}"
    elif count > 1:
        play = f"{who.subject} {who.verb('drops', 'drop')} {what}"
    else:
        play = f"{who.subject} {who.verb('plays', 'play')} {what}"
    end = "!" if jump_in else "."
    if cards_left == 1:
        return f"{play} and {who.verb('has', 'have')} one card left{end}"
    if cards_left == 0:
        return f"{play} and {who.verb('goes', 'go')} out{end}"
    return f"{play}{end}"


def color_chosen(who: Who, color: Color) -> str:
    return f"{who.subject} {who.verb('chooses', 'choose')} {color_name(color)}."


def cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> str:
    """A draw; ``cards`` only for the viewer's own draw, ``loses_turn`` when skipped too."""
    if count == 0:
        return f"{who.subject} {who.verb('draws', 'draw')} nothing: both piles are empty."
    skip = f" and {who.verb('loses', 'lose')} the turn" if loses_turn else ""
    draws = f"{who.subject} {who.verb('draws', 'draw')}"
    if cards is None:
        what = "a card" if count == 1 else f"{count} cards"
        return f"{draws} {what}{skip}."
    names = [card_name(c) for c in cards]
    if count == 1 and not skip:
        return f"{draws} {names[0]}."
    return f"{draws} {count_cards(count)}{skip}: {card_list(names)}."


def could_not_draw(who: Who) -> str:
    return (
        f"{who.subject} {who.verb('finds', 'find')} both piles empty, so the turn passes "
        "without a draw."
    )


def drawn_card_kept(who: Who) -> str:
    return f"{who.subject} {who.verb('keeps', 'keep')} the card."


def player_skipped(who: Who) -> str:
    return f"{who.subject} {who.verb('is', 'are')} skipped."


def direction_changed(clockwise: bool) -> str:
    if clockwise:
        return "Play now goes to the left, clockwise."
    return "Play now goes to the right, counterclockwise."


def uno_called(who: Who) -> str:
    return f"{who.subject} {who.verb('calls', 'call')} UNO!"


def uno_caught(catcher: Who, target: Who, penalty: int) -> str:
    return (
        f"{catcher.subject} {catcher.verb('catches', 'catch')} {target.obj} without UNO: "
        f"{target.obj} {target.verb('draws', 'draw')} {penalty}."
    )


def challenge_made(challenger: Who, target: Who) -> str:
    return (
        f"{challenger.subject} {challenger.verb('challenges', 'challenge')} "
        f"{target.possessive} Wild Draw Four."
    )


def challenge_resolved(challenger: Who, target: Who, guilty: bool, drawn: int | None = None) -> str:
    """``drawn``: what the loser draws (a stack of Wild Draw Fours makes it more than 4 or 6)."""
    made = (
        f"{challenger.subject} {challenger.verb('challenges', 'challenge')} "
        f"{target.possessive} Wild Draw Four"
    )
    if guilty:
        return (
            f"{made}: {target.obj} {target.verb('was', 'were')} guilty and "
            f"{target.verb('draws', 'draw')} {4 if drawn is None else drawn}."
        )
    return (
        f"{made}: {target.obj} {target.verb('was', 'were')} innocent, so {challenger.obj} "
        f"{challenger.verb('draws', 'draw')} {6 if drawn is None else drawn} and "
        f"{challenger.verb('loses', 'lose')} the turn."
    )


def hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> str:
    if cards is None:  # the viewer showed their own hand
        return f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count_cards(count)}."
    names = card_list(card_name(c) for c in cards)
    return f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count_cards(count)}: {names}."


def draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> str:
    """Accepting what is owed: a Wild Draw Four, a Draw Two, or a ``stack`` of ``total`` cards
    (by default a stack is any total but 2 or 4).
    """
    accepts = f"{who.subject} {who.verb('accepts', 'accept')}"
    if stack is None:
        stack = total not in (2, 4)
    if not stack:
        return f"{accepts} the {'Draw Two' if total == 2 else 'Wild Draw Four'}."
    if total == 0:
        return f"{accepts} the stack, but both piles are empty: there is nothing to draw."
    return f"{accepts} the stack and {who.verb('draws', 'draw')} {count_cards(total)}."


def stack_grew(owes: Who, total: int) -> str:
    return f"The stack is now {count_cards(total)}, on {owes.obj}."


def hands_passed(clockwise: bool) -> str:
    return f"Every hand passes to the {'left' if clockwise else 'right'}."


def hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> str:
    """Round-n-Round; ``cards`` only for the viewer's own new hand."""
    got = (
        f"{who.subject} {who.verb('receives', 'receive')} {giver.possessive} hand: "
        f"{count_cards(count)}"
    )
    if cards is None:
        return f"{got}."
    return f"{got}: {card_list(card_name(c) for c in cards)}."


def anniversary_played(giver: Who, target: Who, count: int, cards: Iterable[Card] | None) -> str:
    """ "Happy Anniversary!"; ``cards`` for the giver and the receiver only."""
    given = (
        f"{giver.subject} {giver.verb('plays', 'play')} an Anniversary card: Happy Anniversary! "
        f"{giver.subject} {giver.verb('keeps', 'keep')} one card and "
        f"{giver.verb('gives', 'give')} {target.obj} {count_cards(count) if count else 'no cards'}"
    )
    if cards is None or not count:
        return f"{given}."
    return f"{given}: {card_list(card_name(c) for c in cards)}."


def wrong_card(who: Who, card: Card, count: int = 2) -> str:
    return (
        f"{who.subject} played {card_name(card)}, which does not match: {who.obj} "
        f"{who.verb('takes', 'take')} it back and {who.verb('draws', 'draw')} {count}."
    )


def suggestion_penalty(who: Who, count: int = 2) -> str:
    return f"{who.subject} suggested a play and {who.verb('draws', 'draw')} {count}."


def player_eliminated(who: Who, score: int) -> str:
    return (
        f"{who.subject} {who.verb('reaches', 'reach')} {score} points and "
        f"{who.verb('is', 'are')} out of the game."
    )


def reshuffled(count: int) -> str:
    return f"The DISCARD pile is shuffled into a new DRAW pile of {count_cards(count)}."


def score_list(scores: Iterable[tuple[Who, int]]) -> str:
    return "Scores: " + ", ".join(f"{who.obj} {points}" for who, points in scores) + "."


def team_name(members: Iterable[Who]) -> str:
    """Partners inside a sentence, the viewer first: "you and Cy", "Ann and Bob"."""
    names = [who.obj for who in sorted(members, key=lambda who: not who.you)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def team_scores(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    """Partners' scores, one per pair: "Scores: you and Cy 57, Ann and Bob 0."."""
    return "Scores: " + ", ".join(f"{team_name(team)} {points}" for team, points in teams) + "."


def totals_list(scores: Iterable[tuple[Who, int, bool]]) -> str:
    """Challenge UNO: each running total, "(out)" after a player who reached the limit."""
    return (
        "Scores: "
        + ", ".join(f"{who.obj} {points}{' (out)' if out else ''}" for who, points, out in scores)
        + "."
    )


def teams_line(mine: Iterable[Who], theirs: Iterable[Iterable[Who]]) -> str:
    """The partners at the start: "You and Bob play against Ann and Cy."."""
    others = [team_name(team) for team in theirs]
    against = others[0] if len(others) == 1 else "the pairs " + "; ".join(others)
    return f"{_capital(team_name(mine))} play against {against}."


def round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> str:
    """``gained`` is what the winner scored, or None when each counts their own hand;
    ``hands``: the points left in each other hand, which make up ``gained``.
    """
    if gained is None:
        what = f"{winner.obj} {winner.verb('goes', 'go')} out"
    else:
        what = f"{winner.obj} {winner.verb('wins', 'win')} {gained} points"
        hands = list(hands)
        if len(hands) > 1:  # with one opponent, their hand is the whole score
            what += " (" + ", ".join(f"{who.obj} {points}" for who, points in hands) + ")"
    return f"The round is over: {what}. {score_list(scores)}"


def round_ended_partners(
    winner: Who, team: Iterable[Who], gained: int, scores: Iterable[tuple[Iterable[Who], int]]
) -> str:
    """Partners: the pair of the player who went out scores both opposing hands."""
    return (
        f"The round is over: {winner.obj} {winner.verb('goes', 'go')} out, and "
        f"{team_name(team)} win {gained} points. {team_scores(scores)}"
    )


def round_ended_own_hands(
    winner: Who, added: Iterable[tuple[Who, int]], scores: str, caught: bool
) -> str:
    """Lowest scoring or Challenge UNO: each adds the points left in their own hand
    (``caught``: Challenge UNO, the points they were caught holding); ``scores`` is said last.
    """
    added = list(added)
    out = f"The round is over: {winner.obj} {winner.verb('goes', 'go')} out."
    if not added:
        return f"{out} {scores}"
    what = "Points caught holding" if caught else "Points left in hands"
    points = ", ".join(f"{who.obj} {n}" for who, n in added)
    return f"{out} {what}: {points}. {scores}"


def game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    return (
        f"The game is over: {winner.obj} {winner.verb('wins', 'win')} the game. "
        f"{score_list(scores)}"
    )


def game_ended_partners(team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]) -> str:
    return f"The game is over: {team_name(team)} win the game. {team_scores(scores)}"


def game_ended_lowest(winner: Who, scores: Iterable[tuple[Who, int]]) -> str:
    return (
        f"The game is over: {winner.obj} {winner.verb('wins', 'win')} the game with the "
        f"lowest score. {score_list(scores)}"
    )


def game_ended_last_left(winner: Who, scores: str) -> str:
    """Challenge UNO: the last player not out wins."""
    return (
        f"The game is over: {winner.obj} {winner.verb('is', 'are')} the last player left and "
        f"{winner.verb('wins', 'win')} the game. {scores}"
    )


def _counts(pairs: Iterable[tuple[Who, int]]) -> str:
    return ", ".join(
        f"{who.subject if i == 0 else who.obj} {n}" for i, (who, n) in enumerate(pairs)
    )


def _team_counts(teams: Iterable[tuple[Iterable[Who], int]]) -> str:
    return ", ".join(f"{team_name(team)} {points}" for team, points in teams)


def _b_dealer_drew(who: Who, card: Card) -> Parts:
    return (f"{who.subject} {who.verb('draws', 'draw')} ", card, " for dealer")


def _b_dealer_chosen(who: Who) -> Parts:
    return (f"{who.subject} {who.verb('deals', 'deal')}",)


def _b_round_started(number: int, dealer: Who) -> Parts:
    return (f"Round {number}, {dealer.obj} {dealer.verb('deals', 'deal')}",)


def _b_hand_dealt(cards: Iterable[Card], count: int) -> Parts:
    return _with_cards(f"You get {count}: ", cards)


def _b_hand_dealt_to(who: Who, count: int) -> Parts:
    return (f"{who.subject} {who.verb('gets', 'get')} {count}",)


def _b_start_card(card: Card) -> Parts:
    return ("Start ", card)


def _b_start_card_returned(card: Card) -> Parts:
    return ("Start ", card, " back in deck")


def _b_turn_started(who: Who) -> Parts:
    return ("Your turn",) if who.you else (f"{who.possessive} turn",)


def _b_card_played(
    who: Who, card: Card, cards_left: int, count: int = 1, jump_in: bool = False
) -> Parts:
    lead = (
        f"{who.subject} jumps in: "
        if jump_in and not who.you
        else ("You jump in: " if jump_in else f"{who.subject}: ")
    )
    times = f" x{count}" if count > 1 else ""
    end = ", 1 left" if cards_left == 1 else (", out" if cards_left == 0 else "")
    return (lead, card, times + end)


def _b_color_chosen(who: Who, color: Color) -> Parts:
    return (f"{who.subject}: {color_name(color).lower()}",)


def _b_cards_drawn(who: Who, count: int, cards: Iterable[Card] | None, loses_turn: bool) -> Parts:
    draws = f"{who.subject} {who.verb('draws', 'draw')}"
    skip = ", skipped" if loses_turn else ""
    if count == 0:
        return (f"{draws} nothing, piles empty",)
    if cards is None:
        return (f"{draws} {count}{skip}",)
    lead = f"{draws} {count}: " if count > 1 else f"{draws} "
    drawn = _with_cards(lead, cards)
    return (*drawn, skip) if skip else drawn  # the cards first: "You draw 2: g9 r4, skipped"


def _b_could_not_draw(who: Who) -> Parts:
    return (f"{who.subject}: piles empty, turn passes",)


def _b_drawn_card_kept(who: Who) -> Parts:
    return (f"{who.subject} {who.verb('keeps', 'keep')} it",)


def _b_player_skipped(who: Who) -> Parts:
    return (f"{who.subject} skipped",)


def _b_direction_changed(clockwise: bool) -> Parts:
    return (f"Play goes {'left' if clockwise else 'right'}",)


def _b_uno_called(who: Who) -> Parts:
    return (f"{who.subject}: UNO!",)


def _b_uno_caught(catcher: Who, target: Who, penalty: int) -> Parts:
    return (f"{target.subject} caught by {catcher.obj}, {target.verb('draws', 'draw')} {penalty}",)


def _b_challenge_made(challenger: Who, target: Who) -> Parts:
    return (f"{challenger.subject} {challenger.verb('challenges', 'challenge')} {target.obj}",)


def _b_challenge_resolved(
    challenger: Who, target: Who, guilty: bool, drawn: int | None = None
) -> Parts:
    challenges = f"{challenger.subject} {challenger.verb('challenges', 'challenge')}"
    if guilty:
        n = 4 if drawn is None else drawn
        return (f"{challenges}: {target.obj} guilty, {target.verb('draws', 'draw')} {n}",)
    n = 6 if drawn is None else drawn
    return (
        f"{challenges}: {target.obj} innocent, {challenger.obj} "
        f"{challenger.verb('draws', 'draw')} {n}",
    )


def _b_hand_shown(owner: Who, to: Who, cards: Iterable[Card] | None, count: int) -> Parts:
    if cards is None:
        return (f"{owner.subject} {owner.verb('shows', 'show')} {to.obj} {count}",)
    return _with_cards(f"{owner.possessive.capitalize()} hand: ", cards)


def _b_draw_accepted(who: Who, total: int = 4, stack: bool | None = None) -> Parts:
    return (f"{who.subject} {who.verb('accepts', 'accept')}, {who.verb('draws', 'draw')} {total}",)


def _b_stack_grew(owes: Who, total: int) -> Parts:
    return (f"Stack {total} on {owes.obj}",)


def _b_hands_passed(clockwise: bool) -> Parts:
    return (f"Hands pass {'left' if clockwise else 'right'}",)


def _b_hand_received(who: Who, giver: Who, count: int, cards: Iterable[Card] | None) -> Parts:
    gets = f"{who.subject} {who.verb('gets', 'get')}"
    if cards is None:
        return (f"{gets} {giver.possessive} {count}",)
    return _with_cards(f"{gets} from {giver.obj}: ", cards)


def _b_anniversary_played(
    giver: Who, target: Who, count: int, cards: Iterable[Card] | None
) -> Parts:
    if cards is None or not count:
        gives = f" {giver.verb('gives', 'give')} {target.obj} {count}"
        return (f"{giver.subject}: ", ANNIVERSARY, gives)
    return (f"{giver.subject}: ", ANNIVERSARY, *_with_cards(f" to {target.obj}: ", cards))


def _b_wrong_card(who: Who, card: Card, count: int = 2) -> Parts:
    return (f"{who.subject}: ", card, f" wrong, {who.verb('draws', 'draw')} {count}")


def _b_suggestion_penalty(who: Who, count: int = 2) -> Parts:
    return (f"{who.subject} suggested, {who.verb('draws', 'draw')} {count}",)


def _b_player_eliminated(who: Who, score: int) -> Parts:
    return (f"{who.subject} out at {score}",)


def _b_reshuffled(count: int) -> Parts:
    return (f"Reshuffled, draw pile {count}",)


def _b_round_ended(
    winner: Who,
    gained: int | None,
    scores: Iterable[tuple[Who, int]],
    hands: Iterable[tuple[Who, int]] = (),
) -> Parts:
    won = f"+{gained}" if gained is not None else "out"
    return (f"Round: {winner.obj} {won}. {_counts(scores)}",)


def _b_round_ended_partners(
    winner: Who, team: Iterable[Who], gained: int, scores: Iterable[tuple[Iterable[Who], int]]
) -> Parts:
    return (f"Round: {winner.obj} out, {team_name(team)} +{gained}. {_team_counts(scores)}",)


def _b_round_ended_own_hands(
    winner: Who, added: Iterable[tuple[Who, int]], scores: str, caught: bool
) -> Parts:
    return (f"Round: {winner.obj} out. {scores}",)


def _b_game_ended(winner: Who, scores: Iterable[tuple[Who, int]]) -> Parts:
    return (f"Game: {winner.obj} {winner.verb('wins', 'win')}. {_counts(scores)}",)


def _b_game_ended_partners(
    team: Iterable[Who], scores: Iterable[tuple[Iterable[Who], int]]
) -> Parts:
    return (f"Game: {team_name(team)} win. {_team_counts(scores)}",)


def _b_game_ended_last_left(winner: Who, scores: str) -> Parts:
    return (f"Game: {winner.obj} {winner.verb('wins', 'win')}. {scores}",)


# refusals whose card comes late in the sentence: their brief form leads with it
_REFUSALS_BRIEF: dict[Refusal, str] = {
    Refusal.NEED_COLOR: "{card} needs a colour: blue, green, red or yellow.",
    Refusal.ONLY_DRAWN_CARD: "{card} drawn: play it or keep it.",
    Refusal.MUST_PLAY_DRAWN: "{card} drawn until one matched: play it.",
    Refusal.NOT_ENOUGH_COPIES: "{card}: you do not hold that many.",
}


def _b_refusal(reason: Refusal, card: Card | None = None) -> Parts:
    if card is None:
        return (refusal(reason),)
    before, _, after = _REFUSALS_BRIEF.get(reason, REFUSALS[reason]).partition("{card}")
    return tuple(part for part in (before, card, after) if part != "")


_BRIEF.update(
    {
        dealer_drew: _b_dealer_drew,
        dealer_chosen: _b_dealer_chosen,
        round_started: _b_round_started,
        hand_dealt: _b_hand_dealt,
        hand_dealt_to: _b_hand_dealt_to,
        start_card: _b_start_card,
        start_card_returned: _b_start_card_returned,
        turn_started: _b_turn_started,
        card_played: _b_card_played,
        color_chosen: _b_color_chosen,
        cards_drawn: _b_cards_drawn,
        could_not_draw: _b_could_not_draw,
        drawn_card_kept: _b_drawn_card_kept,
        player_skipped: _b_player_skipped,
        direction_changed: _b_direction_changed,
        uno_called: _b_uno_called,
        uno_caught: _b_uno_caught,
        challenge_made: _b_challenge_made,
        challenge_resolved: _b_challenge_resolved,
        hand_shown: _b_hand_shown,
        draw_accepted: _b_draw_accepted,
        stack_grew: _b_stack_grew,
        hands_passed: _b_hands_passed,
        hand_received: _b_hand_received,
        anniversary_played: _b_anniversary_played,
        wrong_card: _b_wrong_card,
        suggestion_penalty: _b_suggestion_penalty,
        player_eliminated: _b_player_eliminated,
        reshuffled: _b_reshuffled,
        round_ended: _b_round_ended,
        round_ended_partners: _b_round_ended_partners,
        round_ended_own_hands: _b_round_ended_own_hands,
        game_ended: _b_game_ended,
        game_ended_partners: _b_game_ended_partners,
        game_ended_lowest: _b_game_ended,
        game_ended_last_left: _b_game_ended_last_left,
        refusal: _b_refusal,
    }
)
