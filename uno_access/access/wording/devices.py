"""Notices from the speech and braille devices, and the doctor's report."""

from __future__ import annotations

from collections.abc import Iterable

from ..message import Parts
from .forms import SAID_AS_BRAILLE, Fixed, register
from .language import N_, NP_, tr, tr_n

# --- devices ---
# Notices from the speech and braille devices (each told once), and the doctor's lines.
# what the player is told names no library or program: uno-access doctor gives the {reason}
SPEECH_UNAVAILABLE = N_(
    "Speech is not available on this machine; the game goes on without it. "
    "uno-access doctor says why."
)
speech_unavailable = Fixed(SPEECH_UNAVAILABLE, N_("No speech here: words only"))


SPEECH_NO_AUDIO = N_(
    "Speech has no sound device to play on; the game goes on without it. "
    "uno-access doctor says why."
)
speech_no_audio = Fixed(SPEECH_NO_AUDIO, N_("No sound device for speech"))


# which way speech takes (--speech auto, screenreader, voice), told once at the start;
# the typed words after --speech stay English
SPEECH_ROUTE_READER = N_(
    "Speech goes through your screen reader ({name}). For the game's own voice instead, "
    "start with --speech voice."
)
B_SPEECH_ROUTE_READER = N_("Speech: screen reader")


def speech_route_reader(name: str) -> str:
    return tr(SPEECH_ROUTE_READER).format(name=name)


def _b_speech_route_reader(name: str) -> Parts:
    return (tr(B_SPEECH_ROUTE_READER),)


register(speech_route_reader, braille=_b_speech_route_reader, brief=SAID_AS_BRAILLE)


SPEECH_ROUTE_VOICE = N_(
    "No screen reader is running, so the game speaks with its own voice. To speak through "
    "your screen reader, start with --speech screenreader."
)
speech_route_voice = Fixed(SPEECH_ROUTE_VOICE, N_("Speech: game's voice"))


SPEECH_ROUTE_FALLBACK = N_(
    "Your screen reader's speech cannot be reached, so the game speaks with its own voice. "
    "uno-access doctor says why."
)
speech_route_fallback = Fixed(SPEECH_ROUTE_FALLBACK, N_("No screen reader: game voice"))


SCREENREADER_LOST = N_(
    "Your screen reader's speech went away; the game goes on in words. uno-access doctor says why."
)
screenreader_lost = Fixed(SCREENREADER_LOST, N_("Screen reader speech gone"))


SPEECH_ON = N_("Speech on.")


SPEECH_OFF = N_("Speech off.")


BRAILLE_AUTO_OFF = N_("No braille display found; braille is off.")
braille_auto_off = Fixed(BRAILLE_AUTO_OFF, N_("No display: braille off"))
# {reason}: why liblouis cannot be used (LIBLOUIS_MISSING, a sentence with its fix)
BRAILLE_WITHOUT_LIBLOUIS = N_(
    "Braille is off: {reason} The game goes on, every event in speech and print."
)
B_BRAILLE_WITHOUT_LIBLOUIS = N_("Braille off: no liblouis")


def braille_without_liblouis(reason: str) -> str:
    return tr(BRAILLE_WITHOUT_LIBLOUIS).format(reason=reason)


def _b_braille_without_liblouis(reason: str) -> Parts:
    return (tr(B_BRAILLE_WITHOUT_LIBLOUIS),)


register(braille_without_liblouis, braille=_b_braille_without_liblouis, brief=SAID_AS_BRAILLE)


BRAILLE_DISPLAY_WAITING = N_(
    "No braille display yet; the game goes on and connects when one appears."
)
braille_waiting = Fixed(BRAILLE_DISPLAY_WAITING, N_("No display yet: waiting"))


BRAILLE_DISPLAY_CONNECTED = N_("Braille display connected: {cells} cells.")
B_BRAILLE_DISPLAY_CONNECTED = N_("Display: {cells} cells")


def braille_connected(cells: int) -> str:
    return tr(BRAILLE_DISPLAY_CONNECTED).format(cells=cells)


def _b_braille_connected(cells: int) -> Parts:
    return (tr(B_BRAILLE_DISPLAY_CONNECTED).format(cells=cells),)


register(braille_connected, braille=_b_braille_connected, brief=SAID_AS_BRAILLE)


BRAILLE_DISPLAY_LOST = N_(
    "The braille display went away; the game goes on and reconnects when it returns."
)
braille_lost = Fixed(BRAILLE_DISPLAY_LOST, N_("Display gone: waiting"))


BRAILLE_ON_SCREEN = N_("Braille is shown on screen as a line of braille dots.")
braille_on_screen = Fixed(BRAILLE_ON_SCREEN, N_("Braille on screen"))


DOCTOR_TITLE = N_("uno-access doctor: what works on this machine")


DOCTOR_OK = N_("ok")


DOCTOR_FAIL = N_("FAILED")


DOCTOR_OPTIONAL = N_("not found")


DOCTOR_FIX = N_("fix: {command}")


DOCTOR_ALL_GOOD = N_("Everything uno-access needs works.")


# {parts}: the names of the parts that do not work (DOCTOR_PARTS)
DOCTOR_WITHOUT = N_("uno-access runs, without: {parts}; the fixes are above.")
DOCTOR_WITHOUT_SILENT = N_(
    "uno-access runs, without: {parts}; the fixes are above. Without a sound device speech "
    "is silent."
)


def doctor_without(parts: Iterable[str], silent: bool) -> str:
    """All that is needed works, but not ``parts`` (their names); ``silent``: no sound device,
    so speech cannot be heard.
    """
    said = tr(DOCTOR_WITHOUT_SILENT) if silent else tr(DOCTOR_WITHOUT)
    return said.format(parts=", ".join(parts))


DOCTOR_SOME_FAILED = N_("Some parts uno-access needs do not work; the fixes are above.")


DOCTOR_PARTS = {
    "liblouis": N_("braille translation (liblouis)"),
    "speech": N_("speech engine (pyttsx3)"),
    "audio": N_("sound device"),
    "braille_display": N_("braille display (BrlAPI)"),
    "terminal": N_("terminal"),
    "screen_reader": N_("your screen reader's speech"),
}


FIX_LIBLOUIS = N_(
    "sudo apt-get install liblouis20 liblouis-data python3-louis, then scripts/setup.sh"
)


FIX_SPEECH = N_("sudo apt-get install espeak-ng libespeak-ng1, then scripts/setup.sh")


FIX_AUDIO_PLAYER = N_("sudo apt-get install alsa-utils")


FIX_AUDIO_DEVICE = N_(
    "connect speakers or headphones, and check that `aplay -l` lists a sound card "
    "(add yourself to the audio group: sudo adduser $USER audio)"
)


FIX_BRLAPI_MODULE = N_("sudo apt-get install brltty python3-brlapi, then scripts/setup.sh")


FIX_BRLTTY = N_("connect the display, then start brltty: sudo systemctl start brltty")


FIX_TERMINAL = N_("run uno-access in a terminal (not through a pipe)")


FIX_SCREEN_READER = N_(
    "start your screen reader (Orca on Linux, NVDA or JAWS on Windows, VoiceOver on a Mac); "
    "on Debian, sudo apt-get install speech-dispatcher python3-speechd"
)


# The same fixes for a game installed as a package (pipx, pip, a wheel) rather than run
# from a clone: no scripts/setup.sh; Debian's louis and brlapi modules are found by
# uno-access itself once their packages are installed.
FIX_LIBLOUIS_PACKAGE = N_(
    "sudo apt-get install liblouis20 liblouis-data python3-louis "
    "(uno-access finds Debian's louis module by itself)"
)
FIX_SPEECH_PACKAGE = N_("sudo apt-get install espeak-ng libespeak-ng1")
FIX_BRLAPI_MODULE_PACKAGE = N_(
    "sudo apt-get install brltty python3-brlapi (uno-access finds Debian's brlapi module by itself)"
)
FIX_LANGUAGE_PACKAGE = N_("sudo apt-get install espeak-ng-data liblouis-data")
# Debian's brlapi is compiled for Debian's own Python; {wanted} and {running} are versions (3.11)
BRLAPI_OTHER_PYTHON = N_(
    "Debian's brlapi module is made for Python {wanted}, and uno-access runs on Python {running}"
)
FIX_BRLAPI_PYTHON_PACKAGE = N_(
    "pipx reinstall --python python{wanted} uno-access (or install uno-access with a Python "
    "{wanted})"
)
FIX_BRLAPI_PYTHON_CLONE = N_("rm -rf .venv, then UNO_PYTHON=python{wanted} scripts/setup.sh")


# one line of the doctor's report: {part} (DOCTOR_PARTS), {status} (DOCTOR_OK…), {detail}
DOCTOR_LINE = N_("{part}: {status}: {detail}")
LIBLOUIS_DETAIL = N_("liblouis {version}, tables {tables}")
SPEECH_DETAIL = N_("{driver}, {voices} voices, default voice {voice}")
BRAILLE_DISPLAY_DETAIL = NP_(
    "{driver} display, {columns} cells, {count} line",
    "{driver} display, {columns} cells, {count} lines",
)  # a singular and plural pair
# the screen reader's routes: {chosen} is what --speech auto takes (a route's name, or
# ROUTE_GAME_VOICE); {speechd} and {prism} say what each route found (ROUTE_…)
SCREEN_READER_DETAIL = N_(
    "--speech auto takes {chosen}; speech-dispatcher: {speechd}; Prism: {prism}"
)
ROUTE_GAME_VOICE = N_("the game's own voice")
ROUTE_SPEECH = N_("{name}, for speech")
ROUTE_SPEECH_BRAILLE = N_("{name}, for speech and braille")
ROUTE_NOT_RUNNING = N_("not running")
ROUTE_NOT_ON_SYSTEM = N_("not on this system")
ROUTE_NOT_NEEDED = N_("installed, not needed: speech-dispatcher is reached directly")
TERMINAL_DETAIL = N_("a terminal, TERM={term}, {columns} columns, {lines} lines")
NOT_A_TERMINAL_DETAIL = N_(
    "not a terminal (a pipe or file), TERM={term}, {columns} columns, {lines} lines"
)
TERM_UNSET = N_("unset")


def doctor_line(part: str, ok: bool, detail: str, *, needed: bool = True) -> str:
    status = tr(DOCTOR_OK) if ok else (tr(DOCTOR_FAIL) if needed else tr(DOCTOR_OPTIONAL))
    return tr(DOCTOR_LINE).format(
        part=tr(DOCTOR_PARTS.get(part, part)), status=status, detail=detail
    )


def liblouis_detail(version: str, tables: list[str]) -> str:
    return tr(LIBLOUIS_DETAIL).format(version=version, tables=", ".join(tables))


def speech_detail(driver: str, voices: int, default_voice: str) -> str:
    return tr(SPEECH_DETAIL).format(driver=driver, voices=voices, voice=default_voice)


def braille_display_detail(driver: str, columns: int, rows: int) -> str:
    said = tr_n(BRAILLE_DISPLAY_DETAIL, rows)
    return said.format(driver=driver, columns=columns, count=rows)


def screen_reader_detail(chosen: str, speechd: str, prism: str) -> str:
    return tr(SCREEN_READER_DETAIL).format(chosen=chosen, speechd=speechd, prism=prism)


def route_reaches(name: str, braille: bool) -> str:
    return tr(ROUTE_SPEECH_BRAILLE if braille else ROUTE_SPEECH).format(name=name)


def terminal_detail(is_tty: bool, term: str, columns: int, lines: int) -> str:
    said = tr(TERMINAL_DETAIL) if is_tty else tr(NOT_A_TERMINAL_DETAIL)
    return said.format(term=term or tr(TERM_UNSET), columns=columns, lines=lines)


HELP_DOCTOR = N_(
    "what works on this machine: liblouis, speech, sound, a braille display, the terminal; "
    "and how to fix what does not"
)


# the reasons the devices give (inside the notices and doctor lines above)
BRLAPI_MODULE_MISSING = N_("the Python module brlapi is missing")


BRAILLE_NOT_READY = N_("the braille display is not ready yet")


BRAILLE_NO_ANSWER = N_("brltty did not answer (it may be waiting for its display)")


BRAILLE_NO_DISPLAY = N_("brltty runs but has no display")


PYTTSX3_MISSING = N_("pyttsx3 cannot be imported ({error})")


SPEECHD_MISSING = N_(
    "speech-dispatcher's Python module is not installed (Debian's python3-speechd)"
)


PRISM_MISSING = N_("Prism is not installed (pip install prismatoid)")


PRISM_NO_BACKEND = N_("Prism found no screen reader or speech running")


PRISM_NO_SCREEN_READER = N_("Prism found a system voice but no screen reader running")


SPEECH_UNFINISHED = N_("the speech engine did not finish the utterance")


SPEECH_NO_AUDIO_MADE = N_("the speech engine made no audio")


SPEECH_NOT_A_FILE = N_("the place to write the audio is a device or a link, not a file")


AUDIO_PLAYER_FAILED = N_("{player} failed")


AUDIO_PLAYER_MISSING = N_("{player} is missing")


AUDIO_PLAYER_WORKS = N_("{player} plays sound")


# --- the doctor's line on the language (issue 15) -----------------------------------------
DOCTOR_PARTS["language"] = N_("the language's voice and braille tables")
# Translators: {name} is the language in its own words ("español"), {code} its code;
# {voice} the speech engine's voice for it or LANGUAGE_NO_VOICE; {tables} its liblouis
# tables, each followed by LANGUAGE_TABLE_MISSING where it cannot be loaded.
LANGUAGE_DETAIL = N_("{name} ({code}): voice {voice}; braille tables {tables}")
# Translators: {voice} is espeak-ng's name of the voice ("es").
LANGUAGE_NO_VOICE = N_("none (espeak-ng has no {voice} voice)")
LANGUAGE_TABLE_MISSING = N_("{table} (missing)")
FIX_LANGUAGE = N_("sudo apt-get install espeak-ng-data liblouis-data, then scripts/setup.sh")


def language_detail(
    name: str, code: str, voice: str | None, wanted_voice: str, tables: dict[str, bool]
) -> str:
    """The language's voice (or that there is none) and its braille tables (each loads)."""
    said_voice = voice if voice is not None else tr(LANGUAGE_NO_VOICE).format(voice=wanted_voice)
    said_tables = ", ".join(
        table if loads else tr(LANGUAGE_TABLE_MISSING).format(table=table)
        for table, loads in tables.items()
    )
    return tr(LANGUAGE_DETAIL).format(name=name, code=code, voice=said_voice, tables=said_tables)
