"""A first visit speaks the browser's language (docs/play/index.md): ``build_app()`` without a
``lang`` follows ``navigator.languages`` when no language is saved; a saved language, or a
``lang`` given by the notebook, wins.  Student pages of a class are the same app."""

from __future__ import annotations

import json

from fake_store import kept_app
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.app.factory import build_app
from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.i18n import LANGUAGES, browser_language
from tripeaks.i18n.ui import ui_text

REGIONS = st.sampled_from(["", "-BR", "-PT", "-CA", "-419", "-US", "-Hant-TW", "-gb"])
TAGS = st.builds(
    lambda lang, region, upper: (lang + region).upper() if upper else lang + region,
    st.sampled_from([*LANGUAGES, "de", "it", "zh", "ja", "nl", "x", ""]),
    REGIONS,
    st.booleans(),
)


def expected(tags: list[str]) -> str | None:
    """The first tag whose language part (before the first '-') the app speaks."""
    for tag in tags:
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES:
            return lang
    return None


@given(st.lists(TAGS, max_size=6))
def test_the_browser_language_is_the_first_preferred_one_the_app_speaks(tags):
    assert browser_language(tags) == expected(tags)


@given(st.lists(st.one_of(st.text(max_size=40), st.integers(), st.none()), max_size=5))
def test_any_list_gives_a_spoken_language_or_none_and_never_raises(tags):
    assert browser_language(tags) in (None, *LANGUAGES)


def follow(storage: dict[str, str] | None = None):
    app, kept = kept_app(storage, load=False)
    kept.keeper.follow_browser = True
    return app, kept


@settings(max_examples=12)  # an app each: the rule itself has its own property above, with many more
@given(st.lists(TAGS, max_size=4))
def test_a_first_visit_speaks_the_browsers_language(tags):
    app, kept = follow()
    kept.store.load(languages=tags)
    lang = expected(tags) or "en"
    assert app.session.lang == lang
    assert app.controls.undo_button.description == ui_text("controls.undo", lang)


def test_a_saved_language_wins_over_the_browsers():
    storage: dict[str, str] = {}
    first, kept = follow(storage)
    kept.store.load(languages=["pt-BR"])
    first.session.set_language("fr")
    kept.keeper.save_settings()
    assert json.loads(storage[STORAGE_KEY])["settings"]["lang"] == "fr"
    again, kept_again = follow(storage)
    kept_again.store.load(languages=["pt-BR", "en"])
    assert again.session.lang == "fr"


def test_a_language_given_by_the_notebook_is_kept_and_an_old_page_sends_none():
    given_lang, kept = kept_app(load=False)  # as build_app(lang=…): follow_browser stays off
    kept.store.load(languages=["es-ES"])
    assert given_lang.session.lang == "en"
    silent, kept_silent = follow()
    kept_silent.store.load()  # a page that sends no languages
    assert silent.session.lang == "en"


def test_build_app_follows_the_browser_only_without_a_lang():
    plain = build_app("TP1-E-AAAAAAB")
    chosen = build_app("TP1-E-AAAAAAB", lang="pt")
    try:
        assert plain.keep is not None and plain.keep.keeper.follow_browser
        assert chosen.keep is not None and not chosen.keep.keeper.follow_browser
        assert chosen.session.lang == "pt"
    finally:
        plain.close()
        chosen.close()
