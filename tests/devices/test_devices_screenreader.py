"""Speech through the player's own screen reader: a real speech-dispatcher, our one voice.

The speech-dispatcher is Debian's, started by the test on a socket of its own; its
output module is the test's recorder (``speechd_recorder``), a stand-in for the
synthesizer and the loudspeaker alone. Prism (PyPI ``prismatoid``) is the real one too,
reaching the same speech-dispatcher through its own backend.
"""

from __future__ import annotations

import io
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import prism  # type: ignore[import-untyped]
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from speechd_recorder import SpeechDispatcher, no_autospawn

from uno_access.access import messages
from uno_access.access.message import Message, Priority
from uno_access.devices import speech
from uno_access.devices.base import Notices
from uno_access.devices.doctor import check_screen_reader
from uno_access.devices.prism import PrismRoute
from uno_access.devices.speech import Speaker, SpeechSettings
from uno_access.devices.speech_route import choose, open_speaker
from uno_access.devices.speechd import PRIORITIES, SpeechdRoute, rate_of
from uno_access.engine.rules import RuleSet
from uno_access.settings import BrailleDisplay, Settings, SpeechRoute
from uno_access.ui.play import run
from uno_access.ui.profile import open_session
from uno_access.ui.terminal import Keyboard

HELD = "Your turn."  # the test's voice holds these lines until they are cut off

# speech-dispatcher's client ends its reading thread with sys.exit() when the connection
# closes: silent in the game (threading ignores SystemExit), reported by pytest's hook
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")

LONG = (
    "Bob plays a Wild Draw Four and chooses green. Ann, you may challenge it or accept it. "
    "If you accept, you draw four cards and lose your turn."
)


@pytest.fixture
def dispatcher(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpeechDispatcher]:
    with SpeechDispatcher(tmp_path / "speechd") as sd:
        monkeypatch.setenv("SPEECHD_ADDRESS", sd.address)
        yield sd


def _engine_calls() -> int:
    info = speech._engine.cache_info()
    return info.hits + info.misses


def _subsequence(part: Sequence[str], whole: Sequence[str]) -> bool:
    it = iter(whole)
    return all(any(item == other for other in it) for item in part)


def test_an_urgent_message_cuts_off_what_the_screen_reader_was_saying(
    dispatcher: SpeechDispatcher,
) -> None:
    started = threading.Event()
    speaker = Speaker(
        route=SpeechdRoute(address=dispatcher.address),
        on_event=lambda what, text: started.set() if what == "started" else None,
    )
    assert speaker.start()
    try:
        speaker.say(LONG)
        dispatcher.wait_for(lambda: len(dispatcher.said()) == 1)
        speaker.say("Bob plays Red 2.")  # an ordinary one waits its turn: forgotten below
        speaker.say("Your turn.", Priority.URGENT)
        speaker.say("UNO called on you.", Priority.URGENT)  # urgent never cuts urgent
        assert speaker.wait_idle(30)
    finally:
        speaker.close()
    said = dispatcher.said()
    assert [s.text for s in said] == [LONG, "Your turn.", "UNO called on you."]
    assert said[0].end is None  # cut off, before its end
    assert said[1].end is not None and said[2].end is not None  # each heard whole
    assert dispatcher.queued() == [
        (LONG, "message"),
        ("Your turn.", "important"),
        ("UNO called on you.", "important"),
    ]
    assert dispatcher.cancels() == 1


def test_our_priorities_are_speech_dispatchers_important_message_and_text() -> None:
    assert PRIORITIES == {
        Priority.URGENT: "important",
        Priority.NORMAL: "message",
        Priority.LOW: "text",
    }


def test_a_chatty_message_gives_way_to_anything_newer(dispatcher: SpeechDispatcher) -> None:
    speaker = Speaker(route=SpeechdRoute(address=dispatcher.address))
    assert speaker.start()
    try:
        speaker.say(LONG, Priority.LOW)
        dispatcher.wait_for(lambda: len(dispatcher.said()) == 1)
        speaker.say("Bob plays Red 2.")
        assert speaker.wait_idle(30)
    finally:
        speaker.close()
    said = dispatcher.said()
    assert [(s.text, s.end is None) for s in said] == [(LONG, True), ("Bob plays Red 2.", False)]
    assert dispatcher.queued() == [(LONG, "text"), ("Bob plays Red 2.", "message")]


def test_the_quiet_key_stops_the_screen_readers_speech(dispatcher: SpeechDispatcher) -> None:
    speaker = Speaker(route=SpeechdRoute(address=dispatcher.address))
    assert speaker.start()
    try:
        speaker.say(LONG)
        speaker.say("Bob plays Red 2.")
        dispatcher.wait_for(lambda: len(dispatcher.said()) == 1)
        speaker.stop()
        assert speaker.wait_idle(30)
    finally:
        speaker.close()
    assert [(s.text, s.end) for s in dispatcher.said()] == [(LONG, None)]


def test_the_screen_readers_rate_is_kept_unless_the_player_sets_their_own(
    dispatcher: SpeechDispatcher,
) -> None:
    speaker = Speaker(SpeechSettings(rate=300), route=SpeechdRoute(address=dispatcher.address))
    assert speaker.start()
    try:
        speaker.say("Blue 7.")
        assert speaker.wait_idle(30)
        speaker.set_rate(300)  # the player's own, typed in the game
        speaker.say("Red 2.")
        assert speaker.wait_idle(30)
    finally:
        speaker.close()
    rates = [entry["rate"] for entry in dispatcher.entries() if entry["what"] == "start"]
    assert [float(rate) for rate in rates] == [
        0,
        rate_of(300),
    ]  # the screen reader's own rate, then hers
    assert rate_of(175) == 0 and rate_of(450) == 100 and rate_of(80) == -100


@pytest.fixture
def holding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpeechDispatcher]:
    """A speech-dispatcher whose voice is quick, but holds "Your turn…" until it is cut."""
    with SpeechDispatcher(tmp_path / "speechd", seconds_a_word=0.03, hold=HELD) as sd:
        monkeypatch.setenv("SPEECHD_ADDRESS", sd.address)
        yield sd


def test_a_seeded_round_speaks_through_the_screen_reader_alone_in_order_none_twice(
    holding: SpeechDispatcher, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game as it runs: settings asking for the screen reader, a session opened by the
    game's own code, a seeded game against a bot played by keys to its quit."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settings = Settings(
        speech_route=SpeechRoute.SCREENREADER,
        sounds=False,
        braille_display=BrailleDisplay.OFF,
    )
    handed: list[tuple[str, Priority]] = []
    engine_before = _engine_calls()
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        session = open_session(settings, keyboard, stream=io.StringIO())
        speaker: Any = session.outputs.speaker
        assert speaker is not None and speaker.route.name == "speech-dispatcher"
        real_show = speaker.show

        def tap(message: Message) -> None:
            handed.append((message.speech, message.priority))
            real_show(message)

        speaker.show = tap

        def held_line_being_said() -> bool:
            now = holding.said()
            return bool(now) and now[-1].end is None and now[-1].text.startswith(HELD)

        def listen_then_press() -> None:
            # a player who hears each answer out before pressing the next key; C (card
            # check) is pressed while "Your turn…" is being said (the test's voice holds it),
            # an ordinary message: C's answer is urgent, and cuts it off
            heard = 0
            for key in "c" + "dc" * 6 + "qy":
                deadline = time.monotonic() + 60
                while len(handed) == heard and time.monotonic() < deadline:
                    time.sleep(0.01)  # the game's answer to the last key (or its start)
                while speaker.speaking and not (key == "c" and held_line_being_said()):
                    assert time.monotonic() < deadline, f"still speaking: {holding.said()}"
                    time.sleep(0.01)
                heard = len(handed)
                pipe.send_text(key)
            pipe.close()

        player = threading.Thread(target=listen_then_press, daemon=True)
        player.start()
        run(2, ["normal"], RuleSet(), 7, None, session=session)  # closes the session
        player.join(60)
    said = holding.said()
    queued = holding.queued()
    sent = [text for text, _ in queued]
    # the route's line, said first, and then the game's messages in the order the game
    # gave them, each sent once: none said twice, none out of order
    assert sent[0] == messages.speech_route_reader("speech-dispatcher")
    assert _subsequence(sent[1:], [messages.spoken(text) for text, _ in handed] or sent[1:])
    assert _subsequence([s.text for s in said], sent)
    assert len(said) <= len(sent)
    urgent = {messages.spoken(text) for text, p in handed if p is Priority.URGENT}
    assert all(priority == "important" for text, priority in queued if text in urgent)
    assert all(priority != "important" for text, priority in queued if text not in urgent)
    # each message sent was said to its end, or cancelled (begun or not yet) by the urgent
    # one sent next, which was said whole; the last may be cut off by the game's end
    pending = iter(said)
    begun = next(pending, None)
    whole: list[bool] = []
    for text in sent:
        if begun is not None and begun.text == text:
            whole.append(begun.end is not None)
            begun = next(pending, None)
        else:
            whole.append(False)  # cancelled before the module began it
    assert begun is None  # every message said was one sent
    cut = [i for i, done in enumerate(whole[:-1]) if not done]
    assert any(s.end is None for s in said[:-1]), "C should have cut an ordinary message off"
    for i in cut:
        assert queued[i + 1][1] == "important" and whole[i + 1]
    # a CANCEL for each message cut off (one that ended in the same moment is cancelled too
    # late), each sent for an urgent message, and the game's end may send one more
    urgent_sent = sum(1 for _, priority in queued if priority == "important")
    assert len(cut) + (not whole[-1]) <= holding.cancels() <= urgent_sent + 1
    assert _engine_calls() == engine_before  # the game's own voice made no sound at all


def test_auto_takes_the_screen_reader_when_speech_dispatcher_runs(
    dispatcher: SpeechDispatcher,
) -> None:
    notices = Notices()
    speaker = open_speaker(SpeechRoute.AUTO, SpeechSettings(), notices=notices)
    assert speaker is not None
    try:
        assert speaker.route.name == "speech-dispatcher"
        told = [notice.text for notice in notices.drain()]
        assert told == [messages.speech_route_reader("speech-dispatcher")]
    finally:
        speaker.close()


def test_auto_without_a_screen_reader_speaks_with_the_games_own_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody.sock'}")
    chosen = choose(SpeechRoute.AUTO, player=speech.stand_in_player())
    assert isinstance(chosen.route, speech.VoiceRoute)
    assert chosen.line is not None
    assert chosen.line.sentence() == messages.speech_route_voice()
    assert not (tmp_path / "nobody.sock").exists()  # auto never starts a speech-dispatcher


def test_prism_speaks_through_the_same_speech_dispatcher(dispatcher: SpeechDispatcher) -> None:
    route = PrismRoute()
    route.check()
    assert route.name == "Prism: Speech Dispatcher"
    speaker = Speaker(route=route)
    assert speaker.start()
    try:
        speaker.say(LONG)
        dispatcher.wait_for(lambda: len(dispatcher.said()) == 1)
        speaker.say("Your turn.", Priority.URGENT)
        dispatcher.wait_for(lambda: len(dispatcher.said()) == 2 and dispatcher.said()[1].end)
    finally:
        speaker.close()
    said = dispatcher.said()
    assert [(s.text, s.end is None) for s in said] == [(LONG, True), ("Your turn.", False)]


def test_prism_finding_nothing_falls_back_to_the_games_voice_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No speech-dispatcher module of Debian's and none running: Prism's best backend
    raises ValueError, and the game's own voice speaks, said in one line."""
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody.sock'}")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(no_autospawn(tmp_path / "config")))
    route = PrismRoute()
    with pytest.raises(speech.SpeechUnavailable) as raised:
        route.check()
    assert raised.value.reason == messages.tr(messages.PRISM_NO_BACKEND)
    notices = Notices()
    speaker = open_speaker(
        SpeechRoute.SCREENREADER,
        SpeechSettings(),
        notices=notices,
        player=speech.stand_in_player(),
    )
    assert speaker is not None
    try:
        assert isinstance(speaker.route, speech.VoiceRoute)
        assert [n.text for n in notices.drain()] == [messages.speech_route_fallback()]
    finally:
        speaker.close()


def test_the_doctor_names_the_routes_found_and_the_one_auto_takes(
    dispatcher: SpeechDispatcher,
) -> None:
    check = check_screen_reader()
    assert check.ok and not check.needed
    assert check.detail == messages.screen_reader_detail(
        "speech-dispatcher",
        messages.route_reaches("speech-dispatcher", False),
        messages.tr(messages.ROUTE_NOT_NEEDED),
    )
    dispatcher.stop()
    check = check_screen_reader()
    assert not check.ok and check.fix == messages.tr(messages.FIX_SCREEN_READER)
    assert check.detail.startswith(
        messages.screen_reader_detail(
            messages.tr(messages.ROUTE_GAME_VOICE), messages.tr(messages.ROUTE_NOT_RUNNING), ""
        ).removesuffix("; Prism: ")
    )


class BrailleReader(prism.CustomBackend):  # type: ignore[misc]
    """A screen reader with a braille display, as Prism sees NVDA or JAWS: here a backend
    of the test's own in Prism's registry (this machine runs neither)."""

    said: ClassVar[list[tuple[str, bool]]] = []
    brailled: ClassVar[list[str]] = []

    def speak(self, text: str, interrupt: bool) -> None:
        BrailleReader.said.append((text, interrupt))

    def braille(self, text: str) -> None:
        BrailleReader.brailled.append(text)

    def stop(self) -> None:
        BrailleReader.said.append(("", True))


def test_a_screen_reader_with_braille_gets_each_line_and_urgent_ones_interrupt() -> None:
    builder = prism.RegistryBuilder()
    builder.add_backend("Braille Reader", BrailleReader, priority=1000)
    route = PrismRoute(context=prism.Context(builder.freeze()))
    route.check()
    assert route.name == "Prism: Braille Reader" and route.braille
    speaker = Speaker(route=route)
    speaker.braille_too = True
    assert speaker.start()
    try:
        speaker.show(Message("Ann plays Blue 7.", "", "Ann plays Blue 7."))
        deadline = time.monotonic() + 30
        while not BrailleReader.said and time.monotonic() < deadline:
            time.sleep(0.01)  # handed on to the screen reader, which queues it
        speaker.show(Message("Your turn.", "", "Your turn.", Priority.URGENT))
        assert speaker.wait_idle(30)
    finally:
        speaker.close()
    assert BrailleReader.said == [("Ann plays Blue 7.", False), ("Your turn.", True)]
    assert BrailleReader.brailled == ["Ann plays Blue 7.", "Your turn."]


def test_prism_absent_falls_back_to_the_games_voice_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody.sock'}")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(no_autospawn(tmp_path / "config")))
    monkeypatch.setitem(sys.modules, "prism", None)  # not installed: its import fails
    with pytest.raises(speech.SpeechUnavailable) as raised:
        PrismRoute().check()
    assert raised.value.reason == messages.tr(messages.PRISM_MISSING)
    chosen = choose(SpeechRoute.SCREENREADER, player=speech.stand_in_player())
    assert isinstance(chosen.route, speech.VoiceRoute)
    assert chosen.line is not None
    assert chosen.line.sentence() == messages.speech_route_fallback()


def test_the_screen_readers_speech_going_away_is_told_once_and_the_game_goes_on(
    dispatcher: SpeechDispatcher,
) -> None:
    notices = Notices()
    speaker = Speaker(route=SpeechdRoute(address=dispatcher.address, notices=notices))
    assert speaker.start()
    try:
        speaker.say("Blue 7.")
        assert speaker.wait_idle(30)
        dispatcher.stop()  # speech-dispatcher ends (killed, or the session closed)
        for line in ("Red 2.", "Your turn.", "Green 5."):
            speaker.say(line)
        assert speaker.wait_idle(30)  # nothing hangs: each is given up at once
    finally:
        speaker.close()
    assert [n.text for n in notices.drain()] == [messages.screenreader_lost()]
