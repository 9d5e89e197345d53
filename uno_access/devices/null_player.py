"""A stand-in for the speaker: ``python -m uno_access.devices.null_player FILE.wav``.

It plays nothing and takes as long as the WAV lasts, as a real player does (``aplay
-D null`` returns at once, so it cannot stand in). Tests and the latency benchmark
use it where this machine has no sound card; a cut-off terminates it like ``aplay``.
"""

from __future__ import annotations

import sys
import time
import wave


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m uno_access.devices.null_player FILE.wav", file=sys.stderr)
        return 2
    try:
        with wave.open(argv[0], "rb") as wav:
            seconds = wav.getnframes() / float(wav.getframerate())
    except (OSError, EOFError, wave.Error) as error:
        print(f"null_player: {argv[0]}: {error}", file=sys.stderr)
        return 1
    time.sleep(seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
