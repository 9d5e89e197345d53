"""The real parts of browser play for tests: ``uno-access serve --open --web PORT`` as a
subprocess on 127.0.0.1, and a real headless Chromium (Debian's ``chromium``, driven by
Debian's ``chromedriver`` through Selenium), with axe-core (``build/node``, installed by
scripts/setup.sh) to inject into the page.

Before any page script runs, every document gets ``RECORDER``: each WebSocket frame the
page receives (an entry frame followed by its message frames, as the page takes them) or
sends, and each announcement it makes (a node added to a live region, or an
``ariaNotify`` call), each line given to the browser's voice and each tone started, is
kept in ``window.__uno`` for the test to read back.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from net_round import wait_for as wait_for  # the web tests take it from here too
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "build" / "node" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
WAIT = 60.0  # seconds: generous, for a busy machine; nothing here is timed
PASSWORD = "a long enough password"


ROUND_OVER = frozenset({"round_won", "round_lost", "game_over"})  # the cues of a round's end
ANSWERS = frozenset({"RED", "GREEN", "BLUE", "YELLOW", "YES", "NO"})  # a question's buttons

# Where a test asks for a browser without ariaNotify (as most still are): the page must
# announce through its live regions.
NO_ARIA_NOTIFY = r"""
delete Element.prototype.ariaNotify;
delete Document.prototype.ariaNotify;
"""

RECORDER = r"""
(() => {
  const record = { got: [], sent: [], said: [], spoken: [], tones: 0, sockets: [] };
  Object.defineProperty(window, "__uno", { value: record });
  const Native = window.WebSocket;
  class Recorded extends Native {
    constructor(...args) {
      super(...args);
      record.sockets.push(this);
      this.addEventListener("message", (event) => {
        let frame = null;
        try { frame = JSON.parse(event.data); } catch (error) { frame = null; }
        record.got.push(frame);
        if (frame && frame.type === "entry" && Array.isArray(frame.messages)) {
          record.got.push(...frame.messages);  // its lines, as the page takes them
        }
      });
    }
    send(data) {
      try { record.sent.push(JSON.parse(data)); } catch (error) { record.sent.push(null); }
      return super.send(data);
    }
  }
  window.WebSocket = Recorded;
  for (const proto of [Document.prototype, Element.prototype]) {
    const own = proto.ariaNotify;
    if (typeof own !== "function") continue;
    proto.ariaNotify = function (text, options) {
      const high = options && options.priority === "high";
      record.said.push({ region: high ? "assertive" : "polite", text: String(text),
                         how: "ariaNotify" });
      return own.call(this, text, options);
    };
  }
  if (window.speechSynthesis) {
    // the browser's voice: what it is asked to say is kept (and not said: no audio here)
    window.speechSynthesis.speak = (utterance) => { record.spoken.push(utterance.text); };
  }
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    record.tones += 1;
    return start.apply(this, args);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const region = change.target.closest ? change.target.closest("[aria-live]") : null;
      if (region === null) continue;
      for (const node of change.addedNodes) {
        const text = node.textContent || "";
        if (text) {
          record.said.push({ region: region.getAttribute("aria-live"), text: text,
                             how: "live region" });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


class WebServer:
    """``uno-access serve --open --port 0 --web 0 --data DIR ...`` until ``stop``: the web
    page's address is read from the line the server prints once it listens."""

    def __init__(self, data: Path, *args: str) -> None:
        data.mkdir(parents=True, exist_ok=True)
        self.out = data.parent / f"{data.name}.stdout"
        self.err = data.parent / f"{data.name}.stderr"
        with self.out.open("w") as out, self.err.open("w") as err:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uno_access",
                    "serve",
                    "--open",
                    "--port",
                    "0",
                    "--web",
                    "0",
                    "--data",
                    str(data),
                    *args,
                ],
                cwd=str(ROOT),
                env=dict(os.environ, PYTHONUNBUFFERED="1"),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                text=True,
            )
        self.url = wait_for("the server's line with the web page's address", self._address)
        listening = re.search(r"^Listening on 127\.0\.0\.1:(\d+)$", self.out.read_text(), re.M)
        assert listening, self.out.read_text()
        self.port = int(listening.group(1))  # ssh's, for a plain ssh player at the same tables
        wait_for(f"the web page at {self.url}", self._answers)

    def _address(self) -> str | None:
        self._running()
        found = re.search(r"^Web page on (http://127\.0\.0\.1:\d+)/?$", self.out.read_text(), re.M)
        return found.group(1) if found else None

    def _running(self) -> None:
        if self.process.poll() is not None:
            raise AssertionError(f"the server stopped: {self.err.read_text()}")

    def _answers(self) -> bool:
        self._running()
        try:
            with urllib.request.urlopen(self.url + "/", timeout=5) as page:
                return bool(page.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def stop(self) -> str:
        """Stop the server (by its pid); what it wrote on standard error."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.err.read_text()


@dataclass(frozen=True, slots=True)
class Said:
    region: str  # "polite" or "assertive"
    text: str


class Browser:
    """A real headless Chromium at ``width`` CSS pixels, keyboard only, recording every
    frame and announcement (``RECORDER``)."""

    def __init__(
        self, server: WebServer, log: Path, width: int = 1280, aria_notify: bool = False
    ) -> None:
        self.server = server
        options = Options()
        options.binary_location = str(CHROMIUM)
        for argument in (
            "--headless=new",
            "--no-sandbox",  # as root on CI
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--mute-audio",
            "--lang=en-US",
            "--window-size=1280,1000",
        ):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        self.service = Service(executable_path=str(CHROMEDRIVER), log_output=str(log))
        self.driver = webdriver.Chrome(options=options, service=self.service)
        self.driver.set_script_timeout(WAIT)
        self._refused = False  # the last move was refused (``move``)
        script = RECORDER if aria_notify else NO_ARIA_NOTIFY + RECORDER
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        self.width(width)

    def width(self, pixels: int, height: int = 900) -> None:
        """The viewport as a phone's (360) or a desktop's (1280) CSS pixels."""
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": pixels, "height": height, "deviceScaleFactor": 1, "mobile": pixels < 600},
        )

    def close(self) -> None:
        """Chromium and its driver stopped (the driver by its pid, if it outlives quit)."""
        try:
            self.driver.quit()
        finally:
            process = self.service.process
            if process is not None and process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()

    # ---------------------------------------------------------------- reading the page
    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def words(self) -> dict[str, str]:
        found = self.js("return JSON.parse(document.getElementById('words').textContent);")
        assert isinstance(found, dict)
        return {str(key): str(value) for key, value in found.items()}

    def got(self) -> list[dict[str, Any]]:
        """Every frame the page received, in order."""
        return [frame for frame in self.js("return window.__uno.got;") if frame]

    def sent(self) -> list[dict[str, Any]]:
        return [frame for frame in self.js("return window.__uno.sent;") if frame]

    def answers(self) -> list[dict[str, Any]]:
        """The frames the page sent, each without the prompt number it names (which every
        one must name)."""
        sent = self.sent()
        assert all(isinstance(frame.get("prompt"), int) for frame in sent), sent
        return [{k: v for k, v in frame.items() if k != "prompt"} for frame in sent]

    def said(self, how: str | None = None) -> list[Said]:
        """What the page announced, in order; ``how``: only through "ariaNotify" or only
        through a "live region"."""
        return [
            Said(s["region"], s["text"])
            for s in self.js("return window.__uno.said;")
            if how is None or s["how"] == how
        ]

    def last(self, kind: str) -> dict[str, Any] | None:
        frames = [frame for frame in self.got() if frame.get("type") == kind]
        return frames[-1] if frames else None

    def focused(self) -> dict[str, Any]:
        """What has focus: its tag, id, classes, accessible-name attribute, and whether it
        is shown."""
        found = self.js(
            """
            const e = document.activeElement;
            if (!e) return {tag: "none"};
            return {tag: e.tagName.toLowerCase(), id: e.id, cls: e.className,
                    label: e.getAttribute("aria-label") || e.textContent.trim(),
                    press: e.dataset ? (e.dataset.press || "") : "",
                    shown: e.isConnected && e.getClientRects().length > 0};
            """
        )
        assert isinstance(found, dict)
        return found

    def focused_name(self) -> str:
        """The accessible name of what has focus, as Chromium computes it for screen
        readers; empty when focus moved between finding the element and naming it (the
        page replaced it), so a ``wait_for`` asks again."""
        try:
            return str(self.driver.switch_to.active_element.accessible_name)
        except StaleElementReferenceException:
            return ""

    def assert_focus_kept(self, after: str) -> None:
        where = self.focused()
        assert where["tag"] not in ("body", "html", "none"), f"focus lost to body after {after}"
        assert where["shown"], f"focus left on a hidden element after {after}: {where}"

    # ---------------------------------------------------------------- the keyboard
    def keys(self, *keys: str) -> None:
        """Keys sent to whatever has focus, as a person types them."""
        self.driver.switch_to.active_element.send_keys(*keys)

    def tab_to(self, matches: Callable[[dict[str, Any]], bool], what: str) -> None:
        """Tab (forwards, round the page) until focus is on what ``matches``."""
        for _ in range(60):
            if matches(self.focused()):
                return
            self.keys(Keys.TAB)
        raise AssertionError(f"Tab never reached {what}; focus is on {self.focused()}")

    # ---------------------------------------------------------------- whole steps
    def log_in(self, name: str, url: str | None = None) -> None:
        """The login form by keyboard: name, Tab, password, Enter; then the game. ``url``:
        the page's address when not the server's own (through a proxy)."""
        self.driver.get((url or self.server.url) + "/")
        wait_for("focus in the login form's name", lambda: self.focused()["id"] == "login-name")
        self.keys(name)
        self.keys(Keys.TAB)
        assert self.focused()["id"] == "login-password"
        self.keys(PASSWORD, Keys.ENTER)
        wait_for("the hello frame", lambda: self.last("hello"))
        wait_for("the lobby", lambda: (self.last("screen") or {}).get("screen") == "lobby")
        self.assert_focus_kept("logging in")

    def line(self, text: str) -> None:
        """A line typed into the command line and sent with Enter."""
        self.tab_to(lambda f: f["id"] == "line", "the command line")
        self.keys(text, Keys.ENTER)

    def told(self, pattern: str, since: int = 0) -> dict[str, Any]:
        """The first message frame (from the ``since``-th frame on) whose print matches."""

        def find() -> dict[str, Any] | None:
            for frame in self.got()[since:]:
                if frame.get("type") == "message" and re.search(pattern, frame.get("print", "")):
                    return frame
            return None

        return wait_for(f"a message matching {pattern!r}", find)

    def to_a_table_with_a_bot(self, rules: str = "standard") -> None:
        """From the lobby: a new table (of ``rules``) made with one bot and started, from
        the lobby's command line, by keyboard; then its view and a hand."""
        mark = len(self.got())
        self.line(f"new {rules}")
        self.told(r"table \d+", mark)
        mark = len(self.got())
        self.line("bot")
        self.told(r"seat 2", mark)
        self.line("start")
        wait_for("the table", lambda: (self.last("screen") or {}).get("screen") == "table")
        wait_for("a hand", lambda: (self.last("hand") or {}).get("cards"))
        wait_for(
            "the hand's buttons", lambda: self.js("return document.querySelector('#hand button')")
        )

    def round_over(self) -> bool:
        """A message of the round's end (won, lost, or the game's end) came."""
        return any(
            frame.get("type") == "message" and frame.get("cue") in ROUND_OVER
            for frame in self.got()
        )

    def ready(self) -> bool:
        """The person is asked something they can answer now: a question, or their turn."""
        ask = self.ask()
        return ask in ("color", "choice") or (ask in ("key", "woken") and self.my_turn())

    def playable_card(self) -> bool:
        hand = self.last("hand") or {}
        return any(card.get("playable") for card in hand.get("cards", []))

    def answered(self, mark: int) -> bool:
        """A prompt or a refusal came after the ``mark``-th frame: the answer to a move."""
        return any(frame.get("type") in ("prompt", "refused") for frame in self.got()[mark:])

    def one_action(self, words: dict[str, str], refused: bool = False, uno: bool = False) -> str:
        """One move by keyboard: a question answered with its first button, else the first
        playable card played (Home, then Right until focus is on one, then Enter; with
        ``uno``, U pressed on it first when it is the next-to-last card, each key's answer
        awaited), else Draw; after a move refused (a Wild Draw Four played on the person
        waits for challenge or accept), "accept" typed in the command line. What was
        done."""
        if refused:
            self.line("accept")
            return "accept"
        if self.ask() in ("color", "choice"):
            self.tab_to(lambda f: f["press"] in ANSWERS, "an answer's button")
            self.keys(Keys.ENTER)
            return "answer"
        if self.playable_card():
            cards = (self.last("hand") or {}).get("cards", [])
            self.tab_to(lambda f: "card" in str(f["cls"]).split(), "the hand")
            self.keys(Keys.HOME)
            playable = ", " + words["playable"]
            for _ in range(len(cards)):
                if self.focused_name().endswith(playable):
                    break
                self.keys(Keys.ARROW_RIGHT)
            assert self.focused_name().endswith(playable), self.focused_name()
            if uno and len(cards) == 2:
                mark = len(self.got())
                self.keys("u")
                wait_for("the answer to U", lambda: self.answered(mark))
                mark = len(self.got())
                self.keys(Keys.ENTER)
                wait_for("the answer to the card", lambda: self.answered(mark))
                return "uno and card"
            self.keys(Keys.ENTER)
            return "card"
        self.tab_to(lambda f: f["press"] == "DRAW", "the Draw button")
        self.keys(Keys.ENTER)
        return "draw"

    def move(self, words: dict[str, str], uno: bool = False) -> str:
        """One move (``one_action``) and its answer awaited, focus never lost to <body>; after
        a move refused, the next one accepts (a Wild Draw Four played on the person). What
        was done."""
        mark = len(self.got())
        done = self.one_action(words, self._refused, uno)
        self.assert_focus_kept(done)
        wait_for(f"the answer to {done}", lambda: self.answered(mark))
        self._refused = any(f.get("cue") == "refusal" for f in self.got()[mark:])
        self.assert_focus_kept(f"the answer to {done}")
        return done

    def play_round(self, words: dict[str, str], most: int = 120, uno: bool = False) -> list[str]:
        """The person's moves (``move``, calling UNO in time with ``uno``) until the round's
        end (a bound: ``most``); what was done."""
        done: list[str] = []
        for _ in range(most):
            wait_for(
                "a question, the person's turn or the round's end",
                lambda: self.round_over() or self.ready(),
            )
            if self.round_over():
                break
            done.append(self.move(words, uno))
        assert self.round_over(), f"no round's end after {len(done)} moves: {done}"
        return done

    def my_turn(self) -> bool:
        table = self.last("table") or {}
        return any(p.get("you") and p.get("turn") for p in table.get("players", []))

    def ask(self) -> str | None:
        prompt = self.last("prompt")
        return None if prompt is None else str(prompt.get("ask"))

    def expected_announcements(self) -> list[Said]:
        """What the page should have announced for the frames it got: each message's
        speech, urgent ones assertively; each refusal and goodbye assertively."""
        expected = []
        for frame in self.got():
            kind = frame.get("type")
            if kind == "message" and frame.get("speech"):
                urgent = frame.get("priority") == "urgent"
                expected.append(Said("assertive" if urgent else "polite", frame["speech"]))
            elif kind in ("refused", "bye") and frame.get("reason"):
                expected.append(Said("assertive", frame["reason"]))
        return expected

    def all_said(self, how: str | None = None, besides: Collection[str] = ()) -> bool:
        """Each region announced what the frames say it should, in order (``how``: only
        through "ariaNotify" or only through a "live region"), ``besides`` the page's own
        words (a connection lost, and being connected again)."""
        expected = self.expected_announcements()
        said = [s for s in self.said(how) if s.text not in besides]
        return all(texts(said, r) == texts(expected, r) for r in ("polite", "assertive"))

    def lists(self) -> dict[str, tuple[list[str], list[str]]]:
        """Each history list's items, and the lines the frames say it should hold."""
        frames = self.got()
        found = {}
        for buffer in ("events", "answers", "chat"):
            printed = [
                f"LI:{frame['print']}"
                for frame in frames
                if frame.get("type") == "message" and frame["print"] and frame["buffer"] == buffer
            ]
            if buffer == "answers":  # refusals are answers to the person's own frames
                printed += [f"LI:{f['reason']}" for f in frames if f.get("type") == "refused"]
            found[buffer] = (self.history(buffer), printed)
        return found

    def all_listed(self) -> bool:
        return all(
            sorted(shown) == sorted(printed) if buffer == "answers" else shown == printed
            for buffer, (shown, printed) in self.lists().items()
        )

    def assert_every_message_said_and_listed(self, besides: Collection[str] = ()) -> None:
        """Each message's speech announced once, in order, in the live region of its
        priority (``besides`` the page's own words), and each printed line an item of its
        history list, in order (waited for: the page spaces its announcements)."""
        assert self.expected_announcements(), "no message frame came"
        try:
            wait_for(
                "the live regions to catch up with the frames",
                lambda: self.all_said("live region", besides),
            )
        except AssertionError:
            expected = self.expected_announcements()
            said = [s for s in self.said("live region") if s.text not in besides]
            for region in ("polite", "assertive"):
                assert texts(said, region) == texts(expected, region), region
            raise
        try:
            wait_for("the history lists to hold every printed line", self.all_listed)
        except AssertionError as failed:
            raise AssertionError(f"{failed}: {self.lists()}") from None

    def history(self, buffer: str) -> list[str]:
        """The items of one history list (events, answers or chat), as a screen reader
        reviews them."""
        found = self.js(
            "return [...document.getElementById(arguments[0]).children]"
            ".map((item) => item.tagName + ':' + item.textContent);",
            buffer,
        )
        return [str(item) for item in found]

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's violations on the page as it is now (every rule it runs by default)."""
        self.js(AXE.read_text(encoding="utf-8"))
        found = self.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ["violations"]})
              .then((results) => done(JSON.stringify(results.violations)))
              .catch((error) => done(JSON.stringify([{id: "axe-error", help: String(error),
                                                      nodes: []}])));
            """
        )
        violations = json.loads(found)
        assert isinstance(violations, list)
        return violations


def texts(said: list[Said], region: str) -> list[str]:
    """The texts announced in one region ("polite" or "assertive"), in order."""
    return [s.text for s in said if s.region == region]


def axe_report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']}: {violation.get('help', '')}")
        for node in violation.get("nodes", [])[:5]:
            lines.append(f"    {node.get('target')}: {node.get('failureSummary', '')}")
    return "\n".join(lines)


# ---------------------------------------------------------------- for the tests' fixtures
def serving(tmp_path_factory: Any) -> Iterator[WebServer]:
    """One real server for a test module (each test logs in as a person of its own); bots
    move at once, so the page must keep up with bursts of messages. Stopped by pid."""
    place = Path(tmp_path_factory.mktemp("web"))
    running = WebServer(place / "server", "--bot-pace", "0", "--seed", "7")
    try:
        yield running
    finally:
        err = running.stop()
    assert "Traceback" not in err, err


def browsing(server: WebServer, tmp_path: Path, aria_notify: bool = False) -> Iterator[Browser]:
    """A real headless Chromium for one test, stopped (with its driver, by pid) after;
    without ariaNotify unless asked for."""
    opened = Browser(server, tmp_path / "chromedriver.log", aria_notify=aria_notify)
    try:
        yield opened
    finally:
        opened.close()
