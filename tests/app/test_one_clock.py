"""One game, one outcome, one duration: the end-of-game summary, the history and the class row agree.

Games are played through the app's widgets with a fake time source; the
page is hidden for a while in some of them (its seconds do not count).  A
reload of a timed game continues its countdown where it was, never refilled;
documents and class databases written before still read.
"""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fake_store import FakeStore
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.clock import Stopwatch
from tripeaks.app.model.keeper import RESUME_GAP, STORAGE_KEY
from tripeaks.app.model.session import GameFinished, PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.timer import format_duration, format_elapsed
from tripeaks.history.class_results import APPLICATION_ID, ClassStore
from tripeaks.history.entry import UTC, Outcome
from tripeaks.i18n.rulesets import rules_text
from tripeaks.solver import solve

WINNABLE = "TP1-E-AAAAAAD"
BLOCKS = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked
PLAIN = "TP1-E-AAAAAAB"
TIMED = "TP1-E-AAAAAAB-T1"  # one minute (docs/rules.md §8)
WALL = datetime.datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)


class FakeTime:
    """Seconds that move only when told; ``wall`` is the matching UTC date and time."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wall(self) -> datetime.datetime:
        return WALL + datetime.timedelta(seconds=self.now - 1000.0)


def app_with_everything(code: str, time: FakeTime, db: Path, storage: dict[str, str] | None = None):
    """An app on ``code`` with its history (a fake localStorage) and the class results (``db``)."""
    app = TriPeaksApp(session=PlaySession(Game.from_code(code)), time_source=time)
    compose(app, hints=False, keys=False, store=FakeStore(storage), class_db=db)
    kept, tools = app.keep, app.classroom
    assert kept is not None and tools is not None
    kept.keeper.now = time.wall
    kept.store.load()
    assert tools.wait()
    assert tools.save_name("Ana")
    return app, kept, tools


def act(app: TriPeaksApp, action: int | str) -> None:
    if action == "D":
        app.board.stock_button.click()
    else:
        assert isinstance(action, int)
        app.board.card_buttons[action].click()


def hide_page(app: TriPeaksApp, time: FakeTime, seconds: float) -> None:
    """The page is hidden for ``seconds`` (another tab): the page's countdown widget says so."""
    app.timer_view.countdown.visible = False
    time.now += seconds
    app.timer_view.countdown.visible = True


def summary_time(app: TriPeaksApp) -> str:
    """The time the end-of-game summary shows (its row ``tp-sum-time``)."""
    found = re.search(
        r'<tr class="tp-sum-time"><th scope="row">([^<]*)</th><td class="tp-num">([^<]*)</td>', app.end_view.body.value
    )
    assert found is not None and found.group(1) == rules_text("end.time", app.lang)
    return found.group(2)


# (outcome, seconds waited before the first move, seconds per move, seconds with the page hidden)
CASES = [
    (Outcome.WON, 0.0, 1.0, 0.0),
    (Outcome.WON, 12.5, 3.25, 40.0),
    (Outcome.BLOCKED, 4.0, 0.5, 0.0),
    (Outcome.BLOCKED, 0.0, 2.0, 300.0),
    (Outcome.TIME_UP, 5.0, 1.5, 0.0),
    (Outcome.TIME_UP, 0.0, 4.0, 25.0),
    (Outcome.ABANDONED, 7.0, 1.0, 0.0),
    (Outcome.ABANDONED, 0.0, 2.5, 90.0),
]


@pytest.mark.parametrize(("outcome", "before", "step", "hidden"), CASES)
def test_the_summary_the_history_and_the_class_row_give_one_duration_and_one_outcome(
    tmp_path: Path, outcome: Outcome, before: float, step: float, hidden: float
) -> None:
    time = FakeTime()
    code = {Outcome.WON: WINNABLE, Outcome.BLOCKED: BLOCKS, Outcome.TIME_UP: TIMED, Outcome.ABANDONED: PLAIN}[outcome]
    app, kept, tools = app_with_everything(code, time, tmp_path / "class.sqlite")
    finished: list[GameFinished] = []
    app.session.subscribe(lambda e: finished.append(e) if isinstance(e, GameFinished) else None)
    time.now += before  # the clock runs from the deal on a visible page
    hide_page(app, time, hidden)
    played = before
    if outcome is Outcome.WON:
        line = solve(app.game).line
    elif outcome is Outcome.BLOCKED:
        line = []
        game = app.game.copy()
        while not game.is_over:
            playable = game.playable()
            if playable:
                line.append(playable[0])
                game.play(playable[0])
            else:
                line.append("D")
                game.draw()
    else:
        line = ["D", "D", "D"]
    for action in line:
        time.now += step
        played += step
        act(app, action)
    if outcome is Outcome.TIME_UP:
        time.now += 120.0
        app.clock.tick()  # what the kernel's event loop does when the countdown reaches 0
        played = 60.0
    elif outcome is Outcome.ABANDONED:
        time.now += 6.0
        played += 6.0
    assert app.session.elapsed == pytest.approx(played)
    if outcome is not Outcome.ABANDONED:  # the summary shows at the end (a blocked game's before it leaves)
        assert app.game.status is Status[outcome.name]
        assert summary_time(app) == format_elapsed(app.end_view.entry().duration)
        assert app.end_view.entry().result is outcome
    shown = app.end_view.entry()
    time.now += 30.0  # looking at the end (or at the game about to be left) is not playing, except abandoned
    if outcome in (Outcome.BLOCKED, Outcome.ABANDONED):  # these count when the game leaves the table
        app.session.deal_code(PLAIN)
    if outcome is Outcome.ABANDONED:
        played += 30.0
    assert [f.outcome for f in finished] == [outcome]
    assert finished[0].duration == pytest.approx(played)
    assert tools.wait()
    (row,) = ClassStore(tmp_path / "class.sqlite").games()
    (entry,) = kept.keeper.history
    assert (entry.result, row.result) == (outcome, outcome)
    assert entry.duration == row.duration == round(played, 1)
    if outcome is not Outcome.ABANDONED:
        assert shown.duration == entry.duration
    assert (row.code, row.score, row.moves, row.draws, row.undos) == (
        entry.code,
        entry.score,
        entry.moves,
        entry.draws,
        entry.undos,
    )
    assert json.loads(row.record) == entry.record()


def test_the_clock_starts_with_the_deal_and_the_countdown_is_the_same_clock(tmp_path: Path) -> None:
    time = FakeTime()
    app, _kept, _tools = app_with_everything(PLAIN, time, tmp_path / "class.sqlite")
    app.session.deal_code(TIMED)
    for waited in (0.0, 3.5, 11.0, 27.25):
        time.now += waited
        assert app.clock.remaining() == pytest.approx(60.0 - app.session.elapsed)
        assert app.clock.elapsed() == app.session.elapsed == app.session.stopwatch.elapsed(time.now)
    assert app.session.elapsed == pytest.approx(41.75)
    assert app.timer_view.shown() == rules_text("timer.left", "en", time=format_duration(60.0 - 41.75))


# ------------------------------------------------------------------ a reload
def play_then_reload(tmp_path: Path, gap: float, hide_before_reload: bool) -> tuple[TriPeaksApp, float, dict]:
    """A timed game: 10 s then a move, 5 s more, maybe the page hidden, and ``gap`` seconds of reload."""
    time = FakeTime()
    storage: dict[str, str] = {}
    app, _kept, _tools = app_with_everything(PLAIN, time, tmp_path / "a.sqlite", storage)
    app.session.deal_code(TIMED)
    time.now += 10.0
    act(app, 20)
    time.now += 5.0
    if hide_before_reload:
        app.timer_view.countdown.visible = False
    left = app.clock.remaining()
    assert left is not None
    time.now += gap
    again, _kept2, _tools2 = app_with_everything(PLAIN, time, tmp_path / "b.sqlite", storage)
    assert str(again.game.code) == TIMED and again.game.moves == 1
    return again, left, json.loads(storage[STORAGE_KEY])


@pytest.mark.parametrize("gap", [0.0, 0.5, 2.0, 30.0, RESUME_GAP, 3600.0])
def test_a_reload_continues_the_countdown_it_never_refills_it(tmp_path: Path, gap: float) -> None:
    again, left, _doc = play_then_reload(tmp_path, gap, hide_before_reload=False)
    after = again.clock.remaining()
    assert after is not None
    assert after == pytest.approx(max(0.0, left - min(gap, RESUME_GAP)), abs=0.11)  # elapsed is kept to 0.1 s
    assert after < 60.0 - 10.0 and again.clock.running


@pytest.mark.parametrize("gap", [1.0, 45.0, 3600.0])
def test_a_page_hidden_before_the_reload_continues_where_it_paused(tmp_path: Path, gap: float) -> None:
    again, left, _doc = play_then_reload(tmp_path, gap, hide_before_reload=True)
    assert again.clock.remaining() == pytest.approx(left, abs=0.11)


def test_a_document_of_the_current_release_still_loads_and_resumes_at_its_seconds(tmp_path: Path) -> None:
    game = Game.from_code(TIMED)
    game.play(20)
    old = {
        "format": "tripeaks-storage",
        "version": 1,
        "settings": {"lang": "en", "error_help": True, "deal_rules": "E"},
        "game": {"record": game.to_record(), "elapsed": 40.0, "daily": None, "match": None},
        "history": [
            {
                "code": WINNABLE,
                "rules": "E",
                "result": r,
                "score": 10 * i,
                "moves": 3,
                "draws": 1,
                "undos": 0,
                "duration": 12.5,
                "date": f"2026-11-2{i}T09:12:44Z",
                "daily": None,
                "actions": ["D"],
            }
            for i, r in enumerate(["won", "blocked", "time_up", "abandoned"])
        ],  # fmt: skip
        "match": None,
    }
    time = FakeTime()
    app, kept, _tools = app_with_everything(PLAIN, time, tmp_path / "c.sqlite", {STORAGE_KEY: json.dumps(old)})
    assert [e.result for e in kept.keeper.history] == list(Outcome)
    assert str(app.game.code) == TIMED and app.clock.remaining() == pytest.approx(20.0)
    time.now += 5.0
    assert app.clock.remaining() == pytest.approx(15.0)


def test_a_class_database_of_the_current_release_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT, rules TEXT NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('won', 'blocked', 'time_up', 'abandoned')),
            score INTEGER NOT NULL CHECK (score >= 0), moves INTEGER NOT NULL CHECK (moves >= 0),
            draws INTEGER NOT NULL CHECK (draws >= 0), undos INTEGER NOT NULL CHECK (undos >= 0),
            duration REAL NOT NULL CHECK (duration >= 0), record TEXT NOT NULL, played_at TEXT NOT NULL);
        CREATE INDEX games_by_code ON games (code);
        CREATE INDEX games_by_name ON games (name);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);
        """
    )
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    record = json.dumps({"format": "tripeaks-record/1", "code": WINNABLE, "actions": ["D"]})
    for i, result in enumerate(["won", "blocked", "time_up", "abandoned"]):
        con.execute(
            "INSERT INTO games (name, code, rules, result, score, moves, draws, undos, duration, record, played_at)"
            " VALUES (?, ?, 'E', ?, ?, 1, 1, 0, ?, ?, ?)",
            ("Ana", WINNABLE, result, 10 * i, 1.5 * i, record, f"2026-05-09T10:0{i}:00.000+00:00"),
        )
    con.commit()
    con.close()
    store = ClassStore(path)
    rows = store.games()
    assert store.available and [r.result for r in rows] == list(Outcome)
    assert [r.duration for r in rows] == [0.0, 1.5, 3.0, 4.5]


# ------------------------------------------------------------------ the stopwatch
@settings(max_examples=200, deadline=None)
@given(
    limit=st.none() | st.floats(0, 3600),
    steps=st.lists(st.tuples(st.sampled_from(["start", "stop", "restart"]), st.floats(0, 500)), max_size=30),
)
def test_a_stopwatch_counts_only_between_start_and_stop_and_never_past_its_limit(
    limit: float | None, steps: list[tuple[str, float]]
) -> None:
    watch = Stopwatch(limit, 0.0)
    counted, since, now = 0.0, None, 0.0
    for what, later in steps:
        now += later
        getattr(watch, what)(now)
        if what == "start" and since is None:
            since = now
        elif what == "stop" and since is not None:
            counted, since = counted + now - since, None
        elif what == "restart":
            counted, since = 0.0, (now if since is not None else None)
        running = 0.0 if since is None else now - since
        for ahead in (0.0, 1.5, 90.0):
            expected = counted + running + (ahead if since is not None else 0.0)
            expected = expected if limit is None else min(expected, limit)
            assert watch.elapsed(now + ahead) == pytest.approx(expected)
            left = watch.remaining(now + ahead)
            assert left == (None if limit is None else pytest.approx(max(0.0, limit - expected)))
        assert watch.running is (since is not None)


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), True, "10"])
def test_a_stopwatch_refuses_seconds_that_are_not_seconds(bad: Any) -> None:
    with pytest.raises(ValueError, match="seconds"):
        Stopwatch(None, bad)
