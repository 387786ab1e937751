"""Class results in the browser: a class server (config/voila.py) with a class database and a challenge.

The student's page, served by a preheated kernel that waited in the pool,
asks for a name, plays, and deals the class challenge in one click; the
abandoned game is in the database with the name, and its duration counts
from when the page showed the deal, not from when the pool kernel built it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from tripeaks.history.class_results import ENV_CHALLENGE, ENV_DB, ClassStore, Outcome
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.ui import ui_text

from .browser import new_page
from .tripeaks_page import TriPeaksPage
from .voila_server import REPO_ROOT, VoilaServer, per_worker

CHALLENGE = "TP1-C-AAAAAAD"
POOL_WAIT = 10.0  # seconds the pool kernel has lived before the page opens


def _process_age(pid: int) -> float:
    """Seconds since process ``pid`` started (from /proc)."""
    ticks = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


@pytest.mark.e2e
@pytest.mark.slow
def test_a_student_names_herself_plays_and_deals_the_challenge_and_the_game_is_recorded(
    _browser: Any, artifacts_dir: Path, tmp_path: Path, page_errors: list[str]
) -> None:
    db = tmp_path / "class.sqlite"
    log = artifacts_dir / per_worker("voila-class-results.log")
    log.unlink(missing_ok=True)
    args = (f"--Voila.config_file_paths={REPO_ROOT / 'config'}", "--pool_size=1")
    env = {ENV_DB: str(db), ENV_CHALLENGE: CHALLENGE}
    with VoilaServer(REPO_ROOT / "notebooks" / "tripeaks.ipynb", log_path=log, extra_args=args, env=env) as server:
        deadline = time.monotonic() + 90
        while not server.kernel_pids() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.kernel_pids(), server.log()[-3000:]
        while _process_age(server.kernel_pids()[0]) < POOL_WAIT:  # the pool kernel builds the app, then waits
            time.sleep(0.2)
        page = new_page(_browser)
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        try:
            opened = time.monotonic()
            app = TriPeaksPage(page, timeout=30_000)
            app.open(server.url)
            page.wait_for_selector(".tp-classbar-name input", state="visible")
            app.wait_text(".tp-classbar-prompt", classroom_text("name.prompt", "en"))
            page.fill(".tp-classbar-name input", "  Ana ")
            page.click(".tp-classbar-save")
            app.wait_text(".tp-classbar-note", classroom_text("name.saved", "en", name="Ana"))
            assert not page.is_visible(".tp-classbar-name input")  # asked once
            app.wait_text(".tp-challenge-text", classroom_text("challenge.banner", "en", code=CHALLENGE))
            score = app.text(".tp-score")
            app.draw()
            app.wait_changed(".tp-score", score)
            page.click(".tp-challenge-deal")  # the challenge, dealt once the student says Yes to abandoning
            app.answer(True)
            app.wait_contains(".tp-code", CHALLENGE)
            app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
            dealt = time.monotonic()
            store = ClassStore(db)
            deadline = time.monotonic() + 30
            while not store.games() and time.monotonic() < deadline:
                time.sleep(0.2)
            page.screenshot(path=str(artifacts_dir / "class-results-student.png"), full_page=True)
        finally:
            page.context.close()
    [game] = store.games()
    assert (game.name, game.result, game.moves, game.draws) == ("Ana", Outcome.ABANDONED, 1, 1)
    assert game.code is not None and game.code != CHALLENGE and game.rules == "E"
    # From the page showing the deal: not the pool kernel's ten seconds and more before it.
    assert 0 < game.duration < dealt - opened + 1.0, (game.duration, dealt - opened)
    assert page_errors == []


@pytest.mark.e2e
def test_a_blocked_game_left_on_the_table_is_recorded_when_the_tab_closes(
    _browser: Any, artifacts_dir: Path, tmp_path: Path, page_errors: list[str]
) -> None:
    from tripeaks import Game

    code = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked
    db = tmp_path / "class.sqlite"
    log = artifacts_dir / per_worker("voila-class-closed-tab.log")
    log.unlink(missing_ok=True)
    args = (f"--Voila.config_file_paths={REPO_ROOT / 'config'}", "--pool_size=0")
    with VoilaServer(
        REPO_ROOT / "notebooks" / "tripeaks.ipynb", log_path=log, extra_args=args, env={ENV_DB: str(db)}
    ) as server:
        page = new_page(_browser)
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        try:
            app = TriPeaksPage(page, timeout=30_000)
            app.open(server.url)
            page.wait_for_selector(".tp-classbar-name input", state="visible")
            page.fill(".tp-classbar-name input", "Ana")
            page.click(".tp-classbar-save")
            app.wait_text(".tp-classbar-note", classroom_text("name.saved", "en", name="Ana"))
            app.deal(code)
            app.wait_contains(".tp-code", code)
            game = Game.from_code(code)
            app.play_to_the_end(game)
            assert game.status.value == "blocked"
            store = ClassStore(db)
            deadline = time.monotonic() + 30
            while not store.games() and time.monotonic() < deadline:  # recorded the moment it is blocked
                time.sleep(0.2)
            [first] = store.games()
            assert first.result is Outcome.BLOCKED
            page.close(run_before_unload=True)  # Voila stops the page's kernel as the tab closes
            deadline = time.monotonic() + 30  # recorded again as the kernel stops: the same row, its later time
            while store.games()[0].played_at == first.played_at and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            page.context.close()
        [row] = store.games()
        assert (row.name, row.code, row.result, row.moves) == ("Ana", code, Outcome.BLOCKED, game.moves)
        assert "Traceback" not in server.log(), server.log()[-3000:]
    assert page_errors == []
