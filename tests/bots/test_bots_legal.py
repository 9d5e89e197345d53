"""Every bot plays every variant of the rule set, and only ever what the rules allow.

One hand of each preset, a few seeds, with an easy, a normal and a hard bot at the
table (the hard one with a small number of playouts, to keep the test quick), each
wrapped so that every choice is checked against the legal actions it was given.
"""

from __future__ import annotations

import random

import pytest
from bots_helpers import Checked

from uno_access.bots import make_bot
from uno_access.bots.base import Bot
from uno_access.bots.hard import HardBot
from uno_access.engine.game import Game
from uno_access.engine.match import Match, players_for
from uno_access.engine.rules import PRESETS, PartnerSchedule
from uno_access.simulate import play_game

SEEDS = (1, 2, 3)  # at 2, 3 and 4 players (partners: 4, or 8 at two tables)


def table(count: int, rng: random.Random) -> list[Checked]:
    bots: list[Bot] = []
    for seat in range(count):
        kind = ("hard", "normal", "easy", "normal")[seat % 4]
        made = random.Random(rng.random())
        bots.append(HardBot(made, playouts=12) if kind == "hard" else make_bot(kind, made))
    return [Checked(bot) for bot in bots]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", SEEDS)
def test_each_strength_plays_only_legal_actions_under_every_preset(preset: str, seed: int) -> None:
    rules = PRESETS[preset]
    rng = random.Random(seed)
    players = 1 + seed
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        names = tuple(f"P{i}" for i in range(players_for(rules.partner_schedule)))
        match = Match(names, rules, rng)
        games = [(game, table(4, rng)) for _, game in match.tables()]
    else:
        players = 4 if rules.partners else players
        games = [(Game.new(players, rules, rng=rng), table(players, rng))]
    for game, bots in games:
        play_game(game, bots, rounds=1)
        assert game.round_over and game.state.round_winner is not None
        assert all(bot.choices for bot in bots)
