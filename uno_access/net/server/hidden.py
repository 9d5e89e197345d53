"""A line typed and never shown: a password, asked in the lobby over plain ssh.

As ``ssh`` and ``sudo`` ask for theirs: the prompt is written, nothing of what is typed
is echoed (not even stars, which a screen reader would read out one by one), Enter
sends the line, Backspace takes back a character, Ctrl-C or Ctrl-D gives up. The line is
handed back to the caller alone; it is never written anywhere.
"""

from __future__ import annotations

from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.processors import (
    BeforeInput,
    Processor,
    Transformation,
    TransformationInput,
)
from prompt_toolkit.output import Output

from ... import text
from ...ui.terminal import line_application


class _Nothing(Processor):
    """Shows nothing of the line; the cursor stays just after the prompt."""

    def apply_transformation(self, transformation_input: TransformationInput) -> Transformation:
        return Transformation([], lambda i: 0, lambda i: 0)


async def read_hidden_async(input: Input, output: Output, prompt: str) -> str | None:
    """A line typed without echo, read on the running event loop (the server's session);
    None when the person gave up (Ctrl-C, Ctrl-D) or the connection ended.
    """
    try:
        answer = await _app(input, output, prompt).run_async()
    except (EOFError, KeyboardInterrupt):
        return None
    return answer if isinstance(answer, str) else None


def _app(input: Input, output: Output, prompt: str) -> Application[Any]:
    buffer = Buffer(multiline=False)
    bindings = KeyBindings()

    @bindings.add(Keys.Enter)
    def _send(event: KeyPressEvent) -> None:
        event.app.exit(result=buffer.text)

    @bindings.add(Keys.ControlC)
    @bindings.add(Keys.ControlD)
    def _give_up(event: KeyPressEvent) -> None:
        event.app.exit(result=None)

    @bindings.add(Keys.Backspace)
    def _back(event: KeyPressEvent) -> None:
        buffer.delete_before_cursor(1)

    @bindings.add(Keys.Any)
    def _type(event: KeyPressEvent) -> None:
        key = event.key_sequence[0].key
        if isinstance(key, Keys) and key is not Keys.BracketedPaste:
            return  # an arrow, a function key: no character of the password
        typed = "".join(ch for ch in event.data if ch.isprintable())
        if len(buffer.text) + len(typed) <= text.LINE_LIMIT:
            buffer.insert_text(typed)

    control = BufferControl(
        buffer,
        input_processors=[_Nothing(), BeforeInput(prompt)],
        include_default_input_processors=False,
    )
    return line_application(control, bindings, input, output)  # ours alone: no emacs keys
