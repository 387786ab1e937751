"""The teacher's page lists each student's attempts and replays any of them in the app's replay
panel (tripeaks.app.views.teacher_page, tripeaks.app.views.replay_panel), headless.

The games are real ones played to their end (won, blocked, abandoned) and stored in a class
database; the record the panel steps through must be the stored one, action for action.
"""

from __future__ import annotations

import html
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ClassRow, ClassStore, Outcome
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES
from tripeaks.solver import solve

WINNABLE = "TP1-E-AAAAAAD"
BLOCKS = "TP1-C-AAAAAAD"


def played(code: str, steps: int | None, seed: int = 0) -> Game:
    """``code`` played by a simple rule (a playable card, else a draw): ``steps`` actions, or to its end."""
    game = Game.from_code(code)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        plays = game.playable()
        if plays:
            game.play(plays[seed % len(plays)])
        else:
            game.draw()
        done += 1
    return game


def won(code: str = WINNABLE) -> Game:
    game = Game.from_code(code)
    for action in solve(game).line:
        game.draw() if action == "D" else game.play(action)
    assert game.status is Status.WON
    return game


def rows_of(markup: str) -> list[list[str]]:
    return [
        [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", markup)
        if "<td" in row
    ]


@pytest.fixture
def class_db(tmp_path: Path) -> Path:
    db = tmp_path / "class.sqlite"
    store = ClassStore(db)
    games = [
        ("Chloé", won(), None, "2026-05-09T08:00:00Z"),
        ("Chloé", played(BLOCKS, None), None, "2026-05-09T08:10:00Z"),
        (" chloé ", played(WINNABLE, 5, seed=1), Outcome.ABANDONED, "2026-05-09T08:20:00Z"),
        ("Robert'); DROP TABLE games;--", played(WINNABLE, 3), Outcome.ABANDONED, "2026-05-09T08:30:00Z"),
    ]
    for name, game, result, when in games:
        assert store.record_game(ClassRow.from_game(name, game, duration=42.0, result=result, played_at=when))
    return db


def test_a_students_attempts_are_listed_latest_first_in_local_time(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, auto_refresh=0)
    view.student_picker.value = "Chloé"  # " chloé " is the same student
    rows = rows_of(view.attempts.value)
    local = [datetime(2026, 5, 9, h, m, tzinfo=timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")
             for h, m in ((8, 20), (8, 10), (8, 0))]  # fmt: skip
    assert [r[0] for r in rows] == local
    assert [r[2] for r in rows] == [classroom_text(f"outcome.{o}", "en") for o in ("abandoned", "blocked", "won")]
    stored = list(reversed(ClassStore(class_db).games(name="Chloé")))
    assert [int(r[3]) for r in rows] == [g.score for g in stored]  # score
    assert [int(r[5]) for r in rows] == [g.hints for g in stored]  # hints
    assert [int(r[6]) for r in rows] == [g.undos for g in stored]  # undos
    assert [v for _, v in view.attempt_picker.options] == [g.row_id for g in stored]
    assert view.attempt_picker.options[0][0].startswith(local[0])


def test_watch_replays_the_stored_record_in_the_apps_replay_panel(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, auto_refresh=0)
    assert view.replay_panel is None  # made at the first Watch only
    view.student_picker.value = "Chloé"
    for row in ClassStore(class_db).games(name="Chloé"):
        view.attempt_picker.value = row.row_id
        view.watch_button.click()
        panel = view.replay_panel
        assert panel is not None and panel.watching and view.watched == row
        assert view.watch_box.layout.display is None
        stored = json.loads(row.record)
        assert panel._replay.record["actions"] == stored["actions"]
        assert panel.slider.max == len(stored["actions"])
        panel.slider.value = panel.slider.max  # step to the end: the table holds the game as it ended
        shown = view._watch_session.game
        assert (shown.score, shown.moves, shown.to_record()["actions"]) == (row.score, row.moves, stored["actions"])
        assert ("Chloé" in view.watch_title.value) and (row.code in view.watch_title.value)
    assert view.replay_panel is panel  # one panel, reused


def test_watching_counts_nothing_and_a_student_name_is_text(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, auto_refresh=0)
    view.student_picker.value = "Robert'); DROP TABLE games;--"
    assert view.watch_attempt()
    assert "DROP TABLE" in html.unescape(view.watch_title.value) and "<script" not in view.watch_title.value
    panel = view.replay_panel
    panel.slider.value = panel.slider.max
    assert not view._watch_session.counts  # a replay step is never counted
    assert ClassStore(class_db).count() == 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_playing_on_from_a_watched_step_says_nothing_is_recorded(class_db: Path, lang: str) -> None:
    """The teacher's Continue from here said the game "counts once you make a move": nothing is
    recorded on the teacher's page, and the message must say so."""
    from tripeaks.i18n.keep import keep_text

    view = ClassResults(class_db, environ={}, auto_refresh=0)
    view.set_language(lang)
    assert view.watch_attempt()
    panel = view.replay_panel
    panel.slider.value = 1
    session = view._watch_session
    panel.continue_button.click()
    message = panel.message.value
    assert html.unescape(re.sub(r"<[^>]+>", "", message)) == keep_text("replay.continued_unkept", session.lang, step=1)
    assert keep_text("replay.continued", session.lang, step=1) not in html.unescape(message)
    game = session.game
    if not game.is_over:  # a move played on: still nothing recorded
        if game.stock_count:
            session.draw()
    assert ClassStore(class_db).count() == 4


def test_watch_follows_the_pages_language(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, auto_refresh=0)
    view.watch_attempt()
    for lang in LANGUAGES:
        view.set_language(lang)
        assert view.watch_button.description == classroom_text("attempts.watch", lang)
        assert view._watch_session.lang == lang


def test_a_locked_page_lists_and_watches_nothing(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, secret="s3cret", query="", auto_refresh=0)
    assert not view.watch_attempt() and view.replay_panel is None
    assert view.attempt_picker.options == ()


@settings(max_examples=10, deadline=None)
@given(steps=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=4), seed=st.integers(0, 5))
def test_any_stored_attempt_replays_to_the_game_stored(tmp_path_factory, steps, seed) -> None:
    db = tmp_path_factory.mktemp("watch") / "class.sqlite"
    store = ClassStore(db)
    for i, n in enumerate(steps):
        game = played(WINNABLE if i % 2 else BLOCKS, n, seed)
        result = None if game.is_over else Outcome.ABANDONED
        store.record_game(ClassRow.from_game("Ana", game, duration=1.0, result=result,
                                             played_at=f"2026-05-09T08:{i:02d}:00Z"))  # fmt: skip
    view = ClassResults(db, environ={}, auto_refresh=0)
    for row in store.games():
        assert view.watch_attempt(row.row_id)
        view.replay_panel.slider.value = view.replay_panel.slider.max
        assert view._watch_session.game.to_record()["actions"] == json.loads(row.record)["actions"]
        assert view._watch_session.game.score == row.score
    view.close()


def test_the_watch_box_shows_the_steps_and_no_game_of_the_teachers_to_go_back_to(class_db: Path) -> None:
    view = ClassResults(class_db, environ={}, auto_refresh=0)
    assert view.watch_attempt()
    panel = view.replay_panel
    assert panel.steps.layout.display is None
    assert panel.back_button.layout.display == "none"  # nothing was set aside
    assert panel.record.layout.display == "none" and panel.which.layout.display == "none"
    panel.next_button.click()
    assert panel.slider.value == 1
