"""The full client's chat and sounds against ``uno-access serve`` on 127.0.0.1: the
server names the sound of each line that is no engine event (a chat line, someone
sitting down), and the client plays it through its own sound device (the real device on
miniaudio's null backend, the stand-in for a loudspeaker), by its own settings; chat is
kept in its own history; muted chat is shown and kept, not spoken.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from net_client import Raw
from net_ssh import Server
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.access.message import Message
from uno_access.devices.base import Notices
from uno_access.devices.sound import STAND_IN, PlayingVoice, SoundDevice, SoundSettings
from uno_access.net.client import join
from uno_access.net.seat import NetKeyboard
from uno_access.seat.outputs import Outputs
from uno_access.settings import Settings
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Screen


class HeardDevice(SoundDevice):
    """The real sound device on the stand-in stream, noting each sound it starts."""

    def __init__(self) -> None:
        super().__init__(SoundSettings(True, volume=1.0), backend=STAND_IN)
        self.heard: list[str] = []

    def play(self, name: str) -> PlayingVoice | None:
        voice = super().play(name)
        if voice is not None:
            self.heard.append(name)
        return voice


class Loudspeaker:
    """Stands in for the speech engine's loudspeaker: what would be spoken."""

    available = True
    enabled = True

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def show(self, message: Message) -> None:
        self.spoken.append(message.text)

    def close(self) -> None:
        pass


def _until(check: Callable[[], bool], what: str, timeout: float = 15) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        time.sleep(0.02)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "server", "--open", "--seed", "3", "--bot-pace", "5")
    yield server
    assert "Traceback" not in server.stop()


def test_the_full_client_plays_the_sound_the_server_names_keeps_chat_apart_and_mutes_its_speech(
    tmp_path: Path, server: Server
) -> None:
    said: list[str] = []
    device = HeardDevice()
    assert device.start()
    speaker = Loudspeaker()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    def bob(line: str) -> None:
        raw.message({"t": "line", "text": line})

    def seen(part: str) -> bool:
        return any(part in line for line in said)

    with create_pipe_input() as pipe:
        screen = Screen(said.append)
        outputs = Outputs(screen.say, sounds=device, speaker=speaker)  # type: ignore[arg-type]
        keyboard = NetKeyboard(input=pipe, output=DummyOutput(), keys=True)
        session = Session(keyboard, screen, outputs, Notices())
        client = threading.Thread(
            target=join,
            args=(f"127.0.0.1:{server.port}", "ann", None, Settings(keys=True)),
            kwargs={
                "input": pipe,
                "output": DummyOutput(),
                "folder": tmp_path / "ann",
                "session": session,
            },
            daemon=True,
        )
        client.start()
        _until(lambda: seen("Welcome, ann"), "ann in the lobby")
        raw = asyncio.run_coroutine_threadsafe(Raw.open(server.port, "bob"), loop).result(10)
        bob("say hello")
        _until(lambda: seen("bob says: hello."), "the chat line")
        assert device.heard.count("chat") == 1  # the sound the server named, played here
        assert "bob says: hello." in speaker.spoken
        pipe.send_text("chat mute\r")
        _until(lambda: seen("Chat speech off"), "chat muted")
        bob("say quiet please")
        _until(lambda: seen("bob says: quiet please."), "the muted line, still shown")
        assert "bob says: quiet please." not in speaker.spoken  # shown, not spoken
        assert device.heard.count("chat") == 2  # muting speech leaves the sound
        pipe.send_text("chat\r")
        _until(lambda: seen("Reading the chat: 2 lines"), "the chat's history")
        pipe.send_text("[\r")
        _until(lambda: seen("1 of 2: bob says: hello."), "the chat read back")
        pipe.send_text("chat unmute\r")
        _until(lambda: seen("Chat speech on"), "chat unmuted")
        # someone sitting down at the table makes a sound of its own
        pipe.send_text("new\r")
        _until(lambda: seen("You made table 1"), "a table")
        bob("join 1")
        _until(lambda: seen("bob sits at table 1, seat 2."), "bob sits")
        assert "presence" in device.heard
        # at the table: chat in the same chat history, apart from the game's
        pipe.send_text("start\r")
        _until(lambda: seen("The start card is"), "the game")
        bob("say good game")
        _until(lambda: seen("bob says: good game."), "the table's chat line")
        assert device.heard.count("chat") == 3
        assert "bob says: good game." in speaker.spoken
        pipe.send_text("i")
        _until(lambda: seen("Reading the chat: 3 lines"), "the chat at the table")
        pipe.send_text("\x1b[5~")  # Page Up
        _until(lambda: seen("2 of 3: bob says: quiet please."), "the lobby's chat, at the table")
        pipe.send_text("v")
        _until(lambda: seen("Reading the game's history"), "the game's history")
        raw.close()
        pipe.send_text("q")
        pipe.send_text("y")
        pipe.close()
        client.join(15)
    device.close()
    loop.call_soon_threadsafe(loop.stop)
    assert not client.is_alive()
