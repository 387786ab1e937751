"""The same deal played again (Try again, Restart) is another game in the statistics, as in most
solitaire apps (Microsoft's TriPeaks counts a replay as a game played): the Played row says so in
its tooltip, in four languages (docs/play/index.md)."""

from __future__ import annotations

import html
import re

import pytest
from fake_store import kept_app

from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.keep import keep_text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_restarted_deal_counts_as_another_game_and_the_played_row_says_so(lang):
    app, kept = kept_app()
    app.set_language(lang)
    for _ in range(2):  # a move, then the same deal again: the first game ends (abandoned, a loss)
        app.session.draw()
        app.session.request_restart()
        if app.confirm.asking:
            app.confirm.yes_button.click()
    assert len(kept.keeper.history) == 2 and {e.code for e in kept.keeper.history} == {str(app.game.code)}
    kept.stats.set_open(True)
    row = re.search(r'<th scope="row" title="([^"]*)">([^<]*)</th>', kept.stats.table.value)
    assert row is not None, kept.stats.table.value
    tip, label = html.unescape(row.group(1)), html.unescape(row.group(2))
    assert label == keep_text("stats.played", lang)
    assert tip == keep_text("stats.played_tip", lang) and label not in tip  # a tooltip never repeats its label
