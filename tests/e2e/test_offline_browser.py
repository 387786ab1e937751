"""A school without internet: the class server's pages (config/voila.py) ask nothing of any host but
the server, and their icons are drawn from the server's own files (Voila's lab template asked a CDN
for Font Awesome: offline, the page waited for it, and the icons depended on it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tripeaks.history.class_results import ENV_CHALLENGE, ENV_DB, ENV_TEACHER_SECRET, ClassStore

from .browser import new_page
from .voila_server import REPO_ROOT, VoilaServer, per_worker

_OWN = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob):")
CLASS_CONFIG = (f"--Voila.config_file_paths={REPO_ROOT / 'config'}", "--VoilaConfiguration.preheat_kernel=False")


@pytest.fixture(scope="module", params=["tripeaks.ipynb", "class_results.ipynb"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, artifacts_dir: Path
) -> Iterator[VoilaServer]:
    db = tmp_path_factory.mktemp("class") / "class.sqlite"
    assert ClassStore(db).available
    env = {ENV_DB: str(db), ENV_TEACHER_SECRET: "", ENV_CHALLENGE: ""}
    log = artifacts_dir / per_worker(f"voila-offline-{Path(request.param).stem}.log")
    log.unlink(missing_ok=True)
    started = VoilaServer(REPO_ROOT / "notebooks" / request.param, log_path=log, extra_args=CLASS_CONFIG, env=env)
    with started.start() as running:
        yield running


def test_the_class_servers_pages_ask_no_other_host_and_draw_their_icons(_browser: Any, server: VoilaServer) -> None:
    page = new_page(_browser, viewport={"width": 1280, "height": 800})
    asked: list[str] = []
    page.on("request", lambda r: None if _OWN.match(r.url) else asked.append(r.url))
    try:
        page.set_default_timeout(60_000)
        page.goto(server.url, wait_until="commit")
        page.wait_for_selector(".tp-card, .tp-class", state="visible", timeout=240_000)
        page.wait_for_timeout(1500)  # any late request (a font, a style sheet) is made by now
        assert asked == []
        icons = page.evaluate(
            """() => [...document.querySelectorAll('.widget-button i.fa')].filter(i => i.offsetParent).map(i => {
                const glyph = getComputedStyle(i, '::before');
                return {family: glyph.fontFamily, content: glyph.content, width: i.getBoundingClientRect().width,
                        loaded: document.fonts.check(glyph.fontWeight + ' 16px ' + glyph.fontFamily.split(',')[0])};
            })"""
        )
        assert icons, "no icon on the page"
        for icon in icons:  # a Font Awesome glyph, from a font the page has loaded from the server
            assert "Font Awesome" in icon["family"] and icon["content"] not in ("none", "normal", '""'), icon
            assert icon["width"] > 4 and icon["loaded"], icon
    finally:
        page.context.close()
