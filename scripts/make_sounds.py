"""Make every sound cue: tones, envelopes and noise into ``uno_access/assets/sounds/NAME.wav``.

Standard library only (``math``, ``array``, ``wave``, a seeded ``random``), so the files
are ours and remade byte for byte: 22,050 Hz, mono, 16-bit, as the mixer plays them.
Every ``Cue`` of ``uno_access.access.sounds`` has one recipe here (checked at start).

Usage: .venv/bin/python scripts/make_sounds.py [--out DIR] [--check]
``--check`` writes nothing and exits 1 when a file differs from what would be made.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access import resources  # noqa: E402
from uno_access.access.sounds import Cue  # noqa: E402

RATE = 22050
PEAK = 0.6  # of full scale: loud enough, and room for a few sounds at once
SEED = 16


class Sound:
    """A buffer of samples (floats, -1 to 1) that parts are added into."""

    def __init__(self, ms: float) -> None:
        self.samples = [0.0] * int(RATE * ms / 1000)
        self.random = random.Random(SEED)

    def tone(
        self,
        at: float,
        ms: float,
        freq: float,
        *,
        to: float | None = None,
        shape: str = "sine",
        gain: float = 1.0,
        attack: float = 4.0,
        decay: float = 0.0,
    ) -> Sound:
        """A tone from ``at`` ms lasting ``ms``, gliding to ``to`` Hz; ``decay`` > 0 makes
        it die away exponentially (its time constant in ms), else it holds and fades out.
        """
        start = int(RATE * at / 1000)
        count = int(RATE * ms / 1000)
        end_freq = freq if to is None else to
        phase = 0.0
        for n in range(count):
            i = start + n
            if i >= len(self.samples):
                break
            t = n / count
            f = freq + (end_freq - freq) * t
            phase += 2 * math.pi * f / RATE
            self.samples[i] += gain * _shape(shape, phase) * _envelope(n, count, attack, decay)
        return self

    def noise(
        self,
        at: float,
        ms: float,
        *,
        gain: float = 1.0,
        smooth: float = 0.0,
        attack: float = 2.0,
        decay: float = 0.0,
    ) -> Sound:
        """Noise, low-passed by ``smooth`` (0: white, towards 1: duller)."""
        start = int(RATE * at / 1000)
        count = int(RATE * ms / 1000)
        last = 0.0
        for n in range(count):
            i = start + n
            if i >= len(self.samples):
                break
            white = self.random.uniform(-1.0, 1.0)
            last = smooth * last + (1 - smooth) * white
            self.samples[i] += gain * last * _envelope(n, count, attack, decay)
        return self

    def wav(self) -> bytes:
        peak = max(abs(s) for s in self.samples) or 1.0
        scale = PEAK * 32767 / peak
        pcm = array("h", (round(s * scale) for s in self.samples))
        if sys.byteorder == "big":
            pcm.byteswap()
        out = io.BytesIO()
        with wave.open(out, "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(RATE)
            file.writeframes(pcm.tobytes())
        return out.getvalue()


def _shape(shape: str, phase: float) -> float:
    if shape == "square":  # softened: odd harmonics 1, 3, 5
        return (math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5) * 0.8
    if shape == "bell":  # a sine with a quiet inharmonic partial
        return math.sin(phase) * 0.8 + math.sin(2.76 * phase) * 0.2
    if shape == "buzz":  # a sawtooth of a few harmonics
        return sum(math.sin(k * phase) / k for k in range(1, 7)) * 0.6
    return math.sin(phase)


def _envelope(n: int, count: int, attack_ms: float, decay_ms: float) -> float:
    attack = max(1, int(RATE * attack_ms / 1000))
    release = max(1, min(count // 4, int(RATE * 0.012)))
    level = min(1.0, n / attack)
    if decay_ms > 0:
        level *= math.exp(-n / (RATE * decay_ms / 1000))
    if n > count - release:
        level *= (count - n) / release
    return level


# ----------------------------------------------------------------- the recipes
C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5


def _your_turn() -> Sound:
    return (
        Sound(230)
        .tone(0, 110, C5 * 1.5, shape="bell", decay=60)
        .tone(90, 140, C6, shape="bell", decay=70)
    )


def _turn_other() -> Sound:
    return Sound(90).tone(0, 90, 440, shape="sine", gain=0.5, decay=30)


def _play_mine() -> Sound:
    return Sound(90).noise(0, 60, smooth=0.3, decay=12).tone(0, 80, 700, to=500, decay=20)


def _play_other() -> Sound:
    return Sound(80).noise(0, 60, smooth=0.75, decay=12).tone(0, 70, 300, to=220, decay=20)


def _draw_one() -> Sound:
    return (
        Sound(140)
        .noise(0, 140, smooth=0.5, attack=60, gain=0.8)
        .tone(0, 140, 250, to=600, gain=0.4)
    )


def _draw_many() -> Sound:
    sound = Sound(290)
    for k in range(3):
        sound.noise(k * 90, 100, smooth=0.5, attack=40, gain=0.8)
        sound.tone(k * 90, 100, 250 + 80 * k, to=600 + 80 * k, gain=0.4)
    return sound


def _keep() -> Sound:
    return Sound(110).tone(0, 110, 330, to=300, shape="square", gain=0.6, decay=35)


def _skip() -> Sound:
    return (
        Sound(190)
        .tone(0, 80, 880, shape="square", decay=30)
        .tone(95, 90, 660, shape="square", decay=30)
    )


def _reverse() -> Sound:
    return (
        Sound(260)
        .tone(0, 130, 400, to=900, shape="square", gain=0.7)
        .tone(130, 130, 900, to=400, shape="square", gain=0.7)
    )


def _draw_two() -> Sound:
    return (
        Sound(220)
        .tone(0, 100, 160, to=90, shape="buzz", decay=40)
        .tone(110, 110, 160, to=90, shape="buzz", decay=40)
    )


def _wild() -> Sound:
    sound = Sound(330)
    for k, freq in enumerate((C5, E5, G5, C6)):
        sound.tone(k * 60, 140, freq, shape="bell", decay=60, gain=0.8)
    return sound


def _wild_draw_four() -> Sound:
    sound = Sound(370)
    for k in range(4):
        sound.tone(k * 80, 90, 180 - 15 * k, to=100, shape="buzz", decay=40)
    return sound.tone(0, 370, 1318.5, shape="bell", gain=0.2, decay=120)


def _color(freq: float, shape: str) -> Callable[[], Sound]:
    def make() -> Sound:
        return Sound(170).tone(0, 170, freq, shape=shape, decay=80)

    return make


def _stack() -> Sound:
    return (
        Sound(230)
        .tone(0, 110, 120, shape="buzz", decay=40)
        .tone(100, 130, 180, shape="buzz", decay=40)
    )


def _challenge() -> Sound:
    return Sound(220).tone(0, 220, 350, to=700, shape="square", gain=0.8)


def _challenge_won() -> Sound:
    sound = Sound(290)
    for k, freq in enumerate((C5, E5, G5)):
        sound.tone(k * 70, 150, freq, shape="square", decay=70, gain=0.7)
    return sound


def _challenge_lost() -> Sound:
    sound = Sound(290)
    for k, freq in enumerate((G5 * 0.75, 466.16 * 0.75, C5 * 0.75)):
        sound.tone(k * 70, 150, freq, shape="square", decay=70, gain=0.7)
    return sound


def _uno_called() -> Sound:
    return (
        Sound(210)
        .tone(0, 90, 1175, shape="square", decay=50)
        .tone(110, 100, 1568, shape="square", decay=50)
    )


def _uno_caught() -> Sound:
    return Sound(260).tone(0, 260, 110, shape="buzz").tone(0, 260, 116, shape="buzz")


def _jump_in() -> Sound:
    return Sound(130).tone(0, 130, 600, to=1800, shape="sine").noise(0, 40, gain=0.3, decay=10)


def _penalty() -> Sound:
    return (
        Sound(260)
        .tone(0, 110, 150, shape="buzz", gain=0.8)
        .tone(140, 110, 150, shape="buzz", gain=0.8)
    )


def _hands_passed() -> Sound:
    return Sound(290).noise(0, 290, smooth=0.85, attack=140).tone(0, 290, 500, to=350, gain=0.3)


def _anniversary() -> Sound:
    sound = Sound(480)
    for k, freq in enumerate((C6, 1318.5, 1568, 2093, 1568, 2093)):
        sound.tone(k * 60, 120, freq, shape="bell", decay=50, gain=0.6)
    return sound


def _deal() -> Sound:
    sound = Sound(260)
    for k in range(5):
        sound.noise(k * 50, 40, smooth=0.4, decay=8)
    return sound


def _shuffle() -> Sound:
    sound = Sound(420)
    for k in range(14):
        sound.noise(k * 28, 30, smooth=0.3, decay=6, gain=0.5 + 0.5 * math.sin(k / 4))
    return sound


def _round_won() -> Sound:
    sound = Sound(760)
    for k, freq in enumerate((C5, E5, G5)):
        sound.tone(k * 110, 130, freq, shape="square", decay=80, gain=0.7)
    return sound.tone(330, 430, C6, shape="square", decay=200)


def _round_lost() -> Sound:
    sound = Sound(720)
    for k, freq in enumerate((G5 * 0.5, 369.99 * 0.5 * 2, 349.23 * 0.5 * 2)):
        sound.tone(k * 150, 160, freq, shape="square", decay=90, gain=0.7)
    return sound.tone(450, 270, 329.63 * 0.5 * 2, to=300, shape="square", decay=150)


def _eliminated() -> Sound:
    return Sound(650).tone(0, 650, 400, to=90, shape="buzz", decay=300)


def _game_over() -> Sound:
    sound = Sound(1100)
    for k, freq in enumerate((C5, E5, G5, C6)):
        sound.tone(k * 120, 1100 - k * 120, freq, shape="bell", decay=350, gain=0.6)
    return sound


def _refusal() -> Sound:
    return Sound(160).tone(0, 160, 98, shape="buzz").tone(0, 160, 104, shape="buzz")


def _answer() -> Sound:
    return Sound(50).tone(0, 50, 1760, shape="sine", gain=0.4, decay=12)


def _chat() -> Sound:
    return (
        Sound(130)
        .tone(0, 60, 880, shape="bell", decay=25)
        .tone(55, 75, 1320, shape="bell", decay=25)
    )


def _presence() -> Sound:
    """Someone came or went: a soft knock, two low notes, unlike the chat's bell."""
    return (
        Sound(170)
        .noise(0, 25, smooth=0.7, decay=6, gain=0.5)
        .tone(20, 70, 440, shape="sine", decay=30, gain=0.7)
        .tone(85, 85, 587.33, shape="sine", decay=40, gain=0.7)
    )


RECIPES: dict[Cue, Callable[[], Sound]] = {
    Cue.YOUR_TURN: _your_turn,
    Cue.TURN_OTHER: _turn_other,
    Cue.PLAY_MINE: _play_mine,
    Cue.PLAY_OTHER: _play_other,
    Cue.DRAW_ONE: _draw_one,
    Cue.DRAW_MANY: _draw_many,
    Cue.KEEP: _keep,
    Cue.SKIP: _skip,
    Cue.REVERSE: _reverse,
    Cue.DRAW_TWO: _draw_two,
    Cue.WILD: _wild,
    Cue.WILD_DRAW_FOUR: _wild_draw_four,
    Cue.COLOR_BLUE: _color(392.0, "sine"),  # low and soft
    Cue.COLOR_GREEN: _color(523.25, "bell"),
    Cue.COLOR_RED: _color(659.25, "square"),
    Cue.COLOR_YELLOW: _color(880.0, "bell"),  # high and bright
    Cue.STACK: _stack,
    Cue.CHALLENGE: _challenge,
    Cue.CHALLENGE_WON: _challenge_won,
    Cue.CHALLENGE_LOST: _challenge_lost,
    Cue.UNO_CALLED: _uno_called,
    Cue.UNO_CAUGHT: _uno_caught,
    Cue.JUMP_IN: _jump_in,
    Cue.PENALTY: _penalty,
    Cue.HANDS_PASSED: _hands_passed,
    Cue.ANNIVERSARY: _anniversary,
    Cue.DEAL: _deal,
    Cue.SHUFFLE: _shuffle,
    Cue.ROUND_WON: _round_won,
    Cue.ROUND_LOST: _round_lost,
    Cue.ELIMINATED: _eliminated,
    Cue.GAME_OVER: _game_over,
    Cue.REFUSAL: _refusal,
    Cue.ANSWER: _answer,
    Cue.CHAT: _chat,
    Cue.PRESENCE: _presence,
}


def make_all() -> dict[str, bytes]:
    """Each cue's file name and its WAV bytes."""
    missing = [cue.value for cue in Cue if cue not in RECIPES]
    if missing:
        raise SystemExit("make_sounds: no recipe for " + ", ".join(missing))
    return {f"{cue.value}.wav": RECIPES[cue]().wav() for cue in Cue}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=resources.SOUNDS)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    made = make_all()
    if args.check:
        stale = [n for n, data in made.items() if _read(args.out / n) != data]
        for name in stale:
            print(f"differs: {args.out / name}")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in made.items():
        (args.out / name).write_bytes(data)
    print(f"Wrote {len(made)} sounds to {args.out}")
    return 0


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


if __name__ == "__main__":
    sys.exit(main())
