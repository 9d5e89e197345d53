"""Between people in a real headless Chromium, by keyboard alone: a private message typed
in one page's command line is announced in the other page's live region and kept in its
chat's history; a block, typed the same way, keeps the blocked person's lines out of the
blocker's page entirely (every frame it got is captured)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_browser import Browser, WebServer, browsing, serving, wait_for

from uno_access.access import messages


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    yield from serving(tmp_path_factory)


@pytest.fixture
def pages(server: WebServer, tmp_path: Path) -> Iterator[tuple[Browser, Browser]]:
    for name in ("ann", "bob"):
        (tmp_path / name).mkdir()
    ann = browsing(server, tmp_path / "ann")
    bob = browsing(server, tmp_path / "bob")
    yield next(ann), next(bob)
    for opened in (ann, bob):
        next(opened, None)


def test_a_private_message_is_announced_and_a_block_keeps_everything_out(
    pages: tuple[Browser, Browser],
) -> None:
    ann, bob = pages
    ann.log_in("wann")
    bob.log_in("wbob")
    ann.line("tell wbob hello from chromium")
    heard = messages.net_tells_you("wann", "hello from chromium")
    bob.told(heard)
    wait_for("the message announced", lambda: any(s.text == heard for s in bob.said()) or None)
    bob.line("block wann")
    bob.told(messages.net_blocked("wann", already=False))
    ann.line("tell wbob after the block")
    ann.told(messages.net_you_tell("wbob", "after the block"))
    ann.line("say lobby line after the block")
    ann.told("wann says: lobby line after the block")
    bob.line("who")
    bob.told("Connected:")
    printed = [frame.get("print", "") for frame in bob.got()]
    assert not any("after the block" in line for line in printed)
    assert not any("after the block" in s.text for s in bob.said())
