"""Saving, resuming and exporting games; the settings file."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..message import Parts
from .forms import SAID_AS_BRAILLE, Fixed, Whole, and_list, register, register_whole
from .keys import TYPED, How, keyed
from .language import N_, tr
from .trouble import Reason

FROM_SCENARIO = N_("This game starts from a scenario file, so it is not saved.")
from_scenario = Fixed(FROM_SCENARIO, N_("From a scenario: not saved"))


def file_notice(line: str) -> str:
    """A notice about the saved games or the settings file (not being saved, a file damaged
    or kept aside, a setting that cannot be kept): a text read whole, its essential first.
    """
    return line


register_whole(file_notice, Whole.TEXT)


def told_again(line: str) -> str:
    """A line the person was last told before the game stopped, kept as it was said and
    told again when it is resumed: a text read whole (its braille form was not kept).
    """
    return line


register_whole(told_again, Whole.TEXT)


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


# {others}: the other players' names; {started}: when the game began. The default (Enter,
# issue 23) is said: a new game, the unfinished one kept.
RESUME_OFFER_KEYS = N_(
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Press {yes_key} to resume it, or N or Enter for a new game."
)
RESUME_OFFER_TYPED = N_(
    "You have an unfinished game, number {number}, against {others}, started {started}, in "
    "round {round}. Resume it? Type {yes_key} to resume it, or n or Enter alone for a new game."
)
# Translators: braille, 20 cells: the game's number and the keys first ("y/n, Enter: new");
# {yes}, {no}: the keys, as "y/n"
B_RESUME_OFFER = N_("Resume {number}? {yes}/{no}, Enter: new")


def resume_offer(
    number: int, started: str, others: Sequence[str], round_number: int, how: How = TYPED
) -> str:
    said = keyed(tr(RESUME_OFFER_KEYS) if how.keys else tr(RESUME_OFFER_TYPED), how.keys)
    return said.format(number=number, others=and_list(others), started=started, round=round_number)


def _b_resume_offer(
    number: int, started: str, others: Sequence[str], round_number: int, how: How = TYPED
) -> Parts:
    return (tr(B_RESUME_OFFER).format(number=number, yes=how.key.yes, no=how.key.no),)


register(resume_offer, braille=_b_resume_offer, brief=SAID_AS_BRAILLE)


# The answer to the offer: a new game, the unfinished one kept (it is not offered again);
# ``default`` when Enter took the default.
NEW_GAME_GAME_KEPT = N_(
    "A new game starts; game {number} is kept: uno-access resume {number} takes it up."
)
NEW_GAME_BY_DEFAULT = N_(
    "Enter: a new game starts, the default; game {number} is kept: uno-access resume {number} "
    "takes it up."
)
B_NEW_GAME_GAME_KEPT = N_("New game; {number} kept")


def new_game_game_kept(number: int, default: bool = False) -> str:
    said = tr(NEW_GAME_BY_DEFAULT) if default else tr(NEW_GAME_GAME_KEPT)
    return said.format(number=number)


def _b_new_game_game_kept(number: int, default: bool = False) -> Parts:
    return (tr(B_NEW_GAME_GAME_KEPT).format(number=number),)


register(new_game_game_kept, braille=_b_new_game_game_kept, brief=SAID_AS_BRAILLE)


# After ``play --setup`` (issue 23): the setup's answers are for a new game, so no game is
# offered to resume; the unfinished one is named, kept for ``resume``.
UNFINISHED_KEPT = N_(
    "Game {number} is unfinished and kept: uno-access resume {number} takes it up. A new game "
    "starts."
)
B_UNFINISHED_KEPT = N_("Game {number} kept; new game")


def unfinished_kept(number: int) -> str:
    return tr(UNFINISHED_KEPT).format(number=number)


def _b_unfinished_kept(number: int) -> Parts:
    return (tr(B_UNFINISHED_KEPT).format(number=number),)


register(unfinished_kept, braille=_b_unfinished_kept, brief=SAID_AS_BRAILLE)


# Q and yes (issue 23): the game is saved, and how to take it up again.
GAME_LEFT_SAVED = N_("You left the game. It is saved: uno-access resume {number} takes it up.")
B_GAME_LEFT_SAVED = N_("Left; saved as {number}")


def game_left_saved(number: int) -> str:
    return tr(GAME_LEFT_SAVED).format(number=number)


def _b_game_left_saved(number: int) -> Parts:
    return (tr(B_GAME_LEFT_SAVED).format(number=number),)


register(game_left_saved, braille=_b_game_left_saved, brief=SAID_AS_BRAILLE)


RESUME_PROMPT = N_("resume? ")


ANOTHER_GAME_KEYS = N_(
    "Play another game at the same table? Press {yes_key} for yes, any other key to leave."
)
ANOTHER_GAME_TYPED = N_("Play another game at the same table? Type {yes_key}, or n to leave.")


B_ANOTHER_GAME = N_("Play again? {yes}/{no}")


def another_game(how: How = TYPED) -> str:
    """The game is over: the same table may play again."""
    return keyed(tr(ANOTHER_GAME_KEYS) if how.keys else tr(ANOTHER_GAME_TYPED), how.keys)


def _b_another_game(how: How = TYPED) -> Parts:
    return (tr(B_ANOTHER_GAME).format(yes=how.key.yes, no=how.key.no),)


register(another_game, braille=_b_another_game, brief=SAID_AS_BRAILLE)


ANOTHER_PROMPT = N_("again? ")


ANOTHER_STARTS = N_("A new game at the same table.")
another_starts = Fixed(ANOTHER_STARTS, N_("New game, same table"))


RESUMED = N_(
    "Game {number} against {others} resumed where it stopped, in round {round}. What you "
    "were last told follows."
)


B_RESUMED = N_("Game {number} resumed, round {round}")


def resumed(number: int, others: Sequence[str], round_number: int) -> str:
    return tr(RESUMED).format(number=number, others=and_list(others), round=round_number)


def _b_resumed(number: int, others: Sequence[str], round_number: int) -> Parts:
    return (tr(B_RESUMED).format(number=number, round=round_number),)


register(resumed, braille=_b_resumed, brief=SAID_AS_BRAILLE)


RESUMED_END = N_("That is where the game stopped.")
resumed_end = Fixed(RESUMED_END, N_("The game stopped there"))


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
# what a setting of the file takes, said as {allowed} above (a number's range is the one a
# game and the lobby say too: TAKES_WHOLE, TAKES_NUMBER)
ALLOWED_TRUE_FALSE = N_("true or false")
# Translators: {values} are the values as written in the file, quoted: "brief", "normal"
ALLOWED_ONE_OF = N_("one of {values}")
# Translators: {codes} are the languages' codes, as "en, es, pt"; "" is typed as it is
ALLOWED_LANGUAGE = N_('a language the game speaks, by its code ({codes}), or "" for the system\'s')
ALLOWED_NAME = N_("a quoted name of one line, at most 100 characters")
ALLOWED_NAMES = N_("names separated by commas, at most 400 characters in all")
ALLOWED_TEXT = N_("a quoted text of one line, at most 100 characters")
# Translators: {names} are the bots' strengths as typed: easy, random, normal, hard, person
ALLOWED_BOTS = N_("bot strengths separated by commas, each one of {names}")
ALLOWED_RULES = N_(
    'a rules preset, then any options, as --rules takes them: "standard,uno_penalty=4"'
)
# Translators: {names} are the sounds' names as typed (your_turn, play_mine…)
ALLOWED_SOUNDS = N_("sound names separated by commas, each one of {names}")


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


# Translators: the comment at the top of a new settings file; each line becomes a "# " line
SETTINGS_FILE_HEAD = N_(
    "The settings of uno-access, in TOML. Edit them freely: when the game changes a value,\n"
    "it keeps your comments, your order and every other value as you wrote them.\n"
    "uno-access play --setup asks for them one by one; the manual's Settings page says each."
)
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
