"""The command line: ``uno-access [play|simulate|scenario|cards|rules] …`` (INTERFACE.md)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO

from . import COMPILED, __version__, startup

startup.pause()  # while the command line's modules are loaded (``startup``)
from . import text as outside  # noqa: E402
from .access import messages  # noqa: E402
from .access.wording import language  # noqa: E402
from .engine.rules import PRESETS, RulesError, RuleSet  # noqa: E402

if TYPE_CHECKING:
    from .access.wording.trouble import Reason
    from .net.cluster.connect import Access
    from .settings import Settings

EXIT_ERROR = 2
RULES_FORMATS = ("text", "brf", "wav")
ON_OFF = ("on", "off")
# "on": speech on, by the route the settings keep (auto unless set); the others set it
SPEECH_CHOICES = ("auto", "screenreader", "voice", "on", "off")
BRAILLE_DISPLAYS = ("auto", "brlapi", "screen", "off")
VERBOSITIES = ("brief", "normal", "full")
RULES_WAV = "uno-access-rules.wav"  # where --format wav writes without -o
STANDARD_OUTPUT = "-"  # ``-o -``: standard output, as Unix tools take it
TABLES = ("ueb2", "ueb1", "computer")


class UsageError(Exception):
    """A problem with what the user asked for; ``message`` is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _rules(name: str, players: int | None = None) -> RuleSet:
    """The rules of ``--rules`` (or the settings), checked with ``players`` when given:
    the hands must fit in the deck, before anything is saved or dealt.
    """
    try:
        rules = RuleSet.from_spec(name)
        if players is not None:
            rules.check_deal(players)
    except RulesError as error:
        raise UsageError(messages.rules_error(error)) from None
    return rules


def _bots(text: str, budget_ms: float | None = None, people: bool = False) -> list[str]:
    """The bot names of ``--bots``, each checked; ``budget_ms`` (``--bot-budget``) goes to
    every hard bot that names no budget of its own (``hard`` becomes ``hard:MS``);
    ``people``: ``person`` may name a seat too (one more person at the keyboard).
    """
    from .bots import BOT_NAMES
    from .bots.base import BotNameError, parse_bot
    from .settings import PERSON

    known = (*BOT_NAMES, PERSON) if people else BOT_NAMES
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise UsageError(messages.unknown_bot_strength(messages.cut(text), known))
    out = []
    for name in names:
        if people and name == PERSON:
            out.append(name)
            continue
        try:
            strength, ms = parse_bot(name)
        except BotNameError:
            raise UsageError(messages.unknown_bot_strength(messages.cut(name), known)) from None
        if strength == "hard" and ms is None and budget_ms is not None:
            name = f"hard:{budget_ms:g}"
        out.append(name)
    return out


def _in_range(
    convert: Callable[[str], float], low: float, high: float, wanted: str
) -> Callable[[str], float]:
    """An argparse type: a number from ``low`` to ``high``, else ``wanted`` in one line."""

    def check(value: str) -> float:
        try:
            number = convert(value)
        except ValueError:
            raise argparse.ArgumentTypeError(messages.tr(wanted)) from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(messages.tr(wanted))
        return number

    return check


_players = _in_range(int, 2, 10, messages.PLAYERS_RANGE)
_positive = _in_range(int, 1, float("inf"), messages.WHOLE_NUMBER)
_game_number = _in_range(int, 1, 2**63 - 1, messages.GAME_NUMBER)  # SQLite's integers
GAMES_LIMIT = 1_000_000  # simulate --games: a day of the hard bots at most, not forever
_games = _in_range(int, 1, GAMES_LIMIT, messages.games_range(GAMES_LIMIT))
_budget = _in_range(float, 1, 60_000, messages.BOT_BUDGET_RANGE)
_pace = _in_range(float, 0, 5, messages.PACE_RANGE)
_seat = _in_range(int, 0, 9, messages.SPEECH_SEAT_RANGE)
_volume = _in_range(float, 0, 1, messages.SOUND_VOLUME_RANGE)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes what was given: each word of it cut short and made safe
        words = " ".join(_word(word) for word in message.split(" "))
        self.exit(EXIT_ERROR, messages.usage_error(outside.shown(words), self.prog) + "\n")


def _word(word: str) -> str:
    """A word of a usage error: cut short, its control characters spelled out."""
    return messages.cut(word) if outside.shown(word) == word else messages.given(word)


def _output_options(parser: argparse.ArgumentParser) -> None:
    """How the game reaches the player: over the settings file, for this game only."""
    parser.add_argument(
        "--speech", choices=SPEECH_CHOICES, default=None, help=messages.tr(messages.HELP_SPEECH)
    )
    parser.add_argument(
        "--braille-display",
        choices=BRAILLE_DISPLAYS,
        default=None,
        help=messages.tr(messages.HELP_BRAILLE_DISPLAY),
    )
    parser.add_argument(
        "--braille-table",
        choices=TABLES,
        default=None,
        help=messages.tr(messages.HELP_BRAILLE_TABLE),
    )
    parser.add_argument(
        "--large-text",
        choices=ON_OFF,
        nargs="?",
        const="on",
        default=None,
        help=messages.tr(messages.HELP_LARGE_TEXT),
    )
    parser.add_argument(
        "--verbosity", choices=VERBOSITIES, default=None, help=messages.tr(messages.HELP_VERBOSITY)
    )
    parser.add_argument(
        "--keys", choices=ON_OFF, default=None, help=messages.tr(messages.HELP_KEYS)
    )
    parser.add_argument(
        "--bot-pace", type=_pace, default=None, help=messages.tr(messages.HELP_BOT_PACE)
    )
    parser.add_argument(
        "--speech-seat",
        type=_seat,
        default=None,
        metavar="SEAT",
        help=messages.tr(messages.HELP_SPEECH_SEAT),
    )
    parser.add_argument(
        "--sounds", choices=ON_OFF, default=None, help=messages.tr(messages.HELP_SOUND)
    )
    parser.add_argument(
        "--sound-volume", type=_volume, default=None, help=messages.tr(messages.HELP_SOUND_VOLUME)
    )


def _play_arguments(play: argparse.ArgumentParser) -> None:  # defaults: the settings file
    play.add_argument("--players", type=_players, default=None)
    play.add_argument("--bots", default=None, help=messages.tr(messages.HELP_BOTS_STRENGTHS))
    play.add_argument(
        "--bot-budget",
        type=_budget,
        default=None,
        metavar="MS",
        help=messages.tr(messages.HELP_BOT_BUDGET),
    )
    play.add_argument("--rules", default=None, help=messages.help_rules(PRESETS))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--name", default=None, help=messages.tr(messages.HELP_NAME))
    play.add_argument("--names", default=None, help=messages.tr(messages.HELP_NAMES))
    play.add_argument("--scenario", default=None, help=messages.tr(messages.HELP_PLAY_SCENARIO))
    _output_options(play)
    play.add_argument("--setup", action="store_true", help=messages.tr(messages.HELP_SETUP))


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--players", type=_players, default=2)
    sim.add_argument("--games", type=_games, default=100)
    sim.add_argument("--bots", default="random", help=messages.tr(messages.HELP_BOTS_STRENGTHS))
    sim.add_argument(
        "--bot-budget",
        type=_budget,
        default=None,
        metavar="MS",
        help=messages.tr(messages.HELP_BOT_BUDGET),
    )
    sim.add_argument("--rules", default="standard", help=messages.help_rules(PRESETS))
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help=messages.tr(messages.HELP_JSON))
    sim.add_argument("--counts", action="store_true", help=messages.tr(messages.HELP_COUNTS))


def _scenario_arguments(scen: argparse.ArgumentParser) -> None:
    scen.add_argument("file")


def _cards_arguments(cards: argparse.ArgumentParser) -> None:
    cards.add_argument("--json", action="store_true", help=messages.tr(messages.HELP_JSON))
    cards.add_argument("--rules", default="standard", help=messages.tr(messages.HELP_CARDS_RULES))


def _rules_arguments(rules: argparse.ArgumentParser) -> None:
    rules.add_argument(
        "--format",
        choices=RULES_FORMATS,
        default="text",
        help=messages.tr(messages.HELP_RULES_FORMAT),
    )
    rules.add_argument("--rules", default="standard", help=messages.help_rules_document(PRESETS))
    rules.add_argument("--quick", action="store_true", help=messages.tr(messages.HELP_QUICK))
    rules.add_argument(
        "--table", choices=TABLES, default="ueb2", help=messages.tr(messages.HELP_BRAILLE_TABLE)
    )
    rules.add_argument("-o", "--output", default=None, help=messages.tr(messages.HELP_RULES_OUTPUT))


def _resume_arguments(resume: argparse.ArgumentParser) -> None:
    resume.add_argument("game", nargs="?", type=_game_number, help=messages.tr(messages.HELP_GAME))
    _output_options(resume)


def _export_arguments(export: argparse.ArgumentParser) -> None:
    export.add_argument("game", nargs="?", type=_game_number, help=messages.tr(messages.HELP_GAME))
    export.add_argument("-o", "--output", default=None, help=messages.tr(messages.HELP_OUTPUT))


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help=messages.tr(messages.HELP_SERVE_HOST))
    serve.add_argument(
        "--port",
        type=_in_range(int, 0, 65535, messages.tr(messages.PORT_RANGE)),
        default=8022,
        help=messages.tr(messages.HELP_SERVE_PORT),
    )
    serve.add_argument("--data", default=None, help=messages.tr(messages.HELP_SERVE_DATA))
    serve.add_argument("--open", action="store_true", help=messages.tr(messages.HELP_SERVE_OPEN))
    serve.add_argument("--seed", type=int, default=None, help=messages.tr(messages.HELP_SERVE_SEED))
    serve.add_argument(
        "--bot-pace", type=_pace, default=1.0, help=messages.tr(messages.HELP_BOT_PACE)
    )
    serve.add_argument(
        "--web",
        type=_in_range(int, 0, 65535, messages.tr(messages.PORT_RANGE)),
        default=None,
        metavar="PORT",
        help=messages.tr(messages.HELP_SERVE_WEB),
    )
    serve.add_argument(
        "--web-host", default=None, metavar="HOST", help=messages.tr(messages.HELP_SERVE_WEB_HOST)
    )
    serve.add_argument(
        "--web-behind-proxy",
        action="store_true",
        help=messages.tr(messages.HELP_SERVE_WEB_BEHIND_PROXY),
    )
    serve.add_argument(
        "--cluster",
        default=None,
        metavar="URLS",
        help=messages.tr(messages.HELP_SERVE_CLUSTER),
    )
    serve.add_argument(
        "--address", default=None, metavar="HOST", help=messages.tr(messages.HELP_SERVE_ADDRESS)
    )
    _cluster_access_arguments(serve)


def _cluster_access_arguments(parser: argparse.ArgumentParser) -> None:
    """How a server reaches the NATS servers of ``--cluster``: its user there, the file of
    its password, the authority of their TLS certificates."""
    parser.add_argument(
        "--cluster-user", default=None, metavar="NAME", help=messages.tr(messages.HELP_CLUSTER_USER)
    )
    parser.add_argument(
        "--cluster-password-file",
        default=None,
        metavar="FILE",
        help=messages.tr(messages.HELP_CLUSTER_PASSWORD_FILE),
    )
    parser.add_argument(
        "--cluster-ca", default=None, metavar="FILE", help=messages.tr(messages.HELP_CLUSTER_CA)
    )


def _join_arguments(join: argparse.ArgumentParser) -> None:
    join.add_argument("address", metavar="HOST:PORT", help=messages.tr(messages.HELP_JOIN_ADDRESS))
    join.add_argument("--name", default=None, help=messages.tr(messages.HELP_JOIN_NAME))
    join.add_argument(
        "--invite", default=None, metavar="CODE", help=messages.tr(messages.HELP_JOIN_INVITE)
    )
    _output_options(join)


def _users_arguments(users: argparse.ArgumentParser) -> None:
    users_sub = users.add_subparsers(
        dest="users_command", required=True, metavar="list|remove|role"
    )
    users_list = users_sub.add_parser("list", help=messages.tr(messages.HELP_USERS_LIST))
    users_list.add_argument("--data", default=None, help=messages.tr(messages.HELP_SERVE_DATA))
    users_remove = users_sub.add_parser("remove", help=messages.tr(messages.HELP_USERS_REMOVE))
    users_remove.add_argument("name", metavar="NAME", help=messages.tr(messages.HELP_USERS_NAME))
    users_remove.add_argument("--data", default=None, help=messages.tr(messages.HELP_SERVE_DATA))
    users_remove.add_argument(
        "--cluster", default=None, metavar="URLS", help=messages.tr(messages.HELP_USERS_CLUSTER)
    )
    _cluster_access_arguments(users_remove)
    users_role = users_sub.add_parser("role", help=messages.tr(messages.HELP_USERS_ROLE))
    users_role.add_argument("name", metavar="NAME", help=messages.tr(messages.HELP_USERS_NAME))
    users_role.add_argument(
        "role",
        choices=("operator", "moderator", messages.ROLE_NONE),
        help=messages.tr(messages.HELP_USERS_ROLE_NAME),
    )
    users_role.add_argument("--data", default=None, help=messages.tr(messages.HELP_SERVE_DATA))
    users_role.add_argument(
        "--cluster",
        default=None,
        metavar="URLS",
        help=messages.tr(messages.HELP_USERS_ROLE_CLUSTER),
    )
    _cluster_access_arguments(users_role)


def _sounds_arguments(sounds: argparse.ArgumentParser) -> None:
    sounds.add_argument(
        "--wav", default=None, metavar="FILE", help=messages.tr(messages.HELP_SOUNDS_WAV)
    )


def _doctor_arguments(doctor: argparse.ArgumentParser) -> None:
    doctor.add_argument("--json", action="store_true", help=messages.tr(messages.HELP_JSON))
    doctor.add_argument(
        "--cluster", default=None, metavar="URLS", help=messages.tr(messages.HELP_DOCTOR_CLUSTER)
    )
    _cluster_access_arguments(doctor)


# each command: its help, and what adds its arguments
COMMAND_ARGUMENTS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "play": (messages.HELP_PLAY, _play_arguments),
    "simulate": (messages.HELP_SIMULATE, _simulate_arguments),
    "scenario": (messages.HELP_SCENARIO, _scenario_arguments),
    "cards": (messages.HELP_CARDS, _cards_arguments),
    "rules": (messages.HELP_RULES, _rules_arguments),
    "resume": (messages.HELP_RESUME, _resume_arguments),
    "export": (messages.HELP_EXPORT, _export_arguments),
    "serve": (messages.HELP_SERVE, _serve_arguments),
    "join": (messages.HELP_JOIN, _join_arguments),
    "users": (messages.HELP_USERS, _users_arguments),
    "sounds": (messages.HELP_SOUNDS, _sounds_arguments),
    "doctor": (messages.HELP_DOCTOR, _doctor_arguments),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command named, with its help; ``only``, the one
    command whose arguments are made (the one asked for: making every command's is about
    10 ms of each start, a blind player's wait for the first spoken line), None for all.
    """
    parser = OneLineParser(prog="uno-access", description=messages.tr(messages.PROGRAM_DESCRIPTION))
    parser.add_argument("--version", action="version", version=f"uno-access {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name, (help, arguments) in COMMAND_ARGUMENTS.items():
        command = sub.add_parser(name, help=messages.tr(help))
        if only is not None and name != only:
            continue
        arguments(command)
        command.add_argument(  # every command speaks the language asked for
            "--lang",
            type=_lang,
            default=None,
            metavar="LANG",
            help=messages.help_lang(sorted(language.LANGUAGES)),
        )
    return parser


def _lang(value: str) -> str:
    if not language.known(value):
        raise argparse.ArgumentTypeError(
            messages.unknown_language(value, sorted(language.LANGUAGES))
        )
    return value.strip().lower()


def _early_language(argv: Sequence[str]) -> str:
    """The language to speak from the start, before the arguments are parsed (their help
    and errors are said in it): ``--lang``, else the ``lang`` setting, else ``LANG``."""
    for index, arg in enumerate(argv):
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and language.known(value):
            return value.strip().lower()
    from . import settings as settings_file

    try:
        return settings_file.load()[0].language
    except Exception:  # a settings file that cannot be read is said later, once
        return language.system_language()


def cmd_doctor(args: argparse.Namespace) -> int:
    if args.cluster is not None:
        return _doctor_cluster(args)
    from .devices import doctor

    checks = doctor.run_checks()
    if args.json:
        print(json.dumps(doctor.report_json(checks), ensure_ascii=False))
    else:
        print("\n".join(doctor.report_lines(checks)))
    return 0 if doctor.all_needed_work(checks) else 1


def _cluster_urls(text: str) -> tuple[str, ...]:
    """The addresses of ``--cluster``, checked (``UsageError`` in words when they are not
    addresses of NATS servers); nats-py itself is not loaded by this."""
    from .net.cluster.connect import ClusterError, parse_urls

    try:
        return parse_urls(text)
    except ClusterError as error:
        raise UsageError(error.message) from None


def _cluster_access(args: argparse.Namespace) -> Access:
    """``--cluster-user``, ``--cluster-password-file`` and ``--cluster-ca`` as one value,
    the files read and checked now (``UsageError`` in words when one cannot be)."""
    import ssl
    from pathlib import Path

    from .net.cluster.connect import Access

    password = None
    if args.cluster_password_file is not None:
        path = Path(args.cluster_password_file)
        try:
            password = path.read_text(encoding="utf-8").splitlines()[0].strip()
        except (OSError, UnicodeDecodeError, IndexError) as error:
            why = (
                messages.explained(error, str(path)).why
                if isinstance(error, OSError)
                else messages.tr(messages.CLUSTER_WHY_NO_PASSWORD)
            )
            raise UsageError(messages.cluster_bad_file(str(path), why)) from None
        if not password:
            why = messages.tr(messages.CLUSTER_WHY_NO_PASSWORD)
            raise UsageError(messages.cluster_bad_file(str(path), why))
    if password is not None and args.cluster_user is None:
        raise UsageError(messages.tr(messages.CLUSTER_PASSWORD_WITHOUT_USER))
    ca = None
    if args.cluster_ca is not None:
        ca = Path(args.cluster_ca)
        try:
            ssl.create_default_context(cafile=str(ca))
        except (OSError, ssl.SSLError) as error:
            why = (
                messages.explained(error, str(ca)).why
                if isinstance(error, OSError) and not isinstance(error, ssl.SSLError)
                else messages.tr(messages.CLUSTER_WHY_NO_CERTIFICATE)
            )
            raise UsageError(messages.cluster_bad_file(str(ca), why)) from None
    return Access(args.cluster_user, password, ca)


def _doctor_cluster(args: argparse.Namespace) -> int:
    """``uno-access doctor --cluster URLS``: the NATS cluster's checks instead of this
    machine's; exit status 1 when one fails."""
    from .net.cluster import doctor

    urls = _cluster_urls(args.cluster)
    checks = doctor.run_checks(urls, access=_cluster_access(args))
    if args.json:
        print(json.dumps(doctor.report_json(urls, checks), ensure_ascii=False))
    else:
        print("\n".join(doctor.report_lines(urls, checks)))
    return 0 if doctor.all_needed_work(checks) else 1


def cmd_sounds(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import listen
    from .devices.sound import SoundUnavailable

    if args.wav is None:
        why = listen.play_all(print)
        if why is not None:
            raise UsageError(why)
        return 0
    try:
        count = listen.write_wav(Path(args.wav), print)
    except OSError as error:
        raise _cannot_write(args.wav, error) from None
    except SoundUnavailable as error:
        why = messages.tr(messages.NO_SOUNDS_WAV)
        raise UsageError(why.format(path=_path(args.wav), why=error.reason)) from None
    print(messages.tr(messages.SOUNDS_WRITTEN).format(count=count, path=_path(args.wav)))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    rules = _rules(args.rules)
    bots = _bots(args.bots, args.bot_budget)
    wanted = rules.seats_allowed(args.players)
    if wanted is not None:
        raise UsageError(messages.players_for_rules(messages.cut(args.rules), wanted))
    rules = _rules(args.rules, args.players)
    tally = None
    if args.counts:
        from .tally import Tally

        tally = Tally()
    result = simulate(args.players, args.games, rules, args.seed, bots, tally)
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
    if tally is not None:
        record["counts"] = tally.as_dict()
    if args.json:
        print(json.dumps(record))
    else:
        print(messages.simulation_summary(record))
        if tally is not None:
            for line in messages.simulation_counts(tally.as_dict()):
                print(line)
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
    from .engine.setup import build_deck

    rules = _rules(args.rules)
    faces = sorted(set(build_deck(rules, 4)), key=lambda card: card.index)
    try:
        rows = [
            {
                "code": card.code,
                "name": messages.card_name(card),
                "brf": braille.card_brf(card),
                "unicode": braille.card_unicode(card),
                "points": card.points,
            }
            for card in faces
        ]
    except braille.BrailleUnavailable as error:
        raise UsageError(error.message) from None
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for row in rows:
            print(messages.card_row(row))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from .access import braille, document

    blocks = document.rules(quick_only=args.quick, chosen=_rules(args.rules))
    if args.format == "wav":
        return _rules_wav(document.as_speech(blocks), args.output or RULES_WAV)
    if args.output == STANDARD_OUTPUT:
        args.output = None
    try:
        if args.format == "brf":
            text = document.as_brf(blocks, braille.BrailleTable(args.table))
        else:
            text = document.as_text(blocks)
    except braille.BrailleUnavailable as error:
        raise UsageError(error.message) from None
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        with open(
            args.output, "w", encoding="ascii" if args.format == "brf" else "utf-8", newline=""
        ) as file:
            file.write(text)
    except OSError as error:
        raise _cannot_write(args.output, error) from None
    print(messages.written(_path(args.output)))
    return 0


def _cannot_write(path: str, error: OSError) -> UsageError:
    """The file ``path`` cannot be written: why and what to do, in our words."""
    return UsageError(messages.cannot_write(_path(path), messages.explained(error, path)))


def _path(path: str) -> str:
    """A path the user gave, as a message shows it."""
    return outside.shown(path)


def _rules_wav(text: str, path: str) -> int:
    """The rules spoken into a WAV file by the speech engine: made in a folder of its
    own, then copied into ``path`` (a device or a full disk fails there, and is said).
    """
    from .devices import speech

    to_output = path == STANDARD_OUTPUT  # the sound itself on standard output
    if not to_output:
        try:  # a file that cannot be written is said before the engine is started
            with open(path, "ab"):
                pass
        except OSError as error:
            raise _cannot_write(path, error) from None
    with tempfile.TemporaryDirectory(prefix="uno-access-") as folder:
        made = os.path.join(folder, "rules.wav")
        try:
            speech.save_wav(text, made)
        except speech.SpeechUnavailable as error:
            raise UsageError(messages.no_wav(_path(path), error.reason)) from None
        if to_output:
            with open(made, "rb") as source:
                _write_bytes(source.read())
            return 0
        try:
            with open(made, "rb") as source, open(path, "wb") as target:
                shutil.copyfileobj(source, target)
        except OSError as error:
            raise _cannot_write(path, error) from None
    print(messages.written(_path(path)))
    return 0


def _write_bytes(data: bytes) -> None:
    """``data`` on standard output as it is (a WAV file for ``-o -``)."""
    sys.stdout.flush()
    stream = getattr(sys.__stdout__, "buffer", None)
    if stream is None:
        raise OutputFailed(_closed())
    try:
        stream.write(data)
        stream.flush()
    except BrokenPipeError:
        raise PipeClosed from None
    except (OSError, ValueError) as error:
        raise OutputFailed(_output_trouble(error)) from None


def _settings(args: argparse.Namespace) -> Settings:
    """The settings file, then what the command line says over it."""
    from dataclasses import replace

    from . import settings as settings_file
    from .access.braille import BrailleTable
    from .access.message import Verbosity

    settings, problems = settings_file.load()
    for problem in problems:
        print(f"uno-access: {problem}", file=sys.stderr)
    given = {
        "speech": None if args.speech is None else args.speech != "off",
        "speech_route": None
        if args.speech in (None, "on", "off")
        else settings_file.SpeechRoute(args.speech),
        "braille_display": None
        if args.braille_display is None
        else settings_file.BrailleDisplay(args.braille_display),
        "braille_table": None if args.braille_table is None else BrailleTable(args.braille_table),
        "large_text": None if args.large_text is None else args.large_text == "on",
        "verbosity": None if args.verbosity is None else Verbosity(args.verbosity),
        "keys": None if args.keys is None else args.keys == "on",
        "bot_pace": args.bot_pace,
        "speech_seat": getattr(args, "speech_seat", None),
        "sounds": None if args.sounds is None else args.sounds == "on",
        "sound_volume": args.sound_volume,
        "lang": getattr(args, "lang", None),
    }
    return replace(settings, **{key: value for key, value in given.items() if value is not None})


def cmd_play(args: argparse.Namespace) -> int:
    from .ui.play import run, run_scenario
    from .ui.setup import interactive, set_up

    settings = _settings(args)
    chosen_here = any(
        value is not None
        for value in (args.players, args.bots, args.rules, args.names, args.scenario)
    )
    set_up_now = args.setup or (interactive() and not settings_exists() and not chosen_here)
    if set_up_now:
        from .ui.profile import open_session
        from .ui.terminal import Keyboard, terminal_missing

        missing = terminal_missing("play")
        if missing is not None:
            raise UsageError(missing)

        session = open_session(settings, Keyboard())  # heard and brailled as the game is
        try:
            chosen = set_up(settings, session=session)
        finally:
            session.close()
        if chosen is None:
            return 0
        settings = chosen
    bots = _bots(
        args.bots if args.bots is not None else settings.bots, args.bot_budget, people=True
    )
    if args.scenario is not None:
        played = run_scenario(args.scenario, bots, settings)
        if isinstance(played, str):
            raise UsageError(played)
        return played
    players = args.players if args.players is not None else settings.players
    rules = _rules(args.rules if args.rules is not None else settings.rules, players)
    names = [
        outside.name(name)
        for name in (args.names if args.names is not None else settings.names).split(",")
    ]
    name = outside.name(args.name) if args.name is not None else ""
    status: int = run(
        players,
        bots,
        rules,
        args.seed,
        name or settings.name or None,
        settings=settings,
        names=names,
        offer_resume=not set_up_now,  # the setup's answers are for a new game (issue 23)
    )
    return status


def settings_exists() -> bool:
    from .store.paths import settings_path

    return settings_path().exists()


def cmd_resume(args: argparse.Namespace) -> int:
    from .ui.play import resume

    status = resume(args.game, settings=_settings(args))
    if isinstance(status, str):
        raise UsageError(status)
    return status


def cmd_export(args: argparse.Namespace) -> int:
    from .store.export import ExportError, export

    try:
        told = export(args.game, args.output)
    except ExportError as error:
        raise UsageError(error.message) from None
    for line in told:
        print(line, file=sys.stderr)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .net.cluster.connect import ClusterError  # nats-py is loaded only with --cluster
    from .net.server import WebOptions, serve

    web = None
    if args.web is not None:
        web = WebOptions(args.web, args.web_host, args.web_behind_proxy)
    cluster = _cluster_urls(args.cluster) if args.cluster is not None else None
    access = _cluster_access(args) if cluster is not None else None
    address = _address(args.address, cluster is not None)
    try:
        return serve(
            args.host,
            args.port,
            Path(args.data) if args.data else None,
            args.open,
            args.seed,
            args.bot_pace,
            web,
            cluster,
            access,
            address,
        )
    except OSError as error:  # the port is taken, the folder cannot be made
        where = error.filename or f"{args.host}:{args.port}"
        raise UsageError(messages.cannot_serve(messages.explained(error, where))) from None
    except ClusterError as error:  # the cluster out of reach, or refusing: said, status 1
        _error(error.message)
        return 1


def _address(typed: str | None, cluster: bool) -> str | None:
    """``--address HOST``, checked: a host's name or address, and only with ``--cluster``
    (``UsageError`` in words else)."""
    if typed is None:
        return None
    if not cluster:
        raise UsageError(messages.tr(messages.SERVE_ADDRESS_ALONE))
    host = typed.strip().strip("[]")
    if not host or len(host) > 253 or not all(c.isalnum() or c in ".-:" for c in host):
        raise UsageError(messages.serve_bad_address(outside.shown(typed, 80)))
    return host


def cmd_users(args: argparse.Namespace) -> int:
    """``uno-access users list`` / ``remove NAME`` / ``role NAME ROLE``, on the server's
    data folder."""
    import sqlite3
    from pathlib import Path

    from .net.server import default_data
    from .net.server.users import UsersError, listed, removed, role_set

    folder = Path(args.data) if args.data else default_data()
    try:
        if args.users_command == "list":
            print("\n".join(listed(folder)))
        elif args.users_command == "role" and args.cluster is not None:
            urls, access = _cluster_urls(args.cluster), _cluster_access(args)
            print(role_set(folder, args.name, args.role, urls, access))
        elif args.users_command == "role":
            print(role_set(folder, args.name, args.role))
        elif args.cluster is not None:
            urls, access = _cluster_urls(args.cluster), _cluster_access(args)
            print(removed(folder, args.name, urls, access))
        else:
            print(removed(folder, args.name))
    except UsersError as error:
        raise UsageError(error.message) from None
    except (sqlite3.Error, OSError) as error:
        why = messages.explained(error, getattr(error, "filename", None) or folder)
        raise UsageError(messages.server_data_unusable(str(folder), why)) from None
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    from .net.client import join

    return join(args.address, args.name, args.invite, _settings(args))


COMMANDS = {
    "serve": cmd_serve,
    "join": cmd_join,
    "users": cmd_users,
    "play": cmd_play,
    "simulate": cmd_simulate,
    "scenario": cmd_scenario,
    "cards": cmd_cards,
    "rules": cmd_rules,
    "resume": cmd_resume,
    "export": cmd_export,
    "doctor": cmd_doctor,
    "sounds": cmd_sounds,
}


class OutputFailed(Exception):
    """Standard output could not be written (closed, a full disk): ``why`` says so."""

    def __init__(self, why: Reason) -> None:
        super().__init__(why.why)
        self.why = why


def _closed() -> Reason:
    return messages.explained(OSError(errno.EBADF, ""))


def _output_trouble(error: Exception) -> Reason:
    """Why standard output failed: a closed file (``ValueError``) is said as closed."""
    return messages.explained(error) if isinstance(error, OSError) else _closed()


class PipeClosed(Exception):
    """The reader of standard output went away (not an ``OSError``, so that nothing on
    the way, argparse's help included, takes it for a failure it may pass over).
    """


class _Output:
    """Standard output for a command that prints its result: a write that fails becomes
    ``OutputFailed``, or ``PipeClosed`` for a closed pipe (which ends the command quietly).
    """

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is None:
            raise OutputFailed(_closed())
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise PipeClosed from None
        except (OSError, ValueError) as error:  # ValueError: a closed file
            raise OutputFailed(_output_trouble(error)) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise PipeClosed from None
        except (OSError, ValueError) as error:
            raise OutputFailed(_output_trouble(error)) from None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> object:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


INTERACTIVE = ("play", "resume")  # these own the terminal: their output is left as it is
TERMINAL = ("play", "resume", "join")  # these read keys: Ctrl-C and Ctrl-S as ``_at_the_terminal``
EXIT_BROKEN_PIPE = 128 + 13  # as a Unix tool ended by SIGPIPE


def main(argv: Sequence[str] | None = None) -> int:
    startup.pause()  # until the game's first prompt, or the end (``startup``)
    try:
        return _main(argv)
    finally:
        startup.started()


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    language.set_default(_early_language(argv))
    # argparse's own words (usage, its headings and errors) in the language too
    argparse._ = messages.argparse_word  # type: ignore[attr-defined]
    argparse.ngettext = messages.argparse_counted  # type: ignore[attr-defined]
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "play")
    parser = build_parser(argv[0] if argv[0] in COMMAND_ARGUMENTS else None)
    real = sys.stdout
    sys.stdout = _Output(real)
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help, or a usage error: what was printed must be written
            sys.stdout.flush()
            raise
        if args.command in INTERACTIVE:
            sys.stdout = real
        else:
            startup.started()  # only the game's first prompt is waited for
        if args.command in TERMINAL:
            return _at_the_terminal(COMMANDS[args.command], args)
        status = COMMANDS[args.command](args)
        sys.stdout.flush()
        return status
    except UsageError as error:
        _error(error.message)
        return EXIT_ERROR
    except OutputFailed as error:
        _error(messages.cannot_write_output(error.why))
        _quiet(real)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(messages.tr(messages.INTERRUPTED), file=sys.stderr)
        return 130
    except (PipeClosed, BrokenPipeError):  # the reader went away (``uno-access cards | head``)
        _quiet(real)
        return EXIT_BROKEN_PIPE
    finally:
        sys.stdout = real


def _at_the_terminal(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """A command that owns the terminal: Ctrl-C, Ctrl-\\ (SIGQUIT, sent by the terminal
    whenever it is not in raw mode, as while the bots play) and SIGTERM stop it cleanly at
    any moment (``interrupt``: a game saved, status 130 or 143, never a core dump), and
    the terminal's flow control is off throughout (``ui.flow``: Ctrl-S freezes nothing),
    its settings put back however the command ends.
    """
    from . import interrupt
    from .ui.flow import flow_control_off

    with interrupt.installed(), flow_control_off():
        try:
            return command(args)
        except KeyboardInterrupt:
            status = interrupt.take()
            with contextlib.suppress(OSError, ValueError, AttributeError):
                print(messages.tr(messages.INTERRUPTED), file=sys.stderr, flush=True)
            return status


def _error(line: str) -> None:
    """One line on standard error (nothing more to do if that is closed as well)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(f"uno-access: {line}", file=sys.stderr, flush=True)


def _quiet(stream: TextIO | None) -> None:
    """Standard output pointed at /dev/null, so that what is still buffered in it is not
    written (and failed) again as Python exits.
    """
    if stream is None:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


startup.resume()

if __name__ == "__main__":
    sys.exit(main())
