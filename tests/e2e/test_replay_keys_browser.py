"""The replay panel in a real browser (Voila, Chromium): the slider's End key goes to the last step
and Home to step 0, for a record watched after the panel was built (the slider's range changed);
the error of a bad record goes once a good one is watched."""

from __future__ import annotations

import json

import pytest

from tripeaks import Game
from tripeaks.i18n.keep import keep_text
from tripeaks.solver import solve

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"
WON = "TP1-E-AAAAAAD"

pytestmark = pytest.mark.e2e


def record(moves: int | None = None) -> dict:
    game = Game.from_code(WON)
    for action in solve(game).line[:moves]:
        game.apply(action)
    return game.to_record()


def load(app: TriPeaksPage, text: str) -> None:
    box = app.page.locator(".tp-replay-record textarea").first
    box.fill(text)
    app.click(".tp-replay-load")


def test_end_goes_to_the_last_step_and_home_to_step_0_and_a_good_record_clears_the_error(
    voila_server, page, page_errors
):
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url, timeout=300_000)
    app.click(".tp-replay-toggle")
    page.locator(".tp-replay-record textarea").first.wait_for(state="visible")
    load(app, "[1, 2]")  # not a record: said
    page.wait_for_function(
        "() => { const m = document.querySelector('.tp-replay-message'); return !!m && m.innerText.trim() !== ''; }",
        timeout=app.timeout,
    )
    for good in (record(), record(12)):  # two records of other lengths: the slider's range changes each time
        steps = len(good["actions"])
        load(app, json.dumps(good))
        app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=0, steps=steps))
        assert app.text(".tp-replay-message") == ""  # the earlier error is gone
        handle = page.locator(".tp-replay-slider .noUi-handle").first
        handle.focus()
        page.keyboard.press("End")
        app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=steps, steps=steps))
        page.keyboard.press("Home")
        app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=0, steps=steps))
        page.keyboard.press("ArrowRight")  # the other keys still step one by one
        app.wait_text(".tp-replay-step", keep_text("replay.step", "en", step=1, steps=steps))
    assert page_errors == []
