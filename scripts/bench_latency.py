"""Latency of the devices, measured on real parts; prints p50 and p95.

- braille: from a key pressed on the display (brltty's virtual ``vr`` display,
  played by this script) to the new dots shown on it: routing keys that move the
  selection in the hand, and line keys that change the view. Also from a new
  message handed to the display to its dots (our write plus brltty alone).
- speech: from an urgent message to the old speech stopped, and to the urgent message's
  own sound starting, on two routes side by side. The game's own voice: the old
  player process gone (the speaker is the stand-in player, no sound card here, which
  lasts as long as the audio). The screen reader's route: a real speech-dispatcher
  reporting the old message cancelled (its output module killed), and its output module
  beginning the urgent one; the module is the tests' recorder, a stand-in for the
  synthesizer and loudspeaker.
- sound: from an engine event to its sound's first sample at the output stream: the
  event rendered for the viewer (``Renderer``), handed to ``Outputs``, mixed, and pulled
  by the stream's device thread. The device is miniaudio's null backend, which pulls the
  same stream at the same pace (a period of 10 ms) to no speaker; a real sound card adds
  its own buffer after that. Measured with nothing else playing, and again while a long
  speech plays through the same mixer.

Targets: dots within 30 ms at p95 (brltty alone costs about 20), speech cut within
100 ms, a sound's first sample within 20 ms at p95. brltty polls the ``vr`` driver's
keys every 40 ms (its BRAILLE_INPUT_POLL_INTERVAL; the drivers of most real displays are
woken by their input instead), so the keys are pressed at random moments and the time
is split: key -> this process (brltty), this process -> new dots.
Usage: .venv/bin/python scripts/bench_latency.py [--presses N] [--cuts N] [--sounds N]
[--only braille,speech,sound]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "devices"))

from speechd_recorder import SpeechDispatcher  # noqa: E402
from vr_brltty import Brltty, VirtualDisplay  # noqa: E402

from uno_access.access import braille  # noqa: E402
from uno_access.access.message import Priority  # noqa: E402
from uno_access.access.render import Renderer  # noqa: E402
from uno_access.devices.braille_display import BrailleDisplay  # noqa: E402
from uno_access.devices.braille_views import DisplayEvent, Key  # noqa: E402
from uno_access.devices.sound import (  # noqa: E402
    STAND_IN,
    PlayingVoice,
    SoundDevice,
    SoundSettings,
)
from uno_access.devices.speech import Speaker, save_wav, stand_in_player  # noqa: E402
from uno_access.devices.speechd import SpeechdRoute  # noqa: E402
from uno_access.engine import events as ev  # noqa: E402
from uno_access.engine.cards import Card, Color  # noqa: E402
from uno_access.seat.outputs import Outputs  # noqa: E402

W = 42  # label width

LONG = (
    "Bob plays a Wild Draw Four and chooses green. Ann, you may challenge it or accept it. "
    "If you accept, you draw four cards and lose your turn."
)


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"p50 {statistics.median(ms):6.1f} ms, p95 {p95:6.1f} ms (n={len(ms)})"


class TimedDisplay(BrailleDisplay):
    """The display, noting when each key reaches this process (from brltty)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_times: list[float] = []

    def route(self, cell: int) -> DisplayEvent | None:
        self.key_times.append(time.perf_counter())
        return super().route(cell)

    def press(self, key: Key) -> None:
        self.key_times.append(time.perf_counter())
        super().press(key)


def bench_braille(presses: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(prefix="uno-bench-brltty-") as name:
        server = Brltty(Path(name)).start()
        vr = VirtualDisplay(server, cells=40)
        vr.wait_for(lambda cells: True, timeout=10)
        device = TimedDisplay(server.host, "none", retry_seconds=0.05)
        try:
            if not device.start(wait=10):
                raise RuntimeError(f"no display: {device.last_error}")
            cards = [braille.to_unicode(c) for c in ("b7", "r5", "wi+4", "g+2", "y0", "brv")]
            device.add(braille.to_unicode("Your turn"))
            device.set_hand(cards, selected=0)
            device.press(Key.LINE_DOWN)
            time.sleep(0.5)
            # vr cannot press the first routing key ("Route 0"): the cards after the first
            starts = [start for start, _ in device.card_spans()][1:]

            total: dict[str, list[float]] = {"routing": [], "line": []}
            brltty_in: list[float] = []
            ours_out: list[float] = []
            for n in range(2 * presses):
                kind = "routing" if n < presses else "line"
                key = (
                    f"Route {starts[n % len(starts)]}"
                    if kind == "routing"
                    else ("LnUp" if n % 2 == 0 else "LnDn")
                )
                # press at a random moment: brltty polls the vr driver's keys every 40 ms
                time.sleep(rng.uniform(0.0, 0.045))
                mark = vr.mark()
                keys = len(device.key_times)
                t0 = time.perf_counter()
                vr.press(key)
                shown = vr.shown_after(mark)
                total[kind].append(shown - t0)
                brltty_in.append(device.key_times[keys] - t0)
                ours_out.append(shown - device.key_times[keys])
                while not device.events.empty():
                    device.events.get()
            writes = []
            for n in range(presses):  # a new message to its dots
                mark = vr.mark()
                t0 = time.perf_counter()
                device.add(braille.to_unicode(f"Bob plays r{n % 10}"))
                writes.append(vr.shown_after(mark) - t0)
        finally:
            device.close()
            server.stop()
            vr.close()
    for kind in ("routing", "line"):
        label = f"braille: {kind} key -> new dots".ljust(W)
        print(f"{label}{percentiles(total[kind])}   target p95 <= 30 ms")
    print(f"{'  of which key -> our process (brltty)'.ljust(W)}{percentiles(brltty_in)}")
    print(f"{'  of which our process -> new dots'.ljust(W)}{percentiles(ours_out)}")
    print(f"{'braille: new message -> its dots'.ljust(W)}{percentiles(writes)}")


def bench_speech(cuts: int, route: str) -> None:
    """Urgent cut-offs on one route: the game's own voice (``voice``: pyttsx3, the stand-in
    player), or a real speech-dispatcher (``speechd``) whose output module is the tests'
    recorder, a stand-in for the synthesizer and loudspeaker that speaks as long as a voice.
    """
    times: dict[tuple[str, str], float] = {}
    changed = threading.Condition()

    def on_event(what: str, text: str) -> None:
        with changed:
            times[(what, text)] = time.time()
            changed.notify_all()

    def wait(key: tuple[str, str]) -> float:
        with changed:
            if not changed.wait_for(lambda: key in times, timeout=10):
                raise RuntimeError(f"never {key}")
            return times[key]

    folder = tempfile.TemporaryDirectory(prefix="uno-access-bench-speechd-")
    dispatcher = None
    if route == "speechd":
        dispatcher = SpeechDispatcher(Path(folder.name), seconds_a_word=0.3).start()
        speaker = Speaker(route=SpeechdRoute(address=dispatcher.address), on_event=on_event)
    else:
        speaker = Speaker(player=stand_in_player(), on_event=on_event)

    def heard(text: str) -> float:
        """When the urgent message's sound began: the player's start (the game's voice), or
        the recorder's (speech-dispatcher: its output module began saying it)."""
        if dispatcher is None:
            return wait(("started", text))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for entry in dispatcher.entries():
                if entry["what"] == "start" and entry["text"] == text:
                    return float(entry["t"])
            time.sleep(0.002)
        raise RuntimeError(f"never said: {text}")

    if not speaker.start():
        raise RuntimeError("no speech route")
    rng = random.Random(1)
    cut, start = [], []
    try:
        for n in range(cuts):
            old, urgent = f"{LONG} ({n})", f"Your turn ({n})."
            speaker.say(old)
            wait(("started", old))
            time.sleep(rng.uniform(0.05, 0.25))
            t0 = time.time()
            speaker.say(urgent, Priority.URGENT)
            cut.append(wait(("cut", old)) - t0)
            start.append(heard(urgent) - t0)
            speaker.stop()
            speaker.wait_idle()
    finally:
        speaker.close()
        if dispatcher is not None:
            dispatcher.stop()
        folder.cleanup()
    name = "speechd" if dispatcher is not None else "voice"
    label = f"speech ({name}): urgent -> old stopped".ljust(W)
    print(f"{label}{percentiles(cut)}   target <= 100 ms")
    print(f"{f'speech ({name}): urgent -> it starts'.ljust(W)}{percentiles(start)}")


class NotedDevice(SoundDevice):
    """The sound device on the stand-in stream, keeping each voice it starts."""

    def __init__(self, separate: bool) -> None:
        super().__init__(SoundSettings(volume=1.0), backend=STAND_IN, separate=separate)
        self.voices: list[PlayingVoice] = []

    def play(self, name: str) -> PlayingVoice | None:
        voice = super().play(name)
        if voice is not None:
            self.voices.append(voice)
        return voice


SOUND_EVENTS: list[ev.Event] = [
    ev.TurnStarted(0),
    ev.CardPlayed(1, Card.from_code("b7"), 5),
    ev.CardsDrawn(1, 1, ev.DrawReason.TURN),
    ev.UnoCalled(1),
    ev.CardPlayed(1, Card.from_code("wi+4"), 4),
    ev.ColorChosen(1, Color.RED),
]


def busy(seconds: float) -> None:
    """Hold the interpreter in C code, as the hard bot's compiled search does."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sum(range(200_000))


def bench_sound(count: int, separate: bool) -> None:
    device = NotedDevice(separate)
    if not device.start():
        raise RuntimeError("the stand-in stream did not open")
    renderer = Renderer(0, ("Ann", "Bob"), with_braille=False)
    outputs = Outputs(lambda line: None, sounds=device)
    rng = random.Random(1)
    kinds = ("idle", "speech", "busy")
    results: dict[str, list[float]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory(prefix="uno-bench-sound-") as name:
        speech_wav = save_wav(LONG * 3, Path(name) / "long.wav")
        try:
            for kind in kinds:
                talking = device.play_file(speech_wav) if kind == "speech" else None
                for n in range(count if kind != "busy" else count // 3):
                    time.sleep(rng.uniform(0.0, 0.03))  # at any moment of the period
                    event = SOUND_EVENTS[n % len(SOUND_EVENTS)]
                    voices = len(device.voices)
                    t0 = time.perf_counter()
                    message = renderer.event(event)
                    assert message is not None and message.sound is not None
                    outputs.show(message)
                    if kind == "busy":
                        busy(0.15)  # a hard bot's move, right after the event
                    voice = device.voices[voices]
                    deadline = time.perf_counter() + 2.0
                    while voice.first_out is None and time.perf_counter() < deadline:
                        time.sleep(0.0005)
                    if voice.first_out is None:
                        raise RuntimeError("a sound never reached the output")
                    results[kind].append(voice.first_out - t0)
                    voice.stop()
                    if talking is not None and talking.done.is_set():
                        talking = device.play_file(speech_wav)
                if talking is not None:
                    talking.stop()
        finally:
            device.close()
    where = "sound process" if separate else "in the game process"
    print(f"sound cues, mixer {where}:")
    label = "sound: event -> first sample out".ljust(W)
    print(f"{label}{percentiles(results['idle'])}   target p95 <= 20 ms")
    label = "sound: the same, during a long speech".ljust(W)
    print(f"{label}{percentiles(results['speech'])}   target p95 <= 20 ms")
    label = "sound: the same, a bot thinking 150 ms".ljust(W)
    print(f"{label}{percentiles(results['busy'])}   target p95 <= 20 ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200, help="key presses per kind")
    parser.add_argument("--cuts", type=int, default=40, help="urgent cut-offs")
    parser.add_argument("--sounds", type=int, default=300, help="events with a sound")
    parser.add_argument("--only", default="braille,speech,sound", help="which to measure")
    args = parser.parse_args()
    only = set(args.only.split(","))
    if "braille" in only:
        bench_braille(args.presses)
    if "speech" in only:  # the two routes, side by side
        bench_speech(args.cuts, "voice")
        bench_speech(args.cuts, "speechd")
    if "sound" in only:
        bench_sound(args.sounds, separate=True)  # as the game plays them
        bench_sound(args.sounds, separate=False)  # as ``uno-access sounds`` does
    return 0


if __name__ == "__main__":
    sys.exit(main())
