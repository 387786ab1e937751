"""One reader, one set of limits: what an import accepts, the browser's storage gives back.

Every history read (the browser's storage at load, an imported file) goes through
GameEntry.from_json and its LIMITS; these properties throw random documents at it
(huge integers, floats, NaN, wrong types, nested junk) and check that it refuses with a
HistoryError naming the game and field, or accepts something that survives the browser's
JSON, whose numbers are doubles.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stored_games import STORED_GAME as GOOD
from stored_games import as_doubles

from tripeaks.history.entry import LIMITS, GameEntry, HistoryError, Outcome, loads
from tripeaks.history.stats import HISTORY_FORMAT, export_history, import_history, read_entries_apart

UTC = datetime.timezone.utc
FIELDS = [*GOOD, "id", "from_record", "layout"]


def browser(value: Any) -> Any:
    """``JSON.parse(JSON.stringify(value))`` in a browser: every number is a double."""
    return json.loads(json.dumps(as_doubles(value)))


def huge_ints() -> st.SearchStrategy[int]:
    return st.one_of(
        st.integers(),
        st.integers(min_value=2**53 - 2, max_value=2**53 + 2),
        st.sampled_from([2**63, 10**21, -(2**53) - 1, 10**400]),
    )


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    huge_ints(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["9999-12-31T23:30:00-05:00", "0001-01-01T00:00:00+05:00", "2026-02-30", "1e400", "NaN"]),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12,
)


def read_back(entry: GameEntry) -> GameEntry:
    return GameEntry.from_json(browser(entry.to_json()))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(field=st.sampled_from(FIELDS), value=JUNK)
def test_any_value_of_any_field_is_read_within_the_limits_or_refused_by_name(field, value):
    obj = {**GOOD, field: value}
    try:
        entry = GameEntry.from_json(obj, "game 7")
    except HistoryError as exc:
        assert str(exc).startswith("game 7")
        if field != "layout":  # a layout is only read for a game without a code
            assert repr(field) in str(exc) or field in str(exc)
        return
    assert read_back(entry) == entry  # what is accepted comes back from the browser's JSON
    assert 0 <= entry.score <= LIMITS.score and 0 <= entry.duration <= LIMITS.duration
    assert LIMITS.first_year <= entry.date.year <= LIMITS.last_year


@settings(max_examples=200, deadline=None)
@given(JUNK)
def test_the_reader_raises_nothing_but_a_history_error(obj):
    try:
        entry = GameEntry.from_json(obj)
    except HistoryError:
        return
    assert read_back(entry) == entry


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=60), st.text(max_size=60), JUNK.map(lambda v: json.dumps(v))))
def test_an_imported_file_is_read_or_refused_with_a_history_error_only(data):
    for text in (data, json.dumps({"format": HISTORY_FORMAT, "games": [data]}) if isinstance(data, str) else data):
        try:
            games = import_history(text)
        except HistoryError:
            continue
        assert import_history(json.dumps(browser(json.loads(export_history(games))))) == games


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("score", 2**53 + 1),
        ("score", LIMITS.score + 1),
        ("score", 10**400),
        ("moves", -1),
        ("moves", 750.0),
        ("undos", True),
        ("duration", 1e308),
        ("duration", 10**400),
        ("duration", "12"),
        ("date", "9999-12-31T23:30:00-05:00"),
        ("date", "0001-01-01T00:00:00+05:00"),
        ("date", "1999-12-31T23:59:59Z"),
        ("date", 20261130),
        ("daily", "2200-01-01"),
        ("daily", 7),
        ("actions", ["KS"] * (LIMITS.actions + 1)),
        ("actions", ["KS", {"x": 1}]),
        ("actions", ["a very long token"]),
        ("code", "TP1-" + "A" * 100),
        ("rules", "E" * 100),
        ("result", "lost"),
        ("id", 5),
        ("id", "x" * 65),
        ("from_record", "yes"),
    ],
)
def test_a_value_outside_the_limits_is_refused_naming_the_game_and_field(field, value):
    text = json.dumps({"format": HISTORY_FORMAT, "games": [GOOD, {**GOOD, field: value}]})
    with pytest.raises(HistoryError, match=rf"^game 2: .*'{field}'"):
        import_history(text)


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}', '{"a": 1e400}', "1" * 5000])
def test_json_that_the_browser_cannot_keep_is_refused(text):
    with pytest.raises(HistoryError, match="not JSON"):
        loads(text)


def test_the_limits_stay_below_what_a_double_holds_exactly():
    assert max(LIMITS.score, LIMITS.count, LIMITS.actions, LIMITS.games, int(LIMITS.duration)) < 2**53


def test_from_record_is_an_optional_bool_that_round_trips():
    entry = GameEntry.from_json({**GOOD, "from_record": True})
    assert entry.from_record is True and read_back(entry) == entry
    assert GameEntry.from_json(GOOD).from_record is False and "from_record" not in GameEntry.from_json(GOOD).to_json()


def test_a_custom_layout_is_checked_and_kept_plain():
    from tripeaks import DECK, Game

    cards = [str(c) for c in DECK]
    game = Game.from_layout(cards[:28], cards[28], cards[29:])
    game.draw()
    entry = GameEntry.of(game, Outcome.ABANDONED, 3.0, datetime.datetime(2026, 11, 30, tzinfo=UTC))
    obj = {**entry.to_json(), "layout": {**entry.to_json()["layout"], "junk": float("nan")}}
    read = GameEntry.from_json(obj)
    assert set(read.layout or {}) == {"tableau", "waste", "stock"} and read_back(read) == read
    assert Game.from_record(read.record()).moves == 1
    for bad in ({"tableau": cards[:27], "waste": cards[28], "stock": cards[29:]}, {"tableau": [1e400]}, [], None):
        with pytest.raises(HistoryError, match="^game: .*'layout'"):
            GameEntry.from_json({**obj, "layout": bad})


def test_one_bad_game_is_set_apart_and_the_others_are_kept():
    games = [GOOD, {**GOOD, "score": "x"}, {**GOOD, "date": "2026-12-01T00:00:00Z"}]
    kept, bad = read_entries_apart(games)
    assert [e.date.day for e in kept] == [30, 1] and bad[0][0] == games[1] and bad[0][1].startswith("game 2")


def test_entries_with_an_id_are_the_same_game_whatever_their_date():
    a = GameEntry.from_json({**GOOD, "id": GameEntry.make_id("g1", Outcome.WON, GOOD["actions"])})
    b = GameEntry.from_json({**a.to_json(), "date": "2026-11-30T10:00:00Z"})
    assert a.key == b.key and a != b
    c = GameEntry.from_json({**GOOD, "id": GameEntry.make_id("g1", Outcome.BLOCKED, GOOD["actions"])})
    assert c.key != a.key
    assert GameEntry.from_json(GOOD).summary().key == GameEntry.from_json(GOOD).key
