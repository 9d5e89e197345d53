"""The command line: ``uno-access [play|simulate|scenario|cards] …`` (INTERFACE.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import COMPILED
from .access import messages
from .engine.rules import PRESETS, RulesError, RuleSet

EXIT_ERROR = 2


class UsageError(Exception):
    """A problem with what the user asked for; ``message`` is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _rules(name: str) -> RuleSet:
    try:
        rules = RuleSet.from_spec(name)
    except RulesError as error:
        raise UsageError(messages.rules_error(error)) from None
    return rules


def _bots(text: str, budget_ms: float | None = None) -> list[str]:
    """The bot names of ``--bots``, each checked; ``budget_ms`` (``--bot-budget``) goes to
    every hard bot that names no budget of its own (``hard`` becomes ``hard:MS``).
    """
    from .bots import BOT_NAMES
    from .bots.base import BotNameError, parse_bot

    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise UsageError(messages.unknown_bot_strength(text, BOT_NAMES))
    out = []
    for name in names:
        try:
            strength, ms = parse_bot(name)
        except BotNameError:
            raise UsageError(messages.unknown_bot_strength(name, BOT_NAMES)) from None
        if strength == "hard" and ms is None and budget_ms is not None:
            name = f"hard:{budget_ms:g}"
        out.append(name)
    return out


def _budget(value: str) -> float:
    try:
        ms = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(messages.BOT_BUDGET_RANGE) from None
    if not 1 <= ms <= 60_000:
        raise argparse.ArgumentTypeError(messages.BOT_BUDGET_RANGE)
    return ms


def _players(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(messages.PLAYERS_RANGE) from None
    if not 2 <= n <= 10:
        raise argparse.ArgumentTypeError(messages.PLAYERS_RANGE)
    return n


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(messages.WHOLE_NUMBER) from None
    if n < 1:
        raise argparse.ArgumentTypeError(messages.WHOLE_NUMBER)
    return n


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, messages.usage_error(message, self.prog) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="uno-access", description=messages.PROGRAM_DESCRIPTION)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)

    play = sub.add_parser("play", help=messages.HELP_PLAY)
    play.add_argument("--players", type=_players, default=2)
    play.add_argument("--bots", default="random", help=messages.HELP_BOTS_STRENGTHS)
    play.add_argument("--bot-budget", type=_budget, default=None, metavar="MS",
                      help=messages.HELP_BOT_BUDGET)
    play.add_argument("--rules", default="standard", help=messages.help_rules(PRESETS))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--name", default=None, help=messages.HELP_NAME)

    sim = sub.add_parser("simulate", help=messages.HELP_SIMULATE)
    sim.add_argument("--players", type=_players, default=2)
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--bots", default="random", help=messages.HELP_BOTS_STRENGTHS)
    sim.add_argument("--bot-budget", type=_budget, default=None, metavar="MS",
                     help=messages.HELP_BOT_BUDGET)
    sim.add_argument("--rules", default="standard", help=messages.help_rules(PRESETS))
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help=messages.HELP_JSON)

    scen = sub.add_parser("scenario", help=messages.HELP_SCENARIO)
    scen.add_argument("file")

    cards = sub.add_parser("cards", help=messages.HELP_CARDS)
    cards.add_argument("--json", action="store_true", help=messages.HELP_JSON)
    return parser


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    rules = _rules(args.rules)
    bots = _bots(args.bots, args.bot_budget)
    wanted = rules.seats_allowed(args.players)
    if wanted is not None:
        raise UsageError(messages.players_for_rules(args.rules, wanted))
    result = simulate(args.players, args.games, rules, args.seed, bots)
    record = {
        "games": result.games,
        "players": result.players,
        "rules": args.rules,
        "bots": bots,
        "seed": args.seed,
        "seconds": round(result.seconds, 4),
        "games_per_second": round(result.games_per_second, 2),
        "rounds": result.rounds,
        "rounds_per_second": round(result.rounds_per_second, 2),
        "actions": result.actions,
        "wins": list(result.wins),
        "errors": result.errors,
        "first_error": result.first_error,
        "compiled": COMPILED,
    }
    if args.json:
        print(json.dumps(record))
    else:
        print(messages.simulation_summary(record))
    return 1 if result.errors else 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from .scenario import ScenarioError, load, replay

    try:
        scenario = load(args.file)
    except ScenarioError as error:
        raise UsageError(error.message) from None
    for line in replay(scenario):
        print(json.dumps(line))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from .access import braille
    from .engine.cards import all_faces

    try:
        rows = [
            {
                "code": card.code,
                "name": messages.card_name(card),
                "brf": braille.card_brf(card),
                "unicode": braille.card_unicode(card),
                "points": card.points,
            }
            for card in all_faces()
        ]
    except braille.BrailleUnavailable as error:
        raise UsageError(error.message) from None
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for row in rows:
            print(messages.card_row(row))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .ui.play import run

    rules = _rules(args.rules)
    return run(args.players, _bots(args.bots, args.bot_budget), rules, args.seed, args.name)


COMMANDS = {
    "play": cmd_play,
    "simulate": cmd_simulate,
    "scenario": cmd_scenario,
    "cards": cmd_cards,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv.insert(0, "play")
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except UsageError as error:
        print(f"uno-access: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(messages.INTERRUPTED, file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
