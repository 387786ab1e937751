"""The deal of the day is named in the header while it is played, its date written for the language by Babel."""

from __future__ import annotations

import datetime

import pytest
from fake_store import kept_app
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_state import plain

from tripeaks.app.factory import deal_from_link
from tripeaks.history.daily import daily_code
from tripeaks.history.stats import UTC
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.core import format_day
from tripeaks.i18n.keep import keep_text

DAY = datetime.date(2026, 12, 2)
NOON = datetime.datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


def on_day(storage=None):
    app, kept = kept_app(storage, load=False)
    kept.keeper.now = lambda: NOON
    kept.store.load()
    return app, kept


def caption(app) -> str:
    daily = app.keep.daily_name
    return plain(daily.value) if daily.layout.display != "none" else ""


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("en", "Deal of the day — December 2, 2026"),
        ("pt", "Partida do dia — 2 de dezembro de 2026"),
        ("fr", "Donne du jour — 2 décembre 2026"),
        ("es", "Reparto del día — 2 de diciembre de 2026"),
    ],
)
def test_the_deal_of_the_day_is_named_in_the_header_in_each_language(lang, written):
    app, kept = on_day()
    app.set_language(lang)
    assert caption(app) == ""  # another game: nothing said
    kept.daily_button.click()
    assert str(app.game.code) == str(daily_code(DAY))
    assert caption(app) == written
    header = list(app.header.children)
    assert header.index(kept.daily_name) == header.index(app.header.title_label) + 1  # right after the title


def test_the_name_follows_the_language_a_restart_and_goes_away_with_another_deal():
    app, kept = on_day()
    kept.daily_button.click()
    for lang in LANGUAGES:
        app.set_language(lang)
        assert caption(app) == keep_text("daily.playing", lang, date=format_day(DAY, lang))
    app.set_language("en")
    app.session.draw()
    app.session.restart()  # the same deal again: still the deal of the day
    assert caption(app) == "Deal of the day — December 2, 2026"
    app.session.deal_random()
    assert caption(app) == ""
    deal_from_link(app, f"code={daily_code(DAY)}")  # today's code by a link is the deal of the day too
    assert caption(app) == "Deal of the day — December 2, 2026"
    deal_from_link(app, f"code={daily_code(DAY - datetime.timedelta(days=1))}")  # yesterday's: not today's
    assert caption(app) == ""


def test_a_deal_of_the_day_resumed_after_a_reload_keeps_its_date_the_next_day():
    storage: dict[str, str] = {}
    app, kept = on_day(storage)
    kept.daily_button.click()
    app.session.draw()
    again, kept_again = kept_app(storage, load=False)
    kept_again.keeper.now = lambda: NOON + datetime.timedelta(days=1)  # opened again the next day
    kept_again.store.load()
    assert again.game.moves == 1 and caption(again) == "Deal of the day — December 2, 2026"


@settings(max_examples=200, deadline=None)
@given(
    day=st.dates(datetime.date(1970, 1, 1), datetime.date(2199, 12, 31)),
    later=st.integers(1, 4000),
    lang=st.sampled_from(LANGUAGES),
)
def test_every_date_is_written_whole_and_no_two_days_alike(day, later, lang):
    written = format_day(day, lang)
    assert str(day.year) in written and str(day.day) in written
    assert written != format_day(day + datetime.timedelta(days=later), lang)
    assert written == written.strip() and "{" not in written
