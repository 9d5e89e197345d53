"""The sound cues: their device's notices, their keys and settings, what each sound
means, and ``uno-access sounds``."""

from __future__ import annotations

from .devices import DOCTOR_PARTS
from .forms import Plural, plural
from .keys import COMMAND_WORDS, KEY_HELP, SETTING_WORDS, TYPED_HELP

SOUND_UNAVAILABLE = (
    "Sound cues have no sound device to play on; the game goes on without them, every "
    "event still in words. uno-access doctor says why."
)
MINIAUDIO_MISSING = "the Python module miniaudio is missing ({error})"
NO_SOUND_DEVICE = "no sound device"
NO_SOUND_FILES = "there are no sound files in {folder}"
SOUND_PROCESS_ENDED = "the sound player stopped"
SOUNDS_STOPPED = (
    "Sound cues stopped: their player ended. The game goes on without them, every event "
    "still in words."
)
SOUNDS_ON = "Sounds on."
SOUNDS_OFF = "Sounds off."
SOUNDS_NONE = "There are no sounds to switch on or off: no sound device plays them here."


def sounds_switched(on: bool) -> str:
    return SOUNDS_ON if on else SOUNDS_OFF


KEY_HELP["sounds"] = "sound cues off or on (the words are always said too)"
TYPED_HELP["sounds"] = "sound cues off or on"
COMMAND_WORDS["sounds"] = ()  # typed, "sounds on" and "sounds off" are settings
SETTING_WORDS["sounds"] = "sounds"
DOCTOR_PARTS["sound"] = "sound cues (miniaudio)"
FIX_SOUND_MODULE = "scripts/setup.sh (it installs miniaudio into .venv)"
FIX_SOUND_FILES = "git checkout assets/sounds, or .venv/bin/python scripts/make_sounds.py"


# the doctor's line for the sound cues; {backend} is the sound system's name (ALSA, PulseAudio)
SOUND_DETAIL: Plural = (
    "{count} sound decoded, playing through {backend}",
    "{count} sounds decoded, playing through {backend}",
)


def sound_detail(sounds: int, backend: str) -> str:
    return plural(sounds, SOUND_DETAIL).format(count=sounds, backend=backend)


# what each sound means, by its name (``access.sounds.Cue``): `uno-access sounds` says
# each with its sound, and the README lists them
SOUND_MEANINGS: dict[str, str] = {
    "your_turn": "your turn",
    "turn_other": "another player's turn",
    "play_mine": "you played a card",
    "play_other": "another player played a card, or the start card was turned up",
    "draw_one": "one card drawn",
    "draw_many": "several cards drawn, or a Wild Draw Four accepted",
    "keep": "a drawn card kept, or nothing left to draw",
    "skip": "a Skip: a player loses their turn",
    "reverse": "a Reverse: the direction of play changes",
    "draw_two": "a Draw Two",
    "wild": "a Wild",
    "wild_draw_four": "a Wild Draw Four",
    "color_blue": "blue chosen",
    "color_green": "green chosen",
    "color_red": "red chosen",
    "color_yellow": "yellow chosen",
    "stack": "a stack grows: more cards owed",
    "challenge": "a Wild Draw Four challenged",
    "challenge_won": "a challenge won (yours, or the challenger's)",
    "challenge_lost": "a challenge lost (yours, or the challenger's)",
    "uno_called": "UNO called",
    "uno_caught": "caught without calling UNO",
    "jump_in": "a jump-in",
    "penalty": "a penalty: a card taken back, a suggestion",
    "hands_passed": "hands passed on, or cards given to you",
    "anniversary": "an Anniversary card",
    "deal": "the deal: a new round begins",
    "shuffle": "the DISCARD pile shuffled into a new DRAW pile",
    "round_won": "the round won, by you or your partner",
    "round_lost": "the round won by another player",
    "eliminated": "a player is out (Challenge UNO)",
    "game_over": "the game is over",
    "refusal": "not allowed",
    "answer": "the answer to a question: card check, the top card, a hand shown",
    "chat": "a chat line",
}


# Translators: {name} is the sound's name, typed as it is (your_turn); {meaning} its
# SOUND_MEANINGS line.
SOUND_LINE = "{name}: {meaning}."


def sound_line(name: str, meaning: str) -> str:
    """``uno-access sounds``: one sound, said as it plays."""
    return SOUND_LINE.format(name=name, meaning=meaning)


SOUNDS_PLAYED = "That is every sound: {count} in all."


# Translators: where in the WAV file a sound begins, in seconds ("s"), then its SOUND_LINE;
# keep the number's width (6.2f) so that the lines stay aligned.
SOUND_AT = "{seconds:6.2f} s  {line}"


def sound_at(seconds: float, line: str) -> str:
    """``uno-access sounds --wav``: where in the file a sound begins, and its line."""
    return SOUND_AT.format(seconds=seconds, line=line)


# {count} is every sound, so never one
SOUNDS_WRITTEN = "Wrote {count} sounds, one after another, to {path}."
HELP_SOUNDS = "play each sound cue with its name and meaning, one after another"
HELP_SOUNDS_WAV = "write every sound, one after another, into this WAV file instead"
HELP_SOUND = "sound cues: on or off (the words are always said too)"
HELP_SOUND_VOLUME = "the sound cues' volume, from 0 to 1"
SOUND_VOLUME_RANGE = "the sound volume is a number from 0 to 1"
HELP_SOUND_NEVER = "sounds never played, their names separated by commas (uno-access sounds)"
HELP_SOUND_NOT_MY_TURN = "sounds played only when it is not your turn, separated by commas"
# Translators: {name!r} is the name typed, quoted; {names} the sounds' names.
SOUND_NAMES_BAD = "{name!r} is no sound; the sounds are: {names}."


# --- network play: a sound of its own for someone coming or going ------------------------
SOUND_MEANINGS["presence"] = "someone sat down at your table, watches it, left it or came back"
