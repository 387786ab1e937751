"""Watch in the browser: the teacher's page (notebooks/class_results.ipynb in Voila) lists a
student's stored games and replays one in the app's replay panel, on a board of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tripeaks import Game, Status
from tripeaks.history.class_results import ENV_DB, ENV_TEACHER_SECRET, ClassRow, ClassStore
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.keep import keep_text
from tripeaks.solver import solve

from .browser import new_page
from .tripeaks_page import TriPeaksPage
from .voila_server import REPO_ROOT, VoilaServer

CODE = "TP1-E-AAAAAAD"


@pytest.mark.e2e
@pytest.mark.slow
def test_the_teacher_watches_a_students_stored_game_step_by_step(
    _browser: Any, artifacts_dir: Path, tmp_path: Path, page_errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_TEACHER_SECRET, raising=False)
    db = tmp_path / "class.sqlite"
    game = Game.from_code(CODE)
    for action in solve(game).line:
        game.draw() if action == "D" else game.play(action)
    assert game.status is Status.WON
    steps = len(game.to_record()["actions"])
    assert ClassStore(db).record_game(ClassRow.from_game("Chloé", game, duration=75.0))
    log = artifacts_dir / "voila-teacher-watch.log"
    log.unlink(missing_ok=True)
    notebook = REPO_ROOT / "notebooks" / "class_results.ipynb"
    with VoilaServer(notebook, log_path=log, env={ENV_DB: str(db)}) as server:
        page = new_page(_browser)
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        try:
            teacher = TriPeaksPage(page, timeout=60_000)
            page.goto(server.url, wait_until="commit")
            page.wait_for_selector(".tp-class-watch", state="visible", timeout=240_000)
            assert page.is_visible(".tp-class-attempt-picker")
            page.click(".tp-class-watch")
            page.wait_for_selector(".tp-class-watch-box .tp-replay-slider", state="visible", timeout=60_000)
            teacher.wait_text(
                ".tp-class-watch-box .tp-replay-step", keep_text("replay.step", "en", step=0, steps=steps)
            )
            assert "Chloé" in teacher.text(".tp-class-watch-box h4")
            page.click(".tp-class-watch-box .tp-replay-next")
            teacher.wait_text(
                ".tp-class-watch-box .tp-replay-step", keep_text("replay.step", "en", step=1, steps=steps)
            )
            page.screenshot(path=str(artifacts_dir / "teacher-watch.png"), full_page=True)
            page.click(".tp-class-watch-close")
            page.wait_for_selector(".tp-class-watch-box", state="hidden", timeout=30_000)
            assert classroom_text("attempts.watch", "en") in teacher.text(".tp-class-watch")
        finally:
            page.context.close()
    assert ClassStore(db).count() == 1  # watching recorded nothing
    assert page_errors == []
