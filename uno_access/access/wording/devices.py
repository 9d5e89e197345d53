"""Notices from the speech and braille devices, and the doctor's report."""

from __future__ import annotations

from collections.abc import Iterable

# --- devices ---
# Notices from the speech and braille devices (each told once), and the doctor's lines.
# what the player is told names no library or program: uno-access doctor gives the {reason}
SPEECH_UNAVAILABLE = (
    "Speech is not available on this machine; the game goes on without it. "
    "uno-access doctor says why."
)


SPEECH_NO_AUDIO = (
    "Speech has no sound device to play on; the game goes on without it. "
    "uno-access doctor says why."
)


SPEECH_ON = "Speech on."


SPEECH_OFF = "Speech off."


BRAILLE_AUTO_OFF = "No braille display found; braille is off."


BRAILLE_DISPLAY_WAITING = "No braille display yet; the game goes on and connects when one appears."


BRAILLE_DISPLAY_CONNECTED = "Braille display connected: {cells} cells."


BRAILLE_DISPLAY_LOST = (
    "The braille display went away; the game goes on and reconnects when it returns."
)


BRAILLE_ON_SCREEN = "Braille is shown on screen as a line of braille dots."


DOCTOR_TITLE = "uno-access doctor: what works on this machine"


DOCTOR_OK = "ok"


DOCTOR_FAIL = "FAILED"


DOCTOR_OPTIONAL = "not found"


DOCTOR_FIX = "fix: {command}"


DOCTOR_ALL_GOOD = "Everything uno-access needs works."


def doctor_without(parts: Iterable[str], silent: bool) -> str:
    """All that is needed works, but not ``parts`` (their names); ``silent``: no sound device,
    so speech cannot be heard.
    """
    said = f"uno-access runs, without: {', '.join(parts)}; the fixes are above."
    return f"{said} Without a sound device speech is silent." if silent else said


DOCTOR_SOME_FAILED = "Some parts uno-access needs do not work; the fixes are above."


DOCTOR_PARTS = {
    "liblouis": "braille translation (liblouis)",
    "speech": "speech engine (pyttsx3)",
    "audio": "sound device",
    "braille_display": "braille display (BrlAPI)",
    "terminal": "terminal",
}


FIX_LIBLOUIS = "sudo apt-get install liblouis20 liblouis-data python3-louis, then scripts/setup.sh"


FIX_SPEECH = "sudo apt-get install espeak-ng libespeak-ng1, then scripts/setup.sh"


FIX_AUDIO_PLAYER = "sudo apt-get install alsa-utils"


FIX_AUDIO_DEVICE = (
    "connect speakers or headphones, and check that `aplay -l` lists a sound card "
    "(add yourself to the audio group: sudo adduser $USER audio)"
)


FIX_BRLAPI_MODULE = "sudo apt-get install brltty python3-brlapi, then scripts/setup.sh"


FIX_BRLTTY = "connect the display, then start brltty: sudo systemctl start brltty"


FIX_TERMINAL = "run uno-access in a terminal (not through a pipe)"


def doctor_line(part: str, ok: bool, detail: str, *, needed: bool = True) -> str:
    status = DOCTOR_OK if ok else (DOCTOR_FAIL if needed else DOCTOR_OPTIONAL)
    return f"{DOCTOR_PARTS.get(part, part)}: {status}: {detail}"


def liblouis_detail(version: str, tables: list[str]) -> str:
    return f"liblouis {version}, tables {', '.join(tables)}"


def speech_detail(driver: str, voices: int, default_voice: str) -> str:
    return f"{driver}, {voices} voices, default voice {default_voice}"


def braille_display_detail(driver: str, columns: int, rows: int) -> str:
    return f"{driver} display, {columns} cells, {rows} line{'s' if rows != 1 else ''}"


def terminal_detail(is_tty: bool, term: str, columns: int, lines: int) -> str:
    where = "a terminal" if is_tty else "not a terminal (a pipe or file)"
    return f"{where}, TERM={term or 'unset'}, {columns} columns, {lines} lines"


HELP_DOCTOR = (
    "what works on this machine: liblouis, speech, sound, a braille display, the terminal; "
    "and how to fix what does not"
)


# the reasons the devices give (inside the notices and doctor lines above)
BRLAPI_MODULE_MISSING = "the Python module brlapi is missing"


BRAILLE_NOT_READY = "the braille display is not ready yet"


BRAILLE_NO_ANSWER = "brltty did not answer (it may be waiting for its display)"


BRAILLE_NO_DISPLAY = "brltty runs but has no display"


PYTTSX3_MISSING = "pyttsx3 cannot be imported ({error})"


SPEECH_UNFINISHED = "the speech engine did not finish the utterance"


SPEECH_NO_AUDIO_MADE = "the speech engine made no audio"


SPEECH_NOT_A_FILE = "the place to write the audio is a device or a link, not a file"


AUDIO_PLAYER_FAILED = "{player} failed"


AUDIO_PLAYER_MISSING = "{player} is missing"


AUDIO_PLAYER_WORKS = "{player} plays sound"
