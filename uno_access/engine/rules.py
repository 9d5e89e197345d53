"""The one rule-set value: every option of the rule sheets, with named presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, Final

from .cards import NO_MERCY_DECK_SIZE, WILD, Card, Color, Kind, no_mercy_deck, standard_deck
from .values import Value

_DECK_SIZE: Final = len(standard_deck())  # 108
_FOURS_A_DECK: Final = sum(1 for card in standard_deck() if card.kind is Kind.WILD_DRAW_FOUR)
_ANNIVERSARY_A_DECK: Final = 4
_NO_MERCY_NUMBERS: Final = sum(1 for card in no_mercy_deck() if card.kind is Kind.NUMBER)
MERCY_LIMIT: Final = 25  # No Mercy: a hand of this many cards is knocked out of the round


class Scoring(Enum):
    """How points are counted (RULES.md, Scoring)."""

    STANDARD = "standard"  # who goes out scores the opponents' hands; first to the target wins
    LOWEST = "lowest"  # each keeps a running total of their own hand; lowest wins at the target


class PartnerSchedule(Enum):
    """How partners are formed when ``partners`` is on."""

    FIXED = "fixed"  # partners sit across and stay together
    ROTATION = "rotation"  # four players, each partnered once with every other: 12 hands
    TWO_TABLES = "two_tables"  # eight players at two tables: 28 hands


class CustomWild(Enum):
    """What the customizable Wilds of Mattel's current deck do at this table (3 a deck)."""

    NONE = "none"  # not in the deck
    EVERYONE_DRAWS = "everyone_draws"  # every other player draws a card
    SKIP_EVERYONE = "skip_everyone"  # every other player is skipped
    SWAP_HANDS = "swap_hands"  # swap hands with a player of your choice

    @property
    def kind(self) -> Kind | None:
        """The card face that does it (None: no customizable Wilds)."""
        return _CUSTOM_KINDS.get(self)


_CUSTOM_KINDS: Final = {
    CustomWild.EVERYONE_DRAWS: Kind.WILD_EVERYONE_DRAWS,
    CustomWild.SKIP_EVERYONE: Kind.WILD_SKIP_EVERYONE,
    CustomWild.SWAP_HANDS: Kind.WILD_SWAP_HANDS,
}
CUSTOM_A_DECK: Final = 3


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class RuleSet(Value):
    """Every option of RULES.md. The defaults are the Braille UNO sheet's rules.

    Its equality, hash and ``repr`` are ``Value``'s, from its fields in order (the same
    as the dataclass's own; generated for 47 fields they took a millisecond of every
    start of the game).
    """

    hand_size: int = 7
    target_score: int = 500
    scoring: Scoring = Scoring.STANDARD
    uno_penalty: int = 2
    dealer_by_points: bool = False
    # named modes and options (RULES.md "Named modes and options")
    partners: bool = False
    partner_schedule: PartnerSchedule = PartnerSchedule.FIXED
    challenge_uno: bool = False
    speed: bool = False
    draw_until_playable: bool = False
    wild_draw_four_finish: bool = True
    jump_in: bool = False
    double_double: bool = False
    dropping: bool = False
    round_n_round: bool = False
    round_n_round_penalty: int = 5
    stacking: bool = False
    anniversary_cards: bool = False
    blank_cards: tuple[Card, ...] = ()
    penalties: bool = False
    suggestion_penalty: int = 2
    # house rules from other audio card games (RULES.md "House rules"), off by default
    seven_o: bool = False  # a 7 swaps hands with a chosen player; a 0 passes every hand on
    draw_responses: bool = False  # progressive: a Draw Two or Wild Draw Four answers a draw
    force_play: bool = False  # a drawn card that can be played must be played
    draw_to_match: bool = False  # draw until a card can be played, then play it
    no_bluffing: bool = False  # an illegal Wild Draw Four is refused (and never challenged)
    must_play: bool = False  # no drawing while holding a card that can be played
    draw_no_skip: bool = False  # a Draw Two or Wild Draw Four's victim draws, then plays
    no_action_finish: bool = False  # no one goes out on an action card or a Wild
    color_only: bool = False  # Speed UNO's sheet read strictly: match the colour, or a Wild
    jump_in_any_color: bool = False  # jump in with the same number in any colour
    seven_o_decline: bool = False  # Seven-O: a 7's player may keep their hand, no swap
    false_uno_penalty: bool = False  # a false UNO call or a wrong catch costs 2 cards
    jump_in_penalty: bool = False  # a jump-in with a card that may not jump in costs 2 cards
    stack_deflect: bool = False  # a Skip or Reverse passes a stack on (a Skip on, a Reverse back)
    stack_deflect_wild: bool = False  # a Wild passes a stack on too
    wild_shuffle_hands: bool = False  # Mattel's current deck: one Wild Shuffle Hands a deck
    custom_wilds: CustomWild = CustomWild.NONE  # its 3 customizable Wilds, as the table names
    straights: bool = False  # play on with the next or previous number of the same colour
    stack_after_out: bool = False  # a Draw Two or Wild Draw Four that goes out is answered
    no_mercy: bool = False  # UNO Show 'Em No Mercy's deck and cards; draws stack by value
    mercy_rule: bool = False  # 25 cards or more in hand: out of the round (No Mercy)

    def deck_count(self, players: int) -> int:
        """How many decks are shuffled together: one; Speed UNO two, and one more per
        four players beyond four.
        """
        if not self.speed:
            return 1
        return 2 + max(0, (players - 4 + 3) // 4)

    def table_size(self, players: int) -> int:
        """How many are dealt at one table: a partner schedule plays tables of four."""
        if self.partners and self.partner_schedule is not PartnerSchedule.FIXED:
            return 4
        return players

    def deck_size(self, players: int) -> int:
        """How many cards a table of ``players`` plays with (blank cards replace others)."""
        base = NO_MERCY_DECK_SIZE if self.no_mercy else _DECK_SIZE
        per_deck = base + (_ANNIVERSARY_A_DECK if self.anniversary_cards else 0)
        per_deck += 1 if self.wild_shuffle_hands else 0
        per_deck += CUSTOM_A_DECK if self.custom_wilds is not CustomWild.NONE else 0
        return per_deck * self.deck_count(players)

    def start_reserve(self, players: int) -> int:
        """The cards that must be left after the deal to turn a start card: one, and one
        more for each Wild Draw Four that may be turned up and put back before it.
        """
        if self.no_mercy:  # every card but a number card goes back (No Mercy's sheet)
            return 1 + (NO_MERCY_DECK_SIZE - _NO_MERCY_NUMBERS) * self.deck_count(players)
        return 1 + _FOURS_A_DECK * self.deck_count(players)

    def most_cards_each(self, players: int) -> int:
        """The largest hand these rules can deal to a table of ``players``."""
        seated = self.table_size(players)
        return (self.deck_size(seated) - self.start_reserve(seated)) // seated

    def check_deal(self, players: int) -> None:
        """Raise ``DealError`` when ``players`` cannot each be dealt ``hand_size`` cards
        with a start card left to turn (every preset and option counted: Speed UNO's extra
        decks, the Anniversary cards, tables of four for a partner schedule).
        """
        seated = self.table_size(players)
        deck = self.deck_size(seated)
        reserve = self.start_reserve(seated)
        if seated * self.hand_size + reserve > deck:
            raise DealError(players, self.hand_size, reserve, deck, self.most_cards_each(players))

    @property
    def plain_plays(self) -> bool:
        """Whether every legal play is one card with its colour and UNO call, nothing more
        (a 7 under Seven-O names the player it swaps hands with).
        """
        return (
            self.wild_draw_four_finish
            and not self.no_action_finish
            and not self.anniversary_cards
            and not self.seven_o
            and self.custom_wilds is not CustomWild.SWAP_HANDS
            and not self.straights
        )

    @property
    def jump_ins(self) -> bool:
        """Whether anyone may jump in out of turn: Exact Match (``jump_in``), or with the
        same number in any colour (``jump_in_any_color``).
        """
        return self.jump_in or self.jump_in_any_color

    def jumps_on(self, top: Card, card: Card) -> bool:
        """Whether ``card`` may jump in on ``top``: an identical card; with
        ``jump_in_any_color`` also a number card of the same number in another colour.
        """
        base = card.base
        if base is top.base:
            return True
        return (
            self.jump_in_any_color
            and base.kind is Kind.NUMBER
            and top.base.kind is Kind.NUMBER
            and base.number == top.base.number
        )

    def match_top(self, top: Card, color: Color | None) -> Card:
        """The card a play must match: the top card; with ``color_only`` (once a colour is
        in play) a Wild, which every card of ``color`` and every Wild matches.
        """
        if self.color_only and color is not None:
            return WILD
        return top

    def outlives(self, card: Card) -> bool:
        """Whether the round goes on after ``card`` empties a hand (``stack_after_out``: a
        Draw Two or Wild Draw Four, answered before the round ends)."""
        return self.stack_after_out and card.base.kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR)

    def finishes_on(self, card: Card) -> bool:
        """Whether a player may go out on ``card``: not on a Wild Draw Four in Speed UNO,
        nor on any card but a number with ``no_action_finish``."""
        kind = card.base.kind
        if self.no_action_finish and kind is not Kind.NUMBER:
            return False
        return kind is not Kind.WILD_DRAW_FOUR or self.wild_draw_four_finish

    @property
    def deferred_draws(self) -> bool:
        """Whether a Draw Two waits for its victim, who may add to it (stacking, Double-Double,
        progressive draw responses).
        """
        return self.stacking or self.double_double or self.draw_responses or self.no_mercy

    @property
    def answers_draws(self) -> bool:
        """Whether the player who owes cards may answer with a draw card of their own
        (stacking's "+ card round", the progressive draw responses, No Mercy's stacking).
        """
        return self.stacking or self.draw_responses or self.no_mercy

    @property
    def draws_to_match(self) -> bool:
        """Whether a player who draws goes on drawing until a card can be played, then must
        play it (Speed UNO, or the house rule draw to match).
        """
        return self.draw_until_playable or self.draw_to_match

    @property
    def handed_one_penalty(self) -> int:
        """What a player handed a single card draws when caught before calling UNO:
        Round-n-Round's penalty, else (Seven-O) the UNO penalty.
        """
        return self.round_n_round_penalty if self.round_n_round else self.uno_penalty

    def seats_allowed(self, players: int) -> str | None:
        """The number of players these rules are for, when ``players`` is not it; or None.

        One table of partners is four players; the two-tables schedule is eight.
        """
        wanted = 8 if self.partner_schedule is PartnerSchedule.TWO_TABLES else 4
        if self.partners and players != wanted:
            return str(wanted)
        return None

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named preset (see ``PRESETS``)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise RulesError("preset", name, tuple(PRESETS)) from None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RuleSet:
        """A rule set from a scenario's or settings file's ``rules`` object.

        ``preset`` picks the base (default ``standard``); every other key sets an option.
        """
        preset = data.get("preset", "standard")
        if not isinstance(preset, str):
            raise RulesError("preset", preset, tuple(PRESETS))
        base = cls.preset(preset)
        changes: dict[str, Any] = {}
        known = {f.name: f for f in fields(cls)}
        for key, value in data.items():
            if key == "preset":
                continue
            if key not in known:
                raise RulesError(key, value, tuple(known))
            changes[key] = _coerce(key, getattr(base, key), value)
        rules = replace(base, **changes)
        rules.validate()
        return rules

    @classmethod
    def from_spec(cls, text: str) -> RuleSet:
        """A rule set from the command line: ``PRESET[,option=value,…]``, for instance
        ``speed``, ``standard,uno_penalty=4,target_score=200`` or
        ``standard,blank_cards=y7/b+2`` (lists separated by ``/``).
        """
        preset, *options = [part.strip() for part in text.split(",")]
        data: dict[str, Any] = {"preset": preset or "standard"}
        for option in options:
            key, sep, value = option.partition("=")
            if not sep:
                raise RulesError(option, "", ("option=value",))
            data[key.strip()] = _spec_value(key.strip(), value.strip())
        return cls.from_mapping(data)

    def validate(self) -> None:
        """Raise ``RulesError`` for a value no table could play."""
        colors = [card.color for card in self.blank_cards]
        if None in colors or len(set(colors)) != len(colors):
            raise RulesError(
                "blank_cards",
                [c.code for c in self.blank_cards],
                ("at most one coloured card per colour",),
            )
        if self.uno_penalty not in (2, 4, 5):
            raise RulesError("uno_penalty", self.uno_penalty, (2, 4, 5))
        if not 1 <= self.hand_size <= 15:
            raise RulesError("hand_size", self.hand_size, ("1 to 15",))
        if not 1 <= self.target_score <= 100_000:
            raise RulesError("target_score", self.target_score, ("1 to 100000",))
        if self.stack_deflect and not self.answers_draws:
            raise RulesNeeds("stack_deflect", "stacking")
        if self.stack_deflect_wild and not self.stack_deflect:
            raise RulesNeeds("stack_deflect_wild", "stack_deflect")
        if self.jump_in_penalty and not self.jump_ins:
            raise RulesNeeds("jump_in_penalty", "jump_in")
        if self.seven_o_decline and not self.seven_o:
            raise RulesNeeds("seven_o_decline", "seven_o")
        if self.mercy_rule and self.challenge_uno:  # two ways out of the game at once
            raise RulesConflict("mercy_rule", "challenge_uno")
        if self.stack_after_out and not self.draw_responses:
            raise RulesNeeds("stack_after_out", "draw_responses")
        if self.stacking and self.draw_responses:
            # two forms of one rule: the stack that goes round once, or the progressive one
            raise RulesConflict("draw_responses", "stacking")


class RulesError(ValueError):
    """A rule option with a value it cannot take: which option, what was given, what is allowed."""

    def __init__(self, option: str, value: object, allowed: tuple[object, ...]) -> None:
        super().__init__(option, value, allowed)
        self.option = option
        self.value = value
        self.allowed = allowed


class RulesConflict(RulesError):
    """Two options that cannot be played together: ``option`` is refused beside ``other``."""

    def __init__(self, option: str, other: str) -> None:
        super().__init__(option, True, (f"not with {other}",))
        self.other = other


class RulesNeeds(RulesError):
    """An option that only changes another: ``option`` needs ``needed`` on too."""

    def __init__(self, option: str, needed: str) -> None:
        super().__init__(option, True, (f"with {needed}",))
        self.needed = needed


class DealError(RulesError):
    """Rules whose hands do not fit in the deck at a table of ``players``: each would get
    ``hand_size`` cards, ``reserve`` more must be left to start, the deck has ``deck``
    cards, so ``most`` cards each at most.
    """

    def __init__(self, players: int, hand_size: int, reserve: int, deck: int, most: int) -> None:
        super().__init__("hand_size", hand_size, (f"at most {most} for {players} players",))
        self.players = players
        self.hand_size = hand_size
        self.reserve = reserve
        self.deck = deck
        self.most = most


def _spec_value(key: str, value: str) -> object:
    if key == "blank_cards":
        return [v for v in value.split("/") if v]
    if value.lower() in ("true", "yes", "on"):
        return True
    if value.lower() in ("false", "no", "off"):
        return False
    try:
        return int(value)
    except ValueError:
        return value


def _coerce(key: str, default: object, value: object) -> object:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise RulesError(key, value, (True, False))
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise RulesError(key, value, ("a whole number",))
    if isinstance(default, Enum):
        enum_type = type(default)
        for member in enum_type:
            if value == member.value:
                return member
        raise RulesError(key, value, tuple(m.value for m in enum_type))
    if key == "blank_cards":
        if value == []:
            return ()
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            try:
                cards = tuple(Card.from_code(v) for v in value)
            except ValueError:
                cards = ()
            if cards and all(card.color is not None and card.blank_of is None for card in cards):
                return cards
        raise RulesError(key, value, ("a list of coloured cards, one per colour, such as y7/b+2",))
    raise RulesError(key, value, ())


PRESETS: Final[dict[str, RuleSet]] = {
    "standard": RuleSet(),
    "lowest": RuleSet(scoring=Scoring.LOWEST),
    "anniversary": RuleSet(uno_penalty=4, dealer_by_points=True, anniversary_cards=True),
    "partners": RuleSet(partners=True),
    "challenge_uno": RuleSet(challenge_uno=True),
    "speed": RuleSet(
        speed=True,
        hand_size=10,
        uno_penalty=5,
        draw_until_playable=True,
        wild_draw_four_finish=False,
        jump_in=True,
        double_double=True,
        dropping=True,
        round_n_round=True,
    ),
    "stacking": RuleSet(stacking=True),
    "partners_rotation": RuleSet(partners=True, partner_schedule=PartnerSchedule.ROTATION),
    "partners_two_tables": RuleSet(partners=True, partner_schedule=PartnerSchedule.TWO_TABLES),
    "penalties": RuleSet(penalties=True),
    # UNO Show 'Em No Mercy (2023): its 168 cards, draws stacked by value, the Mercy rule,
    # 7s and 0s compulsory (Seven-O), drawing until a card plays
    "no_mercy": RuleSet(no_mercy=True, mercy_rule=True, seven_o=True, draw_until_playable=True),
}
