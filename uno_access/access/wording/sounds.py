"""The sound cues: their device's notices, their keys and settings, what each sound
means, and ``uno-access sounds``."""

from __future__ import annotations

from ..message import Parts
from .devices import DOCTOR_PARTS
from .forms import SAID_AS_BRAILLE, Fixed, Plural, plural, register
from .keys import COMMAND_WORDS, KEY_HELP, TYPED_HELP
from .language import N_, NP_, tr

# told once a run of the program (issue 23: it came at the setup and again at the game)
SOUND_UNAVAILABLE = N_(
    "No sound device, so no sound cues; every event is still said in words (uno-access "
    "doctor says why)."
)
B_SOUND_UNAVAILABLE = N_("No sound device")
sound_unavailable = Fixed(SOUND_UNAVAILABLE, B_SOUND_UNAVAILABLE)
MINIAUDIO_MISSING = N_("the Python module miniaudio is missing ({error})")
NO_SOUND_DEVICE = N_("no sound device")
NO_SOUND_FILES = N_("there are no sound files in {folder}")
SOUND_PROCESS_ENDED = N_("the sound player stopped")
SOUND_PROCESS_SILENT = N_("the sound player did not start")
SOUNDS_STOPPED = N_(
    "Sound cues stopped: their player ended. The game goes on without them, every event "
    "still in words."
)
sounds_stopped = Fixed(SOUNDS_STOPPED, N_("Sounds stopped: words only"))
SOUNDS_ON = N_("Sounds on.")
SOUNDS_OFF = N_("Sounds off.")
SOUNDS_NONE = N_("There are no sounds to switch on or off: no sound device plays them here.")
sounds_none = Fixed(SOUNDS_NONE, N_("No sound device here"))


def sounds_switched(on: bool) -> str:
    return tr(SOUNDS_ON) if on else tr(SOUNDS_OFF)


def _b_sounds_switched(on: bool) -> Parts:
    return (sounds_switched(on),)  # "Sounds on.": brief as it stands


register(sounds_switched, braille=_b_sounds_switched, brief=SAID_AS_BRAILLE)


KEY_HELP["sounds"] = N_("sound cues off or on (the words are always said too)")
TYPED_HELP["sounds"] = N_("sound cues off or on")
COMMAND_WORDS["sounds"] = ()  # typed, "sounds on" and "sounds off" are settings
DOCTOR_PARTS["sound"] = N_("sound cues (miniaudio)")
FIX_SOUND_MODULE = N_("scripts/setup.sh (it installs miniaudio into .venv)")
FIX_SOUND_FILES = N_(
    "git checkout uno_access/assets/sounds, or .venv/bin/python scripts/make_sounds.py"
)
FIX_SOUND_FILES_PACKAGE = N_("pipx reinstall uno-access (the sound files come with it)")
NO_SOUNDS_WAV = N_("cannot write the sound cues into {path}: {why}")


# the doctor's line for the sound cues; {backend} is the sound system's name (ALSA, PulseAudio)
SOUND_DETAIL: Plural = NP_(
    "{count} sound decoded, playing through {backend}",
    "{count} sounds decoded, playing through {backend}",
)


def sound_detail(sounds: int, backend: str) -> str:
    return plural(sounds, SOUND_DETAIL).format(count=sounds, backend=backend)


# what each sound means, by its name (``access.sounds.Cue``): `uno-access sounds` says
# each with its sound, and docs/sound-cues.md lists them
SOUND_MEANINGS: dict[str, str] = {
    "your_turn": N_("your turn"),
    "turn_other": N_("another player's turn"),
    "play_mine": N_("you played a card"),
    "play_other": N_("another player played a card, or the start card was turned up"),
    "draw_one": N_("one card drawn"),
    "draw_many": N_("several cards drawn, or a Wild Draw Four accepted"),
    "keep": N_("a drawn card kept, or nothing left to draw"),
    "skip": N_("a Skip: a player loses their turn"),
    "reverse": N_("a Reverse: the direction of play changes"),
    "draw_two": N_("a Draw Two"),
    "wild": N_("a Wild"),
    "wild_draw_four": N_("a Wild Draw Four"),
    "color_blue": N_("blue chosen"),
    "color_green": N_("green chosen"),
    "color_red": N_("red chosen"),
    "color_yellow": N_("yellow chosen"),
    "stack": N_("a stack grows: more cards owed"),
    "challenge": N_("a Wild Draw Four challenged"),
    "challenge_won": N_("a challenge won (yours, or the challenger's)"),
    "challenge_lost": N_("a challenge lost (yours, or the challenger's)"),
    "uno_called": N_("UNO called"),
    "uno_caught": N_("caught without calling UNO"),
    "jump_in": N_("a jump-in"),
    "penalty": N_("a penalty: a card taken back, a suggestion"),
    "hands_passed": N_("hands passed on, or cards given to you"),
    "anniversary": N_("an Anniversary card"),
    "deal": N_("the deal: a new round begins"),
    "shuffle": N_("the DISCARD pile shuffled into a new DRAW pile"),
    "round_won": N_("the round won, by you or your partner"),
    "round_lost": N_("the round won by another player"),
    "eliminated": N_("a player is out (Challenge UNO)"),
    "game_over": N_("the game is over"),
    "refusal": N_("not allowed"),
    "answer": N_("the answer to a question: card check, the top card, a hand shown"),
    "chat": N_("a chat line"),
}


# Translators: {name} is the sound's name, typed as it is (your_turn); {meaning} its
# SOUND_MEANINGS line.
SOUND_LINE = N_("{name}: {meaning}.")


def sound_line(name: str, meaning: str) -> str:
    """``uno-access sounds``: one sound, said as it plays."""
    return tr(SOUND_LINE).format(name=name, meaning=meaning)


SOUNDS_PLAYED = N_("That is every sound: {count} in all.")


# Translators: where in the WAV file a sound begins, in seconds ("s"), then its SOUND_LINE;
# keep the number's width (6.2f) so that the lines stay aligned.
SOUND_AT = N_("{seconds:6.2f} s  {line}")


def sound_at(seconds: float, line: str) -> str:
    """``uno-access sounds --wav``: where in the file a sound begins, and its line."""
    return tr(SOUND_AT).format(seconds=seconds, line=line)


# {count} is every sound, so never one
SOUNDS_WRITTEN = N_("Wrote {count} sounds, one after another, to {path}.")
HELP_SOUNDS = N_("play each sound cue with its name and meaning, one after another")
HELP_SOUNDS_WAV = N_("write every sound, one after another, into this WAV file instead")
HELP_SOUND = N_("sound cues: on or off (the words are always said too)")
HELP_SOUND_VOLUME = N_("the sound cues' volume, from 0 to 1")
SOUND_VOLUME_RANGE = N_("the sound volume is a number from 0 to 1")
HELP_SOUND_NEVER = N_("sounds never played, their names separated by commas (uno-access sounds)")
HELP_SOUND_NOT_MY_TURN = N_("sounds played only when it is not your turn, separated by commas")
# Translators: {name!r} is the name typed, quoted; {names} the sounds' names.
SOUND_NAMES_BAD = N_("{name!r} is no sound; the sounds are: {names}.")


# --- network play: a sound of its own for someone coming or going ------------------------
SOUND_MEANINGS["presence"] = N_("someone sat down at your table, watches it, left it or came back")
