"""The Statistics panel in the page (notebooks/tripeaks.ipynb in Voila, Chromium), from a history
written in the browser's storage before the page opens: the plots fill the panel's width with words
read at a readable size, at a desktop's and a phone's size; a game abandoned after two moves stays
out of the average score (counted apart); the row of games continued from a saved one says what it
is.  Expected texts come from the history and the catalogues, never from the page."""

from __future__ import annotations

import datetime
import json

import pytest

from tripeaks.app.model.keeper import STORAGE_FORMAT, STORAGE_KEY, STORAGE_VERSION
from tripeaks.app.views.stats_panel import PLOT_SIZE, TICK_POINTS
from tripeaks.history.stats import UTC, GameEntry, Outcome, summarize
from tripeaks.i18n.core import format_number
from tripeaks.i18n.keep import keep_text

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"

pytestmark = pytest.mark.e2e

T0 = datetime.datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _entry(i: int, result: Outcome, score: int, moves: int, from_record: bool = False) -> GameEntry:
    return GameEntry(
        code="TP1-E-AAAAAAD",
        rules="E",
        result=result,
        score=score,
        moves=moves,
        draws=3,
        undos=0,
        duration=60.0,
        date=T0 + datetime.timedelta(minutes=i),
        from_record=from_record,
    )


HISTORY = [
    _entry(0, Outcome.WON, 751, 49),
    _entry(1, Outcome.BLOCKED, 480, 44),
    _entry(2, Outcome.ABANDONED, 498, 2),  # two moves, then another deal
    _entry(3, Outcome.WON, 720, 50),
    _entry(4, Outcome.BLOCKED, 455, 47, from_record=True),
    _entry(5, Outcome.ABANDONED, 499, 1),
]

_GEOMETRY_JS = """
() => { const img = document.querySelector('.tp-stats-plot');
  const body = document.querySelector('.tp-stats-body');
  const look = getComputedStyle(body);
  const inner = body.clientWidth - parseFloat(look.paddingLeft) - parseFloat(look.paddingRight);
  const r = img.getBoundingClientRect();
  return {width: r.width, inner, natural: img.naturalWidth, left: r.left, right: r.right}; }
"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 700)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_statistics_plots_fill_the_panel_and_the_averages_leave_abandons_out(voila_server, page, page_errors, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    stored = {"format": STORAGE_FORMAT, "version": STORAGE_VERSION, "history": [e.to_json() for e in HISTORY]}
    page.add_init_script(f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(json.dumps(stored))});")
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    app.click(".tp-stats-toggle")
    app.wait_contains(".tp-stats-table", keep_text("stats.overall", "en"))
    page.wait_for_function(
        "() => { const i = document.querySelector('.tp-stats-plot'); return i && i.src && i.naturalWidth > 0; }"
    )
    page.locator(".tp-stats-plot").scroll_into_view_if_needed()
    g = page.evaluate(_GEOMETRY_JS)
    # The plots take the panel's width, inside the window, drawn sharp (two pixels per CSS pixel) ...
    assert g["width"] >= g["inner"] - 2 and g["left"] >= 0 and g["right"] <= size[0], g
    assert g["natural"] == 2 * PLOT_SIZE[0], g
    # ... and their smallest words show at 10 CSS pixels at least (a point is 100/72 px at the drawn size).
    assert TICK_POINTS * 100 / 72 * g["width"] / PLOT_SIZE[0] >= 10, g
    # The rows, read by their labels: the average is over the finished games; abandons counted apart.
    rows = {
        r.locator("th").inner_text().strip(): r.locator("td.tp-stats-all").inner_text().strip()
        for r in page.locator(".tp-stats-table tr").all()[1:]
    }
    finished = [e for e in HISTORY if e.result is not Outcome.ABANDONED]
    average = sum(e.score for e in finished) / len(finished)
    assert summarize(HISTORY).average_score == average
    assert rows[keep_text("stats.average_score", "en")] == format_number(average, "en", digits=1)
    assert rows[keep_text("stats.abandoned", "en")] == "2"
    assert rows[keep_text("stats.played", "en")] == str(len(HISTORY))
    label = keep_text("stats.from_record", "en")
    assert rows[label] == "1"
    tip = page.locator(".tp-stats-table th", has_text=label).get_attribute("title")
    assert tip == keep_text("stats.from_record_tip", "en") and label not in tip
    assert page_errors == []
