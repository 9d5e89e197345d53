"""The page checked by a tool: axe-core, injected into the page in a real headless Chromium,
finds no violation (of every rule it runs by default: WCAG 2.x A and AA, and its best
practices) on the login, lobby and table views, on a phone's width (360 CSS pixels), a
desktop's (1280), and a phone in dark mode with more contrast asked for; on the
round-over view on a phone, light and dark with more contrast (on a desktop it is checked
at the end of the keyboard round in test_web_keyboard); and at 400% zoom of a desktop
(320 CSS pixels) the page reflows into one column with nothing to scroll sideways.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_browser import Browser, WebServer, axe_report, browsing, serving, wait_for


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from serving(tmp_path_factory)


@pytest.fixture
def browser(server: WebServer, tmp_path: Path) -> Iterator[Browser]:
    yield from browsing(server, tmp_path)


def _no_violations(browser: Browser, where: str) -> None:
    violations = browser.axe()
    assert violations == [], f"axe-core on the {where} view:\n{axe_report(violations)}"


DARK_AND_MORE_CONTRAST = (
    {"name": "prefers-color-scheme", "value": "dark"},
    {"name": "prefers-contrast", "value": "more"},
)


@pytest.mark.parametrize(
    ("width", "media", "name"),
    [(360, (), "phil"), (1280, (), "desk"), (360, DARK_AND_MORE_CONTRAST, "dora")],
    ids=["360px", "1280px", "360px-dark-more-contrast"],
)
def test_axe_finds_no_violation_on_the_login_lobby_and_table_views(
    browser: Browser,
    server: WebServer,
    width: int,
    media: tuple[dict[str, str], ...],
    name: str,
) -> None:
    browser.width(width)
    browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": list(media)})
    browser.driver.get(server.url + "/")
    wait_for("the login form", lambda: browser.focused()["id"] == "login-name")
    _no_violations(browser, f"login ({width} px)")
    browser.log_in(name)
    _no_violations(browser, f"lobby ({width} px)")
    browser.to_a_table_with_a_bot()
    _no_violations(browser, f"table ({width} px)")


def test_axe_finds_no_violation_on_the_round_over_view_on_a_phone_light_and_dark(
    browser: Browser, server: WebServer
) -> None:
    browser.width(360)
    browser.log_in("rosa")
    browser.to_a_table_with_a_bot("standard,hand_size=2")
    browser.play_round(browser.words(), uno=True)  # a short round: UNO called, never caught
    _no_violations(browser, "round-over (360 px)")
    browser.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": list(DARK_AND_MORE_CONTRAST)}
    )
    _no_violations(browser, "round-over (360 px, dark, more contrast)")


def _sideways(browser: Browser) -> int:
    """How many CSS pixels the page is wider than the viewport."""
    found = browser.js(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
    )
    assert isinstance(found, int)
    return found


def test_at_400_percent_zoom_every_view_reflows_with_nothing_to_scroll_sideways(
    browser: Browser, server: WebServer
) -> None:
    browser.width(320, 256)  # 1280 x 1024 at 400%
    browser.driver.get(server.url + "/")
    wait_for("the login form", lambda: browser.focused()["id"] == "login-name")
    assert _sideways(browser) <= 0, "the login view scrolls sideways at 320 px"
    browser.log_in("zoe")
    assert _sideways(browser) <= 0, "the lobby view scrolls sideways at 320 px"
    browser.to_a_table_with_a_bot()
    assert _sideways(browser) <= 0, "the table view scrolls sideways at 320 px"
