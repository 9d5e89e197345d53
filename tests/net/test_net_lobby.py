"""The lobby's own rules, below the terminal: what a person types is made safe by the
server itself before anyone else gets it (the keyboard cleans a paste too, but a
server never relies on its client).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.net.server.lobby import Person
from uno_access.net.server.tables import Lobby
from uno_access.net.wire.said import worded


@pytest.fixture
def lobby() -> Iterator[Lobby]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield Lobby(loop)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def command(person: Person, line: str) -> bool:
    """A lobby command typed by ``person`` (from this thread, the lobby's loop in its own),
    stepped here, in this thread's context (a ``lang`` sticks, as in the session's)."""
    running = person._command(line)
    try:
        running.send(None)
    except StopIteration as done:
        return bool(done.value)
    running.close()
    raise AssertionError(f"the command {line!r} waited for input")


def _person(name: str, lobby: Lobby, lines: list[str]) -> Person:
    with create_pipe_input() as pipe:
        person = Person(name, lobby, pipe, DummyOutput(), lines.append)
    lobby.people[name] = person.tell
    return person


def test_a_chat_line_reaches_the_others_without_escape_sequences_or_control_characters(
    lobby: Lobby,
) -> None:
    ann = _person("ann", lobby, [])
    bob = _person("bob", lobby, [])
    command(ann, "say hi\x1b]0;owned\x07 \x1b[2Jthere\x1b[31m!\x00\x9b2J" + "x" * 400)
    got = worded(bob.inbox.get(timeout=60).text)
    assert got.startswith("ann says: hi there!")
    assert not any(ch in got for ch in "\x1b\x07\x00\x9b")
    assert len(got) < 400  # a chat line is bounded


def test_a_plain_ssh_player_who_asks_for_the_bell_hears_it_at_their_turn_beside_the_words(
    lobby: Lobby,
) -> None:
    from uno_access.access.message import Message
    from uno_access.access.sounds import Cue

    written: list[str] = []
    ann = _person("ann", lobby, written)
    turn = Message("Your turn.", "", "Your turn.", sound=Cue.YOUR_TURN.value)
    other = Message("Bob plays Red 5.", "", "Bob plays Red 5.", sound=Cue.PLAY_OTHER.value)
    ann.outputs.show(turn)
    assert "\a" not in "".join(written)  # no bell unless asked for
    command(ann, "bell on")
    ann.outputs.show(other)
    ann.outputs.show(turn)
    rung = "".join(written)
    assert rung.count("\a") == 1 and rung.index("\a") < rung.rindex("Your turn.")
    command(ann, "bell off")
    ann.outputs.show(turn)
    assert "".join(written).count("\a") == 1
    command(ann, "bell loud")
    assert any("Type bell on, bell chat or bell off." in line for line in written)


def test_a_person_s_chat_history_keeps_the_newest_thousand_lines_whoever_floods_it(
    lobby: Lobby,
) -> None:
    from uno_access.net.seat import CHAT_KEPT
    from uno_access.net.wire.said import Heard, Said
    from uno_access.seat.history import Buffer

    shown: list[str] = []
    ann = _person("ann", lobby, shown)
    for n in range(CHAT_KEPT + 5):
        ann.tell(Heard(f"bob says: line {n}.", Said.CHAT))
    ann.tell("Table 1 has ended: every player has left it.")  # no chat line: not kept there
    ann._drain()
    kept = [message.text for message in ann.chat.lines[Buffer.CHAT]]
    assert len(kept) == CHAT_KEPT == 1000
    assert kept[0] == "bob says: line 5." and kept[-1] == f"bob says: line {CHAT_KEPT + 4}."
    assert len(shown) == CHAT_KEPT + 6  # every line shown as it came


def test_a_plain_ssh_seat_that_chooses_its_language_is_told_the_lobby_in_it_and_no_one_else(
    lobby: Lobby, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``lang es`` is per session: Bob's lines in Spanish (his thread's language, carried
    onto the server's loop), Ann's still in the server's language."""
    from pathlib import Path

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from uno_access.access import messages
    from uno_access.access.wording import language

    assert isinstance(tmp_path, Path)
    catalog = Catalog(locale="es")
    catalog.add(messages.NET_NO_TABLES, "Aún no hay mesas.")
    catalog.add(messages.NET_LANG_SET, "Idioma: {name}.")
    catalog.add(messages.NET_TABLE_MADE, "Has hecho la mesa {number}.")
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "uno_access.mo").open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    language.catalog.cache_clear()
    said: dict[str, list[str]] = {"ann": [], "bob": []}

    def session(name: str, commands: list[str]) -> None:
        person = _person(name, lobby, said[name])
        person.use_language()
        for line in commands:
            command(person, line)

    try:
        sessions = (("bob", ["lang es", "tables", "new"]), ("ann", ["tables", "new"]))
        for name, commands in sessions:
            thread = threading.Thread(target=session, args=(name, commands))
            thread.start()
            thread.join(10)
    finally:
        language.catalog.cache_clear()
    bob, ann = "".join(said["bob"]), "".join(said["ann"])
    assert "Idioma: español." in bob and "Aún no hay mesas." in bob
    assert "Has hecho la mesa 1." in bob  # said on the server's loop, in Bob's language
    assert "You made table 2" in ann
    assert "Aún" not in ann and "Has hecho" not in ann
    assert "español" not in ann


def test_a_line_said_to_a_table_reaches_each_person_in_their_own_language(lobby: Lobby) -> None:
    """Who sits down, a chat line: worded for each hearer where it is told (the real
    Spanish catalog), not in the language of whoever caused it."""
    said: dict[str, list[str]] = {"ann": [], "bob": []}
    ann, bob = _person("ann", lobby, said["ann"]), _person("bob", lobby, said["bob"])

    def as_(person: Person, *steps: str) -> None:
        def run() -> None:
            person.use_language()
            for step in steps:
                if step == "drain":
                    person._drain()
                else:
                    command(person, step)

        thread = threading.Thread(target=run)
        thread.start()
        thread.join(10)

    as_(bob, "lang es")
    as_(ann, "new")
    as_(bob, "join 1")
    as_(ann, "drain", "say hola", "drain")
    as_(bob, "drain")
    heard_by_ann, heard_by_bob = "".join(said["ann"]), "".join(said["bob"])
    assert "bob sits at table 1, seat 2." in heard_by_ann  # bob's doing, in ann's English
    assert "ann says: hola." in heard_by_ann
    assert "ann dice: hola." in heard_by_bob  # ann's chat line, in bob's Spanish
    assert "says:" not in heard_by_bob and "dice:" not in heard_by_ann
