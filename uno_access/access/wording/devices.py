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


# {parts}: the names of the parts that do not work (DOCTOR_PARTS)
DOCTOR_WITHOUT = "uno-access runs, without: {parts}; the fixes are above."
DOCTOR_WITHOUT_SILENT = (
    "uno-access runs, without: {parts}; the fixes are above. Without a sound device speech "
    "is silent."
)


def doctor_without(parts: Iterable[str], silent: bool) -> str:
    """All that is needed works, but not ``parts`` (their names); ``silent``: no sound device,
    so speech cannot be heard.
    """
    said = DOCTOR_WITHOUT_SILENT if silent else DOCTOR_WITHOUT
    return said.format(parts=", ".join(parts))


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


# one line of the doctor's report: {part} (DOCTOR_PARTS), {status} (DOCTOR_OK…), {detail}
DOCTOR_LINE = "{part}: {status}: {detail}"
LIBLOUIS_DETAIL = "liblouis {version}, tables {tables}"
SPEECH_DETAIL = "{driver}, {voices} voices, default voice {voice}"
BRAILLE_DISPLAY_DETAIL = (
    "{driver} display, {columns} cells, {count} line",
    "{driver} display, {columns} cells, {count} lines",
)  # a singular and plural pair
TERMINAL_DETAIL = "a terminal, TERM={term}, {columns} columns, {lines} lines"
NOT_A_TERMINAL_DETAIL = (
    "not a terminal (a pipe or file), TERM={term}, {columns} columns, {lines} lines"
)
TERM_UNSET = "unset"


def doctor_line(part: str, ok: bool, detail: str, *, needed: bool = True) -> str:
    status = DOCTOR_OK if ok else (DOCTOR_FAIL if needed else DOCTOR_OPTIONAL)
    return DOCTOR_LINE.format(part=DOCTOR_PARTS.get(part, part), status=status, detail=detail)


def liblouis_detail(version: str, tables: list[str]) -> str:
    return LIBLOUIS_DETAIL.format(version=version, tables=", ".join(tables))


def speech_detail(driver: str, voices: int, default_voice: str) -> str:
    return SPEECH_DETAIL.format(driver=driver, voices=voices, voice=default_voice)


def braille_display_detail(driver: str, columns: int, rows: int) -> str:
    said = BRAILLE_DISPLAY_DETAIL[0] if rows == 1 else BRAILLE_DISPLAY_DETAIL[1]
    return said.format(driver=driver, columns=columns, count=rows)


def terminal_detail(is_tty: bool, term: str, columns: int, lines: int) -> str:
    said = TERMINAL_DETAIL if is_tty else NOT_A_TERMINAL_DETAIL
    return said.format(term=term or TERM_UNSET, columns=columns, lines=lines)


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
