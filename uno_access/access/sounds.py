"""Sound cues: which sound an event makes for one viewer, and when the viewer hears it.

A sound is one more rendering of a message, beside its line, speech and braille, never
instead of them: ``Renderer`` puts the cue's name in ``Message.sound`` and the sound
device plays it. The cue is chosen per viewer ("a card played by you" and "by another"
are two sounds, a round won and lost two more).

Every kind of engine event has a cue (``EVENT_CUES``; a test walks ``engine.events.Event``,
so a new kind without one fails). The player chooses per cue when it sounds (``When``):
never, only when it is not their turn, or always. What each sound means, in words, is
``messages.SOUND_MEANINGS``; the sounds themselves are made by ``scripts/make_sounds.py``
into ``assets/sounds/NAME.wav``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from ..engine import events as ev
from ..engine.cards import Color, Kind
from ..engine.events import Event

Teams = Sequence[Sequence[int]]


class Cue(Enum):
    """A sound, named as its file in ``assets/sounds`` (without ``.wav``)."""

    YOUR_TURN = "your_turn"
    TURN_OTHER = "turn_other"
    PLAY_MINE = "play_mine"
    PLAY_OTHER = "play_other"
    DRAW_ONE = "draw_one"
    DRAW_MANY = "draw_many"
    KEEP = "keep"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    COLOR_BLUE = "color_blue"
    COLOR_GREEN = "color_green"
    COLOR_RED = "color_red"
    COLOR_YELLOW = "color_yellow"
    STACK = "stack"
    CHALLENGE = "challenge"
    CHALLENGE_WON = "challenge_won"
    CHALLENGE_LOST = "challenge_lost"
    UNO_CALLED = "uno_called"
    UNO_CAUGHT = "uno_caught"
    JUMP_IN = "jump_in"
    PENALTY = "penalty"
    HANDS_PASSED = "hands_passed"
    ANNIVERSARY = "anniversary"
    DEAL = "deal"
    SHUFFLE = "shuffle"
    ROUND_WON = "round_won"
    ROUND_LOST = "round_lost"
    ELIMINATED = "eliminated"
    GAME_OVER = "game_over"
    REFUSAL = "refusal"
    ANSWER = "answer"
    CHAT = "chat"  # a chat line: for the network seats (no engine event)
    PRESENCE = "presence"  # someone sat down at your table, or left it (network play)


class When(Enum):
    """When a cue sounds, the player's choice per cue (as Playroom's per channel)."""

    NEVER = "never"
    NOT_MY_TURN = "not_my_turn"  # only while waiting for the others
    ALWAYS = "always"


DEFAULT_LIMIT_MS = 300
"""Most sounds are shorter than this; the few that end a round or a game are longer."""

LIMITS_MS: dict[Cue, int] = {
    Cue.WILD: 400,
    Cue.WILD_DRAW_FOUR: 400,
    Cue.SHUFFLE: 450,
    Cue.ANNIVERSARY: 500,
    Cue.ROUND_WON: 800,
    Cue.ROUND_LOST: 800,
    Cue.ELIMINATED: 700,
    Cue.GAME_OVER: 1200,
}


def limit_ms(cue: Cue) -> int:
    """The longest ``cue``'s sound may be, in milliseconds."""
    return LIMITS_MS.get(cue, DEFAULT_LIMIT_MS)


_COLORS = {
    Color.BLUE: Cue.COLOR_BLUE,
    Color.GREEN: Cue.COLOR_GREEN,
    Color.RED: Cue.COLOR_RED,
    Color.YELLOW: Cue.COLOR_YELLOW,
}
_KINDS = {
    Kind.SKIP: Cue.SKIP,
    Kind.REVERSE: Cue.REVERSE,
    Kind.DRAW_TWO: Cue.DRAW_TWO,
    Kind.WILD: Cue.WILD,
    Kind.WILD_DRAW_FOUR: Cue.WILD_DRAW_FOUR,
    Kind.ANNIVERSARY: Cue.ANNIVERSARY,
    Kind.WILD_SHUFFLE: Cue.WILD,  # a Wild; the hands moving have their own cue
    Kind.WILD_EVERYONE_DRAWS: Cue.WILD,  # the customizable Wilds: Wilds, their effects' own
    Kind.WILD_SKIP_EVERYONE: Cue.WILD,
    Kind.WILD_SWAP_HANDS: Cue.WILD,
    Kind.DRAW_FOUR: Cue.WILD_DRAW_FOUR,  # No Mercy: each draw card sounds as the draw it is
    Kind.SKIP_EVERYONE: Cue.SKIP,
    Kind.WILD_REVERSE_DRAW_FOUR: Cue.WILD_DRAW_FOUR,
    Kind.WILD_DRAW_SIX: Cue.WILD_DRAW_FOUR,
    Kind.WILD_DRAW_TEN: Cue.WILD_DRAW_FOUR,
    Kind.WILD_COLOR_ROULETTE: Cue.WILD,
}


def _same_side(seat: int, viewer: int, teams: Teams) -> bool:
    """Whether ``seat`` is the viewer or the viewer's partner."""
    if seat == viewer:
        return True
    return any(seat in team and viewer in team for team in teams)


def _played(event: ev.CardPlayed, viewer: int, teams: Teams) -> Cue:
    if event.jump_in:
        return Cue.JUMP_IN
    kind = event.card.base.kind
    if kind in _KINDS:
        return _KINDS[kind]
    return Cue.PLAY_MINE if event.seat == viewer else Cue.PLAY_OTHER


def _challenge(event: ev.ChallengeResolved, viewer: int, teams: Teams) -> Cue:
    """Won or lost for the viewer when they are in it; for the others, whether the
    challenge itself succeeded.
    """
    if viewer == event.target:
        return Cue.CHALLENGE_LOST if event.guilty else Cue.CHALLENGE_WON
    return Cue.CHALLENGE_WON if event.guilty else Cue.CHALLENGE_LOST


def _fixed(cue: Cue) -> Callable[[Any, int, Teams], Cue]:
    return lambda event, viewer, teams: cue


EVENT_CUES: dict[type[Any], Callable[[Any, int, Teams], Cue]] = {
    ev.Rejected: _fixed(Cue.REFUSAL),
    ev.DealerDrew: _fixed(Cue.DEAL),
    ev.DealerChosen: _fixed(Cue.DEAL),
    ev.RoundStarted: _fixed(Cue.DEAL),
    ev.HandDealt: _fixed(Cue.DEAL),
    ev.StartCardTurned: _fixed(Cue.PLAY_OTHER),
    ev.StartCardReturned: _fixed(Cue.SHUFFLE),
    ev.TurnStarted: lambda e, v, t: Cue.YOUR_TURN if e.seat == v else Cue.TURN_OTHER,
    ev.CardPlayed: _played,
    ev.ColorChosen: lambda e, v, t: _COLORS[e.color],
    ev.CardsDrawn: lambda e, v, t: Cue.DRAW_ONE if e.count == 1 else Cue.DRAW_MANY,
    ev.CouldNotDraw: _fixed(Cue.KEEP),
    ev.RoundBlocked: _fixed(Cue.KEEP),  # the last pass; the round's end has its own
    ev.OutPending: _fixed(Cue.KEEP),  # the round waits; its end has its own
    ev.HandDiscarded: _fixed(Cue.PLAY_OTHER),
    ev.RouletteTurned: lambda e, v, t: Cue.DRAW_ONE if len(e.cards) == 1 else Cue.DRAW_MANY,
    ev.MercyKnockout: _fixed(Cue.ELIMINATED),
    ev.DrawnCardKept: _fixed(Cue.KEEP),
    ev.PlayerSkipped: _fixed(Cue.SKIP),
    ev.DirectionChanged: _fixed(Cue.REVERSE),
    ev.UnoCalled: _fixed(Cue.UNO_CALLED),
    ev.UnoCaught: _fixed(Cue.UNO_CAUGHT),
    ev.ChallengeMade: _fixed(Cue.CHALLENGE),
    ev.HandShown: _fixed(Cue.ANSWER),
    ev.ChallengeResolved: _challenge,
    ev.DrawAccepted: _fixed(Cue.DRAW_MANY),
    ev.Reshuffled: _fixed(Cue.SHUFFLE),
    ev.RoundEnded: lambda e, v, t: Cue.ROUND_WON if _same_side(e.winner, v, t) else Cue.ROUND_LOST,
    ev.GameEnded: _fixed(Cue.GAME_OVER),
    ev.CardCount: _fixed(Cue.ANSWER),
    ev.TopCard: _fixed(Cue.ANSWER),
    ev.StackGrew: _fixed(Cue.STACK),
    ev.HandsPassed: _fixed(Cue.HANDS_PASSED),
    ev.HandReceived: _fixed(Cue.HANDS_PASSED),
    ev.HandsSwapped: _fixed(Cue.HANDS_PASSED),  # Seven-O: hands move, as with a 0
    ev.SwapDeclined: _fixed(Cue.KEEP),
    ev.HandsShuffled: _fixed(
        Cue.HANDS_PASSED
    ),  # every hand moves, as with a 0  # Seven-O: a hand kept, as a drawn card kept
    ev.AnniversaryPlayed: _fixed(Cue.ANNIVERSARY),
    ev.WrongCardPenalty: _fixed(Cue.PENALTY),
    ev.SuggestionPenalty: _fixed(Cue.PENALTY),
    ev.FalseCallPenalty: _fixed(Cue.PENALTY),
    ev.PlayerEliminated: _fixed(Cue.ELIMINATED),
}


def cue_for(event: Event | None, viewer: int, teams: Teams = ()) -> Cue | None:
    """The sound ``event`` makes for ``viewer``; None for a line that is no event."""
    if event is None:
        return None
    choose = EVENT_CUES.get(type(event))
    return None if choose is None else choose(event, viewer, teams)


def audible(cue: Cue, when: Mapping[Cue, When], my_turn: bool) -> bool:
    """Whether ``cue`` sounds now, by the player's choice for it (always by default)."""
    chosen = when.get(cue, When.ALWAYS)
    if chosen is When.NEVER:
        return False
    return not (chosen is When.NOT_MY_TURN and my_turn)


def cue_named(name: str) -> Cue | None:
    """The cue of that name, or None (a name from elsewhere, a server's, unknown here)."""
    try:
        return Cue(name)
    except ValueError:
        return None


def parse_cues(text: str) -> list[Cue]:
    """Cue names separated by commas ("play_other, draw_one"); ValueError naming the
    first that is no cue.
    """
    names = [part.strip() for part in text.split(",") if part.strip()]
    by_name = {cue.value: cue for cue in Cue}
    found: list[Cue] = []
    for name in names:
        if name not in by_name:
            raise ValueError(name)
        found.append(by_name[name])
    return found
