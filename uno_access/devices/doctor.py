"""``uno-access doctor``: what works on this machine, and the command that fixes the rest.

Each check is a ``Check``: the part, whether it works, whether the game needs it
(liblouis and the speech engine; a sound device, a braille display and a terminal
are reported but optional), a detail line and, when it fails, the fixing command.
Checks never raise and never hang: BrlAPI is asked from a thread with a timeout,
because brltty holds a connection while it waits for its display.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .. import native, resources
from ..access import braille, messages
from ..access.wording import language
from . import speech
from .braille_display import brlapi_available, brlapi_reason


def _fix(clone: str, package: str) -> str:
    """The fixing command for the way this game was installed: a clone's (through
    scripts/setup.sh) or a package's (pipx, pip)."""
    return clone if resources.clone() is not None else package


@dataclass(frozen=True, slots=True)
class Check:
    part: str
    ok: bool
    needed: bool
    detail: str
    fix: str | None = None

    def line(self) -> str:
        return messages.doctor_line(self.part, self.ok, self.detail, needed=self.needed)


def check_liblouis() -> Check:
    with language.use(language.ENGLISH):  # the language's own tables: check_language
        return _check_liblouis()


def _check_liblouis() -> Check:
    tables = [braille.UNICODE_TABLE, *(table.file for table in braille.BrailleTable)]
    try:
        version = braille.liblouis_version()
        for table in braille.BrailleTable:  # each table the settings may choose loads
            braille.to_unicode("b7", table)
        if braille.to_unicode("b7") != "\u2803\u283c\u281b":
            raise braille.BrailleUnavailable(messages.liblouis_table_missing(braille.TABLE))
    except braille.BrailleUnavailable as error:
        return Check(
            "liblouis",
            False,
            True,
            error.message,
            _fix(messages.tr(messages.FIX_LIBLOUIS), messages.tr(messages.FIX_LIBLOUIS_PACKAGE)),
        )
    return Check("liblouis", True, True, messages.liblouis_detail(version, tables))


def check_language(code: str | None = None) -> Check:
    """The language's voice and braille tables (``--lang``, the setting, LANG): whether the
    speech engine has its voice and liblouis loads each of its tables."""
    lang = language.LANGUAGES[language.language_of(code) if code else language.current()]
    tables = {table: braille.table_loads(table) for table in dict.fromkeys(lang.braille.values())}
    try:
        voice = speech.voice_for_language(lang.code)
    except speech.SpeechUnavailable:
        voice = None
    ok = voice is not None and all(tables.values())
    detail = messages.language_detail(lang.name, lang.code, voice, lang.voice, tables)
    return Check(
        "language",
        ok,
        False,
        detail,
        None
        if ok
        else _fix(messages.tr(messages.FIX_LANGUAGE), messages.tr(messages.FIX_LANGUAGE_PACKAGE)),
    )


def check_speech(directory: Path) -> Check:
    try:
        driver, voices, default = speech.engine_info()
        seconds = speech.wav_seconds(speech.save_wav("Blue 7", directory / "doctor.wav"))
        if seconds <= 0:
            raise speech.SpeechUnavailable(messages.tr(messages.SPEECH_NO_AUDIO_MADE))
    except speech.SpeechUnavailable as error:
        return Check(
            "speech",
            False,
            True,
            error.reason,
            _fix(messages.tr(messages.FIX_SPEECH), messages.tr(messages.FIX_SPEECH_PACKAGE)),
        )
    return Check("speech", True, True, messages.speech_detail(driver, len(voices), default))


def check_screen_reader() -> Check:
    """The screen reader's routes (speech-dispatcher, Prism), and which ``--speech auto``
    takes; optional: without one the game speaks with its own voice."""
    from . import speech_route

    found = speech_route.survey()
    chosen = found.auto or messages.tr(messages.ROUTE_GAME_VOICE)
    detail = messages.screen_reader_detail(chosen, found.speechd, found.prism)
    ok = found.auto is not None
    return Check(
        "screen_reader", ok, False, detail, None if ok else messages.tr(messages.FIX_SCREEN_READER)
    )


def check_audio(directory: Path) -> Check:
    player = speech.default_player()
    if shutil.which(player[0]) is None:
        missing = messages.tr(messages.AUDIO_PLAYER_MISSING).format(player=player[0])
        return Check("audio", False, False, missing, messages.tr(messages.FIX_AUDIO_PLAYER))
    silence = directory / "silence.wav"
    with wave.open(str(silence), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(b"\0\0" * 1100)
    try:
        result = subprocess.run(
            [*player, str(silence)], capture_output=True, timeout=5, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return Check("audio", False, False, str(error), messages.tr(messages.FIX_AUDIO_DEVICE))
    if result.returncode != 0:
        lines = result.stderr.decode(errors="replace").strip().splitlines() or ["failed"]
        return Check("audio", False, False, lines[-1], messages.tr(messages.FIX_AUDIO_DEVICE))
    return Check(
        "audio", True, False, messages.tr(messages.AUDIO_PLAYER_WORKS).format(player=player[0])
    )


def check_sound(backend: str | None = None) -> Check:
    """Whether sound cues can play: every sound decodes, and an output stream opens."""
    from . import sound
    from .mixer import Mixer

    try:
        decoded = sound.load_sounds()
    except sound.SoundUnavailable as error:
        return Check(
            "sound",
            False,
            False,
            error.reason,
            _fix(
                messages.tr(messages.FIX_SOUND_FILES), messages.tr(messages.FIX_SOUND_FILES_PACKAGE)
            ),
        )
    if not decoded:
        missing = messages.tr(messages.NO_SOUND_FILES).format(folder=sound.ASSETS)
        return Check(
            "sound",
            False,
            False,
            missing,
            _fix(
                messages.tr(messages.FIX_SOUND_FILES), messages.tr(messages.FIX_SOUND_FILES_PACKAGE)
            ),
        )
    mixer = Mixer()
    try:
        device = sound.open_stream(mixer, backend=backend)
    except sound.SoundUnavailable as error:
        return Check("sound", False, False, error.reason, messages.tr(messages.FIX_AUDIO_DEVICE))
    try:
        name = str(device.backend)
    finally:
        device.close()
    return Check("sound", True, False, messages.sound_detail(len(decoded), name))


def check_braille_display(timeout: float = 2.0) -> Check:
    if not brlapi_available():
        wanted = native.mismatch("brlapi")
        if wanted is not None:
            running = f"{sys.version_info[0]}.{sys.version_info[1]}"
            detail = messages.tr(messages.BRLAPI_OTHER_PYTHON)
            fix = _fix(
                messages.tr(messages.FIX_BRLAPI_PYTHON_CLONE),
                messages.tr(messages.FIX_BRLAPI_PYTHON_PACKAGE),
            )
            return Check(
                "braille_display",
                False,
                False,
                detail.format(wanted=wanted, running=running),
                fix.format(wanted=wanted),
            )
        detail = messages.tr(messages.BRLAPI_MODULE_MISSING)
        fix = _fix(
            messages.tr(messages.FIX_BRLAPI_MODULE), messages.tr(messages.FIX_BRLAPI_MODULE_PACKAGE)
        )
        return Check("braille_display", False, False, detail, fix)
    found: dict[str, Any] = {}

    def ask() -> None:
        import brlapi

        try:
            connection = brlapi.Connection()
            columns, rows = connection.displaySize
            found["detail"] = (connection.driverName, int(columns), int(rows))
            connection.closeConnection()
        except (brlapi.ConnectionError, brlapi.OperationError, OSError) as error:
            found["error"] = brlapi_reason(error)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    thread.join(timeout)
    if "detail" in found:
        driver, columns, rows = found["detail"]
        name = driver.decode(errors="replace") if isinstance(driver, bytes) else str(driver)
        if columns > 0:
            detail = messages.braille_display_detail(name, columns, rows)
            return Check("braille_display", True, False, detail)
        found["error"] = messages.tr(messages.BRAILLE_NO_DISPLAY)
    error = found.get("error", messages.tr(messages.BRAILLE_NO_ANSWER))
    return Check("braille_display", False, False, error, messages.tr(messages.FIX_BRLTTY))


def check_terminal() -> Check:
    is_tty = sys.stdout.isatty()
    size = shutil.get_terminal_size()
    detail = messages.terminal_detail(is_tty, os.environ.get("TERM", ""), size.columns, size.lines)
    return Check(
        "terminal", is_tty, False, detail, None if is_tty else messages.tr(messages.FIX_TERMINAL)
    )


def run_checks() -> list[Check]:
    with tempfile.TemporaryDirectory(prefix="uno-access-doctor-") as name:
        directory = Path(name)
        return [
            check_liblouis(),
            check_speech(directory),
            check_screen_reader(),
            check_language(),
            check_audio(directory),
            check_sound(),
            check_braille_display(),
            check_terminal(),
        ]


def all_needed_work(checks: list[Check]) -> bool:
    return all(check.ok for check in checks if check.needed)


def report_lines(checks: list[Check]) -> list[str]:
    lines = [messages.tr(messages.DOCTOR_TITLE)]
    for check in checks:
        lines.append(check.line())
        if not check.ok and check.fix:
            lines.append("    " + messages.tr(messages.DOCTOR_FIX).format(command=check.fix))
    missing = [check for check in checks if not check.ok]
    if not all_needed_work(checks):
        lines.append(messages.tr(messages.DOCTOR_SOME_FAILED))
    elif missing:
        names = [
            messages.tr(messages.DOCTOR_PARTS.get(check.part, check.part)) for check in missing
        ]
        silent = any(check.part == "audio" for check in missing)  # speech's player
        lines.append(messages.doctor_without(names, silent))
    else:
        lines.append(messages.tr(messages.DOCTOR_ALL_GOOD))
    return lines


def report_json(checks: list[Check]) -> dict[str, Any]:
    return {"ok": all_needed_work(checks), "checks": [asdict(check) for check in checks]}
