"""The command line: help for options, scenario and settings files, rule options, errors."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine.cards import Card, Kind
from ...engine.rules import DealError, RulesConflict, RulesError, RuleSet, RulesNeeds
from ..message import Parts
from .cards import card_name
from .forms import LIST_SEPARATOR, SAID_AS_BRAILLE, Plural, plural, register
from .house_rules import HOUSE_RULE_DESCRIPTIONS
from .language import N_, NP_, tr, tr_n
from .quoted import given
from .trouble import Reason
from .turn import or_list

SCENARIO_FOUR_START = N_(
    "In the scenario, a Wild Draw Four start card goes back into the deck and another card "
    "is turned, so draw_pile must hold a card that is not a Wild Draw Four."
)


SCENARIO_ONE_TABLE = N_(
    "A scenario is one table: a partner schedule (rotation, two tables) is not, so use "
    "the partners preset."
)


SCENARIO_PLAYERS_FOR_RULES = N_("In the scenario, these rules need {wanted} players.")


def scenario_players_for_rules(wanted: str) -> str:
    return tr(SCENARIO_PLAYERS_FOR_RULES).format(wanted=wanted)


SCENARIO_NOT_OBJECT = N_("The scenario must be one JSON object with players, hands and start.")


# {why}: what went wrong, in our words (``wording.trouble``)
SCENARIO_UNREADABLE = N_("The scenario file cannot be read: {why}. {advice}")


def scenario_unreadable(why: Reason) -> str:
    """The scenario file cannot be read (``why`` names it)."""
    return tr(SCENARIO_UNREADABLE).format(why=why.why, advice=why.advice)


SCENARIO_TOO_DEEP = N_("The scenario file nests its JSON too deeply to be a scenario.")


SCENARIO_NOT_TEXT = N_(
    "The scenario file {path} is not UTF-8 text; a scenario is a JSON text file."
)


def scenario_not_text(path: str) -> str:
    return tr(SCENARIO_NOT_TEXT).format(path=path)


SCENARIO_NOT_JSON = N_("The scenario file is not valid JSON: line {line}: {why}.")


def scenario_not_json(line: int, why: str) -> str:
    return tr(SCENARIO_NOT_JSON).format(line=line, why=why)


SCENARIO_FIELD = N_("In the scenario, {field} must be {wanted}.")


def scenario_field(field: str, wanted: str) -> str:
    return tr(SCENARIO_FIELD).format(field=field, wanted=wanted)


# Translators: {where} is a place in the scenario file (actions[3]), typed as it is;
# {typed} the value found there, quoted; {known} the acts, as typed.
SCENARIO_UNKNOWN_ACT = N_("In the scenario, {where}.act is {typed}; it must be one of: {known}.")


def scenario_unknown_act(where: str, name: object, known: list[str]) -> str:
    return tr(SCENARIO_UNKNOWN_ACT).format(
        where=where, typed=given(name), known=LIST_SEPARATOR.join(known)
    )


SCENARIO_MORE_CARDS_THAN_DECK = N_(
    "In the scenario, the hands, start and draw_pile hold {total} cards, but these rules "
    "play with a deck of {deck}."
)


def scenario_more_cards_than_deck(total: int, deck: int) -> str:
    return tr(SCENARIO_MORE_CARDS_THAN_DECK).format(total=total, deck=deck)


# Translators: {count} copies of {card} in the scenario, of which the deck has {deck}.
SCENARIO_MORE_COPIES_THAN_DECK = N_(
    "In the scenario, {where} makes {count} of {card}, but these rules' deck has {deck}."
)
SCENARIO_ANNIVERSARY_NOT_IN_DECK = N_(
    "In the scenario, {where} is an Anniversary card, but these rules have none (the option "
    "anniversary_cards)."
)
SCENARIO_BLANK_NOT_IN_DECK = N_(
    "In the scenario, {where} is a blank card for {card}, but these rules have no such "
    "blank card (the option blank_cards)."
)


def scenario_more_copies_than_deck(where: str, card: Card, count: int, deck: int) -> str:
    return tr(SCENARIO_MORE_COPIES_THAN_DECK).format(
        where=where, count=count, card=card_name(card), deck=deck
    )


def scenario_card_not_in_deck(where: str, card: Card) -> str:
    if card.kind is Kind.ANNIVERSARY:
        return tr(SCENARIO_ANNIVERSARY_NOT_IN_DECK).format(where=where)
    return tr(SCENARIO_BLANK_NOT_IN_DECK).format(where=where, card=card_name(card))


SCENARIO_NO_CARDS = N_(
    "In the scenario, every hand is empty: at least one player must hold a card."
)


# Translators: {typed} is what was given, quoted; {allowed} the values it may take, as
# typed; {option} an option's name, typed as it is (uno_penalty).
NO_SUCH_PRESET = N_("There is no rules preset {typed}; the presets are: {allowed}.")
NO_SUCH_RULE_OPTION = N_("There is no rule option {typed}; the options are: {allowed}.")
# {close}: the options nearest what was typed, as "shuffle_hands or wild_shuffle_hands"
NO_SUCH_RULE_OPTION_CLOSE = N_("There is no rule option {typed}; did you mean {close}?")
# {allowed}: the options but the house rules; {count}: how many house rules there are
NO_SUCH_RULE_OPTION_HOUSE = N_(
    "There is no rule option {typed}; the options are: {allowed}, and {count} house rules, "
    "which the set-up's rules question lists (uno-access play --setup)."
)
RULE_OPTION_VALUE = N_("The rule option {option} cannot be {typed}; it takes: {allowed}.")
# Translators: {option} and {other} are options' names, typed as they are (draw_responses,
# stacking); "+ card round" is the name the official rules give {other}.
RULES_CONFLICT = N_(
    'The rule options {option} and {other} cannot be played together: {other} is the "+ '
    'card round" (the stack goes round once), {option} the progressive form; choose one.'
)
# Translators: {option} and {needed} are options' names, typed as they are (seven_o_decline,
# seven_o), as is "standard,seven_o=on,seven_o_decline=on".
RULES_NEEDS = N_(
    "The rule option {option} changes {needed}, so it needs {needed} on too: "
    "standard,{needed}=on,{option}=on."
)
# Translators: {players} players with {size} cards each need {needed} cards, {reserve} more
# for the start card; the deck has {deck}, so {most} each at most. Every count is of cards
# but {players}; none is one where this is said.
CANNOT_DEAL = N_(
    "{players} players with {size} cards each need {needed} cards, and {reserve} more must "
    "be left to turn a start card; the deck has {deck}: at most {most} cards each."
)


def rules_error(error: RulesError) -> str:
    """A rule option with a value it cannot take (what was given cut short, made safe)."""
    if isinstance(error, DealError):
        return cannot_deal(error.players, error.hand_size, error.reserve, error.deck, error.most)
    if isinstance(error, RulesConflict):
        return rules_conflict(error.option, error.other)
    if isinstance(error, RulesNeeds):
        return tr(RULES_NEEDS).format(option=error.option, needed=error.needed)
    allowed = LIST_SEPARATOR.join(
        str(a).lower() if isinstance(a, bool) else str(a) for a in error.allowed
    )
    if error.option == "preset":
        return tr(NO_SUCH_PRESET).format(typed=given(error.value), allowed=allowed)
    if error.allowed and error.option not in RuleSet.__dataclass_fields__:
        return no_such_rule_option(error.option, [str(a) for a in error.allowed])
    return tr(RULE_OPTION_VALUE).format(
        option=error.option, typed=given(error.value), allowed=allowed
    )


def no_such_rule_option(typed: str, known: list[str]) -> str:
    """An unknown option: the nearest names when some are close, else the options (the
    house rules counted, not listed: the set-up's rules question names each)."""
    import difflib  # only for a mistyped option: not at every start

    close = difflib.get_close_matches(typed.lower(), known, n=3, cutoff=0.6)
    if close:
        return tr(NO_SUCH_RULE_OPTION_CLOSE).format(typed=given(typed), close=or_list(close))
    house = [name for name in known if name in HOUSE_RULE_DESCRIPTIONS]
    if not house:
        return tr(NO_SUCH_RULE_OPTION).format(
            typed=given(typed), allowed=LIST_SEPARATOR.join(known)
        )
    core = [name for name in known if name not in HOUSE_RULE_DESCRIPTIONS]
    return tr(NO_SUCH_RULE_OPTION_HOUSE).format(
        typed=given(typed), allowed=LIST_SEPARATOR.join(core), count=len(house)
    )


def rules_conflict(option: str, other: str) -> str:
    """Two rule options that cannot be played together (``draw_responses`` and ``stacking``)."""
    return tr(RULES_CONFLICT).format(option=option, other=other)


def cannot_deal(players: int, size: int, reserve: int, deck: int, most: int) -> str:
    return tr(CANNOT_DEAL).format(
        players=players, size=size, needed=players * size, reserve=reserve, deck=deck, most=most
    )


SETTINGS_NOT_REGULAR = N_("{path} is not a file: the default settings are used.")


def settings_not_regular(path: str) -> str:
    return tr(SETTINGS_NOT_REGULAR).format(path=path)


SETTINGS_TOO_BIG = N_(
    "{path} is larger than {limit:,} bytes, too big to be a settings file: the default "
    "settings are used."
)


def settings_too_big(path: str, limit: int) -> str:
    return tr(SETTINGS_TOO_BIG).format(path=path, limit=limit)


SETTINGS_TOO_DEEP = N_("its values nest too deeply")


# Translators: {names} is the first few keys found, as SETTINGS_AND_MORE ends them;
# {known} the settings' names, typed as they are.
SETTINGS_UNKNOWN_KEYS: Plural = NP_(
    "{path}: {count:,} unknown setting ignored: {names}; the settings are {known}.",
    "{path}: {count:,} unknown settings ignored: {names}; the settings are {known}.",
)
# the first few keys named, and how many more there are
SETTINGS_AND_MORE = N_("{names} and {more:,} more")


def settings_unknown_keys(path: str, count: int, first: Sequence[str], known: Iterable[str]) -> str:
    """Several keys that are not settings, in one line: the first few named."""
    more = count - len(first)
    named = LIST_SEPARATOR.join(first)
    if more:
        named = tr(SETTINGS_AND_MORE).format(names=named, more=more)
    return plural(count, SETTINGS_UNKNOWN_KEYS).format(
        path=path, count=count, names=named, known=LIST_SEPARATOR.join(known)
    )


RULES_NEED_PLAYERS = N_("The rules {rules} are for {wanted} players, not {players}.")


def rules_need_players(rules: str, wanted: str, players: int) -> str:
    return tr(RULES_NEED_PLAYERS).format(rules=rules, wanted=wanted, players=players)


SETTINGS_RULES_FOR_PLAYERS = N_(
    "{path}: the rules and the players do not go together: {problem} The default rules, "
    "{default}, are used."
)


def settings_rules_for_players(path: str, problem: str, default: str) -> str:
    """``rules`` and ``players`` of one file that do not go together."""
    return tr(SETTINGS_RULES_FOR_PLAYERS).format(path=path, problem=problem, default=default)


SCENARIO_NOT_REGULAR = N_("The scenario {path} is not a file; a scenario is a JSON text file.")


def scenario_not_regular(path: str) -> str:
    return tr(SCENARIO_NOT_REGULAR).format(path=path)


SCENARIO_TOO_LONG = N_(
    "In the scenario, {where} is longer than {limit} characters: it is no card or colour."
)


def scenario_too_long(where: str, limit: int) -> str:
    return tr(SCENARIO_TOO_LONG).format(where=where, limit=limit)


SCENARIO_TOO_BIG = N_(
    "The scenario file {path} is larger than {limit:,} bytes, too big to be a scenario."
)


def scenario_too_big(path: str, limit: int) -> str:
    return tr(SCENARIO_TOO_BIG).format(path=path, limit=limit)


GAMES_RANGE = N_("the number of games is a whole number from 1 to {most:,}")


def games_range(most: int) -> str:
    return tr(GAMES_RANGE).format(most=most)


# {command}: play, resume or join
NEEDS_TERMINAL_CLOSED = N_(
    "{command} reads your keys from a terminal, but its standard input is closed: run it "
    "in a terminal window; nothing was changed."
)
NEEDS_TERMINAL_NOT_ONE = N_(
    "{command} reads your keys from a terminal, but its standard input is not one: run it "
    "in a terminal window (over ssh, with ssh -t); nothing was changed."
)


def needs_terminal(command: str, closed: bool) -> str:
    """``uno-access COMMAND`` cannot read keys: standard input ``closed``, or not a terminal
    (a file, a pipe, /dev/null)."""
    said = tr(NEEDS_TERMINAL_CLOSED) if closed else tr(NEEDS_TERMINAL_NOT_ONE)
    return said.format(command=command)


# {why}: what went wrong, in our words (``wording.trouble``)
CANNOT_WRITE_OUTPUT = N_("cannot write to standard output: {why}. {advice}")


def cannot_write_output(why: Reason) -> str:
    return tr(CANNOT_WRITE_OUTPUT).format(why=why.why, advice=why.advice)


LIBLOUIS_MISSING = N_(
    "Braille needs liblouis and its Python binding: install the Debian packages liblouis20 "
    "liblouis-data python3-louis (from a clone, scripts/setup.sh does it)."
)


LIBLOUIS_TABLE_MISSING = N_(
    "liblouis cannot load its braille table {table}: install the Debian package liblouis-data."
)


def liblouis_table_missing(table: str) -> str:
    return tr(LIBLOUIS_TABLE_MISSING).format(table=table)


PROGRAM_DESCRIPTION = N_(
    "UNO for the keyboard, with speech, braille and large text. "
    "Commands: play, simulate, scenario, cards."
)


HELP_PLAY = N_("play a game against bots on this machine (the default)")


HELP_SIMULATE = N_("bots play whole games; prints figures")


HELP_SCENARIO = N_("replay a scenario file; prints one JSON object per event, then the state")


HELP_CARDS = N_("every card face with its code, name, braille and points")


# the network's commands, named in every start's help (their own wording is ``net``'s,
# loaded when first used)
HELP_SERVE = N_("a game server over SSH: people join with ssh, each at their own terminal")
HELP_USERS = N_("the server's accounts: list them, or remove a name")
HELP_JOIN = N_(
    "join a game server with the full client (your own speech, braille display, settings)"
)


HELP_JSON = N_("print JSON")
HELP_CARDS_RULES = N_(
    "the rules whose deck to list, as for play (default standard): their faces, once each"
)
HELP_COUNTS = N_(
    "count the cards played and the events by kind, and how many choices each option of "
    "the rules changed (slower)"
)


HELP_RULES = N_("the rules and the Quick Play Reference cards, to read, emboss or hear")


HELP_RULES_FORMAT = N_("text to read, brf to emboss (40 cells, 25 lines a page), wav to hear")


HELP_QUICK = N_("only the four Quick Play Reference cards")


HELP_BRAILLE_TABLE = N_("braille code: ueb2 (Grade 2, the default), ueb1 (Grade 1), computer")


CANNOT_WRITE = N_("cannot write {path}: {why}. {advice}")


def cannot_write(path: str, why: Reason) -> str:
    return tr(CANNOT_WRITE).format(path=path, why=why.why, advice=why.advice)


WRITTEN = N_("Written: {path}")


def written(path: str) -> str:
    return tr(WRITTEN).format(path=path)


NO_WAV = N_("cannot speak the rules into {path}: {why}")


def no_wav(path: str, why: str) -> str:
    return tr(NO_WAV).format(path=path, why=why)


HELP_NAME = N_("your name at the table")


HELP_NAMES = N_("the other players' names, comma-separated")


HELP_PLAY_SCENARIO = N_(
    "start from a scenario file's position, its actions applied; you are seat 0"
)


HELP_SPEECH = N_(
    "speak every message: through your screen reader when one runs, else the game's own "
    "voice (auto, the default), through your screen reader (screenreader), with the game's "
    "own voice (voice), as the settings say (on), or not at all (off)"
)


HELP_BRAILLE_DISPLAY = N_(
    "a braille display through BrlAPI (brlapi), the braille as dots on screen (screen), "
    "the display if one answers, else none (auto), or none (off)"
)


HELP_LARGE_TEXT = N_("large, high-contrast text with big letters for the top card")


HELP_VERBOSITY = N_("how much is said: brief, normal or full (with each card's code)")


HELP_KEYS = N_("one key per command (on), or every command typed and sent with Enter (off)")


HELP_BOT_PACE = N_("seconds between the bots' moves, 0 to 5 (0: at once; a key skips ahead)")


HELP_SETUP = N_("choose the players, the rules and how the game speaks and shows, and keep them")


PACE_RANGE = N_("a number of seconds from 0 to 5")


PLAYERS_RANGE = N_("the number of players is a whole number from 2 to 10")


WHOLE_NUMBER = N_("a whole number of 1 or more")


INTERRUPTED = N_("uno-access: stopped.")


USAGE_ERROR = N_("{prog}: {message} (see {prog} --help)")


def usage_error(message: str, prog: str) -> str:
    """An argument the command line cannot take, as one line."""
    return tr(USAGE_ERROR).format(prog=prog, message=message)


# Translators: {presets} is the presets' names; the options after "such as" are typed.
HELP_RULES_OPTION = N_(
    "the rules: a preset ({presets}), then any options, such as "
    "standard,uno_penalty=4,target_score=200 or standard,blank_cards=y7/b+2"
)


def help_rules(presets: Iterable[str]) -> str:
    return tr(HELP_RULES_OPTION).format(presets=LIST_SEPARATOR.join(presets))


PLAYERS_FOR_RULES = N_("The rules {rules} are for {wanted} players: use --players {wanted}.")


def players_for_rules(rules: str, wanted: str) -> str:
    return tr(PLAYERS_FOR_RULES).format(rules=rules, wanted=wanted)


PLAY_NO_SCHEDULE = N_(
    "A partner schedule (partners_rotation, partners_two_tables) is a match of several "
    "tables, which uno-access play does not run yet: play partners, or simulate the schedule."
)


# Translators: {typed} is the bot's name as typed, quoted; {known} the bots', as typed.
UNKNOWN_BOT = N_("There is no bot {typed}; the bots are: {known}.")


def unknown_bot(name: str, known: tuple[str, ...]) -> str:
    return tr(UNKNOWN_BOT).format(typed=repr(name), known=LIST_SEPARATOR.join(known))


# Translators: uno-access simulate's figures, each placeholder a field of its JSON record;
# {wins} is a list of numbers, one a seat.
SIMULATION_SUMMARY = N_(
    "{games} games of {players} players in {seconds} seconds: {games_per_second} games a "
    "second, {rounds} rounds, {actions} actions; wins by seat {wins}; errors {errors}."
)


def simulation_summary(record: dict[str, object]) -> str:
    return tr(SIMULATION_SUMMARY).format(**record)


# simulate --counts: each a list of names typed as they are (skip, card_played, must_play)
# with how many, as "skip 12, reverse 10"
COUNTS_CARDS = N_("Cards played, by kind: {counts}.")
COUNTS_EVENTS = N_("Events, by kind: {counts}.")
COUNTS_RULES = N_("Choices each option of the rules changed: {counts}.")
COUNTS_NONE = N_("none")
# Translators: a kind's or an option's name (typed as it is, as must_play), and how many
COUNTS_ITEM = N_("{name} {count}")


def simulation_counts(counts: dict[str, dict[str, int]]) -> list[str]:
    """``simulate --counts``: the cards played, the events and the options at work."""

    def listed(found: dict[str, int]) -> str:
        if not found:
            return tr(COUNTS_NONE)
        item = tr(COUNTS_ITEM)
        return LIST_SEPARATOR.join(item.format(name=name, count=n) for name, n in found.items())

    return [
        tr(COUNTS_CARDS).format(counts=listed(counts["cards"])),
        tr(COUNTS_EVENTS).format(counts=listed(counts["events"])),
        tr(COUNTS_RULES).format(counts=listed(counts["rules"])),
    ]


# Translators: uno-access cards, one card a line, its fields separated by tabs: its code,
# name, braille (BRF), braille (Unicode) and points.
CARD_ROW: Plural = NP_(
    "{code}\t{name}\t{brf}\t{unicode}\t{count} point",
    "{code}\t{name}\t{brf}\t{unicode}\t{count} points",
)


def card_row(row: dict[str, object]) -> str:
    points = row["points"]
    forms = tr_n(CARD_ROW, points if isinstance(points, int) else 0)
    return forms.format(
        code=row["code"], name=row["name"], brf=row["brf"], unicode=row["unicode"], count=points
    )


# --- the language (issue 15) --------------------------------------------------------------
# Translators: {languages} are the codes the game speaks, as "en, es".
HELP_LANG = N_(
    "the language the game speaks: {languages} (default: the lang setting, else the system's)"
)
# Translators: {lang} is what was typed, quoted; {languages} the codes, as "en, es".
UNKNOWN_LANGUAGE = N_("There is no language {lang}; the languages are: {languages}.")


def help_lang(languages: Sequence[str]) -> str:
    return tr(HELP_LANG).format(languages=", ".join(languages))


def unknown_language(lang: str, languages: Sequence[str]) -> str:
    """A ``--lang`` the game does not speak, as one line."""
    return tr(UNKNOWN_LANGUAGE).format(lang=repr(lang), languages=", ".join(languages))


B_UNKNOWN_LANGUAGE = N_("No language {lang}: {languages}")


def _b_unknown_language(lang: str, languages: Sequence[str]) -> Parts:
    return (tr(B_UNKNOWN_LANGUAGE).format(lang=repr(lang), languages=" ".join(languages)),)


register(unknown_language, braille=_b_unknown_language, brief=SAID_AS_BRAILLE)


# --- argparse's own words (its usage line, its headings, its errors) ----------------------
# Translators: the command line's own words, as Python's argparse says them: keep each
# %(name)s, %s and %r as it is, and the trailing space of "usage: ".
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("can't open '%(filename)s': %(error)s"),
)
ARGPARSE_COUNTED: Plural = NP_("expected %s argument", "expected %s arguments")


def argparse_word(message: str) -> str:
    """One of argparse's own words in the current language (others as they are)."""
    return tr(message) if message in ARGPARSE_WORDS else message


def argparse_counted(singular: str, plural_form: str, count: int) -> str:
    """argparse's one counted phrase in the current language (others as English counts)."""
    if (singular, plural_form) == ARGPARSE_COUNTED:
        return tr_n(ARGPARSE_COUNTED, count)
    return singular if count == 1 else plural_form
