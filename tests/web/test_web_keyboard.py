"""The page played by keyboard alone in a real headless Chromium against a real server
(``uno-access serve --open --web``): Selenium's key sends, never the mouse. What the live
regions (or ``ariaNotify``) announced is captured as it happens (``web_browser.RECORDER``)
and compared with the speech of the message frames the page was sent; the history lists
hold every printed line; the hand is one tab stop moved through by arrows; the terminal's
keys go to the server from the game area but never from a text box; every control has an
accessible name; and focus is never lost to <body> after an action.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from web_browser import (
    PASSWORD,
    Browser,
    Said,
    WebServer,
    axe_report,
    browsing,
    serving,
    wait_for,
)

INTERACTIVE = {
    "button",
    "checkbox",
    "switch",
    "textbox",
    "link",
    "combobox",
    "listbox",
    "radio",
    "menuitem",
    "tab",
    "slider",
    "spinbutton",
    "searchbox",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from serving(tmp_path_factory)


@pytest.fixture
def browser(server: WebServer, tmp_path: Path) -> Iterator[Browser]:
    yield from browsing(server, tmp_path)


def test_a_round_by_keyboard_alone_to_its_end_announces_each_message_in_its_live_region(
    browser: Browser,
) -> None:
    browser.log_in("ann")
    browser.to_a_table_with_a_bot()
    done = browser.play_round(browser.words())
    violations = browser.axe()
    assert violations == [], f"axe-core at the round's end:\n{axe_report(violations)}"
    cards = [frame for frame in browser.sent() if frame.get("type") == "card"]
    assert len(cards) == done.count("card") >= 2, done
    presses = [frame["command"] for frame in browser.sent() if frame.get("type") == "press"]
    assert presses.count("DRAW") == done.count("draw"), (presses, done)

    # every message's speech announced once, in order, in the live region of its priority,
    # and every printed line an item of its history list, in order
    browser.assert_every_message_said_and_listed()


@pytest.fixture
def notifying(server: WebServer, tmp_path: Path) -> Iterator[Browser]:
    yield from browsing(server, tmp_path, aria_notify=True)


def test_where_the_browser_has_aria_notify_each_message_goes_through_it_in_order(
    notifying: Browser,
) -> None:
    browser = notifying
    assert browser.js("return typeof document.ariaNotify;") == "function"
    browser.log_in("ida")
    browser.to_a_table_with_a_bot()
    wait_for("each message through ariaNotify", lambda: browser.all_said("ariaNotify"))
    assert browser.said("live region") == []


def test_the_hand_is_one_tab_stop_and_arrows_home_and_end_move_between_named_cards(
    browser: Browser,
) -> None:
    browser.log_in("bea")
    browser.to_a_table_with_a_bot()
    words = browser.words()
    hand: dict[str, Any] = browser.last("hand") or {}
    cards = hand["cards"]
    count = len(cards)
    buttons = browser.driver.find_elements(By.CSS_SELECTOR, "#hand button")
    tabs = [button.get_property("tabIndex") for button in buttons]
    assert [tab == 0 for tab in tabs].count(True) == 1, tabs  # one tab stop for the hand
    names = [button.accessible_name for button in buttons]  # as Chromium computes them
    for place, (card, name) in enumerate(zip(cards, names, strict=True), start=1):
        label = f"{card['braille']} {card['label']}" if card["braille"] else card["label"]
        said = words["card_of"].format(label=label, place=place, count=count)
        state = words["playable" if card["playable"] else "not_playable"]
        assert name == f"{said}, {state}"

    browser.tab_to(lambda f: "card" in str(f["cls"]).split(), "the hand")
    browser.keys(Keys.END)
    assert browser.focused_name() == names[-1]
    browser.keys(Keys.HOME)
    assert browser.focused_name() == names[0]
    browser.keys(Keys.ARROW_RIGHT)
    assert browser.focused_name() == names[1]
    browser.keys(Keys.ARROW_LEFT)
    assert browser.focused_name() == names[0]
    assert not [f for f in browser.sent() if f.get("type") == "key"], "arrows are the page's"
    # Tab leaves the hand at once: the next stop is not another card
    browser.keys(Keys.TAB)
    assert "card" not in str(browser.focused()["cls"]).split()


def test_letters_in_the_game_area_go_as_key_frames_but_tab_and_the_command_line_keep_theirs(
    browser: Browser,
) -> None:
    browser.log_in("cid")
    browser.to_a_table_with_a_bot()
    browser.tab_to(lambda f: f["press"] == "WHOSE_TURN", "the Whose turn button")
    mark = len(browser.got())
    browser.keys("w")
    assert {"type": "key", "key": "w"} in browser.answers()
    wait_for("the answer to W", lambda: browser.got()[mark:])
    assert browser.focused()["press"] == "WHOSE_TURN"  # a key frame moves no focus

    sent = len(browser.sent())
    browser.tab_to(lambda f: f["id"] == "line", "the command line")
    assert browser.sent()[sent:] == [], "Tab was taken as a key"  # Tab is the browser's
    browser.keys("wdu")
    assert browser.js("return document.getElementById('line').value;") == "wdu"
    assert browser.sent()[sent:] == [], "keys typed into the command line were taken"
    browser.keys(Keys.ENTER)
    wait_for("the line sent", lambda: {"type": "line", "text": "wdu"} in browser.answers())
    assert browser.focused()["id"] == "line"


def test_a_dropped_connection_is_said_and_the_page_reconnects_by_itself(
    browser: Browser,
) -> None:
    browser.log_in("gil")
    browser.to_a_table_with_a_bot()
    words = browser.words()
    hellos = len([f for f in browser.got() if f.get("type") == "hello"])
    browser.tab_to(lambda f: f["press"] == "SCORES", "the Scores button")
    browser.js("window.__uno.sockets[window.__uno.sockets.length - 1].close();")  # the drop
    wait_for(
        "the drop said",
        lambda: (
            Said("assertive", words["connection_lost"]) in browser.said()
            and Said("polite", words["reconnecting"]) in browser.said()
        ),
    )
    wait_for(
        "a new hello",
        lambda: len([f for f in browser.got() if f.get("type") == "hello"]) > hellos,
    )
    wait_for(
        "the status cleared",
        lambda: browser.js("return document.getElementById('connection').textContent === '';"),
    )
    assert browser.focused()["press"] == "SCORES"  # still where the person was
    assert browser.js("return document.getElementById('game').hidden;") is False
    said = [s.text for s in browser.said()]
    assert said.count(words["connection_lost"]) == 1
    assert said.count(words["reconnecting"]) == 1


def test_the_voice_speaks_only_once_checked_and_tones_follow_the_sounds_switch(
    browser: Browser,
) -> None:
    browser.log_in("hal")
    browser.to_a_table_with_a_bot()
    assert browser.js("return window.__uno.spoken;") == [], "the voice is off by default"
    assert browser.js("return window.__uno.tones;") > 0, "sounds are on by default"

    browser.tab_to(lambda f: f["id"] == "voice", "the voice checkbox")
    browser.keys(Keys.SPACE)
    browser.tab_to(lambda f: f["id"] == "sounds", "the sounds switch")
    browser.keys(Keys.SPACE)
    assert browser.js(
        "return ['voice', 'sounds'].map((id) => document.getElementById(id).checked);"
    ) == [True, False]
    tones = browser.js("return window.__uno.tones;")
    mark = len(browser.got())
    words = browser.words()
    for _ in range(6):  # a few moves: some of their messages come with a sound cue
        wait_for("a question or the person's turn", lambda: browser.ready() or browser.round_over())
        if browser.round_over() or _cued(browser, mark):
            break
        browser.move(words)
    assert _cued(browser, mark), "no message with a sound cue came"
    assert browser.js("return window.__uno.tones;") == tones, "a tone with sounds off"

    def voice_caught_up() -> bool:
        # the voice says each announcement since it was checked, the latest last
        spoken = [str(text) for text in browser.js("return window.__uno.spoken;")]
        announced = [said.text for said in browser.expected_announcements()]
        return bool(spoken) and spoken == announced[-len(spoken) :]

    wait_for("the voice to say each announcement since it was checked", voice_caught_up)


def _cued(browser: Browser, mark: int) -> bool:
    return any(f.get("type") == "message" and f.get("cue") for f in browser.got()[mark:])


def _unnamed_controls(browser: Browser) -> list[str]:
    """Every control in the accessibility tree Chromium gives screen readers that has no
    name."""
    tree = browser.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    unnamed = []
    for node in tree["nodes"]:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        name = str(node.get("name", {}).get("value", "")).strip()
        if role in INTERACTIVE and not name:
            unnamed.append(f"{role} {node.get('nodeId')}")
    return unnamed


def test_every_control_has_an_accessible_name_on_every_view(
    browser: Browser, server: WebServer
) -> None:
    browser.driver.get(server.url + "/")
    wait_for("the login form", lambda: browser.focused()["id"] == "login-name")
    assert _unnamed_controls(browser) == [], "login"
    browser.log_in("dot")
    assert _unnamed_controls(browser) == [], "lobby"
    browser.to_a_table_with_a_bot()
    assert _unnamed_controls(browser) == [], "table"


def test_a_refused_login_is_said_and_shown_and_leaves_focus_in_the_form(
    browser: Browser, server: WebServer
) -> None:
    browser.log_in("eve")
    browser.tab_to(lambda f: f["id"] == "logout", "the Log out button")
    browser.keys(Keys.ENTER)
    wait_for("the login form again", lambda: browser.focused()["id"] == "login-name")
    browser.assert_focus_kept("logging out")
    assert browser.js("return document.getElementById('login-name').value;") == "eve"
    browser.keys(Keys.CONTROL, "a")  # the name kept from before: typed again, whole
    browser.keys("eve", Keys.TAB, "not the password", Keys.ENTER)
    reason = wait_for(
        "the reason shown",
        lambda: browser.js(
            "const e = document.getElementById('login-error');return e.hidden ? '' : e.textContent;"
        ),
    )
    assert browser.focused()["id"] == "login-password"
    assert browser.js("return document.getElementById('login-password').value;") == ""
    described = browser.js(
        "return document.getElementById('login-password').getAttribute('aria-describedby');"
    )
    assert described == "login-error"
    wait_for("the reason announced", lambda: Said("assertive", reason) in browser.said())


def _in_field(browser: Browser, field: str, name: str) -> bool:
    """Whether focus is in the field of id ``field``, named ``name``."""
    return browser.focused()["id"] == field and browser.focused_name() == name


def test_password_is_typed_in_a_labelled_password_field_and_never_shown_or_said(
    browser: Browser,
) -> None:
    """``password`` typed in the command line: a password field, focused, named by each
    prompt (current, new, again), answered by Enter; what was typed is in no history
    list, no announcement and no frame but the secret ones; the outcome is said."""
    new = "a brand new secret 42"
    browser.log_in("pia")
    browser.line("password")
    for asked, typed in (
        ("Current password:", PASSWORD),
        ("New password:", new),
        ("The same password again:", new),
    ):
        wait_for(f"focus in the field {asked!r}", partial(_in_field, browser, "secret", asked))
        assert browser.js("return document.activeElement.type;") == "password"
        if typed == PASSWORD:
            violations = browser.axe()
            assert violations == [], f"axe-core at a password:\n{axe_report(violations)}"
        browser.keys(typed, Keys.ENTER)
    set_ = browser.told(r"^Your password is set")
    wait_for(
        "the field hidden, focus back in the command line",
        lambda: browser.focused()["id"] == "line",
    )
    wait_for("the outcome announced", lambda: any(s.text == set_["speech"] for s in browser.said()))
    shown = [item for buffer in ("events", "answers", "chat") for item in browser.history(buffer)]
    said = [s.text for s in browser.said()]
    others = [f for f in browser.sent() if f.get("type") != "secret"]
    for secret in (PASSWORD, new):
        assert not [line for line in shown + said if secret in line]
        assert secret not in json.dumps([browser.got(), others])
    assert [f["text"] for f in browser.sent() if f.get("type") == "secret"] == [PASSWORD, new, new]
