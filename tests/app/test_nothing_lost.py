"""Nothing lost, headless through the session and the store (tests/app/fake_store.py):
what an import accepts a reload reads back, a bad field is set aside at load and never fatal
later, setting aside never destroys, two tabs never lose a game, and storage stays bounded.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from fake_store import FakeStore, Origin, deliver_all, kept_app
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from page import ui
from stored_games import STORED_GAME as ENTRY
from test_keep_app import BLOCKED, block, upload
from widget_state import plain

from tripeaks import Game
from tripeaks.app.factory import compose
from tripeaks.app.model.keeper import ASIDE_KEY, KEEP_ACTIONS, STORAGE_KEY, Keeper, read_document
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.history.entry import LIMITS, Outcome
from tripeaks.history.stats import HISTORY_FORMAT
from tripeaks.i18n.keep import keep_text

UTC = datetime.timezone.utc
CODE = "TP1-E-AAAAAAB"


def history_file(*games: Any) -> bytes:
    return json.dumps({"format": HISTORY_FORMAT, "games": list(games)}).encode()


def entry(n: int, **fields: Any) -> dict[str, Any]:
    """A stored game, ``n`` minutes after the first."""
    when = datetime.datetime(2026, 11, 1, tzinfo=UTC) + datetime.timedelta(minutes=n)
    return {**ENTRY, "date": when.strftime("%Y-%m-%dT%H:%M:%SZ"), **fields}


def document(**fields: Any) -> str:
    return json.dumps({"format": "tripeaks-storage", "version": 1, **fields})


def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


# ------------------------------------------------------------------ kind 2: import, then reload
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([2**53 + 1, 10**21, 10**400, -1, LIMITS.score, LIMITS.score + 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
    st.sampled_from(["9999-12-31T23:30:00-05:00", "2026-12-01T10:00:00Z", "2026-12-01", "TP1-C-AAAAAAD"]),
)


@pytest.fixture(scope="module")
def one_app():
    return kept_app()


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
)
@given(field=st.sampled_from([*ENTRY, "id", "from_record"]), value=VALUES, minute=st.integers(0, 10**6))
def test_what_the_import_accepts_a_reload_reads_back_and_a_refusal_changes_nothing(one_app, field, value, minute):
    app, kept = one_app
    storage = kept.store.storage
    before = storage.get(STORAGE_KEY)
    history = kept.keeper.history
    upload(kept.stats.import_upload, history_file(entry(minute, **{field: value})))
    message = plain(kept.stats.message.value)
    if message.startswith(keep_text("stats.import_bad", "en")):
        assert "game 1" in message and field in message  # names the entry and the field
        assert storage.get(STORAGE_KEY) == before and kept.keeper.history == history
    else:
        doc = read_document(storage[STORAGE_KEY])  # the next load, from the browser's own JSON
        assert doc.apart == () and tuple(sorted(doc.history, key=lambda e: e.date)) == kept.keeper.history


def test_the_upload_handler_lets_no_exception_out():
    app, kept = kept_app()
    for content in (
        b"\xff\xfe",
        b"[" * 50_000,
        b'{"format": "tripeaks-history/1", "games": [' + b"1" * 5000 + b"]}",
        history_file({**ENTRY, "duration": 10**400}),
        history_file({**ENTRY, "date": "9999-12-31T23:59:59-01:00"}),
        history_file({**ENTRY, "code": "TP1-E-" + "9" * 60}),
        b'{"format": "tripeaks-history/1", "games": [NaN]}',
    ):
        upload(kept.stats.import_upload, content)
        assert plain(kept.stats.message.value).startswith(keep_text("stats.import_bad", "en"))
        assert kept.keeper.history == ()


def test_an_import_that_would_pass_the_count_limit_is_refused(monkeypatch):
    import tripeaks.app.model.keeper as keeper_module
    from tripeaks.history import entry as entry_module
    from tripeaks.history import stats as stats_module

    small = entry_module.Limits(games=3)
    for module in (keeper_module, stats_module):
        monkeypatch.setattr(module, "LIMITS", small)
    app, kept = kept_app()
    upload(kept.stats.import_upload, history_file(entry(1), entry(2)))
    upload(kept.stats.import_upload, history_file(entry(3), entry(4)))
    assert len(kept.keeper.history) == 2
    assert "at most 3" in plain(kept.stats.message.value)


# ------------------------------------------------------------------ kind 3: a bad field at load
BAD_FIELDS = [
    ("score", "750"),
    ("score", 2**64),
    ("moves", None),
    ("draws", 1.5),
    ("undos", [1]),
    ("duration", "x"),
    ("duration", -1),
    ("date", 5),
    ("date", "9999-12-31T23:59:59-01:00"),
    ("daily", {"d": 1}),
    ("actions", "QD"),
    ("actions", [1, 2]),
    ("code", 7),
    ("code", None),
    ("rules", ["E"]),
    ("result", None),
    ("layout", "x"),
    ("id", {}),
    ("from_record", 1),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_a_stored_field_of_the_wrong_type_is_set_aside_at_load_and_the_app_always_works(field, value):
    games = [entry(1), entry(2, **{field: value}), entry(3)]
    if field == "layout":  # only a game without a code has its layout read
        games[1]["code"] = None
    storage = {STORAGE_KEY: document(history=games)}
    app, kept = kept_app(storage)
    assert len(kept.keeper.history) == 2  # the rest is kept
    aside = json.loads(storage[ASIDE_KEY])
    assert aside["parts"][0]["value"] == games[1] and "game 2" in aside["parts"][0]["why"]
    assert "game 2" in status(app)
    app.session.draw()  # a move, a deal, a finished game: nothing is rolled back
    app.session.deal_random()
    first = app.game
    app.session.restart()
    assert app.game is not first or app.game.moves == 0
    assert len(kept.keeper.history) == 3
    assert len(read_document(storage[STORAGE_KEY]).history) == 3


@pytest.mark.parametrize(
    "game",
    [
        {"record": {"format": "tripeaks-record/1", "code": CODE, "actions": []}, "elapsed": float("inf")},
        {"record": {"format": "tripeaks-record/1", "code": CODE, "actions": []}, "daily": 20261130},
        {"record": {"format": "tripeaks-record/1", "code": CODE, "actions": []}, "match": "0"},
        {"record": {"format": "tripeaks-record/1", "code": CODE, "actions": []}, "running": "yes"},
        {"record": {"format": "tripeaks-record/1", "code": CODE, "actions": []}, "saved_at": 5},
        {"record": "junk"},
    ],
)
def test_a_bad_saved_game_is_set_aside_and_the_history_is_kept(game):
    text = json.dumps({"format": "tripeaks-storage", "version": 1, "history": [entry(1)], "game": game})
    storage = {STORAGE_KEY: text}
    app, kept = kept_app(storage)
    assert len(kept.keeper.history) == 1 and app.game.moves == 0
    assert json.loads(storage[ASIDE_KEY])["parts"][0]["where"] == "game"
    app.session.draw()
    assert kept.store.saved()["game"]["record"]["actions"] == [app.game.to_record()["actions"][0]]


def test_a_bad_match_is_set_aside_and_the_rest_kept():
    storage = {
        STORAGE_KEY: document(
            history=[entry(1)],
            match={"codes": [CODE] * 3, "rules": "E", "scores": [10**30], "won": [True], "playing": None},
        )
    }
    app, kept = kept_app(storage)
    assert kept.keeper.match is None and len(kept.keeper.history) == 1


# ------------------------------------------------------------------ kind 4: setting aside never destroys
UNREADABLE = st.one_of(
    st.text(max_size=40).filter(lambda t: not t.lstrip().startswith("{")),
    st.sampled_from(['{"format": "tripeaks-storage", "ver', "[1, 2]", '{"history": 5}', "null", '"text"']),
    st.dictionaries(st.sampled_from(["format", "version", "game", "match"]), st.integers()).map(json.dumps),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(garbage=UNREADABLE, earlier=st.integers(0, 2))
def test_unreadable_text_written_under_the_key_while_the_app_runs_is_set_aside_before_the_next_write(garbage, earlier):
    storage = {STORAGE_KEY: document(history=[entry(1)])}
    for n in range(earlier):  # earlier copies set aside stay where they are
        storage[ASIDE_KEY if n == 0 else f"{ASIDE_KEY}-{n + 1}"] = f"earlier {n}"
    app, kept = kept_app(storage)
    storage[STORAGE_KEY] = garbage  # another program (or a newer version in another tab) wrote it
    app.session.draw()
    where = ASIDE_KEY if earlier == 0 else f"{ASIDE_KEY}-{earlier + 1}"
    assert storage[where] == garbage
    assert all(storage[ASIDE_KEY if n == 0 else f"{ASIDE_KEY}-{n + 1}"] == f"earlier {n}" for n in range(earlier))
    assert status(app) == keep_text("keep.set_aside", "en", storage_key=where)
    saved = read_document(storage[STORAGE_KEY])
    assert len(saved.history) == 1 and saved.resumable is not None and saved.resumable.moves == 1
    app.session.draw()  # said once: the next write finds its own text
    assert [k for k in storage if k.startswith(ASIDE_KEY)].count(where) == 1
    assert read_document(storage[STORAGE_KEY]).resumable.moves == 2


def test_unreadable_text_that_cannot_be_set_aside_is_never_overwritten():
    storage = {STORAGE_KEY: document(history=[entry(1)])}
    app, kept = kept_app(storage)
    storage[STORAGE_KEY] = "written by something else {"
    kept.store.full = True
    app.session.draw()
    assert storage[STORAGE_KEY] == "written by something else {"
    assert ASIDE_KEY not in storage
    assert app.game.moves == 1 and len(kept.keeper.history) == 1


def test_when_the_copy_cannot_be_set_aside_the_original_stays_and_the_player_is_told():
    original = document(history=[entry(1), entry(2, score="x")])
    storage = {STORAGE_KEY: original}
    app, kept = kept_app(storage, full=True)
    assert storage == {STORAGE_KEY: original}
    assert status(app) == keep_text("keep.aside_failed", "en")
    assert plain(kept.note.value).startswith(keep_text("keep.aside_failed", "en"))
    assert "tp-keep-export" in kept.note.value  # the history can still be downloaded
    app.session.draw()
    app.session.deal_random()
    assert storage == {STORAGE_KEY: original}  # this page writes nothing
    assert len(kept.keeper.history) == 2


@pytest.mark.parametrize("garbage", ["not json {", document(history=[entry(1, score=-5)])])
def test_two_failed_loads_in_a_row_keep_both_copies(garbage):
    storage = {STORAGE_KEY: "first garbage {"}
    kept_app(storage)
    first = storage[ASIDE_KEY]
    storage[STORAGE_KEY] = garbage
    app, _ = kept_app(storage)
    assert storage[ASIDE_KEY] == first and storage[ASIDE_KEY + "-2"] != first
    assert ASIDE_KEY + "-2" in status(app)
    app3, _ = kept_app({**storage, STORAGE_KEY: "first garbage {"})
    assert ASIDE_KEY in status(app3)  # the same content again: the same copy


# ------------------------------------------------------------------ kind 5: two tabs
def two_tabs(storage: dict[str, str] | None = None, game: Game | None = None):
    storage = {} if storage is None else storage
    origin = Origin()
    tabs = []
    for _ in range(2):
        app = TriPeaksApp(session=PlaySession(game.copy() if game is not None else Game.from_code(CODE)))
        kept = compose(app, hints=False, keys=False, store=FakeStore(storage, origin=origin)).keep
        tabs.append((app, kept))
    for _app, kept in tabs:
        kept.store.load()
    return storage, tabs


def finish(app: TriPeaksApp, keeper: Keeper | None = None) -> None:
    """A draw, then a new deal: the game left after a move counts (abandoned).  In a tab whose game in
    play another tab took (``keeper.taken``), the player presses Continue here first, as the status line asks."""
    for _ in range(2):
        if keeper is not None and keeper.taken is not None:
            keeper.continue_here()
        app.session.draw()
        if keeper is None or keeper.taken is None:  # else the draw met the other tab's newer game: again
            break
    app.session.deal_random()


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=[Phase.explicit, Phase.generate]
)
@given(st.lists(st.sampled_from(["a", "b", "deliver"]), min_size=1, max_size=8))
def test_two_tabs_that_each_finish_games_keep_them_all(steps):
    storage, ((a, ka), (b, kb)) = two_tabs()
    finished = 0
    for step in steps:
        if step == "deliver":
            deliver_all(ka.store, kb.store)
        else:
            finish(*((a, ka.keeper) if step == "a" else (b, kb.keeper)))
            finished += 1
    deliver_all(ka.store, kb.store)
    stored = read_document(storage[STORAGE_KEY]).history
    assert len(stored) == finished
    assert {e.key for e in ka.keeper.history} == {e.key for e in kb.keeper.history} == {e.key for e in stored}
    again, kept = kept_app(storage)  # a reload reads them all
    assert len(kept.keeper.history) == finished


def test_a_blocked_game_shown_in_two_tabs_is_counted_once():
    storage: dict[str, str] = {}
    app, _ = kept_app(storage, game=Game.from_code(BLOCKED))
    block(app)
    storage, ((a, ka), (b, kb)) = two_tabs(storage)
    deliver_all(ka.store, kb.store)
    assert len(read_document(storage[STORAGE_KEY]).history) == 1
    assert len(ka.keeper.history) == len(kb.keeper.history) == 1


def test_a_blocked_game_left_in_both_tabs_is_counted_once():
    storage, ((a, ka), (b, kb)) = two_tabs(game=Game.from_code(BLOCKED))
    block(b)  # b opened last: the game in play is b's
    deliver_all(ka.store, kb.store)
    storage2, ((c, kc), (d, kd)) = two_tabs(storage)  # both tabs reloaded: both show the blocked game
    c.session.deal_random()
    d.session.deal_random()
    deliver_all(kc.store, kd.store)
    assert [e.result for e in read_document(storage[STORAGE_KEY]).history] == [Outcome.BLOCKED]


def test_a_reset_in_one_tab_empties_the_other():
    storage, ((a, ka), (b, kb)) = two_tabs()
    finish(a, ka.keeper)
    deliver_all(ka.store, kb.store)
    assert len(kb.keeper.history) == 1
    ka.keeper.reset_history()
    deliver_all(ka.store, kb.store)
    assert kb.keeper.history == () and read_document(storage[STORAGE_KEY]).history == []


# ------------------------------------------------------------------ kind 9: bounded storage
def test_after_a_game_only_the_new_game_is_sent():
    stored = [entry(i) for i in range(300)]
    storage = {STORAGE_KEY: document(history=stored)}
    app, kept = kept_app(storage)
    kept.store.messages.clear()
    finish(app)
    sizes = [len(json.dumps(m)) for m in kept.store.messages]
    assert max(sizes) < 3000  # a game's own entry, never the whole history
    assert len(read_document(storage[STORAGE_KEY]).history) == 301


def test_only_the_newest_games_keep_their_actions_and_every_summary_stays():
    stored = [entry(i) for i in range(KEEP_ACTIONS + 20)]
    storage = {STORAGE_KEY: document(history=stored)}
    app, kept = kept_app(storage)
    finish(app)
    doc = read_document(storage[STORAGE_KEY])
    assert len(doc.history) == KEEP_ACTIONS + 21
    assert sum(1 for e in doc.history if e.actions) == KEEP_ACTIONS
    newest = sorted(doc.history, key=lambda e: e.date)[-KEEP_ACTIONS:]
    assert all(e.replayable for e in newest)
    assert [e.key for e in sorted(doc.history, key=lambda e: e.date)] == [e.key for e in kept.keeper.history]


def test_full_storage_is_said_plainly_with_the_export_link_next_to_it():
    storage = {STORAGE_KEY: document(history=[entry(1)])}
    app, kept = kept_app(storage, quota=len(storage[STORAGE_KEY]) + 1500)
    for _ in range(8):
        finish(app)
    assert plain(kept.note.value).startswith(keep_text("keep.storage_full", "en"))
    assert "tp-keep-export" in kept.note.value
    assert read_document(storage[STORAGE_KEY]).history  # what was stored is still there
    assert len(kept.keeper.history) == 9  # and this page still has every game to download


def test_when_the_storage_fills_up_older_games_give_up_their_actions_first():
    stored = [entry(i, actions=["QD", "D"] * 40) for i in range(200)]
    text = document(history=stored)
    summaries = len(document(history=[{**e, "actions": []} for e in stored]))
    storage = {STORAGE_KEY: text}
    app, kept = kept_app(storage, quota=summaries + 40 * 500)
    doc = read_document(storage[STORAGE_KEY])
    assert len(doc.history) == 200 and 0 < sum(1 for e in doc.history if e.actions) < 200
    assert kept.note.layout.display == "none"  # it fits: nothing to say
    finish(app)
    assert len(read_document(storage[STORAGE_KEY]).history) == 201


def test_a_game_stored_by_another_tab_while_a_page_loads_stays():
    storage: dict[str, str] = {}
    origin = Origin()
    a, ka = kept_app(storage, origin=origin)
    old = storage[STORAGE_KEY]  # what the second page reads ...
    finish(a)  # ... before the first page's game is stored
    b = TriPeaksApp(session=PlaySession(Game.from_code(CODE)))
    kb = compose(b, hints=False, keys=False, store=FakeStore(storage, origin=origin)).keep
    kb.store._received(kb.store, {"kind": "loaded", "text": old, "available": True, "today": None, "utc_offset": 0}, [])
    deliver_all(ka.store, kb.store)
    assert len(read_document(storage[STORAGE_KEY]).history) == 1
    assert len(kb.keeper.history) == len(ka.keeper.history) == 1
