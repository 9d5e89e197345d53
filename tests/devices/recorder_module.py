"""The synthesizer and speaker of the tests' speech-dispatcher (``speechd_recorder``).

Run by speech-dispatcher's generic output module for each message, the message's text on
stdin: ``recorder_module.py RECORD SECONDS_A_WORD HOLD LANGUAGE RATE``. It writes a line
when it starts saying the message and one when it has said it, and between the two takes
as long as a voice would; a message that begins with HOLD (when not "-") lasts a minute,
a line a test means to cut off. speech-dispatcher kills it when the message is cut off:
then the second line never comes.
"""

from __future__ import annotations

import json
import os
import sys
import time


def _write(record: str, entry: dict[str, object]) -> None:
    with open(record, "a", encoding="utf-8") as out:
        out.write(json.dumps({"t": time.time(), "pid": os.getpid(), **entry}) + "\n")


def main() -> None:
    record, seconds_a_word, hold, language, rate = sys.argv[1:6]
    text = sys.stdin.read()
    _write(record, {"what": "start", "text": text, "language": language, "rate": rate})
    held = hold != "-" and text.startswith(hold)
    time.sleep(60.0 if held else float(seconds_a_word) * max(1, len(text.split())))
    _write(record, {"what": "end"})


if __name__ == "__main__":
    main()
