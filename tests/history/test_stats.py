"""The history of games and its figures (tripeaks.history.stats): entries, summaries, streaks, JSON in and out."""

from __future__ import annotations

import datetime
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.history.entry import LIMITS
from tripeaks.history.stats import (
    UTC,
    GameEntry,
    HistoryError,
    Outcome,
    by_rules,
    daily_summary,
    export_history,
    import_history,
    merge_history,
    summarize,
)

T0 = datetime.datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def entry(score: int, won: bool, minutes: int = 0, rules: str = "E", moves: int = 40, daily: str | None = None):
    return GameEntry(
        code=f"TP1-{rules[0]}-AAAAAAB" + (rules[1:] and f"-{rules[2:]}"),
        rules=rules,
        result=Outcome.WON if won else Outcome.BLOCKED,
        score=score,
        moves=moves,
        draws=10,
        undos=0,
        duration=60.0,
        date=T0 + datetime.timedelta(minutes=minutes),
        daily=daily,
    )


def test_an_entry_counts_draws_and_undos_and_replays_to_the_same_game():
    game = Game.from_code("TP1-E-AAAAAAB")
    game.play(20)
    game.draw()
    game.draw()
    game.undo()
    e = GameEntry.of(game, Outcome.ABANDONED, 12.34, T0, daily="2026-11-01")
    assert (e.moves, e.draws, e.undos, e.score, e.duration) == (3, 2, 1, game.score, 12.3)
    again = Game.from_record(e.record())
    assert again.state_key() == game.state_key() and again.moves == game.moves
    assert e.daily == "2026-11-01" and e.date == T0


def test_a_custom_layout_keeps_its_layout_to_replay():
    from tripeaks import DECK

    cards = [str(c) for c in DECK]
    game = Game.from_layout(cards[:28], cards[28], cards[29:])
    e = GameEntry.of(game, "abandoned", 0, T0)
    assert e.code is None and Game.from_record(e.record()).state_key() == game.state_key()
    assert GameEntry.from_json(json.loads(json.dumps(e.to_json()))).layout == e.layout


def test_result_of_a_game():
    game = Game.from_code("TP1-E-AAAAAAB-T5")
    assert Outcome.of(game) is Outcome.ABANDONED
    game.expire()
    assert game.status is Status.TIME_UP and Outcome.of(game) is Outcome.TIME_UP


entries = st.builds(
    GameEntry,
    code=st.sampled_from(["TP1-E-AAAAAAB", "TP1-C-AAAAAAD-SR"]),
    rules=st.sampled_from(["E", "C-SR"]),
    result=st.sampled_from(list(Outcome)),
    score=st.integers(0, 1000),
    moves=st.integers(0, 200),
    draws=st.integers(0, 24),
    undos=st.integers(0, 50),
    duration=st.floats(0, 1e6, allow_nan=False).map(lambda x: round(x, 1)),
    date=st.datetimes(min_value=datetime.datetime(2000, 1, 1), max_value=datetime.datetime(2100, 1, 1)).map(
        lambda d: d.replace(microsecond=0, tzinfo=UTC)
    ),
    daily=st.none()
    | st.dates(min_value=datetime.date(LIMITS.first_year, 1, 1), max_value=datetime.date(LIMITS.last_year, 12, 31)).map(
        lambda d: d.isoformat()
    ),
    actions=st.lists(st.sampled_from(["D", "U", "KC", "10H"]), max_size=5).map(tuple),
)


@given(st.lists(entries, max_size=6))
def test_a_history_reads_back_what_it_writes(history):
    assert import_history(export_history(history)) == history
    assert import_history(export_history(history).encode("utf-8")) == history


@pytest.mark.parametrize(
    "change, where",
    [
        ({"code": "TP1-X-AAAAAAB"}, "code"),
        ({"code": None}, "layout"),
        ({"rules": "Z"}, "rules"),
        ({"result": "lost"}, "result"),
        ({"score": -1}, "score"),
        ({"moves": True}, "moves"),
        ({"duration": "long"}, "duration"),
        ({"date": "yesterday"}, "date"),
        ({"daily": "someday"}, "daily"),
        ({"actions": [1]}, "actions"),
    ],
)
def test_a_bad_entry_is_refused_naming_the_field(change, where):
    data = {**entry(500, True).to_json(), **change}
    with pytest.raises(HistoryError, match=where):
        GameEntry.from_json(data, "game 0")


@pytest.mark.parametrize(
    "text",
    ["not json", b"\xff\xfe", "[]", '{"format": "other", "games": []}', '{"format": "tripeaks-history/1", "games": 3}'],
)
def test_a_file_that_is_not_a_history_is_refused(text):
    with pytest.raises(HistoryError):
        import_history(text)


def test_the_figures_of_some_games():
    history = [entry(700, True, 0), entry(750, True, 1), entry(480, False, 2), entry(760, True, 3, moves=30)]
    s = summarize(list(reversed(history)))  # taken in date order whatever the order given
    assert (s.played, s.won, s.win_rate) == (4, 3, 0.75)
    assert (s.current_streak, s.best_streak) == (1, 2)
    assert s.best_score == 760 and s.average_score == (700 + 750 + 480 + 760) / 4
    assert s.average_moves == (40 * 3 + 30) / 4
    empty = summarize([])
    assert (empty.played, empty.win_rate, empty.best_score, empty.average_score) == (0, None, None, None)


def test_figures_per_rule_set_in_the_order_first_played():
    history = [entry(500, False, 0, "C-SR"), entry(700, True, 1), entry(720, True, 2, "C-SR")]
    groups = by_rules(history)
    assert list(groups) == ["C-SR", "E"]
    assert groups["C-SR"].played == 2 and groups["C-SR"].won == 1 and groups["E"].won == 1


def test_the_daily_streak_counts_consecutive_days_won():
    day = datetime.date(2026, 11, 10)

    def on(offset: int, won: bool) -> GameEntry:
        return entry(700 if won else 400, won, offset, daily=(day + datetime.timedelta(days=offset)).isoformat())

    history = [on(-5, True), on(-4, True), on(-3, True), on(-2, False), on(-1, True), on(-1, False)]
    s = daily_summary(history, day)
    assert (s.played, s.won, s.best_streak) == (5, 4, 3)
    assert s.current_streak == 1  # yesterday won, today not played yet
    assert daily_summary([*history, on(0, True)], day).current_streak == 2
    assert daily_summary(history, day + datetime.timedelta(days=2)).current_streak == 0
    assert daily_summary([entry(700, True)], day) == daily_summary([], day)


def test_merging_adds_only_the_games_not_there():
    a, b, c = entry(700, True, 0), entry(710, True, 1), entry(720, True, 2)
    merged, added = merge_history([a, c], [b, c])
    assert merged == [a, b, c] and added == 1


_finished = st.builds(
    lambda score, moves, result, minute: GameEntry(
        code="TP1-E-AAAAAAB",
        rules="E",
        result=result,
        score=score,
        moves=moves,
        draws=0,
        undos=0,
        duration=60.0,
        date=T0 + datetime.timedelta(minutes=minute),
    ),
    st.integers(0, 1000),
    st.integers(1, 120),
    st.sampled_from([Outcome.WON, Outcome.BLOCKED, Outcome.TIME_UP]),
    st.integers(0, 10_000),
)
_abandoned = st.builds(
    lambda score, moves, minute: GameEntry(
        code="TP1-E-AAAAAAB",
        rules="E",
        result=Outcome.ABANDONED,
        score=score,
        moves=moves,
        draws=0,
        undos=0,
        duration=5.0,
        date=T0 + datetime.timedelta(minutes=minute),
    ),
    st.integers(0, 1000),
    st.integers(1, 5),  # left after very few moves
    st.integers(0, 10_000),
)


@given(
    finished=st.lists(_finished, max_size=12), abandoned=st.lists(_abandoned, min_size=1, max_size=6), data=st.data()
)
def test_an_abandoned_game_never_moves_the_best_and_average_score(finished, abandoned, data):
    """As in the class results (docs/teach/lesson-live.md, Honest counts): the best score and the averages
    are over finished games; abandons are counted apart (and in the games played, as losses)."""
    games = data.draw(st.permutations(finished + abandoned))
    s, alone = summarize(games), summarize(finished)
    assert (s.best_score, s.average_score, s.average_moves) == (
        alone.best_score,
        alone.average_score,
        alone.average_moves,
    )
    assert s.abandoned == len(abandoned) and s.played == len(finished) + len(abandoned)
    assert s.won == alone.won and s.win_rate == alone.won / s.played
    if finished:
        assert s.average_score == pytest.approx(sum(e.score for e in finished) / len(finished))
    else:
        assert s.best_score is s.average_score is s.average_moves is None
