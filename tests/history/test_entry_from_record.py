"""``GameEntry.from_record`` (a game continued from a record, docs/rules.md §6): stored, read back,
optional (absent means false) and counted by the statistics."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.history.stats import UTC, GameEntry, Outcome, by_rules, export_history, import_history, summarize

entries = st.builds(
    GameEntry,
    code=st.sampled_from(["TP1-E-AAAAAAD", "TP1-C-AAAAAAB-SR"]),
    rules=st.sampled_from(["E", "C-SR"]),
    result=st.sampled_from(list(Outcome)),
    score=st.integers(0, 800),
    moves=st.integers(0, 200),
    draws=st.integers(0, 23),
    undos=st.integers(0, 50),
    duration=st.floats(0, 1e5).map(lambda x: round(x, 1)),
    date=st.datetimes(datetime.datetime(2020, 1, 1), datetime.datetime(2030, 1, 1)).map(
        lambda d: d.replace(tzinfo=UTC, microsecond=0)
    ),
    from_record=st.booleans(),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(entries, max_size=12))
def test_from_record_round_trips_and_is_counted(games):
    assert import_history(export_history(games)) == games
    for e in games:
        stored = e.to_json()
        assert ("from_record" in stored) is e.from_record  # absent for the games played from their deal
        assert GameEntry.from_json({k: v for k, v in stored.items() if k != "from_record"}).from_record is False
    assert summarize(games).from_record == sum(e.from_record for e in games)
    assert sum(s.from_record for s in by_rules(games).values()) == summarize(games).from_record
