"""Saving, resuming and exporting games; the settings file."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .forms import and_list
from .keys import TYPED, How
from .language import N_, tr
from .trouble import Reason

FROM_SCENARIO = N_("This game starts from a scenario file, so it is not saved.")


_store_names = and_list  # the name appended blocks of messages.py know


HELP_RESUME = N_("continue an unfinished game (the latest by default) exactly where it stopped")


HELP_EXPORT = N_("write a game (the latest by default) as a scenario file")


HELP_GAME = N_("the game's number (uno-access export and resume name it)")


HELP_OUTPUT = N_("the file to write, or - for standard output (the default)")
HELP_RULES_OUTPUT = N_(
    "the file to write, or - for standard output (the default, but --format wav writes "
    "uno-access-rules.wav)"
)


GAME_NUMBER = N_("a game's number: a whole number from 1 to 9223372036854775807")


DISK_FULL = N_("the disk is full")


NOT_SAVING = N_(
    "Your game is not being saved from here on: {why}. What was saved before is kept, and "
    "play goes on. {advice}"
)


def not_saving(why: Reason) -> str:
    """Saving stopped (or cannot start): why, that what was saved is safe, what to do."""
    return tr(NOT_SAVING).format(why=why.why, advice=why.advice)


READ_ONLY = N_("the folder {folder} cannot be written to")


def read_only(folder: str) -> str:
    return tr(READ_ONLY).format(folder=folder)


DB_LOCKED = N_("the saved games file {path} is in use by another program")


def db_locked(path: str) -> str:
    return tr(DB_LOCKED).format(path=path)


DB_UNUSABLE = N_("the saved games file {path} cannot be used")


def db_unusable(path: str) -> str:
    return tr(DB_UNUSABLE).format(path=path)


DB_DAMAGED = N_(
    "The saved games file {path} was damaged: it is kept as {aside}, and a new one is "
    "started. Your game is being saved."
)


def db_damaged(path: str, aside: str) -> str:
    return tr(DB_DAMAGED).format(path=path, aside=aside)


SCENARIO_DEALT_BY_SEED = N_(
    'In the scenario, {key} cannot be given with "deal": "seed" (the seed deals).'
)


def scenario_dealt_by_seed(key: str) -> str:
    return tr(SCENARIO_DEALT_BY_SEED).format(key=key)


# {others}: the other players' names; {started}: when the game began
RESUME_OFFER_KEYS = N_(
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Press Y or N."
)
RESUME_OFFER_TYPED = N_(
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Type y or n."
)


def resume_offer(
    number: int, started: str, others: Sequence[str], round_number: int, how: How = TYPED
) -> str:
    said = tr(RESUME_OFFER_KEYS) if how.keys else tr(RESUME_OFFER_TYPED)
    return said.format(number=number, others=and_list(others), started=started, round=round_number)


RESUME_PROMPT = N_("resume? ")


ANOTHER_GAME_KEYS = N_(
    "Play another game at the same table? Press Y for yes, any other key to leave."
)
ANOTHER_GAME_TYPED = N_("Play another game at the same table? Type y, or n to leave.")


def another_game(how: How = TYPED) -> str:
    """The game is over: the same table may play again."""
    return tr(ANOTHER_GAME_KEYS) if how.keys else tr(ANOTHER_GAME_TYPED)


ANOTHER_PROMPT = N_("again? ")


ANOTHER_STARTS = N_("A new game at the same table.")


RESUMED = N_(
    "Game {number} against {others} resumed where it stopped, in round {round}. What you "
    "were last told follows."
)


def resumed(number: int, others: Sequence[str], round_number: int) -> str:
    return tr(RESUMED).format(number=number, others=and_list(others), round=round_number)


RESUMED_END = N_("That is where the game stopped.")


NO_UNFINISHED_GAME = N_("There is no unfinished game to resume: uno-access play starts a new one.")


NO_SAVED_GAME = N_("There is no saved game yet: play one with uno-access play.")


NOTHING_SAVED = N_("Saved games cannot be read here")


NO_SUCH_GAME = N_("There is no game number {number}.")


def no_such_game(number: int) -> str:
    return tr(NO_SUCH_GAME).format(number=number)


GAME_FINISHED = N_(
    "Game {number} is finished: uno-access export {number} writes it as a scenario file."
)


def game_finished(number: int) -> str:
    return tr(GAME_FINISHED).format(number=number)


SAVED_GAME_UNREADABLE = N_("Game {number} cannot be read back: {why}.")


def saved_game_unreadable(number: int, why: str) -> str:
    """``why``: a phrase, or a sentence (its full stop is the line's)."""
    return tr(SAVED_GAME_UNREADABLE).format(number=number, why=why.rstrip("."))


SAVED_GAME_NOT_OFFERED = N_("{line} It is not offered again; a new game starts.")


def saved_game_not_offered(line: str) -> str:
    """``line``: ``saved_game_unreadable``, said when the game would have been offered."""
    return tr(SAVED_GAME_NOT_OFFERED).format(line=line)


MOVE_MISSING = N_("a move before it is missing")


MOVE_UNREADABLE = N_("it cannot be read ({why})")


def move_unreadable(why: str) -> str:
    return tr(MOVE_UNREADABLE).format(why=why)


MOVE_REPLAY_FAILS = N_("replaying it fails ({why})")


def move_replay_fails(why: str) -> str:
    return tr(MOVE_REPLAY_FAILS).format(why=why)


SAVED_SETUP_FAILS = N_("its players and rules cannot be dealt ({why})")


def saved_setup_fails(why: str) -> str:
    return tr(SAVED_SETUP_FAILS).format(why=why)


SAVED_SETUP_UNREADABLE = N_("its players and rules cannot be read ({why})")


def saved_setup_unreadable(why: str) -> str:
    return tr(SAVED_SETUP_UNREADABLE).format(why=why)


# {move}: a move's number from 1; {why}: a few words (MOVE_MISSING, move_unreadable…)
GAME_DAMAGED_AT_FIRST_MOVE = N_(
    "Move {move} of game {number} is damaged: {why}. The game goes on from its deal."
)
GAME_DAMAGED = N_(
    "Move {move} of game {number} is damaged: {why}. The game goes on from before it, after "
    "move {before}."
)


def game_damaged(number: int, move: int, why: str) -> str:
    said = tr(GAME_DAMAGED_AT_FIRST_MOVE) if move == 1 else tr(GAME_DAMAGED)
    return said.format(move=move, number=number, why=why, before=move - 1)


EXPORT_DAMAGED = N_(
    "Move {move} of game {number} is damaged: {why}. The scenario has the moves before it."
)


def export_damaged(number: int, move: int, why: str) -> str:
    return tr(EXPORT_DAMAGED).format(move=move, number=number, why=why)


DB_FOREIGN = N_(
    "The file {path} is not a saved games file of this version: it is kept as {aside}, "
    "and a new one is started. Your game is being saved."
)


def db_foreign(path: str, aside: str) -> str:
    return tr(DB_FOREIGN).format(path=path, aside=aside)


SAVING_DELAYED = N_(
    "Saving is delayed: the saved games file {path} is in use by another program. Your "
    "moves are kept and saved as soon as it is free. Play goes on."
)


def saving_delayed(path: str) -> str:
    return tr(SAVING_DELAYED).format(path=path)


SAVING_CAUGHT_UP = N_("The saved games file is free again: every move is saved.")


SAVING_LOST = N_(
    "The saved games file {path} is still in use by another program: the last {moves} "
    "moves of this game could not be saved."
)


def saving_lost(path: str, moves: int) -> str:
    return tr(SAVING_LOST).format(path=path, moves=moves)


CANNOT_READ_GAMES = N_(
    "The saved games cannot be read: {why}. Nothing in them was changed. {advice}"
)


def cannot_read_games(why: Reason) -> str:
    return tr(CANNOT_READ_GAMES).format(why=why.why, advice=why.advice)


EXPORT_UNWRITABLE = N_(
    "The scenario cannot be written to {path}: {why}. The saved game is not changed. {advice}"
)


def export_unwritable(path: str, why: Reason) -> str:
    return tr(EXPORT_UNWRITABLE).format(path=path, why=why.why, advice=why.advice)


EXPORTED = N_("Game {number} is written to {path}; uno-access scenario {path} replays it.")


def exported(number: int, path: str) -> str:
    return tr(EXPORTED).format(number=number, path=path)


# the settings file's lines: {where} is its path, or IN_FILE_AT_LINE
IN_FILE_AT_LINE = N_("{path}, line {line}")
SETTINGS_BAD_VALUE = N_(
    "{where}: {key} = {value} is not allowed ({allowed}); the default, {default}, is used."
)
SETTINGS_UNKNOWN_KEY = N_("{where}: there is no setting {key}; the settings are {known}.")


def settings_bad_value(
    path: str, line: int | None, key: str, value: str, allowed: str, default: str
) -> str:
    """``value`` and ``default`` as they are written in the file."""
    where = tr(IN_FILE_AT_LINE).format(path=path, line=line) if line is not None else path
    return tr(SETTINGS_BAD_VALUE).format(
        where=where, key=key, value=value, allowed=allowed, default=default
    )


def settings_unknown_key(path: str, line: int | None, key: str, known: Iterable[str]) -> str:
    where = tr(IN_FILE_AT_LINE).format(path=path, line=line) if line is not None else path
    return tr(SETTINGS_UNKNOWN_KEY).format(where=where, key=key, known=", ".join(known))


SETTINGS_NOT_TOML = N_(
    "{path} is not a valid settings file ({why}): the default settings are used."
)


def settings_not_toml(path: str, why: str) -> str:
    return tr(SETTINGS_NOT_TOML).format(path=path, why=why)


SETTINGS_UNREADABLE = N_(
    "Your settings cannot be read: {why}; the default settings are used. {advice}"
)
SETTINGS_UNWRITABLE = N_(
    "Your settings cannot be saved to {path}: {why}. They are used for this game alone. {advice}"
)


def settings_unreadable(why: Reason) -> str:
    """The settings file cannot be read (``why`` names it)."""
    return tr(SETTINGS_UNREADABLE).format(why=why.why, advice=why.advice)


def settings_unwritable(path: str, why: Reason) -> str:
    return tr(SETTINGS_UNWRITABLE).format(path=path, why=why.why, advice=why.advice)
