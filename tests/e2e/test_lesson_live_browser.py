"""A lesson live in the browser: the class server of ``python -m tripeaks class-server`` (the notebooks
folder, config/voila.py, a class database, the teacher's secret), one teacher page and two student pages.

The teacher's page refuses to show or change anything without the secret; once it has it,
a challenge set there reaches a student page that was already open (its banner and the
button's deal), and the page shows by itself who is playing and the game recorded.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tripeaks.cli import class_server_plan
from tripeaks.history.class_results import ENV_DB, ENV_TEACHER_SECRET, ClassStore
from tripeaks.i18n.classroom import classroom_text

from .browser import new_page
from .tripeaks_page import TriPeaksPage
from .voila_server import REPO_ROOT, VoilaServer, per_worker

FIRST = "TP1-E-AAAAAAC"
SECOND = "TP1-E-AAAAAAD"
SECRET = "teacher-only-secret"
ROBERT = "Robert'); DROP TABLE--"


class _FolderServer(VoilaServer):
    """The class server's Voila over the notebooks folder (not one notebook)."""

    def command(self, port: int) -> list[str]:
        line = super().command(port)
        return [str(self.notebook.parent) if part == str(self.notebook) else part for part in line]


def _plan(db: Path) -> tuple[list[str], dict[str, str]]:
    import argparse

    args = argparse.Namespace(db=str(db), port=8866, local=True, secret=SECRET, lang="en", dry_run=False)
    command, env, _lines = class_server_plan(args)
    return command, env


@pytest.mark.e2e
@pytest.mark.slow
def test_the_teachers_page_needs_the_secret_and_a_new_challenge_reaches_an_open_student_page(
    _browser: Any, artifacts_dir: Path, tmp_path: Path, page_errors: list[str]
) -> None:
    db = tmp_path / "lesson" / "class.sqlite"
    command, env = _plan(db)
    assert env == {ENV_DB: str(db), ENV_TEACHER_SECRET: SECRET}
    options = tuple(a for a in command if a.startswith("--VoilaKernelManager") or a.startswith("--Voila.config"))
    ClassStore(db).set_challenge(FIRST)
    log = artifacts_dir / per_worker("voila-lesson-live.log")
    log.unlink(missing_ok=True)
    notebook = REPO_ROOT / "notebooks" / "tripeaks.ipynb"
    with _FolderServer(notebook, log_path=log, extra_args=(*options, "--pool_size=1"), env=env) as server:
        render = server.url + "voila/render/"
        ana_page, chloe_page, teacher = new_page(_browser), new_page(_browser), new_page(_browser)
        for p in (ana_page, chloe_page, teacher):
            p.on("pageerror", lambda exc: page_errors.append(str(exc)))
        try:
            ana = TriPeaksPage(ana_page, timeout=30_000)
            ana.open(render + "tripeaks.ipynb", timeout=240_000)
            ana_page.fill(".tp-classbar-name input", ROBERT)
            ana_page.click(".tp-classbar-save")
            ana.wait_text(".tp-challenge-text", classroom_text("challenge.banner", "en", code=FIRST))

            chloe = TriPeaksPage(chloe_page, timeout=30_000)
            chloe.open(render + "tripeaks.ipynb", timeout=240_000)
            chloe_page.fill(".tp-classbar-name input", " chloé ")
            chloe_page.click(".tp-classbar-save")

            # The teacher's page without the secret: nothing of the class, nothing to change.
            teacher.goto(render + "class_results.ipynb", wait_until="commit")
            teacher.wait_for_selector(".tp-class-secret input", state="visible", timeout=240_000)
            assert not teacher.is_visible(".tp-class-leaderboard")
            assert not teacher.is_visible(".tp-class-manage")
            teacher.fill(".tp-class-secret input", "guess")
            teacher.click(".tp-class-unlock")
            teacher.wait_for_selector(f"text={classroom_text('lock.wrong', 'en')}")
            assert ClassStore(db).challenge().code == FIRST  # type: ignore[union-attr]
            teacher.fill(".tp-class-secret input", SECRET)
            teacher.click(".tp-class-unlock")
            teacher.wait_for_selector(".tp-class-manage", state="visible", timeout=30_000)

            # A new challenge reaches Ana's open page; her button deals what it shows.
            teacher.fill(".tp-class-challenge-input input", SECOND)
            teacher.click(".tp-class-set")
            ana.wait_text(".tp-challenge-text", classroom_text("challenge.banner", "en", code=SECOND), timeout=20_000)
            ana_page.click(".tp-challenge-deal")
            if ana_page.is_visible(".tp-confirm"):
                ana.answer(True)
            ana.wait_contains(".tp-code", SECOND)

            # Ana plays: the teacher's page shows her by itself, then her recorded game.
            score = ana.text(".tp-score")
            ana.draw()
            ana.wait_changed(".tp-score", score)
            teacher.wait_for_selector(f".tp-class-live >> text={ROBERT}", timeout=30_000)  # joined, then playing
            row = teacher.locator(".tp-class-live tr", has_text=ROBERT)
            row.locator("td", has_text=classroom_text("live.playing", "en")).wait_for(timeout=30_000)
            ana.restart()
            ana.answer(True)
            teacher.wait_for_selector(f".tp-class-leaderboard >> text={ROBERT}", timeout=30_000)
            teacher.screenshot(path=str(artifacts_dir / "lesson-live-teacher.png"), full_page=True)
        finally:
            for p in (ana_page, chloe_page, teacher):
                p.context.close()
    deadline = time.monotonic() + 10
    store = ClassStore(db)
    while not store.games() and time.monotonic() < deadline:
        time.sleep(0.2)
    [game] = store.games()
    assert (game.name, game.code, game.result.value) == (ROBERT, SECOND, "abandoned")
    assert page_errors == []
