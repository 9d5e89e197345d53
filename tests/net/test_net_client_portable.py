"""The full client without any of Linux's own parts, as on Windows and macOS.

This machine has no Windows or macOS: what it can show is that ``uno-access join`` plays
with none of the native parts that are Linux's (Debian's liblouis and BrlAPI bindings,
its speech-dispatcher module) nor the game's own voice (pyttsx3) importable, and that it
speaks through Prism, the screen reader's route there, which reaches a real
speech-dispatcher here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from net_client import Client
from net_ssh import Server
from speechd_recorder import SpeechDispatcher

from uno_access.access import messages

BLOCKER = '''\
import importlib.abc
import sys

NATIVE = {"louis", "brlapi", "speechd", "pyttsx3"}


class NotHere(importlib.abc.MetaPathFinder):
    """Linux's native parts and the game's own voice are not on this system."""

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in NATIVE:
            raise ImportError(f"No module named {name!r}")
        return None


sys.meta_path.insert(0, NotHere())
import uno_access.native  # noqa: E402

uno_access.native.SYSTEM_FOLDERS = ()  # nor Debian's dist-packages, found by file
'''


@pytest.fixture
def recorder(tmp_path: Path) -> Iterator[SpeechDispatcher]:
    with SpeechDispatcher(tmp_path / "speechd", seconds_a_word=0.01) as sd:
        yield sd


def test_the_full_client_plays_and_speaks_through_prism_without_linuxs_native_parts(
    tmp_path: Path, recorder: SpeechDispatcher
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER)
    server = Server(tmp_path / "server", "--open", "--seed", "2")  # starts on a number card
    ann = None
    try:
        ann = Client(
            server.port,
            tmp_path / "ann",
            "ann",
            "--speech",
            "auto",
            "--braille-display",
            "auto",
            env={"PYTHONPATH": str(site), "SPEECHD_ADDRESS": recorder.address},
        )
        ann.sees("lobby>")
        ann.line("new standard")
        ann.sees("You made table 1")
        ann.line("bot")
        ann.sees("sits at table 1")
        ann.line("start")
        ann.sees("uno>")  # at the table: a key pressed before it would be typed ahead
        ann.press("c")
        ann.sees(r"Card check: you \d+ cards")  # (a start card may have dealt more)
        route = messages.speech_route_reader("Prism: Speech Dispatcher")
        recorder.wait_for(lambda: any(s.text.startswith("Card check") for s in recorder.said()))
        # told once, through the screen reader itself: the first line sent to it (an urgent
        # answer may cut it off before its sound began, as it may any line)
        sent = [text for text, _ in recorder.queued()]
        assert sent[0] == route and sent.count(route) == 1
        text = ann.text()
        assert "Traceback" not in text
        # no liblouis: braille is off, said once (on Linux, with the packages that bring it)
        assert text.count("Braille is off") == 1
    finally:
        if ann is not None:
            ann.close()
        err = server.stop()
        assert "Traceback" not in err, err
