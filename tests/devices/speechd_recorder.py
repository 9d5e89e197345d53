"""A real speech-dispatcher of a test's own, with an output module that records what it says.

``SpeechDispatcher(folder)`` starts Debian's ``speech-dispatcher`` on a unix socket in
``folder`` (its own configuration, its own log, stopped by pid), with one output module:
speech-dispatcher's generic module running ``recorder_module.py`` for each message. That
stand-in for a synthesizer and a speaker writes when it starts saying a message and when
it has said it, and takes as long as a voice would (``seconds_a_word``); a message cut off
is killed by speech-dispatcher before its end. The dispatcher's own log (level 5) gives
each message's priority and each cancel the client sent.

    with SpeechDispatcher(tmp_path) as sd:
        os.environ["SPEECHD_ADDRESS"] = sd.address
        ...
        sd.said()      # [Said(text, start, end or None)], in the order they began
        sd.queued()    # [(text, "important" | "message" | "text"…)], in the order sent
        sd.cancels()   # how many CANCELs the clients sent
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

HERE = Path(__file__).resolve().parent
MODULES = Path("/usr/lib/speech-dispatcher-modules")
PRIORITY_NAMES = {1: "important", 2: "message", 3: "text", 4: "notification", 5: "progress"}
QUEUED = re.compile(r"Queueing message \|(.*)\| with priority (\d)$")
CANCEL = re.compile(r"DATA:\|CANCEL ", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Said:
    text: str
    start: float
    end: float | None  # None: cut off (killed before its end)


class SpeechDispatcher:
    def __init__(self, folder: Path, seconds_a_word: float = 0.08, hold: str = "") -> None:
        self.folder = folder
        self.socket = folder / "speechd.sock"
        self.record = folder / "said.jsonl"
        self.log_dir = folder / "log"
        self.seconds_a_word = seconds_a_word
        self.hold = hold  # a message beginning with it lasts a minute (one to cut off)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"unix_socket:{self.socket}"

    def start(self, timeout: float = 30.0) -> SpeechDispatcher:
        binary = shutil.which("speech-dispatcher")
        assert binary is not None, "speech-dispatcher is not installed (scripts/setup.sh)"
        conf = self.folder / "conf"
        (conf / "modules").mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(exist_ok=True)
        (conf / "speechd.conf").write_text(
            "LogLevel 5\n"
            'AddModule "recorder" "sd_generic" "recorder.conf"\n'
            'DefaultModule "recorder"\n'
            'DefaultLanguage "en"\n'
            'AudioOutputMethod "alsa"\n'  # the module makes no sound: no device is opened
            'AudioALSADevice "null"\n'
        )
        command = (
            f"printf %s \\'$DATA\\' | {sys.executable} {HERE / 'recorder_module.py'} "
            f"{self.record} {self.seconds_a_word} {shlex.quote(self.hold or '-')} $LANGUAGE $RATE"
        )
        (conf / "modules" / "recorder.conf").write_text(
            f'GenericExecuteSynth "{command}"\n'
            # a whole message at once, not sentence by sentence: the one delimiter is a
            # control character no message holds
            'GenericDelimiters "\x01"\n'
            "GenericMaxChunkLength 100000\n"
            + "".join(
                f'GenericLanguage "{code}" "{code}" "utf-8"\nAddVoice "{code}" "MALE1" "{code}"\n'
                for code in ("en", "es", "pt")
            )
        )
        self.process = subprocess.Popen(
            [
                binary,
                "--run-single",
                "--timeout",
                "0",
                "--config-dir",
                str(conf),
                "--communication-method",
                "unix_socket",
                "--socket-path",
                str(self.socket),
                "--pid-file",
                str(self.folder / "speechd.pid"),
                "--log-dir",
                str(self.log_dir),
                "--module-dir",
                str(MODULES),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not self.socket.exists():
            assert self.process.poll() is None, "speech-dispatcher ended at its start"
            assert time.monotonic() < deadline, "speech-dispatcher made no socket"
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def __enter__(self) -> SpeechDispatcher:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    # -------------------------------------------------------------- what happened
    def said(self) -> list[Said]:
        """Each message the module began to say, in order, with its end (None: cut)."""
        if not self.record.exists():
            return []
        begun: dict[int, tuple[str, float]] = {}
        ended: dict[int, float] = {}
        for line in self.record.read_text().splitlines():
            entry = json.loads(line)
            if entry["what"] == "start":
                begun[entry["pid"]] = (entry["text"], entry["t"])
            else:
                ended[entry["pid"]] = entry["t"]
        return [
            Said(text, start, ended.get(pid))
            for pid, (text, start) in sorted(begun.items(), key=lambda kv: kv[1][1])
        ]

    def entries(self) -> list[dict[str, Any]]:
        """The recorder's lines: "start" (text, language, rate) and "end", in order."""
        if not self.record.exists():
            return []
        return [json.loads(line) for line in self.record.read_text().splitlines()]

    def _log(self) -> list[str]:
        path = self.log_dir / "speech-dispatcher.log"
        return path.read_text(errors="replace").splitlines() if path.exists() else []

    def queued(self) -> list[tuple[str, str]]:
        """Each message the clients sent, with its priority's name, in order."""
        found = []
        for line in self._log():
            match = QUEUED.search(line)
            if match:
                found.append((match.group(1), PRIORITY_NAMES[int(match.group(2))]))
        return found

    def cancels(self) -> int:
        return sum(1 for line in self._log() if CANCEL.search(line))

    def wait_for(self, predicate: object, timeout: float = 30.0) -> None:
        """Wait until ``predicate()`` (a callable) is true, or fail saying what was said."""
        assert callable(predicate)
        deadline = time.monotonic() + timeout
        while not predicate():
            assert time.monotonic() < deadline, f"said so far: {self.said()}"
            time.sleep(0.02)


def no_autospawn(config_home: Path) -> Path:
    """A user configuration folder whose speech-dispatcher refuses to be started by a
    client (``DisableAutoSpawn``): set as ``XDG_CONFIG_HOME``, no test starts one by
    asking for one that is not there."""
    folder = config_home / "speech-dispatcher"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "speechd.conf").write_text("DisableAutoSpawn\n")
    return config_home
