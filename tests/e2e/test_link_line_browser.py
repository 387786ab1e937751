"""A ``?code=`` link in a real browser (Voila): the status line says the game came from the link."""

from __future__ import annotations

import pytest

from tripeaks.i18n.keep import keep_text

from .test_records_browser import NOTEBOOK
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

LINK = "TP1-C-AAAAAAF-OP"


def test_a_link_says_in_the_status_line_that_its_game_is_played(voila_server, page, page_errors):
    app = TriPeaksPage(page)
    app.open(f"{voila_server(NOTEBOOK).url}?code={LINK}", timeout=300_000)
    app.wait_contains(".tp-code", LINK)
    app.wait_contains(".tp-status", keep_text("keep.link_dealt", "en", code=LINK))
    app.choose_language("Português")
    app.wait_contains(".tp-status", keep_text("keep.link_dealt", "pt", code=LINK))
    assert page_errors == []
