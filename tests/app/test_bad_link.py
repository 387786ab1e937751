"""A ``?code=`` link whose code cannot be read says why, with or without a saved game (docs/play/index.md).

The page with a saved game resumes it, intact, and the New game panel and the status line under
the board say what is wrong with the link's code: the same sentence, in the player's language, as
in a fresh browser (the status line adds that the game in progress is back) — whether
the link's cell runs before the store has answered (a fresh kernel) or after.  Many broken codes:
every way a code can fail to read (docs/rules.md §5, §8).
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from fake_store import FakeStore, kept_app
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from page import ui
from widget_state import plain

from tripeaks import Game
from tripeaks.app.factory import compose, deal_from_link
from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.app.model.session import PlaySession
from tripeaks.app.persist import link_code
from tripeaks.app.play import TriPeaksApp
from tripeaks.engine.codes import GameCode, InvalidCodeError
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.keep import keep_text
from tripeaks.i18n.ui import code_error_message

SAVED = "TP1-C-AAAAAAF-OP"  # the saved game's code (Tri Peaks)
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
deal_part = st.text(alphabet=BASE32, min_size=7, max_size=7)
good_flags = st.sampled_from(["", "-SR", "-OP", "-JWT5", "-SOJJWRPT10"])


def _replace(text: str, at: int, by: str) -> str:
    at %= max(1, len(text))
    return text[:at] + by + text[at + 1 :]


BROKEN_CODES = st.one_of(
    # a wrong prefix, rule letter or number of parts
    st.builds(lambda p, d: f"{p}-E-{d}", st.sampled_from(["TP2", "TP", "XX1", "TP1E", "1PT"]), deal_part),
    st.builds(lambda r, d: f"TP1-{r}-{d}", st.sampled_from(["X", "EE", "", "1", "Z"]), deal_part),
    st.builds(lambda d: f"TP1-E-{d}-SR-OP", deal_part),
    st.builds(lambda d: f"TP1-{d}", deal_part),
    # a deal of the wrong length or with a character outside base32
    st.builds(lambda d: f"TP1-E-{d}", st.text(alphabet=BASE32, min_size=1, max_size=12).filter(lambda d: len(d) != 7)),
    st.builds(lambda d, i, c: f"TP1-C-{_replace(d, i, c)}", deal_part, st.integers(0, 6), st.sampled_from("0189!*é ")),
    # flags: unknown, repeated, empty, a timer out of 1–60
    st.builds(lambda d, f: f"TP1-E-{d}-{f}", deal_part, st.sampled_from(["Q", "SS", "RR", "X", "JJJ", "S?", "T"])),
    st.builds(lambda d: f"TP1-E-{d}-", deal_part),
    st.builds(lambda d, t: f"TP1-E-{d}-T{t}", deal_part, st.sampled_from([0, 61, 99, 1000, -5])),
    # a good code with one character replaced, or cut short
    st.builds(
        lambda d, f, i, c: _replace(f"TP1-E-{d}{f}", i, c),
        deal_part,
        good_flags,
        st.integers(0, 30),
        st.characters(blacklist_categories=("Cs", "Cc")),
    ),
    st.builds(lambda d, n: f"TP1-E-{d}"[:n], deal_part, st.integers(1, 12)),
    # anything at all
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40),
)


def unreadable(query: str) -> InvalidCodeError | None:
    """The error of the link's code, or ``None`` when the link deals a code or has none."""
    code = link_code(query)
    if code is None:
        return None
    try:
        GameCode.parse(code)
    except InvalidCodeError as exc:
        return exc
    return None


def saved_storage(lang: str, moves: int) -> tuple[dict[str, str], Game]:
    """A browser whose saved game is SAVED after ``moves`` draws, in ``lang``."""
    storage: dict[str, str] = {}
    app, _ = kept_app(storage, Game.from_code(SAVED))
    app.set_language(lang)
    for _ in range(moves):
        app.session.draw()
    return storage, app.game


def open_page(storage: dict[str, str], query: str, link_first: bool) -> tuple[TriPeaksApp, object]:
    """The page opened by the link on that browser: the link's cell before or after the store answers."""
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    kept = compose(page, hints=False, keys=False, store=FakeStore(storage)).keep
    assert kept is not None
    if link_first:
        assert deal_from_link(page, query) is None
        kept.store.load()
    else:
        kept.store.load()
        assert deal_from_link(page, query) is None
    return page, kept


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    code=BROKEN_CODES,
    lang=st.sampled_from(LANGUAGES),
    moves=st.integers(1, 5),
    link_first=st.booleans(),
)
def test_a_bad_link_says_why_and_the_saved_game_stays_resumable(code, lang, moves, link_first):
    query = urlencode({"code": code})
    error = unreadable(query)
    assume(error is not None)
    expected = code_error_message(error, lang)
    # A fresh browser: the game dealt at start stays, the panel opens and says why.
    fresh, _ = kept_app()
    fresh_game = fresh.game
    assert deal_from_link(fresh, query) is None and fresh.game is fresh_game
    fresh.set_language(lang)
    assert fresh.new_game.is_open and plain(ui(fresh).new_message.value) == expected
    said = keep_text("keep.link_refused", lang, reason=expected)
    assert plain(ui(fresh).status.value) == said and expected in said  # under the board too
    # A browser with a saved game: resumed as it was, and the same sentence.
    storage, saved = saved_storage(lang, moves)
    before = json.loads(storage[STORAGE_KEY])
    page, kept = open_page(storage, query, link_first)
    assert str(page.game.code) == SAVED and page.game.moves == saved.moves
    assert page.game.state_key() == saved.state_key() and page.lang == lang
    assert page.new_game.is_open and plain(ui(page).new_message.value) == expected
    said = keep_text("keep.link_refused_resumed", lang, reason=expected, moves=saved.moves)
    assert plain(ui(page).status.value) == said and expected in said
    after = json.loads(storage[STORAGE_KEY])
    assert after["game"]["record"] == before["game"]["record"]  # the saved game is untouched…
    assert after["history"] == before["history"]  # …and not counted as abandoned
    # …and still resumable: the next page (no link) resumes it.
    again, _ = kept_app(storage)
    assert str(again.game.code) == SAVED and again.game.state_key() == saved.state_key()


def test_the_reason_stays_until_the_player_acts_and_follows_the_language():
    storage, saved = saved_storage("en", 2)
    page, _ = open_page(storage, "code=TP1-E-AAAAAAD-QQ", link_first=True)
    error = unreadable("code=TP1-E-AAAAAAD-QQ")
    assert error is not None and error.reason == "flag"
    for lang in LANGUAGES:
        page.set_language(lang)
        assert plain(ui(page).new_message.value) == code_error_message(error, lang)
        assert code_error_message(error, lang) in plain(ui(page).status.value)
    page.session.draw()  # the player acts again: the reason has been read
    assert plain(ui(page).new_message.value) == ""
    assert code_error_message(error, "es") not in plain(ui(page).status.value)


def test_without_persistence_a_bad_link_says_why_under_the_board():
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    compose(page, hints=False, keys=False)
    error = unreadable("code=TP2-E-AAAAAAD")
    assert error is not None
    assert deal_from_link(page, "code=TP2-E-AAAAAAD") is None and str(page.game.code) == "TP1-E-AAAAAAB"
    for lang in LANGUAGES:
        page.set_language(lang)
        reason = code_error_message(error, lang)
        assert plain(ui(page).status.value) == keep_text("keep.link_refused", lang, reason=reason)


def test_a_good_link_still_deals_its_code_over_a_saved_game():
    storage, _ = saved_storage("en", 2)
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    kept = compose(page, hints=False, keys=False, store=FakeStore(storage)).keep
    assert kept is not None
    assert str(deal_from_link(page, "code=TP1-E-AAAAAAD-SR").code) == "TP1-E-AAAAAAD-SR"
    kept.store.load()
    assert page.session.pending is not None  # the saved game in progress is back: "Abandon this game?"
    page.confirm.yes_button.click()
    assert str(page.game.code) == "TP1-E-AAAAAAD-SR" and page.game.moves == 0


def test_a_good_link_says_in_the_status_line_that_the_game_came_from_it():
    """The line names the link's code in each language, before the opening message, and stays
    through a language switch; the player's first move replaces it."""
    page, kept = kept_app()
    game = deal_from_link(page, "code=TP1-E-AAAAAAD-SR")
    assert game is not None and kept.keeper is not None
    for lang in LANGUAGES:
        page.set_language(lang)
        shown = plain(ui(page).status.value)
        assert shown.startswith(keep_text("keep.link_dealt", lang, code="TP1-E-AAAAAAD-SR")), shown
        assert len(shown) > len(keep_text("keep.link_dealt", lang, code="TP1-E-AAAAAAD-SR")) + 10  # how to play
    page.session.draw()
    assert "TP1-E-AAAAAAD-SR" not in plain(ui(page).status.value)


def test_without_persistence_a_good_link_says_so_too():
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    compose(page, hints=False, keys=False, keep=False)
    assert page.keep is None
    assert deal_from_link(page, "code=TP1-C-AAAAAAF-OP") is not None
    for lang in LANGUAGES:
        page.set_language(lang)
        shown = plain(ui(page).status.value)
        assert shown.startswith(keep_text("keep.link_dealt", lang, code="TP1-C-AAAAAAF-OP")), shown
