"""``uno-access play``: a game against bots, typed line by line.

The person is seat 0; bots fill the other seats. Everything that happens is one
plain line, appended, so a screen reader or braille display follows it as it
comes. Commands (any case; ``help`` in the game lists them too):

- a card plays it: ``b7``, ``B#G``, ``blue 7``; a Wild takes its colour: ``wi red``,
  ``wi+4 b`` (without one, the game asks "Which colour?" and takes the next line);
  add ``uno`` to call UNO with the play: ``r5 uno``
- ``d``/``draw`` draws; then ``p``/``play`` plays the drawn card, ``k``/``keep`` keeps it
  (a drawn card that cannot be played is kept at once)
- ``u``/``uno`` calls UNO right after the next-to-last card
- ``c``/``catch`` [name or seat number] catches a player with one card who did not call
  UNO; when a bot forgets, the game says so and waits for one line: ``c``, or Enter
- ``ch``/``challenge`` and ``a``/``accept`` answer a Wild Draw Four; ``a`` also accepts a
  stack you owe (``--rules stacking``), and a card of its kind adds to it: when a stack is
  owed, your turn says so ("You owe 4 cards: …")
- Speed UNO (``--rules speed``): ``j``/``jump`` jumps in out of turn with the card
  identical to the top card (``j red`` for a Wild, ``j uno``, ``j x2``); after any play
  that you may jump in on, the game says so and waits for one line: ``j``, or Enter.
  Identical cards are dropped together: ``g6 g6`` or ``g6 x2``. When a 0 passes every
  hand on and you are handed a single card, the game says so: ``u`` calls UNO
- ``an``/``anniversary`` plays an Anniversary card (``--rules anniversary``):
  ``an red give bob keep r5 uno``; the game asks, one question at a time, for the
  colour, whom to give your other cards to and the card you keep when they are left
  out (Enter plays nothing)
- a blank card (``--rules standard,blank_cards=y7``) is typed as the card it stands for
  (``y7``) or by its own code (``bly7``)
- ``h``/``hand``, ``t``/``top`` (touch the top card), ``cc``/``check`` (card check),
  ``s``/``scores``, ``o``/``order`` (direction and order of play)
- ``r``/``repeat`` says again everything since your last command; Enter alone says
  whose turn it is and what you can do
- ``n``/``next`` deals the next round; ``help``/``?``; ``q``/``quit`` (asks first)
- Ctrl-D or Ctrl-C stop the game

Every preset plays: a partners game names the pairs at the start and scores each pair;
with Challenge UNO a player who reaches the limit is out, said once, and skipped (when it
is you, the others play on to the end while you watch).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..access import messages
from ..bots import Bot, make_bot
from ..engine.game import Game
from ..engine.rules import PRESETS, PartnerSchedule, RuleSet
from .table import Table
from .terminal import Keyboard, Screen

HUMAN_SEAT = 0
EXIT_ERROR = 2


def table_names(players: int, name: str | None) -> list[str]:
    """The person's name (default "You") in seat 0, then a distinct name per bot."""
    mine = (name or "").strip() or messages.YOU
    names = [mine]
    for candidate in messages.TABLE_NAMES:
        if len(names) == players:
            break
        if candidate.lower() != mine.lower():
            names.append(candidate)
    return names


def seat_bots(players: int, bots: Sequence[str], rng: random.Random) -> dict[int, Bot]:
    """One bot per seat but the person's, strengths taken from ``bots`` in turn."""
    return {
        seat: make_bot(bots[(seat - 1) % len(bots)], random.Random(rng.random()))
        for seat in range(1, players)
    }


def run(
    players: int, bots: Sequence[str], rules: RuleSet, seed: int | None, name: str | None
) -> int:
    """A new game against bots on this terminal; the exit status (2, with one line on
    standard error, when these rules cannot be played at this table).
    """
    problem = _cannot_play(rules, players)
    if problem is not None:
        print(f"uno-access: {problem}", file=sys.stderr)
        return EXIT_ERROR
    rng = random.Random(seed)
    game = Game.new(table_names(players, name), rules, rng=random.Random(rng.random()))
    return play(game, seat_bots(players, bots, rng))


def _cannot_play(rules: RuleSet, players: int) -> str | None:
    """Why a game of ``players`` under ``rules`` cannot start here, or None."""
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        return messages.PLAY_NO_SCHEDULE
    wanted = rules.seats_allowed(players)
    if wanted is None:
        return None
    name = next((key for key, preset in PRESETS.items() if preset == rules), "partners")
    return messages.players_for_rules(name, wanted)


def play(
    game: Game,
    bots: Mapping[int, Bot],
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
) -> int:
    """Play a prepared ``game`` to its end: the person in seat 0, ``bots`` by seat.

    ``input`` and ``output`` are prompt_toolkit's (the terminal by default);
    ``screen`` receives every line said (printed to the terminal by default).
    """
    keyboard = Keyboard(input=input, output=output)
    return Table(game, bots, keyboard, screen or Screen(), HUMAN_SEAT).run()
