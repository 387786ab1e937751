"""A win, celebrated on the felt (notebooks/tripeaks.ipynb in Voila, Chromium), at a desktop's and
a phone's size, in both themes: the heading large, the final score large (counting up from 0), a
short cascade of cards over the felt, all in the window; nothing moves under reduced motion.
Expected texts come from the engine and the catalogues, never from the page."""

from __future__ import annotations

import pytest

from tripeaks.app.views.theme import PALETTE_DARK, PALETTE_LIGHT
from tripeaks.i18n import format_number
from tripeaks.i18n.rulesets import rules_text
from tripeaks.solver import solve

from .test_play_feel_browser import WINNABLE, open_dealt, play
from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"

pytestmark = pytest.mark.e2e

# Every animation frame for 2.6 s from the win: the celebration's animations that move (their names), the
# falling cards seen in the window (opacity > 0.05, their box inside the window), and whether the
# score was seen counting (a number shown below the final one).
WATCH_JS = """
() => new Promise((resolve) => {
  const names = new Set();
  let cards = 0, counted = false, start = null;
  const frame = () => {
    const end = document.querySelector('.tp-end.tp-end-open.tp-end-won');
    if (end && start === null) start = performance.now();
    if (start !== null) {
      for (const a of document.getAnimations()) {
        const t = a.effect && a.effect.target;
        const moves = a.effect.getComputedTiming().duration > 0;  // a 0 s one (a delayed fade-in) moves nothing
        if (a.playState === 'running' && moves && t && t.closest && t.closest('.tp-end, .tp-cascade')) names.add(a.animationName);
      }
      let seen = 0;
      for (const c of document.querySelectorAll('.tp-cascade .tp-fall-card')) {
        const r = c.getBoundingClientRect();
        const look = getComputedStyle(c.parentElement);
        if (parseFloat(look.opacity) > 0.05 && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
            && r.left >= 0 && r.right <= innerWidth) seen += 1;
      }
      cards = Math.max(cards, seen);
      const count = document.querySelector('.tp-countup');
      const look = count && getComputedStyle(count);
      if (look && look.display !== 'none' && look.visibility === 'visible') {
        counted = true;
        const n = parseInt(look.getPropertyValue('--tp-count'), 10);
        if (!Number.isNaN(n)) window.__tpCounts = [...(window.__tpCounts || []), n];
      }
    }
    if (start === null || performance.now() - start < 2600) requestAnimationFrame(frame);
    else resolve({names: [...names], cards, counted});
  };
  requestAnimationFrame(frame);
})
"""

_BOX_JS = """
(sel) => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
  const look = getComputedStyle(el);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, size: parseFloat(look.fontSize),
          color: look.color, visible: look.visibility === 'visible' && r.width > 0}; }
"""


def _rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize(
    ("size", "motion", "theme"),
    [
        ((1280, 800), "no-preference", "light"),
        ((375, 700), "no-preference", "dark"),
        ((1280, 800), "reduce", "dark"),
        ((375, 700), "reduce", "light"),
    ],
    ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else v,
)
def test_a_win_is_celebrated_large_on_the_felt(voila_server, page, page_errors, artifacts_dir, size, motion, theme):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(reduced_motion=motion)
    server = voila_server(NOTEBOOK, "--theme=dark") if theme == "dark" else voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_dealt(app, server.url, WINNABLE)
    line = solve(game).line
    play(app, game, line[:-1])
    page.evaluate(f"() => {{ window.__tpWin = ({WATCH_JS})(); }}")  # not awaited
    app.click_card(line[-1])
    game.apply(line[-1])
    page.locator(".tp-end.tp-end-open").wait_for()
    seen = page.evaluate("() => window.__tpWin")
    page.screenshot(path=str(artifacts_dir / f"win-{size[0]}x{size[1]}-{motion}-{theme}.png"))
    w, h = size
    # The heading and the final score, large and in the window, the score in the theme's colour.
    title = page.evaluate(_BOX_JS, ".tp-end-title [role=heading]")
    score = page.evaluate(_BOX_JS, ".tp-end-bigscore .tp-bigscore-number")
    for box in (title, score):
        assert box["visible"] and 0 <= box["top"] and box["bottom"] <= h and 0 <= box["left"] and box["right"] <= w
    assert title["size"] >= 26 and score["size"] >= 34, (title, score)
    assert app.text(".tp-end-bigscore .tp-bigscore-number") == format_number(game.score, "en")
    assert rules_text("end.score", "en") in app.text(".tp-end-bigscore")
    palette = PALETTE_DARK if theme == "dark" else PALETTE_LIGHT
    assert score["color"] == _rgb(palette["ok-text"])
    if motion == "reduce":
        assert seen["names"] == [] and seen["cards"] == 0 and not seen["counted"], seen
    else:
        assert {"tp-count-up", "tp-fall"} <= set(seen["names"]), seen
        assert seen["cards"] >= 6, seen  # the cascade falls over the felt, in the window
        counts = page.evaluate("() => window.__tpCounts || []")
        assert counts and min(counts) < game.score, counts  # it counted up to the score
    assert page_errors == []
