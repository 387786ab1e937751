"""Two tabs on the same game in play (issue 24): the stored game is only ever written over by the
tab that has it, the other tab is told in the status line and can take it back with Continue here,
and no finished game is counted twice.  Headless: two apps on one :class:`FakeStore` storage and
:class:`Origin` (storage events wait until delivered), as two tabs of one browser."""

from __future__ import annotations

import json
from typing import Any

from fake_store import FakeStore, Origin, deliver_all
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from test_keep_app import CODE
from widget_state import plain

from tripeaks import Game
from tripeaks.app.factory import compose
from tripeaks.app.model.keeper import STORAGE_KEY, read_document
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.i18n.keep import keep_text

TAKEN = keep_text("keep.taken", "en")


def tab(storage: dict[str, str], origin: Origin, load: bool = True) -> tuple[TriPeaksApp, Any]:
    """A tab of the browser: an app on the shared storage (loaded: its page read the key)."""
    app = TriPeaksApp(session=PlaySession(Game.from_code(CODE)))
    kept = compose(app, hints=False, keys=False, store=FakeStore(storage, origin=origin)).keep
    assert kept is not None
    if load:
        kept.store.load()
    return app, kept


def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


def stored_game(storage: dict[str, str]) -> dict[str, Any]:
    return json.loads(storage[STORAGE_KEY])["game"]


def record(app: TriPeaksApp) -> dict[str, Any]:
    return app.game.to_record()


def test_a_second_tab_resumes_the_game_and_the_first_is_told():
    storage: dict[str, str] = {}
    origin = Origin()
    a, ka = tab(storage, origin)
    a.session.draw()
    a.session.draw()
    b, kb = tab(storage, origin)  # a second tab opens: it resumes the game, as a reload would
    assert record(b) == record(a)
    assert status(b) == keep_text("keep.resumed", "en", code=CODE, moves=2)
    assert kb.taken_row.layout.display == "none"
    deliver_all(ka.store, kb.store)  # the first tab hears of it
    assert ka.keeper.taken is not None
    assert status(a) == TAKEN
    assert ka.taken_row.layout.display != "none"
    # Said once on the page: the status line says what happened, the row right under it what it means.
    assert plain(ka.taken_text.value) == keep_text("keep.taken_detail", "en")
    assert f"{status(a)} {plain(ka.taken_text.value)}".count(TAKEN) == 1
    assert ka.continue_button.description == keep_text("keep.continue_here", "en")
    before = record(a)
    assert a.session.draw() is None  # the first tab's moves wait for Continue here
    assert record(a) == before and status(a) == TAKEN
    b.session.draw()  # the second tab plays on
    assert stored_game(storage)["record"] == record(b)


def test_a_stale_tab_never_writes_its_game_over_the_other_tabs_newer_moves():
    storage: dict[str, str] = {}
    origin = Origin()
    a, ka = tab(storage, origin)
    b, kb = tab(storage, origin)
    for _ in range(3):
        b.session.draw()
    newest = record(b)
    a.session.draw()  # before the storage events arrive: a's game is stale
    assert stored_game(storage)["record"] == newest  # b's three moves stay
    assert ka.keeper.taken is not None and status(a) == TAKEN  # and a says so
    a.session.deal_random()
    assert stored_game(storage)["record"] == newest and a.game.code is not None and str(a.game.code) == CODE
    deliver_all(ka.store, kb.store)
    assert kb.keeper.taken is None and stored_game(storage)["record"] == newest
    assert ka.keeper.history == kb.keeper.history == ()  # nothing was counted: the game goes on in b
    again, _kept = tab(storage, origin)  # a reload of the stale tab (a new page) resumes the newest moves
    assert record(again) == newest


def test_continue_here_brings_the_newer_moves_and_the_other_tab_is_told_in_turn():
    storage: dict[str, str] = {}
    origin = Origin()
    a, ka = tab(storage, origin)
    b, kb = tab(storage, origin)
    b.session.draw()
    b.session.draw()
    deliver_all(ka.store, kb.store)
    assert status(a) == TAKEN
    ka.continue_button.click()
    assert record(a) == record(b) and a.game.moves == 2
    assert status(a) == keep_text("keep.resumed", "en", code=CODE, moves=2)
    assert ka.keeper.taken is None and ka.taken_row.layout.display == "none"
    a.session.draw()
    assert stored_game(storage)["record"] == record(a)
    deliver_all(ka.store, kb.store)
    assert kb.keeper.taken is not None and status(b) == TAKEN
    assert b.session.draw() is None and stored_game(storage)["record"] == record(a)
    for _ in range(3):
        a.session.draw()
    a.session.deal_random()  # a leaves the game after its moves: it counts once, in a
    deliver_all(ka.store, kb.store)
    assert len(read_document(storage[STORAGE_KEY]).history) == 1
    assert kb.keeper.history == ka.keeper.history
    kb.keeper.continue_here()  # b takes the new deal; the game left in a counts once still
    b.session.draw()
    b.session.deal_random()
    deliver_all(ka.store, kb.store)
    assert len(read_document(storage[STORAGE_KEY]).history) == 2
    assert len({e.id for e in kb.keeper.history}) == 2


def test_the_message_of_another_tab_follows_the_language():
    storage: dict[str, str] = {}
    origin = Origin()
    a, ka = tab(storage, origin)
    b, kb = tab(storage, origin)
    b.session.deal_code("TP1-E-AAAAAAD")  # another game in the other tab
    deliver_all(ka.store, kb.store)
    assert status(a) == keep_text("keep.taken_new", "en")
    a.session.set_language("fr")
    assert status(a) == keep_text("keep.taken_new", "fr")
    assert ka.continue_button.description == keep_text("keep.continue_here", "fr")
    assert plain(ka.taken_text.value) == keep_text("keep.taken_detail", "fr")
    assert keep_text("keep.taken_new", "fr") not in plain(ka.taken_text.value)  # the status line says it, once


# ------------------------------------------------------------------ any interleaving
TABS = ("a", "b")
STEPS = st.lists(
    st.tuples(st.sampled_from(TABS), st.sampled_from(["move", "undo", "deal", "deliver", "continue", "reload"])),
    min_size=1,
    max_size=12,
)


def game_id(entry_id: str | None) -> str:
    """The game part of a history entry's id (``<game id>.<digest of its end>``)."""
    assert entry_id is not None
    return entry_id.split(".")[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_any_interleaving_of_two_tabs_keeps_the_newest_game_and_counts_each_game_once(steps):
    storage: dict[str, str] = {}
    origin = Origin()
    tabs = {name: tab(storage, origin) for name in TABS}
    for name, action in steps:
        app, kept = tabs[name]
        keeper, session = kept.keeper, app.session
        before = stored_game(storage)
        if action == "deliver":
            kept.store.deliver()
        elif action == "continue":
            keeper.continue_here()
        elif action == "reload":  # the tab reloads: a new page (and kernel) on the same storage
            origin.tabs.remove(kept.store)
            tabs[name] = tab(storage, origin)
        else:
            held = keeper.taken is not None
            mine = record(app)
            if action == "move":
                if session.draw() is None:
                    session.undo()
            elif action == "undo":
                session.undo()
            else:
                session.deal_random()
            if held:  # a tab that knows the game went on elsewhere changes nothing, and says so
                assert record(app) == mine and status(app) in (TAKEN, keep_text("keep.taken_new", "en"))
        after = stored_game(storage)
        # The stored game in play changes only by a write of the tab that acted, and then it is that
        # tab's game: no tab ever writes a stale game over newer moves.
        if after != before:
            assert action in ("move", "undo", "deal", "continue", "reload")
            assert after["record"] == record(tabs[name][0])
            assert after["rev"] > before.get("rev", 0)
        # A tab whose moves could not be written is told at once.
        for app_, kept_ in tabs.values():
            if kept_.keeper.taken is None and record(app_) != after["record"]:
                assert kept_.store.events, "a tab out of step must at least have the news on its way"
    deliver_all(*(kept.store for _app, kept in tabs.values()))
    final = stored_game(storage)
    for app, kept in tabs.values():  # every tab plays the newest game, or says where it went on
        if kept.keeper.taken is None:
            assert record(app) == final["record"]
        else:
            assert kept.keeper.taken == final and status(app) in (TAKEN, keep_text("keep.taken_new", "en"))
    history = read_document(storage[STORAGE_KEY]).history
    assert len({game_id(e.id) for e in history}) == len(history)  # no game counted twice
    for _app, kept in tabs.values():
        assert {e.key for e in kept.keeper.history} == {e.key for e in history}
    again, _kept = tab(storage, Origin())  # a reload resumes the newest game
    if not Game.from_record(final["record"]).is_over:
        assert record(again) == final["record"]
