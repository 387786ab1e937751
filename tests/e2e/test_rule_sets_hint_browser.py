"""Hints to a win under Traditional and under Tri Peaks (docs/rules.md §8), in Voila and Chromium.

As in ``test_hint_browser.py`` (Easy): each hint the page shows (the ringed
card or stock and the sentence) is compared with the solver's hint for the
same position, and following them must win the game.  Under Traditional the
stock may be hinted only when no card fits (draw only when stuck); under
Tri Peaks every card is face up and an undo would cost points, so the hints
never use one.  The end of the game then shows its breakdown.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tripeaks import Game, Status
from tripeaks.i18n import explain, status_message
from tripeaks.i18n.ui import preset_name, ui_text

from .test_hint_browser import ask_hint
from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    "code",
    ["TP1-E-AAAAAAB-SR", "TP1-C-AAAAAAB-OP"],  # Traditional and Tri Peaks; both winnable (the solver proves it)
    ids=["traditional", "tri-peaks"],
)
def test_hints_win_a_deal_under_a_preset(code, voila_server, page, page_errors, artifacts_dir: Path):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    app.open(server.url)
    app.wait_text(".tp-hint", ui_text("controls.hint", "en"))
    app.deal(code)
    game = Game.from_code(code)
    app.wait_text(".tp-rule", ui_text("header.rule", "en", rule=preset_name(game.rules, "en")))
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))

    latencies: list[float] = []
    action = ask_hint(app, game, latencies)
    for _ in range(80):
        if action == "D":
            assert game.can_draw  # under draw stuck, only when no card fits
            app.draw()
        else:
            app.click_card(action)
        event = game.apply(action)
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
        if game.is_over:
            break
        app.wait_text(".tp-status", explain(event, "en"))
        action = ask_hint(app, game, latencies)

    assert game.status is Status.WON
    app.wait_contains(".tp-status", status_message(Status.WON, "en", game.score))
    app.wait_disabled(".tp-hint")
    page.locator(".tp-end").wait_for(state="visible")
    points = [
        int(re.sub(r"[^\d-]", "", t.replace("\u2212", "-")))
        for t in page.locator(".tp-breakdown td.tp-points").all_inner_texts()
    ]
    assert sum(points[:-1]) == points[-1] == game.score
    page.screenshot(path=str(artifacts_dir / f"rules-hints-won-{game.rules.preset}.png"), full_page=True)
    ms = sorted(1000 * t for t in latencies)
    print(f"{code}: {len(ms)} hints, p50 {ms[len(ms) // 2]:.0f} ms, max {ms[-1]:.0f} ms")
    assert page_errors == []
