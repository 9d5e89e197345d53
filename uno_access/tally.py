"""What happened in simulated games, counted: ``uno-access simulate --counts``.

Three counts show each card and each rule at work:

- the cards played, by kind (``skip``, ``wild_draw_four``, …);
- the events, by kind (``hands_swapped``, ``round_blocked``, ``card_played:jump_in``…);
- for each option of the rules that is on, how many choices it changed: at every
  decision of a bot, the legal actions are listed again with that option off, and a
  different list counts for it (``must_play`` took a draw away, ``color_only`` a card,
  ``jump_in_any_color`` gave a jump-in). An option that changes what happens rather than
  what may be done is counted from its events (``draw_no_skip``: a draw card's victim
  who was not skipped; ``stack_after_out``: a round that waited for a last draw card's
  stack; ``mercy_rule``: a player knocked out).

Only for diagnosis: it lists the legal actions once more per option, so the games go
slower. The engine is not changed; the rule set is swapped in and back between two of
its actions.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from enum import Enum
from typing import Any, Final

from .engine import events as ev
from .engine.actions import Action
from .engine.game import Game
from .engine.rules import RuleSet

# options that change what happens, not what may be done: counted from their events
_BY_EVENTS: Final = frozenset({"draw_no_skip", "stack_after_out", "mercy_rule"})
_DRAW_CARDS: Final = (ev.DrawReason.DRAW_TWO, ev.DrawReason.DRAW_FOUR, ev.DrawReason.STACK)


@functools.lru_cache(maxsize=64)
def probed_options(rules: RuleSet) -> tuple[str, ...]:
    """The options of ``rules`` that are on (true where the default is false); asked at
    every choice, so worked out once per rule set."""
    default = RuleSet()
    return tuple(
        f.name
        for f in fields(RuleSet)
        if getattr(rules, f.name) is True and getattr(default, f.name) is False
    )


def _name(value: Enum) -> str:
    return str(value.name).lower()


class Tally:
    """The counts of one or more simulated games (see the module's text)."""

    def __init__(self) -> None:
        self.cards: Counter[str] = Counter()
        self.events: Counter[str] = Counter()
        self.rules: Counter[str] = Counter()

    def decision(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """A bot is to choose from ``legal``: which options made that list what it is."""
        s = game.state
        rules = s.rules
        mine = set(legal)
        for option in probed_options(rules):
            if option in _BY_EVENTS:
                continue
            off: dict[str, Any] = {option: False}
            s.rules = replace(rules, **off)
            try:
                other = set(game.legal_actions(seat))
            finally:
                s.rules = rules
            if other != mine:
                self.rules[option] += 1

    def result(self, rules: RuleSet, events: Iterable[ev.Event]) -> None:
        """What one action did."""
        said = list(events)
        skipped = any(isinstance(event, ev.PlayerSkipped) for event in said)
        for event in said:
            name = _event_name(event)
            self.events[name] += 1
            if isinstance(event, ev.CardPlayed):
                self.cards[_name(event.card.base.kind)] += event.count
                if event.jump_in:
                    self.events[f"{name}:jump_in"] += 1
                if event.count > 1:
                    self.events[f"{name}:dropped"] += 1
                if event.straight:
                    self.events[f"{name}:straight"] += 1
            elif isinstance(event, ev.OutPending):
                self.rules["stack_after_out"] += 1
            elif isinstance(event, ev.MercyKnockout):
                self.rules["mercy_rule"] += 1
            elif (
                isinstance(event, ev.CardsDrawn)
                and event.reason in _DRAW_CARDS
                and rules.draw_no_skip
                and not skipped
            ):
                self.rules["draw_no_skip"] += 1

    def merge(self, other: Tally) -> None:
        self.cards.update(other.cards)
        self.events.update(other.events)
        self.rules.update(other.rules)

    def as_dict(self) -> dict[str, dict[str, int]]:
        """The counts, each kind by name, most first."""
        return {
            "cards": dict(self.cards.most_common()),
            "events": dict(self.events.most_common()),
            "rules": dict(self.rules.most_common()),
        }


def _event_name(event: ev.Event) -> str:
    """An event's kind as the scenario output names it (``CardPlayed``: ``card_played``)."""
    name = type(event).__name__
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
