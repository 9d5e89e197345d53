"""Saving, resuming and exporting games; the settings file."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .forms import and_list
from .keys import TYPED, How

FROM_SCENARIO = "This game starts from a scenario file, so it is not saved."


_store_names = and_list  # the name appended blocks of messages.py know


HELP_RESUME = "continue an unfinished game (the latest by default) exactly where it stopped"


HELP_EXPORT = "write a game (the latest by default) as a scenario file"


HELP_GAME = "the game's number (uno-access export and resume name it)"


HELP_OUTPUT = "the file to write (standard output by default)"


GAME_NUMBER = "a game's number: a whole number from 1 to 9223372036854775807"


DISK_FULL = "the disk is full"


NOT_SAVING = "Your game is not being saved: {why}. Play goes on."


def not_saving(why: str) -> str:
    return NOT_SAVING.format(why=why)


READ_ONLY = "the folder {folder} cannot be written to"


def read_only(folder: str) -> str:
    return READ_ONLY.format(folder=folder)


DB_LOCKED = "the saved games file {path} is in use by another program"


def db_locked(path: str) -> str:
    return DB_LOCKED.format(path=path)


DB_UNUSABLE = "the saved games file {path} cannot be used"


def db_unusable(path: str) -> str:
    return DB_UNUSABLE.format(path=path)


DB_DAMAGED = (
    "The saved games file {path} was damaged: it is kept as {aside}, and a new one is "
    "started. Your game is being saved."
)


def db_damaged(path: str, aside: str) -> str:
    return DB_DAMAGED.format(path=path, aside=aside)


SCENARIO_DEALT_BY_SEED = (
    'In the scenario, {key} cannot be given with "deal": "seed" (the seed deals).'
)


def scenario_dealt_by_seed(key: str) -> str:
    return SCENARIO_DEALT_BY_SEED.format(key=key)


# {others}: the other players' names; {started}: when the game began
RESUME_OFFER_KEYS = (
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Press Y or N."
)
RESUME_OFFER_TYPED = (
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Type y or n."
)


def resume_offer(
    number: int, started: str, others: Sequence[str], round_number: int, how: How = TYPED
) -> str:
    said = RESUME_OFFER_KEYS if how.keys else RESUME_OFFER_TYPED
    return said.format(number=number, others=and_list(others), started=started, round=round_number)


RESUME_PROMPT = "resume? "


ANOTHER_GAME_KEYS = "Play another game at the same table? Press Y for yes, any other key to leave."
ANOTHER_GAME_TYPED = "Play another game at the same table? Type y, or n to leave."


def another_game(how: How = TYPED) -> str:
    """The game is over: the same table may play again."""
    return ANOTHER_GAME_KEYS if how.keys else ANOTHER_GAME_TYPED


ANOTHER_PROMPT = "again? "


ANOTHER_STARTS = "A new game at the same table."


RESUMED = (
    "Game {number} against {others} resumed where it stopped, in round {round}. What you "
    "were last told follows."
)


def resumed(number: int, others: Sequence[str], round_number: int) -> str:
    return RESUMED.format(number=number, others=and_list(others), round=round_number)


RESUMED_END = "That is where the game stopped."


NO_UNFINISHED_GAME = "There is no unfinished game to resume: uno-access play starts a new one."


NO_SAVED_GAME = "There is no saved game yet: play one with uno-access play."


NOTHING_SAVED = "Saved games cannot be read here"


NO_SUCH_GAME = "There is no game number {number}."


def no_such_game(number: int) -> str:
    return NO_SUCH_GAME.format(number=number)


GAME_FINISHED = (
    "Game {number} is finished: uno-access export {number} writes it as a scenario file."
)


def game_finished(number: int) -> str:
    return GAME_FINISHED.format(number=number)


SAVED_GAME_UNREADABLE = "Game {number} cannot be read back: {why}."


def saved_game_unreadable(number: int, why: str) -> str:
    return SAVED_GAME_UNREADABLE.format(number=number, why=why)


SAVED_GAME_NOT_OFFERED = "{line} It is not offered again; a new game starts."


def saved_game_not_offered(line: str) -> str:
    """``line``: ``saved_game_unreadable``, said when the game would have been offered."""
    return SAVED_GAME_NOT_OFFERED.format(line=line)


MOVE_MISSING = "a move before it is missing"


MOVE_UNREADABLE = "it cannot be read ({why})"


def move_unreadable(why: str) -> str:
    return MOVE_UNREADABLE.format(why=why)


MOVE_REPLAY_FAILS = "replaying it fails ({why})"


def move_replay_fails(why: str) -> str:
    return MOVE_REPLAY_FAILS.format(why=why)


SAVED_SETUP_FAILS = "its players and rules cannot be dealt ({why})"


def saved_setup_fails(why: str) -> str:
    return SAVED_SETUP_FAILS.format(why=why)


SAVED_SETUP_UNREADABLE = "its players and rules cannot be read ({why})"


def saved_setup_unreadable(why: str) -> str:
    return SAVED_SETUP_UNREADABLE.format(why=why)


# {move}: a move's number from 1; {why}: a few words (MOVE_MISSING, move_unreadable…)
GAME_DAMAGED_AT_FIRST_MOVE = (
    "Move {move} of game {number} is damaged: {why}. The game goes on from its deal."
)
GAME_DAMAGED = (
    "Move {move} of game {number} is damaged: {why}. The game goes on from before it, after "
    "move {before}."
)


def game_damaged(number: int, move: int, why: str) -> str:
    said = GAME_DAMAGED_AT_FIRST_MOVE if move == 1 else GAME_DAMAGED
    return said.format(move=move, number=number, why=why, before=move - 1)


EXPORT_DAMAGED = (
    "Move {move} of game {number} is damaged: {why}. The scenario has the moves before it."
)


def export_damaged(number: int, move: int, why: str) -> str:
    return EXPORT_DAMAGED.format(move=move, number=number, why=why)


DB_FOREIGN = (
    "The file {path} is not a saved games file of this version: it is kept as {aside}, "
    "and a new one is started. Your game is being saved."
)


def db_foreign(path: str, aside: str) -> str:
    return DB_FOREIGN.format(path=path, aside=aside)


SAVING_DELAYED = (
    "Saving is delayed: the saved games file {path} is in use by another program. Your "
    "moves are kept and saved as soon as it is free. Play goes on."
)


def saving_delayed(path: str) -> str:
    return SAVING_DELAYED.format(path=path)


SAVING_CAUGHT_UP = "The saved games file is free again: every move is saved."


SAVING_LOST = (
    "The saved games file {path} is still in use by another program: the last {moves} "
    "moves of this game could not be saved."
)


def saving_lost(path: str, moves: int) -> str:
    return SAVING_LOST.format(path=path, moves=moves)


CANNOT_READ_GAMES = "The saved games cannot be read: {why}."


def cannot_read_games(why: str) -> str:
    return CANNOT_READ_GAMES.format(why=why)


UNKNOWN_ERROR = "unknown error"  # {why} when the system gives no reason
EXPORT_UNWRITABLE = "The scenario cannot be written to {path}: {why}."


def export_unwritable(path: str, why: str | None) -> str:
    return EXPORT_UNWRITABLE.format(path=path, why=why or UNKNOWN_ERROR)


EXPORTED = "Game {number} is written to {path}; uno-access scenario {path} replays it."


def exported(number: int, path: str) -> str:
    return EXPORTED.format(number=number, path=path)


# the settings file's lines: {where} is its path, or IN_FILE_AT_LINE
IN_FILE_AT_LINE = "{path}, line {line}"
SETTINGS_BAD_VALUE = (
    "{where}: {key} = {value} is not allowed ({allowed}); the default, {default}, is used."
)
SETTINGS_UNKNOWN_KEY = "{where}: there is no setting {key}; the settings are {known}."


def settings_bad_value(
    path: str, line: int | None, key: str, value: str, allowed: str, default: str
) -> str:
    """``value`` and ``default`` as they are written in the file."""
    where = IN_FILE_AT_LINE.format(path=path, line=line) if line is not None else path
    return SETTINGS_BAD_VALUE.format(
        where=where, key=key, value=value, allowed=allowed, default=default
    )


def settings_unknown_key(path: str, line: int | None, key: str, known: Iterable[str]) -> str:
    where = IN_FILE_AT_LINE.format(path=path, line=line) if line is not None else path
    return SETTINGS_UNKNOWN_KEY.format(where=where, key=key, known=", ".join(known))


SETTINGS_NOT_TOML = "{path} is not a valid settings file ({why}): the default settings are used."


def settings_not_toml(path: str, why: str) -> str:
    return SETTINGS_NOT_TOML.format(path=path, why=why)


SETTINGS_UNREADABLE = "{path} cannot be read ({why}): the default settings are used."
SETTINGS_UNWRITABLE = "Your settings cannot be saved to {path}: {why}."


def settings_unreadable(path: str, why: str | None) -> str:
    return SETTINGS_UNREADABLE.format(path=path, why=why or UNKNOWN_ERROR)


def settings_unwritable(path: str, why: str | None) -> str:
    return SETTINGS_UNWRITABLE.format(path=path, why=why or UNKNOWN_ERROR)
