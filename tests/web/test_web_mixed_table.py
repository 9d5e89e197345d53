"""A mixed table, for real: two people in real headless Chromium pages (keys sent to the
page, nothing clicked) and one over plain ssh (the real OpenSSH client in a
pseudo-terminal, every character it received kept), at one table of ``uno-access serve
--web``, no bot, a seeded round played to its end; and a page's connection cut mid-game (a
TCP proxy between that page and the server, cut and opened again) while the others play
on.

What is compared, and why. The server renders each line once for its viewer, as a
``Message`` (``access.render``), and each way in shows that one message in its own form:
the terminal writes ``Message.text`` as a line (``net.server.ways.TerminalWay``); the page
gets the message frame (``net.web.way.WebSpeech``, ``net.web.frames.message``) whose
``print`` is that same text, an item of its history list, and whose ``speech`` is
``messages.spoken`` of it, what its live region announces. So a line the terminal printed
and the page's history item for the same event are the same string, and the page
announces its spoken form. Two viewers get the same line only where neither of them is in
it: a player's own move is "You play Red 5." to them and "ann plays Red 5." to everyone
else. So, for each page and the terminal, the lines compared are those about the third
player alone, the one neither of them is (naming that player, and neither viewer by name
nor as "you"): that player's plays, draws, keeps, colours and UNO calls, in the order the
terminal printed them, equal to the page's history items and to what its live region
announced. The round's end names everyone with their points, the viewer as "you": each
side's round-over line with its "you" read as its own name is the same sentence, scores
and all. And no frame a page got names a coloured card dealt to another hand or left in
the pile that its person never held nor saw shown to everyone (a check on the deal alone:
the frame-by-frame one is tests/net/test_web_server_play.py).

The page cut mid-game loses its network in two steps, as a network goes: first nothing
more reaches it (the proxy holds what the server sends) while the others play on, the
server writing the page's lines into a connection that delivers none; then the
connection is cut, and the others play on until it is the page's turn. Once back, the
page is welcomed back to its seat (never to the lobby) and told what it missed, between
"What happened since you left:" and "Where you are: …": the lines in flight and those
after the cut alike. By the same rule, its lines about ann alone are those cid's terminal
printed from the hold on, and its lines about cid alone those ann's page listed from the
hold on, in order, each once; its history from before the hold stays as it was; its live
region announces each of those lines once, in order, beside the page's own "Connection
lost." and "Reconnecting…", once each; then it plays on to the round's end.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from net_proxy import Proxy
from net_round import Player, TerminalPlayer, about_alone, play, this_round
from net_ssh import Ssh, hidden_cards, keypair, shown_cards, table_game
from web_browser import Browser, Said, WebServer, texts, wait_for

from uno_access.access import messages

NAMES = ("ann", "bob", "cid")  # the seats: two pages, then the terminal
RULES = "standard,hand_size=3"
SEED = 23  # its round (14 moves): ann and bob each play, draw and call UNO; cid goes out


@dataclass
class PagePlayer:
    """A person at a page: the keyboard alone (``Browser.move``), UNO called in time."""

    name: str
    browser: Browser
    words: dict[str, str] = field(default_factory=dict)

    def ready(self) -> bool:
        return self.browser.ready()

    def move(self) -> str:
        if not self.words:
            self.words = self.browser.words()
        return self.browser.move(self.words, uno=True)

    def round_over(self) -> bool:
        return self.browser.round_over()


@dataclass
class Table:
    ann: Browser
    bob: Browser
    cid: Ssh
    players: list[Player]
    proxy: Proxy | None  # between bob's page and the server, when asked for


Opened = Browser | Ssh | WebServer | Proxy


def _sit_down(tmp_path: Path, closing: list[Opened], bob_through_a_proxy: bool = False) -> Table:
    """ann's page makes table 1 (``RULES``), bob's page and cid's terminal join it, ann
    starts: everyone by keyboard."""
    server = WebServer(tmp_path / "server", "--bot-pace", "0", "--seed", str(SEED))
    closing.append(server)
    ann = Browser(server, tmp_path / "ann.log")
    closing.append(ann)
    bob = Browser(server, tmp_path / "bob.log")
    closing.append(bob)
    proxy = None
    if bob_through_a_proxy:
        proxy = Proxy(int(server.url.rsplit(":", 1)[1]))
        closing.append(proxy)
    cid = Ssh(server.port, keypair(tmp_path, "cid"), "cid")
    closing.append(cid)
    ann.log_in("ann")
    mark = len(ann.got())
    ann.line(f"new {RULES}")
    ann.told(r"^You made table 1 ", mark)
    bob.log_in("bob", None if proxy is None else f"http://127.0.0.1:{proxy.port}")
    mark = len(bob.got())
    bob.line("join 1")
    bob.told(r"^You sit at table 1, seat 2\.", mark)
    cid.prompt()
    cid.line("join 1")
    cid.sees(r"You sit at table 1, seat 3\.")
    mark = len(ann.got())
    ann.line("start")
    ann.told(r"^UNO against ", mark)
    players: list[Player] = [
        PagePlayer("ann", ann),
        PagePlayer("bob", bob),
        TerminalPlayer("cid", cid),
    ]
    return Table(ann, bob, cid, players, proxy)


def _as_named(line: str, name: str) -> str:
    """A round-over line with the viewer's "you" read as their own name."""
    line = re.sub(r"\byou win\b", f"{name} wins", line)
    line = re.sub(r"\byou go out\b", f"{name} goes out", line)
    return re.sub(r"\byou\b", name, line)


def _events(browser: Browser) -> list[str]:
    """The page's history of events, its items' texts."""
    return [item.removeprefix("LI:") for item in browser.history("events")]


def _held(browser: Browser) -> set[str]:
    """The cards the page's person held at some moment (its hand frames)."""
    return {card["label"] for f in browser.got() if f.get("type") == "hand" for card in f["cards"]}


def test_a_mixed_table_each_page_says_the_lines_the_terminal_prints_for_the_same_moves(
    tmp_path: Path, closing: list[Opened]
) -> None:
    table = _sit_down(tmp_path, closing)
    moves = play(table.players, lambda moves: False)
    wait_for("everyone told the round's end", lambda: all(p.round_over() for p in table.players))
    for page in (table.ann, table.bob):
        page.assert_every_message_said_and_listed()

    printed = this_round(table.cid.lines())
    for page, name, third in ((table.ann, "ann", "bob"), (table.bob, "bob", "ann")):
        viewers = (name, "cid")
        expected = about_alone(printed, third, viewers)
        listed = about_alone(this_round(_events(page)), third, viewers)
        assert listed == expected, f"{name}'s history of {third}'s moves, and cid's terminal"
        for kind in (" plays ", " draws ", " calls UNO"):
            assert any(kind in line for line in expected), f"no line of {third}{kind}: {moves}"
        announced = this_round(texts(page.said(), "polite"))
        spoken = [messages.spoken(line) for line in expected]
        assert about_alone(announced, third, viewers) == spoken, f"{name}'s live region"
        # the round's end: the same sentence, each viewer's "you" read as their name
        ended = this_round(_events(page))[-1]
        assert _as_named(ended, name) == _as_named(printed[-1], "cid"), (ended, printed[-1])
        assert re.search(r"Scores: .*\d", ended), ended
        assert announced[-1] == messages.spoken(ended)

    # and no frame a page got named a card of another hand it never saw
    game = table_game(NAMES, RULES, SEED)  # as dealt
    seen = [table.cid.text(), *("\n".join(_events(p)) for p in (table.ann, table.bob))]
    shown = shown_cards(seen)
    for seat, page in ((0, table.ann), (1, table.bob)):
        secret = hidden_cards(game, seat, _held(page) | shown)
        assert secret, "the check has cards to look for"
        sent = json.dumps(page.got(), ensure_ascii=False)
        leaked = sorted(name for name in secret if re.search(rf"\b{name}\b", sent))
        assert not leaked, (NAMES[seat], leaked)


def _whose_turn(browser: Browser) -> str | None:
    table = browser.last("table") or {}
    return next((p["name"] for p in table.get("players", []) if p.get("turn")), None)


def test_a_page_cut_mid_game_is_told_each_missed_line_once_then_where_it_is_and_plays_on(
    tmp_path: Path, closing: list[Opened]
) -> None:
    table = _sit_down(tmp_path, closing, bob_through_a_proxy=True)
    ann, bob, cid, proxy = table.ann, table.bob, table.cid, table.proxy
    assert proxy is not None
    page_ann, page_bob, terminal = table.players
    words = bob.words()

    # play until bob has moved and the next player is asked, bob's page caught up with it
    def bob_has_moved(moves: list[str]) -> bool:
        return any(move.startswith("bob") for move in moves) and not bob.my_turn()

    play(table.players, bob_has_moved)
    wait_for("the next player asked", lambda: page_ann.ready() or terminal.ready())
    wait_for("bob's page told the turn", lambda: _whose_turn(bob) not in (None, "bob"))
    kept = bob.history("events")
    said = len(bob.said())
    hellos = len([f for f in bob.got() if f.get("type") == "hello"])
    got = len(bob.got())

    proxy.hold()  # nothing more reaches bob's page, its connection open
    from_cid, from_ann = len(cid.lines()), len(_events(ann))  # the lines from here on
    moved = play([page_ann, terminal], lambda moves: bool(moves) or _whose_turn(ann) == "bob")
    assert moved, "nobody played while bob's page heard nothing"
    wait_for("lines written to bob's connection and held", lambda: proxy.held > 0)
    assert len(bob.got()) == got, "a frame reached bob's page while held"
    proxy.cut()  # bob's network goes away, those lines in flight
    dropped = messages.net_dropped("bob")
    wait_for("ann told bob's drop", lambda: dropped in _events(ann))
    wait_for(
        "the drop said on bob's page",
        lambda: Said("assertive", words["connection_lost"]) in bob.said()[said:],
    )
    play([page_ann, terminal], lambda moves: _whose_turn(ann) == "bob")
    proxy.restore()  # the page connects again by itself

    wait_for(
        "bob's page connected again",
        lambda: len([f for f in bob.got() if f.get("type") == "hello"]) > hellos,
    )
    where = bob.told(r"^Where you are: ").get("print", "")
    assert where.endswith("It is your turn."), where
    back = messages.net_back("bob")
    wait_for("ann and cid told bob is back", lambda: back in _events(ann) and back in cid.lines())

    # welcomed back to the seat held for him, never to the lobby
    hello = max(at for at, f in enumerate(bob.got()) if f.get("type") == "hello")
    again = [f for f in bob.got()[hello:] if f.get("type") == "message"]
    assert [f["print"] for f in again[:2]] == [
        messages.net_welcome_back("bob"),
        messages.net_you_are_back_waited(1, 2),
    ], again[:2]
    welcomed = [f for f in bob.got() if f.get("print") == messages.net_welcome("bob")]
    assert len(welcomed) == 1  # at his login alone
    assert [f["screen"] for f in bob.got()[hello:] if f.get("type") == "screen"] == ["table"]

    # the page kept its history, then was told what it missed, once, then where it is
    history = bob.history("events")
    assert history[: len(kept)] == kept
    new = [item.removeprefix("LI:") for item in history[len(kept) :]]
    since = messages.tr(messages.NET_SINCE_YOU_LEFT)
    assert new.count(since) == 1 and new.count(where) == 1, new
    told = new[new.index(since) + 1 : new.index(where)]

    def meanwhile(lines: list[str], held: int) -> list[str]:
        """The lines from the hold on, until bob was back."""
        assert dropped in lines[held:]  # (after the hold)
        return lines[held : lines.index(back)]

    in_flight = 0
    for third, other, lines, mark in (
        ("ann", "cid", cid.lines(), from_cid),
        ("cid", "ann", _events(ann), from_ann),
    ):
        expected = about_alone(meanwhile(lines, mark), third, ("bob", other))
        assert expected, f"{third} did nothing while bob was away"
        assert about_alone(told, third, ("bob", other)) == expected, (third, told)
        before_cut = lines[mark : lines.index(dropped)]
        in_flight += len(about_alone(before_cut, third, ("bob", other)))
    assert in_flight, "no line about the others was in flight at the cut"
    # and announced so, each once, in order (the page spaces its announcements: waited for)
    own = (words["connection_lost"], words["reconnecting"])  # the page's own words
    wait_for("bob's page to announce what it was sent", lambda: bob.all_said("live region", own))
    announced = texts(bob.said()[said:], "polite")
    spoken = [messages.spoken(line) for line in (since, *told, where)]
    assert announced.count(spoken[0]) == 1, announced
    at = announced.index(spoken[0])
    assert announced[at : at + len(spoken)] == spoken, announced
    said_after = [s.text for s in bob.said()[said:]]
    assert said_after.count(words["connection_lost"]) == 1
    assert said_after.count(words["reconnecting"]) == 1

    # and play goes on: bob moves, by keyboard, and the round is played to its end
    wait_for("bob asked to move", page_bob.ready)
    page_bob.move()
    play(table.players, lambda moves: False)
    wait_for("everyone told the round's end", lambda: all(p.round_over() for p in table.players))
    bob.assert_every_message_said_and_listed(besides=own)
