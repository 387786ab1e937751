"""Who is playing now shows where each student really is, from a teacher's lesson: a game blocked on
the table shows as finished (blocked) at once (it is recorded at once), an undo makes it playing again; a game
recorded when a closed tab's kernel stopped keeps the time of its last move; a new lesson keeps the
students still playing; a student named without a move yet is listed as joined.  Also: a challenge
without results yet says so and where the earlier ones are, the big screen can hide the hints,
undos and abandons columns (the browser remembers it), and wrong secrets count for the whole
server, a wrong one in the link as a typed one, a reload starting no new count."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from class_rows import CODE, live_rows, one_game_db, row
from page import ui

from tripeaks import Status
from tripeaks.app import build_app
from tripeaks.app.views import teacher_page
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ClassStore, LiveState
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES

BLOCKS = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked
CHALLENGE = "TP1-E-AAAAAAC"
SECRET = "a-teacher-secret"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return one_game_db(tmp_path, monkeypatch)


def status_of(view: ClassResults, name: str) -> str:
    view.check_for_changes()
    found = [r[5] for r in live_rows(view) if r[0] == name]
    assert len(found) == 1, live_rows(view)
    return found[0]


def play_to_the_end(app: Any) -> None:
    game = app.session.game
    while not game.is_over:
        plays = game.playable()
        if plays:
            app.session.play(plays[0])
        else:
            app.session.draw()


# ------------------------------------------------------------------ a blocked game on the table
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_blocked_on_the_table_shows_as_finished_at_once(db: Path, lang: str) -> None:
    app = build_app(BLOCKS, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait() and tools.save_name("Bea")
    view = ClassResults(db, lang=lang, auto_refresh=0)
    app.session.play(app.session.game.playable()[0]) if app.session.game.playable() else app.session.draw()
    assert tools.wait()
    assert status_of(view, "Bea") == classroom_text("live.playing", lang)
    play_to_the_end(app)
    assert app.session.game.status is Status.BLOCKED and tools.wait()
    assert [g.name for g in ClassStore(db).games()] == ["Ana", "Bea"]  # recorded at once; an undo can revive it
    blocked = classroom_text("live.finished", lang, result=classroom_text("outcome.blocked", lang))
    assert status_of(view, "Bea") == blocked  # at once, not at the next report
    assert "tp-class-finished" in view.live.value
    ui(app).undo_button.click()  # revived: playing again
    assert tools.wait() and status_of(view, "Bea") == classroom_text("live.playing", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_export_holds_a_blocked_game_still_on_screen(db: Path, lang: str) -> None:
    # A teacher exporting at the end of class, then stopping the server, lost the games still blocked on
    # screen: they are recorded the moment they are blocked, so the files hold them.
    app = build_app(BLOCKS, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait() and tools.save_name("Bea")
    view = ClassResults(db, lang=lang, auto_refresh=0)
    play_to_the_end(app)
    assert app.session.game.status is Status.BLOCKED and tools.wait()
    view.refresh()  # a look at once (check_for_changes waits a little before redrawing the tables)
    [line] = [r for r in view.export_games.splitlines() if "Bea" in r]
    assert classroom_text("outcome.blocked", lang) in line
    app.session.request_deal_random()  # leaving it changes nothing: still one row
    assert tools.wait()
    view.refresh()
    assert len([r for r in view.export_games.splitlines() if "Bea" in r]) == 1


# ------------------------------------------------------------------ a tab closed abruptly
def test_a_game_recorded_minutes_after_its_last_move_keeps_its_last_move(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The culler stops a closed tab's kernel minutes later and the blocked game is recorded then:
    the Last move column still says when the student last moved."""
    store = ClassStore(db)
    assert store.report_playing("Bea", CODE, 23, 310, LiveState.BLOCKED)
    moved = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=6)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE live SET updated_at = ?", (moved.isoformat(timespec="milliseconds"),))
    recorded = moved + timedelta(minutes=6)
    assert store.record_game(row("Bea", result="blocked", score=310, moves=23, played_at=recorded.isoformat()))
    monkeypatch.setattr(teacher_page, "_now", lambda: recorded + timedelta(seconds=20))
    view = ClassResults(db, auto_refresh=0)
    clock = moved.astimezone().strftime("%H:%M")
    blocked = classroom_text("live.finished", result=classroom_text("outcome.blocked"))
    assert [r[4:] for r in live_rows(view) if r[0] == "Bea"] == [
        [classroom_text("live.ago", time=clock, minutes=6), blocked]
    ]
    assert [p.name for p in store.playing()] == []  # recorded: no longer playing


def test_a_won_game_s_last_move_is_the_win(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A win is recorded as it is made: its last move is then, not the last move reported before."""
    store = ClassStore(db)
    assert store.report_playing("Bea", CODE, 39, 600)
    won = datetime.now(timezone.utc).replace(microsecond=0)
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE live SET updated_at = ?", ((won - timedelta(seconds=70)).isoformat(timespec="milliseconds"),)
        )
    assert store.record_game(row("Bea", score=650, moves=41, played_at=won.isoformat()))
    monkeypatch.setattr(teacher_page, "_now", lambda: won + timedelta(seconds=10))
    view = ClassResults(db, auto_refresh=0)
    clock = won.astimezone().strftime("%H:%M")
    assert [r[4] for r in live_rows(view) if r[0] == "Bea"] == [classroom_text("live.just_now", time=clock)]


# ------------------------------------------------------------------ a new lesson
def test_a_new_lesson_keeps_the_students_still_playing(db: Path) -> None:
    store = ClassStore(db)
    assert store.report_playing("Bea", CODE, 12, 488)
    view = ClassResults(db, auto_refresh=0)
    view.lesson_name.value = "Thursday"
    view.lesson_start.click()
    view.lesson_yes.click()
    assert [lesson.name for lesson in store.lessons()] == ["Thursday"]
    assert [(r[0], r[2], r[5]) for r in live_rows(view)] == [("Bea", "12", classroom_text("live.playing"))]


# ------------------------------------------------------------------ joined, no move yet
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_student_named_without_a_move_yet_is_listed_as_joined(db: Path, lang: str) -> None:
    app = build_app(CODE, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    view = ClassResults(db, lang=lang, auto_refresh=0)
    assert tools.save_name("Caio") and tools.wait()
    view.check_for_changes()
    none = classroom_text("cell.none", lang)  # no game known yet: no code (it may be changed), moves, score 0
    assert live_rows(view) == [["Caio", none, none, none, none, classroom_text("live.joined", lang)]]
    app.session.draw()
    assert tools.wait() and status_of(view, "Caio") == classroom_text("live.playing", lang)


def test_a_name_the_browser_remembers_joins_too(db: Path) -> None:
    app = build_app(CODE, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    tools.memory._received(tools.memory, {"kind": "loaded", "text": json.dumps({"name": "Dora"})}, [])
    assert tools.wait()
    assert [(p.name, p.state) for p in ClassStore(db).playing()] == [("Dora", LiveState.JOINED)]


def test_a_student_who_joins_stays_joined_when_a_game_left_earlier_is_recorded(db: Path) -> None:
    """A page opened again records the blocked game its closed tab left (or games that waited for
    the name): the student has still not moved on this page."""
    store = ClassStore(db)
    assert store.report_playing("Dora", CODE, 0, 0, LiveState.JOINED)
    assert store.record_game(row("Dora", result="blocked", played_at=datetime.now(timezone.utc).isoformat()))
    assert [(p.name, p.state) for p in store.playing()] == [("Dora", LiveState.JOINED)]
    assert store.report_playing("Dora", CODE, 1, 5)
    assert store.record_game(row("Dora", result="abandoned", played_at=datetime.now(timezone.utc).isoformat()))
    assert store.playing() == []


# ------------------------------------------------------------------ a challenge without results yet
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_challenge_without_results_says_so_and_where_the_earlier_ones_are(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    view.challenge_input.value = CODE
    view.challenge_set.click()
    assert "Ana" in html.unescape(view.leaderboard.value)
    view.challenge_input.value = CHALLENGE
    view.challenge_set.click()
    assert view.code_picker.value == CHALLENGE and view.leaderboard.value == ""
    said = html.unescape(view.leaderboard_summary.value)
    assert classroom_text("leaderboard.empty", lang, code=CHALLENGE) in said
    assert classroom_text("leaderboard.empty_others", lang) in said
    assert CODE in view.code_picker.options[1][0] and view.code_picker.options[1][1] == CODE  # still reachable
    view.code_picker.value = CODE
    assert "Ana" in html.unescape(view.leaderboard.value)
    assert classroom_text("leaderboard.empty", lang, code=CODE) not in html.unescape(view.leaderboard_summary.value)


# ------------------------------------------------------------------ the big screen's private columns
def test_the_big_screen_can_hide_hints_undos_and_abandons_and_the_browser_remembers_it(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    sent: list[Any] = []
    view.view_memory.send = sent.append  # type: ignore[method-assign]
    private = re.findall(r"<th scope='col' class='tp-col-private'>(.*?)</th>", view.leaderboard.value)
    assert [html.unescape(h) for h in private] == [
        classroom_text(k) for k in ("column.abandoned", "column.hints", "column.undos")
    ]
    assert view.leaderboard.value.count("<td class='tp-num tp-col-private'>") == 3  # Ana's row
    assert "tp-class-discreet" not in view._dom_classes
    view.discreet.value = True
    assert "tp-class-discreet" in view._dom_classes
    assert sent == [{"kind": "write", "keep": sent[0]["keep"], "replace": {"discreet": True}, "merge": False}]
    reloaded = ClassResults(db, auto_refresh=0)  # a reload: the browser says what it remembers
    reloaded.view_memory._received(reloaded.view_memory, {"kind": "loaded", "text": json.dumps({"discreet": True})}, [])
    assert reloaded.discreet.value and "tp-class-discreet" in reloaded._dom_classes
    assert classroom_text("bigscreen.discreet") == reloaded.discreet.description


# ------------------------------------------------------------------ wrong secrets, whole server
def test_a_wrong_secret_in_the_link_counts_and_a_reload_does_not_start_a_new_count(db: Path) -> None:
    clock = [1000.0]
    for _ in range(teacher_page.FREE_TRIES):  # the teacher's link with a wrong secret, reloaded
        page = ClassResults(db, auto_refresh=0, secret=SECRET, query="?secret=wrong", clock=lambda: clock[0])
        assert not page.unlocked
    page = ClassResults(db, auto_refresh=0, secret=SECRET, query=f"?secret={SECRET}", clock=lambda: clock[0])
    assert not page.unlocked  # a new page waits too, even with the right secret
    assert classroom_text("lock.wait", seconds=5) in html.unescape(page.lock_message.value)
    typed = ClassResults(db, auto_refresh=0, secret=SECRET, query="", clock=lambda: clock[0])
    assert not typed.unlock(SECRET)  # another page, typed: the same count
    clock[0] += teacher_page.LOCKOUT_SECONDS
    assert typed.unlock(SECRET)
    clock[0] += 1
    for _ in range(teacher_page.FREE_TRIES - 1):  # the right secret started the count again
        assert not ClassResults(db, auto_refresh=0, secret=SECRET, query="?secret=no", clock=lambda: clock[0]).unlocked
    assert ClassResults(db, auto_refresh=0, secret=SECRET, query=f"?secret={SECRET}", clock=lambda: clock[0]).unlocked
