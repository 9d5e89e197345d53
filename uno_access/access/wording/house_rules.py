"""The house rules players bring from other audio card games (Seven-O, draw
responses, force play, draw to match, no bluffing, must play, draw no skip, no action
finish, colour only, jump-in any colour, declining the Seven-O swap, false calls, wrong
jump-ins, stack deflection, straights): their refusals, events, the Seven-O question, and their
descriptions at the set-up and at the start of a game."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color
from ...engine.events import Refusal
from ...engine.rules import CustomWild, RuleSet
from ..message import Parts
from .answers import card_counts, tally
from .cards import card_name, color_name
from .events import B_REFUSALS, REFUSALS
from .forms import LIST_SEPARATOR, SAID_AS_BRAILLE, Fixed, Who, between, fill, pick, register
from .keys import TYPED, TYPED_PART_WORDS, How, keyed, split_words
from .language import N_, tr
from .play import ANSWER_BY_LINE, ASKED_BY_LINE

# Seven-O, progressive draw responses, force play, draw to match, no bluffing (RULES.md,
# "House rules"): the events, the refusals, the Seven-O question, the one-line
# descriptions at the start of a game and in the setup's rules question.


# (hands_swapped, its braille and brief forms: in wording/events.py)

REFUSALS.update(
    {
        Refusal.SWAP_TARGET: N_(
            "With Seven-O a 7 swaps your hand with another player's: name "
            "a player still in the game, as r7 Bob."
        ),
        # Translators: "wisw red Bob" is typed as it is
        Refusal.SWAP_WILD_TARGET: N_(
            "A Wild Swap Hands swaps your hand with another player's: name a player still in "
            "the game, as wisw red Bob."
        ),
        Refusal.NO_BLUFFING: N_(
            "No bluffing: a Wild Draw Four may be played only when you hold "
            "no card of the colour in play."
        ),
        Refusal.MUST_PLAY_DRAWN_CARD: N_(
            "Force play: the card you drew can be played, so you must play it: {card}."
        ),
        Refusal.DRAWN_TO_MATCH: N_(
            "Draw to match: you drew until a card matched, so you must play it: {card}."
        ),
        Refusal.NOTHING_TO_CHALLENGE: N_(
            "No bluffing: a Wild Draw Four is played only when it "
            "is legal, so there is nothing to challenge; accept the cards."
        ),
        Refusal.MUST_PLAY: N_(
            "Must play: you may not draw while you hold a card you can play, such as {card}."
        ),
        Refusal.NO_ACTION_FINISH: N_(
            "No going out on an action card: your last card must be a number card."
        ),
        Refusal.COLOR_ONLY: N_(
            "Colour only: {card} does not match the colour in play. Play a card of that "
            "colour, or a Wild."
        ),
        Refusal.NO_STRAIGHTS: N_("Straights are not played at this table: play one card."),
        Refusal.STRAIGHT_NUMBERS: N_(
            "{card} cannot begin a straight: a straight is number cards of one colour, one "
            "of each number, played on your turn."
        ),
        Refusal.STRAIGHT_NOT_HELD: N_(
            "You do not hold {card}: a straight goes on only with the next card you hold."
        ),
    }
)
B_REFUSALS.update(
    {
        Refusal.SWAP_TARGET: N_("A 7 swaps: name a player"),
        Refusal.SWAP_WILD_TARGET: N_("It swaps: name a player"),
        Refusal.NO_BLUFFING: N_("No bluffing: {wild4} not now"),
        Refusal.MUST_PLAY_DRAWN_CARD: N_("{card} drawn, it plays: play it"),
        Refusal.DRAWN_TO_MATCH: N_("{card} drawn to match: play it"),
        Refusal.NOTHING_TO_CHALLENGE: N_("No bluffing: accept"),
        Refusal.MUST_PLAY: N_("Must play: {card} plays"),
        Refusal.NO_ACTION_FINISH: N_("Go out on a number only"),
        Refusal.COLOR_ONLY: N_("{card}: colour only"),
        Refusal.NO_STRAIGHTS: N_("No straights here"),
        Refusal.STRAIGHT_NUMBERS: N_("{card}: no straight"),
        Refusal.STRAIGHT_NOT_HELD: N_("No {card} held"),
    }
)

SWAP_PROMPT = N_("with whom> ")
SWAP_WORDS = split_words(TYPED_PART_WORDS["swap"])  # English; part_words("swap")
NOTHING_SWAPPED = N_("Nobody chosen to swap hands with: nothing was played.")
nothing_swapped = Fixed(NOTHING_SWAPPED, N_("No one chosen: not played"))
# {names}: the players still in the game, separated by commas
WHOM_TO_SWAP = N_("Whom do you swap hands with? {names}")
B_WHOM_TO_SWAP = N_("Swap? {names}")  # {names}: separated by spaces
# Translators: "me" is typed as it is (the typed words for oneself).
WHOM_TO_SWAP_OR_KEEP = N_(
    "Whom do you swap hands with? {names}; or yourself (me), to keep your hand"
)
B_WHOM_TO_SWAP_OR_KEEP = N_("Swap? {names} me")
# the menu's choice of oneself, with seven_o_decline
KEEP_MY_HAND = N_("Yourself: keep your hand")


YOU_KEEP_YOUR_HAND = N_("You keep your hand: no swap.")
THEY_KEEP_THEIR_HAND = N_("{player} keeps the same hand: no swap.")
B_YOU_KEEP_YOUR_HAND = N_("You keep your hand")
B_THEY_KEEP_THEIR_HAND = N_("{player} keeps hand")


def swap_declined(who: Who) -> str:
    """Seven-O with ``seven_o_decline``: ``who`` played a 7 and kept the same hand."""
    return pick(who, tr(YOU_KEEP_YOUR_HAND), tr(THEY_KEEP_THEIR_HAND)).format(player=who.name)


def _b_swap_declined(who: Who) -> Parts:
    said = pick(who, tr(B_YOU_KEEP_YOUR_HAND), tr(B_THEY_KEEP_THEIR_HAND))
    return (said.format(player=who.name),)


register(swap_declined, braille=_b_swap_declined, brief=SAID_AS_BRAILLE)


# a false UNO call, a wrong catch (option false_uno_penalty); {count} is 2
YOU_CALLED_UNO_FALSELY = N_("You called UNO when it was not due: you draw {count} cards.")
THEY_CALLED_UNO_FALSELY = N_("{player} called UNO when it was not due and draws {count} cards.")
B_YOU_CALLED_UNO_FALSELY = N_("False UNO: you draw {count}")
B_THEY_CALLED_UNO_FALSELY = N_("{player} false UNO: draws {count}")
YOU_CATCH_WRONGLY = N_("{target} was safe: a wrong catch, so you draw {count} cards.")
THEY_CATCH_YOU_WRONGLY = N_(
    "{player} tried to catch you, but you were safe: {player} draws {count} cards."
)
THEY_CATCH_WRONGLY = N_("{player} tried to catch {target}, who was safe, and draws {count} cards.")
B_YOU_CATCH_WRONGLY = N_("Wrong catch: you draw {count}")
B_THEY_CATCH_YOU_WRONGLY = N_("{player} wrong catch: draws {count}")
B_THEY_CATCH_WRONGLY = N_("{player} wrong catch: draws {count}")


def false_uno(who: Who, count: int) -> str:
    """Option false_uno_penalty: ``who`` called UNO when it was not due and draws ``count``."""
    said = pick(who, tr(YOU_CALLED_UNO_FALSELY), tr(THEY_CALLED_UNO_FALSELY))
    return said.format(player=who.name, count=count)


def _b_false_uno(who: Who, count: int) -> Parts:
    said = pick(who, tr(B_YOU_CALLED_UNO_FALSELY), tr(B_THEY_CALLED_UNO_FALSELY))
    return (said.format(player=who.name, count=count),)


register(false_uno, braille=_b_false_uno, brief=SAID_AS_BRAILLE)


def wrong_catch(who: Who, target: Who, count: int) -> str:
    """Option false_uno_penalty: ``who`` tried to catch ``target``, who was safe, and draws
    ``count``."""
    said = between(
        who, target, tr(YOU_CATCH_WRONGLY), tr(THEY_CATCH_YOU_WRONGLY), tr(THEY_CATCH_WRONGLY)
    )
    return said.format(player=who.name, target=target.name, count=count)


def _b_wrong_catch(who: Who, target: Who, count: int) -> Parts:
    said = between(
        who, target, tr(B_YOU_CATCH_WRONGLY), tr(B_THEY_CATCH_YOU_WRONGLY), tr(B_THEY_CATCH_WRONGLY)
    )
    return (said.format(player=who.name, target=target.name, count=count),)


register(wrong_catch, braille=_b_wrong_catch, brief=SAID_AS_BRAILLE)


# a Wild Shuffle Hands played (option wild_shuffle_hands); {counts}: "Ann 4 cards, you 3 cards"
YOU_SHUFFLE_HANDS = N_("You collect every hand, shuffle them and deal them out: {counts}.")
THEY_SHUFFLE_HANDS = N_("{player} collects every hand, shuffles them and deals them out: {counts}.")
B_YOU_SHUFFLE_HANDS = N_("You shuffle hands: {counts}")
B_THEY_SHUFFLE_HANDS = N_("{player} shuffles hands: {counts}")


def hands_shuffled(who: Who, counts: Iterable[tuple[Who, int]]) -> str:
    """A Wild Shuffle Hands: ``who`` dealt every hand out again; how many each now holds."""
    said = pick(who, tr(YOU_SHUFFLE_HANDS), tr(THEY_SHUFFLE_HANDS))
    return said.format(player=who.name, counts=card_counts(counts))


def _b_hands_shuffled(who: Who, counts: Iterable[tuple[Who, int]]) -> Parts:
    said = pick(who, tr(B_YOU_SHUFFLE_HANDS), tr(B_THEY_SHUFFLE_HANDS))
    return (said.format(player=who.name, counts=tally(counts)),)


register(hands_shuffled, braille=_b_hands_shuffled, brief=SAID_AS_BRAILLE)


def whom_to_swap(names: Iterable[str], how: How = TYPED, keep: bool = False) -> str:
    """Seven-O: the question after a 7 is chosen without saying whom it swaps with (``keep``:
    with ``seven_o_decline``, the player may choose themself and keep the hand)."""
    said = tr(WHOM_TO_SWAP_OR_KEEP) if keep else tr(WHOM_TO_SWAP)
    asked = said.format(names=LIST_SEPARATOR.join(names))
    return tr(ASKED_BY_LINE).format(asked=asked, answer=tr(ANSWER_BY_LINE)) if how.keys else asked


def _b_whom_to_swap(names: Iterable[str], how: How = TYPED, keep: bool = False) -> Parts:
    said = tr(B_WHOM_TO_SWAP_OR_KEEP) if keep else tr(B_WHOM_TO_SWAP)
    return (said.format(names=" ".join(names)),)


register(whom_to_swap, braille=_b_whom_to_swap, brief=SAID_AS_BRAILLE)


# Translators: {card} is the Wild Draw Four drawn; {color} the colour in play, lowercase.
DRAWN_KEPT_NO_BLUFFING = N_(
    "You may not play {card}: you hold {color}, the colour in play (no bluffing), so you keep it."
)
B_DRAWN_KEPT_NO_BLUFFING = N_("Kept {card}: you hold {color}")


def drawn_kept_no_bluffing(card: Card, color: Color) -> str:
    """No bluffing: a drawn Wild Draw Four while the player holds the colour in play."""
    return tr(DRAWN_KEPT_NO_BLUFFING).format(card=card_name(card), color=color_name(color).lower())


def _b_drawn_kept_no_bluffing(card: Card, color: Color) -> Parts:
    return fill(tr(B_DRAWN_KEPT_NO_BLUFFING), card=card, color=color_name(color).lower())


register(drawn_kept_no_bluffing, braille=_b_drawn_kept_no_bluffing, brief=SAID_AS_BRAILLE)


# each house rule in one line, by its option's name (typed as seven_o=on)
HOUSE_RULE_DESCRIPTIONS = {
    "seven_o": N_("Seven-O: a 7 swaps hands with a player you choose, a 0 passes every hand on"),
    "draw_responses": N_(
        "a Draw Two or Wild Draw Four answers a Draw Two, a Wild Draw Four "
        "answers a Wild Draw Four, and the total grows (not with stacking)"
    ),
    "force_play": N_("a card you draw that can be played must be played"),
    "draw_to_match": N_("if you cannot play, draw until a card matches, then play it"),
    "no_bluffing": N_("a Wild Draw Four only when you hold no card of the colour in play"),
    "must_play": N_("while you hold a card you can play, you play one: no drawing instead"),
    "no_action_finish": N_(
        "no one goes out on an action card or a Wild: the last card is a number"
    ),
    "draw_no_skip": N_(
        "a Draw Two or Wild Draw Four makes the next player draw, not miss the turn: they "
        "draw, then play"
    ),
    "wild_shuffle_hands": N_(
        "Mattel's current deck: a Wild Shuffle Hands card collects every hand, shuffles them "
        "and deals them out again"
    ),
    # Translators: everyone_draws, skip_everyone and swap_hands are typed as they are
    "custom_wilds": N_(
        "Mattel's 3 customizable Wilds a deck, named by the table: custom_wilds=everyone_draws "
        "(every other player draws a card), skip_everyone (everyone else is skipped) or "
        "swap_hands (swap hands with a player you choose)"
    ),
    "stack_deflect": N_(
        "with stacking, a Skip passes a stack on to the next player and a Reverse sends it "
        "back, the total the same"
    ),
    "stack_deflect_wild": N_("with stack_deflect, a Wild passes a stack on too"),
    "jump_in_penalty": N_(
        "jumping in with a card that cannot jump in costs 2 cards, the card taken back"
    ),
    "false_uno_penalty": N_("a false UNO call, or catching a player who was safe, costs 2 cards"),
    "seven_o_decline": N_(
        "with Seven-O, whoever plays a 7 may keep their own hand instead of swapping"
    ),
    "jump_in_any_color": N_(
        "anyone holding a card of the top card's number, in any colour, may jump in out of "
        "turn; an action card only on its identical twin"
    ),
    "stack_after_out": N_(
        "with draw responses, a Draw Two or Wild Draw Four that goes out can still be "
        "answered: the round ends when the stack is drawn"
    ),
    "straights": N_(
        "after a number card, play on with the next or previous numbers of its colour in "
        "the same turn: Red 4, Red 5, Red 6"
    ),
    "color_only": N_(
        "match the colour in play or play a Wild: a number or symbol alone does not match "
        "(Speed UNO's sheet read strictly)"
    ),
}
# Translators: {presets} and {house_rules} are lists of names typed as they are (speed,
# seven_o); "standard,seven_o=on" and "speed,uno_penalty=4" are typed too.
SETUP_RULES_WITH_HOUSE = N_(
    "Which rules? {presets} (options may follow, as speed,uno_penalty=4; house rules: "
    "{house_rules}, as standard,seven_o=on)"
)
SETUP_EXPLAIN_HOUSE_RULES = N_(
    "House rules, added to any preset as option=on (standard,seven_o=on,no_bluffing=on):"
)
# {name}: the option's name, typed as it is; {text}: its HOUSE_RULE_DESCRIPTIONS line
HOUSE_RULE_LINE = N_("{name}: {text}.")


def setup_rules_with_house(presets: Iterable[str]) -> str:
    """The setup's rules question, naming the house rules that may be added as options."""
    return tr(SETUP_RULES_WITH_HOUSE).format(
        presets=LIST_SEPARATOR.join(presets),
        house_rules=LIST_SEPARATOR.join(tuple(HOUSE_RULE_DESCRIPTIONS)),
    )


def setup_explain_house_rules() -> list[str]:
    """After the presets, one line a house rule, added to any preset as option=on."""
    return [
        tr(SETUP_EXPLAIN_HOUSE_RULES),
        *(
            tr(HOUSE_RULE_LINE).format(name=name, text=tr(HOUSE_RULE_DESCRIPTIONS[name]))
            for name in tuple(HOUSE_RULE_DESCRIPTIONS)
        ),
    ]


# what the house rules change, said once at the start of a game, one line each
# Translators: {count} is how many cards are drawn; "r7 Bob" is typed as it is; {uno_key}
# and {accept_key} are the keys (or letters typed) that call UNO and accept.
INTRO_SEVEN_O = N_(
    "Seven-O: a 7 swaps your hand with a player you choose (r7 Bob), and a 0 passes every "
    "hand on in the direction of play; whoever is handed a single card must call UNO ({uno_key}) "
    "or "
    "draw {count}."
)
INTRO_DRAW_RESPONSES = N_(
    "Draw responses: answer a Draw Two with a Draw Two or a Wild Draw Four, and a Wild Draw "
    "Four with a Wild Draw Four; the first player who does not answer draws them all ("
    "{accept_key} accepts them)."
)
INTRO_FORCE_PLAY = N_("Force play: a card you draw that can be played must be played.")
INTRO_DRAW_TO_MATCH = N_(
    "Draw to match: if you cannot play, you draw until a card matches, then play it."
)
INTRO_NO_BLUFFING = N_(
    "No bluffing: a Wild Draw Four is played only when you hold no card of the colour in "
    "play, so it is never challenged."
)
INTRO_DRAW_NO_SKIP = N_(
    "Draw, no skip: a Draw Two or a Wild Draw Four makes the next player draw the cards, then "
    "play; a lost challenge still costs the turn."
)
INTRO_NO_ACTION_FINISH = N_(
    "No action finish: your last card must be a number card; you may not go out on an action "
    "card or a Wild."
)
INTRO_WILD_SHUFFLE_HANDS = N_(
    "Wild Shuffle Hands: its player collects every hand, theirs too, shuffles them, deals "
    "them out from their left and names the colour; whoever is dealt one card must call UNO."
)
INTRO_CUSTOM_EVERYONE_DRAWS = N_(
    "Customizable Wilds: 3 Wild Everyone Draws cards; play one as a Wild, and every other "
    "player draws a card."
)
INTRO_CUSTOM_SKIP_EVERYONE = N_(
    "Customizable Wilds: 3 Wild Skip Everyone cards; play one as a Wild, everyone else is "
    "skipped, and you play again."
)
# Translators: "wisw Bob" is typed as it is.
INTRO_CUSTOM_SWAP_HANDS = N_(
    "Customizable Wilds: 3 Wild Swap Hands cards; play one as a Wild and swap hands with a "
    "player you choose (wisw Bob)."
)
INTRO_STACK_DEFLECT = N_(
    "Stack deflection: owing a stack, you may pass it on with a Skip of the colour in play, "
    "to the next player, or send it back with a Reverse; the total stays the same."
)
INTRO_STACK_DEFLECT_WILD = N_("A Wild passes a stack on to the next player too.")
INTRO_JUMP_IN_PENALTY = N_(
    "Wrong jump-ins cost cards: jump in with a card that cannot jump in on the top card, and "
    "you take it back and draw 2 cards."
)
INTRO_FALSE_UNO_PENALTY = N_(
    "False calls cost cards: calling UNO when it is not due, or catching a player who was "
    "safe, makes you draw 2 cards."
)
# Translators: "r7 me" is typed as it is.
INTRO_SEVEN_O_DECLINE = N_(
    "Seven-O, your choice: whoever plays a 7 may also keep their own hand, choosing "
    "themself (r7 me)."
)
# Translators: {jump_key} is the key (or word typed) that jumps in.
INTRO_JUMP_IN_ANY_COLOR = N_(
    "Jump-in, any colour: anyone holding a card of the top card's number, in any colour, may "
    "play it out of turn ({jump_key}); an action card jumps in only on an identical one."
)
INTRO_STACK_AFTER_OUT = N_(
    "Answers after going out: a Draw Two or Wild Draw Four that is a player's last card can "
    "still be answered; the round ends when the stack is drawn, won by the first player "
    "who went out and still holds no card."
)
INTRO_STRAIGHTS = N_(
    "Straights: after a number card, you may play on in the same turn with the next or "
    "previous numbers of its colour, one after another, 9 and 0 following each other; "
    "the last card is the one in play."
)
INTRO_COLOR_ONLY = N_(
    "Colour only: match the colour in play or play a Wild; the same number or symbol in "
    "another colour does not match."
)
INTRO_MUST_PLAY = N_(
    "Must play: while you hold a card you can play, you must play one; you draw only when "
    "you cannot."
)


def house_rules_intro(rules: RuleSet) -> list[str]:
    """What the house rules change, said once at the start of a game: one line each."""
    lines: list[str] = []
    if rules.seven_o:
        lines.append(keyed(tr(INTRO_SEVEN_O), keys=False).format(count=rules.handed_one_penalty))
    if rules.draw_responses:
        lines.append(keyed(tr(INTRO_DRAW_RESPONSES), keys=False))
    if rules.force_play:
        lines.append(tr(INTRO_FORCE_PLAY))
    if rules.draw_to_match and not rules.draw_until_playable:
        lines.append(tr(INTRO_DRAW_TO_MATCH))
    if rules.no_bluffing:
        lines.append(tr(INTRO_NO_BLUFFING))
    if rules.must_play:
        lines.append(tr(INTRO_MUST_PLAY))
    if rules.draw_no_skip:
        lines.append(tr(INTRO_DRAW_NO_SKIP))
    if rules.no_action_finish:
        lines.append(tr(INTRO_NO_ACTION_FINISH))
    if rules.false_uno_penalty:
        lines.append(tr(INTRO_FALSE_UNO_PENALTY))
    if rules.jump_in_penalty:
        lines.append(tr(INTRO_JUMP_IN_PENALTY))
    if rules.wild_shuffle_hands:
        lines.append(tr(INTRO_WILD_SHUFFLE_HANDS))
    custom = rules.custom_wilds
    if custom is CustomWild.EVERYONE_DRAWS:
        lines.append(tr(INTRO_CUSTOM_EVERYONE_DRAWS))
    elif custom is CustomWild.SKIP_EVERYONE:
        lines.append(tr(INTRO_CUSTOM_SKIP_EVERYONE))
    elif custom is CustomWild.SWAP_HANDS:
        lines.append(tr(INTRO_CUSTOM_SWAP_HANDS))
    if rules.stack_deflect:
        lines.append(tr(INTRO_STACK_DEFLECT))
    if rules.stack_deflect_wild:
        lines.append(tr(INTRO_STACK_DEFLECT_WILD))
    if rules.seven_o and rules.seven_o_decline:
        lines.append(tr(INTRO_SEVEN_O_DECLINE))
    if rules.jump_in_any_color:
        lines.append(keyed(tr(INTRO_JUMP_IN_ANY_COLOR), keys=False))
    if rules.color_only:
        lines.append(tr(INTRO_COLOR_ONLY))
    if rules.straights:
        lines.append(tr(INTRO_STRAIGHTS))
    if rules.stack_after_out and rules.draw_responses:
        lines.append(tr(INTRO_STACK_AFTER_OUT))
    return lines


# --- straights: playing on by keys, and a typed run that is not one ------------------------
# {card} is the last card chosen so far; {cards} the cards that may follow it ("Red 5 or
# Red 3"): one is chosen by the menu's keys or typed, and Enter alone stops the straight
PLAY_ON = N_("Play on in a straight after {card}? {cards}; or Enter to stop.")
B_PLAY_ON = N_("On? {cards}")
STRAIGHT_PROMPT = N_("play on> ")
OR_SEPARATOR = N_(" or ")
NOT_NEXT_IN_STRAIGHT = N_("{card} does not play on from {last}: only {cards} does.")
B_NOT_NEXT_IN_STRAIGHT = N_("Not next: {card}")
# a typed run of cards ("r4 r6") that is no straight; {cards} names them
NOT_A_STRAIGHT = N_(
    "{cards} is not a straight: after the first card, each is the next (or each the "
    "previous) number of its colour, as r4 r5 r6."
)
B_NOT_A_STRAIGHT = N_("Not a straight")


def play_on(card: Card, cards: Iterable[Card]) -> str:
    """Straights: the cards that may be played on after ``card``, asked by keys."""
    names = tr(OR_SEPARATOR).join(card_name(c) for c in cards)
    return tr(PLAY_ON).format(card=card_name(card), cards=names)


def _b_play_on(card: Card, cards: Iterable[Card]) -> Parts:
    return fill(tr(B_PLAY_ON), cards=list(cards))


register(play_on, braille=_b_play_on, brief=SAID_AS_BRAILLE)


def not_next_in_straight(card: Card, last: Card, cards: Iterable[Card]) -> str:
    names = tr(OR_SEPARATOR).join(card_name(c) for c in cards)
    return tr(NOT_NEXT_IN_STRAIGHT).format(card=card_name(card), last=card_name(last), cards=names)


def _b_not_next_in_straight(card: Card, last: Card, cards: Iterable[Card]) -> Parts:
    return fill(tr(B_NOT_NEXT_IN_STRAIGHT), card=card)


register(not_next_in_straight, braille=_b_not_next_in_straight, brief=SAID_AS_BRAILLE)


def not_a_straight(cards: Iterable[Card]) -> str:
    return tr(NOT_A_STRAIGHT).format(cards=LIST_SEPARATOR.join(card_name(c) for c in cards))


def _b_not_a_straight(cards: Iterable[Card]) -> Parts:
    return (tr(B_NOT_A_STRAIGHT),)


register(not_a_straight, braille=_b_not_a_straight, brief=SAID_AS_BRAILLE)


# --- going out on a draw card that may still be answered (option stack_after_out) ---------
YOU_OUT_PENDING = N_(
    "You have gone out, but your last card can still be answered: the round ends when "
    "someone draws the stack."
)
THEY_OUT_PENDING = N_(
    "{player} has gone out, but the last card can still be answered: the round ends when "
    "someone draws the stack."
)
B_YOU_OUT_PENDING = N_("You out, stack open")
B_THEY_OUT_PENDING = N_("{player} out, stack open")


def out_pending(who: Who) -> str:
    """``stack_after_out``: ``who`` went out on a draw card the next player may answer."""
    return pick(who, tr(YOU_OUT_PENDING), tr(THEY_OUT_PENDING)).format(player=who.name)


def _b_out_pending(who: Who) -> Parts:
    return (pick(who, tr(B_YOU_OUT_PENDING), tr(B_THEY_OUT_PENDING)).format(player=who.name),)


register(out_pending, braille=_b_out_pending, brief=SAID_AS_BRAILLE)
