"""The phone's play bar, held at the window's bottom edge, in the page's colour in both themes: its band
was another colour than the page around it under ``--theme=dark``."""

from __future__ import annotations

import pytest

from .test_app_browser import NOTEBOOK, open_with_code
from .test_look_browser import settle
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

# The bar's own background, and the colour that shows around it: the first ancestor of the playing
# column with a background that is not transparent (the page's).
_COLOURS_JS = """
() => { const bar = document.querySelector('.tp-controls');
  const clear = (c) => c === 'transparent' || c === 'rgba(0, 0, 0, 0)';
  let el = bar.parentElement, around = null;
  while (el && around === null) { const c = getComputedStyle(el).backgroundColor; if (!clear(c)) around = c; el = el.parentElement; }
  if (around === null) around = getComputedStyle(document.documentElement).backgroundColor;
  if (clear(around)) around = 'rgb(255, 255, 255)';
  const look = getComputedStyle(bar);
  return {bar: look.backgroundColor, around, position: look.position}; }
"""


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_phones_play_bar_is_in_the_pages_colour(voila_server, page, page_errors, theme):
    page.set_viewport_size({"width": 375, "height": 700})
    server = voila_server(NOTEBOOK, "--theme=dark") if theme == "dark" else voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    open_with_code(app, server.url)
    settle(page)
    seen = page.evaluate(_COLOURS_JS)
    assert seen["position"] == "sticky", seen  # the bar held at the bottom edge
    assert seen["bar"] == seen["around"], seen
    if theme == "dark":
        r, g, b = (int(x) for x in seen["bar"][seen["bar"].index("(") + 1 : -1].split(",")[:3])
        assert max(r, g, b) < 80, seen  # a dark band on a dark page
    assert page_errors == []
