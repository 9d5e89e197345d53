"""Network play end to end: ``uno-access serve`` on 127.0.0.1 and the real OpenSSH client
in pseudo-terminals, two people and a bot at one table, each at their own terminal.

The server deals from ``--seed``, so the tests know every hand (``table_game``) and can
check, byte for byte, that no connection is sent a card of another hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from net_ssh import CARD, Server, Ssh, hidden_cards, keypair, refused, shown_cards, table_game

from uno_access.access import messages
from uno_access.engine.actions import Catch, Draw, Play
from uno_access.engine.cards import Card, Kind
from uno_access.engine.events import CardsDrawn
from uno_access.engine.game import Game
from uno_access.engine.state import Phase

NAMES = ("ann", "bob", "Cy")  # two people, then the bot the table names


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    return {name: keypair(folder, name) for name in ("ann", "bob", "eve")}


def _open_server(tmp: Path, seed: int, spec_pace: str = "1.5") -> Server:
    return Server(tmp / "server", "--open", "--seed", str(seed), "--bot-pace", spec_pace)


def _sit_down(
    port: int, keys: dict[str, Path], spec: str, watcher: Ssh | None = None
) -> tuple[Ssh, Ssh]:
    """ann makes a table with ``spec``, bob joins (and ``watcher`` watches), ann adds a
    bot and starts.
    """
    ann = Ssh(port, keys["ann"], "ann")
    ann.prompt()
    bob = Ssh(port, keys["bob"], "bob")
    bob.prompt()
    ann.line(f"new {spec}")
    ann.sees("You made table 1")
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    ann.sees("bob sits at table 1, seat 2")
    if watcher is not None:
        watcher.line("watch 1")
        watcher.sees("You watch table 1")
    ann.line("bot")
    ann.sees("The bot Cy sits at table 1, seat 3")
    ann.line("start")
    return ann, bob


def _first_play(game: Game) -> Play | None:
    """A number card seat 0 may play at once, without UNO, on its first turn."""
    view = game.view(0)
    if view.current != 0 or view.phase is not Phase.PLAY:
        return None
    plays = [
        a
        for a in game.legal_actions(0)
        if isinstance(a, Play) and a.card.kind is Kind.NUMBER and not a.uno
    ]
    return plays[0] if plays else None


def _uno_play(game: Game, first: Play) -> Play | None:
    """After ann's ``first`` play and bob's catch, a number card bob may play calling UNO."""
    game.apply(first)
    game.apply(Catch(1, 0))
    if game.view(1).current != 1:
        return None
    return next(
        (
            a
            for a in game.legal_actions(1)
            if isinstance(a, Play) and a.uno and a.card.kind is Kind.NUMBER
        ),
        None,
    )


def _seed_where(spec: str, uno: bool = False) -> tuple[int, Play, Play | None]:
    """A seed whose table deals ann a first play (and, with ``uno``, bob an UNO play after
    he catches her).
    """
    for seed in range(1, 500):
        play = _first_play(table_game(NAMES, spec, seed))
        if play is None:
            continue
        then = _uno_play(table_game(NAMES, spec, seed), play) if uno else None
        if then is not None or not uno:
            return seed, play, then
    raise AssertionError("no seed deals ann a first play")


def test_two_people_and_a_bot_play_one_table_a_card_a_catch_card_check_top_card_and_uno(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    spec = "standard,hand_size=2"
    seed, play, uno = _seed_where(spec, uno=True)
    assert uno is not None
    server = _open_server(tmp_path, seed)
    closing.append(server)
    ann, bob = _sit_down(server.port, keys, spec)
    closing += [ann, bob]
    ann.sees("UNO against bob and Cy")
    bob.sees("UNO against ann and Cy")
    ann.sees("Your turn")
    bob.press("d")  # out of turn: refused by the server, with its reason
    bob.sees("It is not your turn")
    bob.typed("x" * 600)  # a line too long: refused, nothing done
    bob.sees("That line is too long")
    name = messages.card_name(play.card)
    ann.typed(play.card.code)  # her next-to-last card, and no UNO called
    ann.sees(f"You play {name} and have one card left")
    bob.sees(f"ann plays {name} and has one card left")
    bob.press("x")  # bob catches her before he begins his turn
    bob.sees("You catch ann without UNO: ann draws 2")
    ann.sees("bob catches you without UNO: you draw 2")
    ann.press("c")
    ann.sees(r"Card check: you 3 cards, bob 2 cards, Cy 2 cards")
    bob.press("t")
    bob.sees(f"Top card: {name}")
    bob.typed(f"{uno.card.code} uno")  # his next-to-last card, with UNO
    second = messages.card_name(uno.card)
    bob.sees(f"You call UNO!.*You play {second} and have one card left")
    ann.sees(f"bob calls UNO!.*bob plays {second} and has one card left")


def _names(cards: list[Card]) -> set[str]:
    """The spoken names of cards no other text says (numbers and coloured action cards)."""
    return {messages.card_name(c) for c in cards if c.color is not None}


def test_no_connection_is_sent_a_card_of_another_hand_before_it_is_played(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    spec = "standard"
    seed, play, _ = _seed_where(spec)
    game = table_game(NAMES, spec, seed)
    dealt = table_game(NAMES, spec, seed)  # the game as dealt: every hand, and the pile
    server = _open_server(tmp_path, seed, "0.5")
    closing.append(server)
    eve = Ssh(server.port, keys["eve"], "eve")  # a spectator: the public view alone
    closing.append(eve)
    eve.prompt()
    ann, bob = _sit_down(server.port, keys, spec, eve)
    closing += [ann, bob]
    ann.sees("Your turn")
    ann.typed(play.card.code)
    game.apply(play)
    bob.sees(f"ann plays {re.escape(messages.card_name(play.card))}")
    bob.sees("Your turn")
    drawn = next(e for e in game.apply(Draw(1)) if isinstance(e, CardsDrawn))
    bob.press("d")
    bob.sees(f"You draw {re.escape(messages.card_name(drawn.cards[0]))}")
    if game.view(1).phase is Phase.DRAWN:
        bob.press("k")
    ann.sees("bob (keeps the card|plays)")
    ann.sees(r"Cy (plays|draws)")  # the bot's turn: its hand, and the pile, stay unseen
    ann.press("l")
    ann.sees("Your hand, ")
    bob.press("l")
    bob.sees("Your hand, ")
    eve.sees(r"Cy (plays|draws)")
    for who in (ann, bob, eve):
        who.close()
    played = shown_cards(who.text() for who in (ann, bob))
    for seat, who in ((0, ann), (1, bob), (-1, eve)):
        seen = who.text()
        own = _names(list(dealt.state.hands[seat])) if seat >= 0 else set()
        own |= set(re.findall(rf"You draw ({CARD})", seen))
        secret = hidden_cards(dealt, seat, own | played)
        assert secret, "the check has cards to look for"
        leaked = sorted(name for name in secret if re.search(rf"\b{name}\b", seen))
        assert not leaked, (seat, leaked)


def test_a_new_key_is_refused_without_the_invite_and_failures_are_slowed(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server = Server(tmp_path / "server")
    closing.append(server)
    assert server.invite
    gone, first, said = refused(server.port, keys["ann"], "ann")
    assert gone and "Permission denied" in said
    ann = Ssh(server.port, keys["ann"], f"ann+{server.invite}")  # claims the name
    ann.prompt()
    ann.line("quit")
    ann.child.expect("closed|\\$|$")
    ann.close()
    again = Ssh(server.port, keys["ann"], "ann")  # her key is hers now, without the code
    again.sees("Welcome, ann")
    again.close()
    gone, _, said = refused(server.port, keys["eve"], "ann")  # a wrong key for the name
    assert gone and "Permission denied" in said
    gone, _, _ = refused(server.port, keys["eve"], f"eve+{server.invite}x")
    assert gone
    gone, slowed, _ = refused(server.port, keys["eve"], "eve")
    assert gone
    assert slowed >= 1.0, (first, slowed)  # the fourth failure within a minute waits 1 s


def test_an_escape_sequence_in_a_chat_line_reaches_no_other_terminal(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server = _open_server(tmp_path, 1)
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    bob = Ssh(server.port, keys["bob"], "bob")
    closing.append(bob)
    bob.prompt()
    hostile = "hi\x1b]0;owned\x07 \x1b[2Jthere\x1b[31m!\x07"
    ann.press("\x1b[200~say " + hostile + "\x1b[201~")  # pasted: every byte reaches the server
    ann.line("")
    bob.sees("ann says: hi there!")
    raw = bob.received.getvalue()
    for sequence in ("\x1b]0;", "\x1b[2J", "\x1b[31m", "\x07"):
        assert sequence not in raw


def _dropped_at_a_table(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> tuple[Server, Ssh, Play]:
    """ann, bob and the bot Cy at table 1, its grace set by ann to 0.3 s, ann to move;
    bob's connection drops: what ann is told then.
    """
    spec = "standard"
    seed, play, _ = _seed_where(spec)
    server = _open_server(tmp_path, seed, "0.3")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("grace 0.3")
    ann.sees(re.escape(messages.net_grace_set(1, 0.3)))
    bob = Ssh(server.port, keys["bob"], "bob")
    closing.append(bob)
    bob.prompt()
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    ann.line("bot")
    ann.sees("The bot Cy sits at table 1, seat 3")
    ann.line("start")
    ann.sees("Your turn")
    bob.sees("The start card is")
    bob.close()  # bob's connection drops before his turn
    ann.sees(re.escape(messages.net_dropped("bob")))
    ann.sees(re.escape(messages.net_grace_over("bob", 0.3)))  # the host is asked, once
    return server, ann, play


def test_a_dropped_player_keeps_the_seat_a_stand_in_plays_at_the_hosts_word_and_they_take_it_back(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server, ann, play = _dropped_at_a_table(tmp_path, keys, closing)
    ann.typed(play.card.code)
    played = f"ann plays {messages.card_name(play.card)}"
    ann.sees(re.escape(f"You play {messages.card_name(play.card)}"))
    ann.typed("standin bob")
    ann.sees(re.escape(messages.net_standin_plays("bob", "ann")))
    ann.sees(r"bob (plays|draws)")  # the bot standing in for him, with his hand alone
    assert ann.text().count("bob has been away") == 1
    back = Ssh(server.port, keys["bob"], "bob")  # bob connects again with his key
    closing.append(back)
    back.sees(re.escape(messages.net_you_are_back(1, 2)))
    back.sees(re.escape(messages.NET_SINCE_YOU_LEFT))
    back.sees(re.escape(played))
    back.sees(r"You (play|draw)")  # what the bot did in his seat, told as his
    where = back.sees(r"Where you are: Your hand, [^\r\n]*")
    assert "Top card: " in where and re.search(r"It is (your|\w+'s) turn\.", where)
    ann.sees(re.escape(messages.net_back_from_bot("bob")))
    back.press("c")
    back.sees("Card check: ")
    assert back.text().count(played) == 1  # each missed event told once
    assert "bob's connection dropped" not in back.text()


def test_the_game_waits_for_a_dropped_player_who_comes_back_to_their_turn(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server, ann, play = _dropped_at_a_table(tmp_path, keys, closing)
    ann.typed("wait bob")
    ann.sees(re.escape(messages.net_game_waits("bob", "ann")))
    ann.typed(play.card.code)
    ann.sees(re.escape(f"You play {messages.card_name(play.card)}"))
    eve = Ssh(server.port, keys["eve"], "eve")
    closing.append(eve)
    eve.prompt()
    eve.line("tables")
    eve.sees(r"Table 1, standard rules, playing: ann, bob \(away\), Cy \(bot\)")
    back = Ssh(server.port, keys["bob"], "bob")
    closing.append(back)
    back.sees(re.escape(messages.net_welcome_back("bob")))  # to his seat, not the lobby
    back.sees(re.escape(messages.net_you_are_back_waited(1, 2)))
    assert messages.net_welcome("bob") not in back.text()
    back.sees(re.escape(messages.NET_SINCE_YOU_LEFT))
    back.sees(re.escape(f"ann plays {messages.card_name(play.card)}"))
    back.sees(r"Where you are: Your hand, \d+ cards: [^\r\n]* Top card: [^\r\n]* It is your turn\.")
    ann.sees(re.escape(messages.net_back("bob")))
    back.press("d")  # his turn waited for him: he plays on
    back.sees("You draw ")
    waited = ann.text().split("the game waits for bob")[1].split("bob is back")[0]
    assert not re.search(r"bob (plays|draws)", waited)  # nobody played his seat


def test_the_same_person_connecting_again_replaces_their_old_session_at_once(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    """A connection that died without a word (or one left open elsewhere) does not keep
    its person out until the keepalive notices: the new one takes over, the seat kept."""
    seed, _, _ = _seed_where("standard")
    server = _open_server(tmp_path, seed, "5")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1, seat 2")
    ann.line("start")
    ann.sees("Your turn")
    again = Ssh(server.port, keys["ann"], "ann")  # her key again, from elsewhere
    closing.append(again)
    ann.sees(re.escape(messages.tr(messages.NET_REPLACED)))
    again.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
    again.sees(re.escape(messages.tr(messages.NET_NOTHING_SINCE)))  # her own drop is no news
    again.sees(r"Where you are: Your hand, [^\r\n]* It is your turn\.")
    again.press("c")
    again.sees("Card check: ")
    again.press("\x1bOP")  # F1: the keys, then what is typed at a network table alone
    again.sees(re.escape(messages.tr(messages.NET_TABLE_HELP[2])))
    assert messages.tr(messages.NET_ALREADY_CONNECTED) not in again.text()


def test_a_persons_choices_in_the_lobby_are_theirs_again_at_their_next_session(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server = _open_server(tmp_path, 3, "5")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("lang es")
    ann.sees("Idioma: español.")
    ann.line("bell chat")
    ann.sees("pitido|Pitido")
    ann.line("lang xx")  # refused: nothing kept of it
    ann.line("quit")
    ann.child.expect(pexpect.EOF)
    again = Ssh(server.port, keys["ann"], "ann")
    closing.append(again)
    again.sees("Te damos la bienvenida, ann")  # her language, from the first line
    again.prompt()
    again.line("tables")
    again.sees("Todavía no hay mesas")
    bob = Ssh(server.port, keys["bob"], "bob")  # another person: the server's language
    closing.append(bob)
    bob.sees("Welcome, bob")
    bob.prompt()
    bob.line("say hola")
    again.sees("bob dice: hola.")
    assert "\a" in again.received.getvalue().split("bob dice: hola.")[0][-10:]  # bell chat


def test_with_keys_off_a_seat_over_ssh_types_every_command(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server]
) -> None:
    server = _open_server(tmp_path, 3, "0.5")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("keys off")
    ann.sees("Keys off")
    ann.line("verbosity full")
    ann.sees("Verbosity full")
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("The bot Bob sits")
    ann.line("start")
    ann.sees("UNO against Bob")
    ann.line("c")  # a typed command, sent with Enter
    ann.sees(r"Card check: you \d+ cards, Bob \d+ cards")
    ann.line("top")
    ann.sees(r"Top card: [A-Z][a-z]+.*\(\w+\)")  # full verbosity names the card's code
