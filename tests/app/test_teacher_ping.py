"""A teacher's page whose browser died stops refreshing itself, so its kernel goes idle and Voila's
idle culler can stop it (each such kernel held about 160 MB until the server stopped: the page's own
look every few seconds kept it busy).  The page's browser pings; a ping brings the looks back."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from class_rows import one_game_db

from tripeaks.app.views import teacher_page
from tripeaks.app.views.teacher_page import ClassResults, PagePing


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return one_game_db(tmp_path, monkeypatch)


def test_the_page_stops_looking_once_its_browser_is_silent_and_a_ping_brings_it_back(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    looks: list[float] = []
    monkeypatch.setattr(teacher_page, "_kernel_loop", lambda: lambda callback: looks.append(time.monotonic()))
    monkeypatch.setattr(teacher_page, "PING_TIMEOUT_SECONDS", 1.0)
    view = ClassResults(db, auto_refresh=0.05)  # a look every 0.05 s, as in a kernel
    try:
        time.sleep(0.3)
        assert len(looks) >= 3  # the page was just made: it counts as shown
        time.sleep(0.8)  # no ping since: the browser is gone
        silent = len(looks)
        time.sleep(0.4)
        assert len(looks) == silent  # no look at all: the kernel is idle, the culler can take it
        view.ping._received(view.ping, {"kind": "ping"}, [])  # a browser shows it again
        time.sleep(0.3)
        assert len(looks) >= silent + 3
    finally:
        view.close()


def test_the_ping_is_a_custom_message_of_a_widget_the_page_holds(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    assert isinstance(view.ping, PagePing) and view.ping in view.children
    assert view.ping.every == teacher_page.PING_SECONDS < teacher_page.PING_TIMEOUT_SECONDS / 2
    before = view.ping.pinged_at
    view.ping._received(view.ping, {"kind": "other"}, [])
    assert view.ping.pinged_at == before  # only a ping counts
    assert "ping" in view.ping._esm and "setInterval" in view.ping._esm
    view.close()
