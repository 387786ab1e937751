"""Class results in the play app (tripeaks.app.views.class_panel), headless: the name line, every finished
game recorded in the class database, the class challenge, and a database that cannot be used."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from page import ui
from widget_state import css_classes, plain

from tripeaks import Game, Status
from tripeaks.app import build_app
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views import class_panel as classroom_view
from tripeaks.app.views.class_panel import PENDING_MAX, ClassroomTools
from tripeaks.app.views.lifecycle import widget_tree
from tripeaks.history.class_results import (
    ENV_CHALLENGE,
    ENV_DB,
    NAME_MAX,
    ClassStore,
    NameProblem,
    Outcome,
    Problem,
)
from tripeaks.i18n.classroom import classroom_text, name_problem_message, problem_message
from tripeaks.solver import solve

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 8♦ at position 20 is the one play
WINNABLE = "TP1-E-AAAAAAD"
BLOCKS = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked


def class_app(db: ClassStore | Path, code: str = CODE, lang: str = "en") -> tuple[TriPeaksApp, ClassroomTools]:
    app = build_app(code, lang=lang, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    return app, tools


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    return tmp_path / "class.sqlite"


def stored(db: Path) -> list[Any]:
    return ClassStore(db).games()


def shown(tools: ClassroomTools) -> bool:
    return tools.name_input.layout.display != "none"


def every_text(app: TriPeaksApp) -> str:
    """Everything the app's widgets could show: values, descriptions, placeholders, tooltips."""
    out = []
    for w in widget_tree(app):
        for name in ("value", "description", "placeholder", "tooltip"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
    return "\n".join(out)


def click_play(app: TriPeaksApp, action: int | str) -> None:
    if action == "D":
        app.board.stock_button.click()
    else:
        assert isinstance(action, int)
        app.board.card_buttons[action].click()


def leave(app: TriPeaksApp, button: Any) -> None:
    """Click Restart, Deal or New game as a player; to "Abandon this game?" (a game in progress) say Yes."""
    button.click()
    if app.session.pending is not None:
        app.confirm.yes_button.click()
    assert app.session.pending is None


def play_to_the_end(app: TriPeaksApp) -> None:
    while not app.game.is_over:
        plays = app.game.playable()
        click_play(app, plays[0] if plays else "D")


def win(app: TriPeaksApp) -> None:
    for action in solve(app.game).line:
        click_play(app, action)
    assert app.game.status is Status.WON


# ------------------------------------------------------------------ on or off
def test_without_a_class_database_the_app_asks_no_name_and_loads_nothing_of_it(monkeypatch):
    monkeypatch.delenv(ENV_DB, raising=False)
    app = build_app(CODE)
    assert app.classroom is None
    assert not any("tp-classbar" in css_classes(w) for w in widget_tree(app) if hasattr(w, "_dom_classes"))


def test_the_environment_variable_turns_class_results_on(monkeypatch, db):
    monkeypatch.setenv(ENV_DB, str(db))
    app = build_app(CODE)
    tools = app.classroom
    assert tools is not None and tools.wait()
    assert app.children[0] is tools.bar and "tp-classbar" in css_classes(tools.bar)
    assert tools.store is not None and tools.store.available and db.exists()


# ------------------------------------------------------------------ the name
@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_app_asks_for_a_name_once_and_then_says_how_results_are_recorded(db, lang):
    app, tools = class_app(db, lang=lang)
    assert shown(tools) and tools.name is None
    assert tools.name_input.description == classroom_text("name.label", lang)
    assert tools.save_button.description == classroom_text("name.save", lang)
    assert plain(tools.prompt.value) == classroom_text("name.prompt", lang)
    tools.name_input.value = "  Ana   Sofia "
    tools.save_button.click()
    assert tools.name == "Ana Sofia" and not shown(tools)
    assert plain(tools.note.value) == classroom_text("name.saved", lang, name="Ana Sofia")
    app.set_language("fr" if lang != "fr" else "pt")  # the line follows the language
    assert plain(tools.note.value) == classroom_text("name.saved", app.lang, name="Ana Sofia")


@pytest.mark.parametrize(
    ("text", "reason"),
    [("   ", NameProblem.EMPTY), ("x" * (NAME_MAX + 1), NameProblem.TOO_LONG), ("Ana\tB", NameProblem.CONTROL)],
)
def test_a_refused_name_says_why_and_changes_nothing(db, text, reason):
    app, tools = class_app(db, lang="pt")
    tools.name_input.value = text
    tools.save_button.click()
    assert tools.name is None and shown(tools)
    assert plain(tools.note.value) == name_problem_message(reason, "pt")
    assert "tp-note-error" in tools.note.value
    tools.name_input.value = "Ana"
    tools.save_button.click()
    assert tools.name == "Ana" and plain(tools.note.value) == classroom_text("name.saved", "pt", name="Ana")


def test_a_name_is_shown_as_text_never_as_html(db):
    app, tools = class_app(db)
    assert tools.save_name("<b>Ana</b>")
    assert "<b>" not in tools.note.value and "&lt;b&gt;Ana&lt;/b&gt;" in tools.note.value


# ------------------------------------------------------------------ recording
def test_every_finished_game_is_recorded_with_what_the_teacher_needs(db):
    app, tools = class_app(db, code=WINNABLE)
    tools.save_name("Ana")
    win(app)  # won: recorded at once
    assert tools.wait() and [g.result for g in stored(db)] == [Outcome.WON]
    ui(app).code_input.value = BLOCKS
    leave(app, ui(app).deal_button)
    play_to_the_end(app)
    assert app.game.status is Status.BLOCKED
    leave(app, ui(app).again_button)  # blocked: recorded when the student leaves it (undo could revive it)
    app.board.stock_button.click()
    ui(app).undo_button.click()
    leave(app, ui(app).restart_button)  # a move (and its undo), then a restart: abandoned
    assert tools.wait()
    games = stored(db)
    assert [(g.name, g.code, g.rules, g.result) for g in games[:2]] == [
        ("Ana", WINNABLE, "E", Outcome.WON),
        ("Ana", BLOCKS, "C", Outcome.BLOCKED),
    ]
    assert games[2].result is Outcome.ABANDONED and (games[2].moves, games[2].draws, games[2].undos) == (1, 1, 1)
    for entry in games:
        replayed = entry.to_game()  # the record (docs/rules.md §6) gives back the game as it ended
        assert (entry.score, entry.moves) == (replayed.score, replayed.moves)
        assert entry.duration >= 0 and datetime.fromisoformat(entry.played_at).tzinfo is not None
    assert games[0].score == Game.from_record(json.loads(games[0].record)).score
    assert tools.recorded == 3 and tools.missed == 0


def test_a_game_under_a_rule_set_is_recorded_with_its_full_code_and_rule_set(db):
    app, tools = class_app(db, code="TP1-C-AAAAAAD-SRT5")  # draw when stuck, runs scoring, a 5-minute timer
    tools.save_name("Ana")
    play = app.game.playable()
    click_play(app, play[0] if play else "D")
    ui(app).code_input.value = CODE
    leave(app, ui(app).deal_button)
    assert tools.wait()
    [entry] = stored(db)
    assert (entry.code, entry.rules, entry.result) == ("TP1-C-AAAAAAD-SRT5", "C-SRT5", Outcome.ABANDONED)


def test_a_game_whose_time_ran_out_is_recorded_once_as_time_up(db):
    app, tools = class_app(db, code="TP1-E-AAAAAAB-T1")  # a 1-minute timer (docs/rules.md §8)
    tools.save_name("Ana")
    app.board.card_buttons[20].click()
    app.session.expire()  # what the app's clock does when the countdown reaches 0
    assert app.game.status is Status.TIME_UP
    ui(app).again_button.click()  # the next game: a game over is replaced without a question
    assert app.session.pending is None and app.game.status is Status.PLAYING
    assert tools.wait()
    [entry] = stored(db)
    assert (entry.code, entry.result, entry.moves) == ("TP1-E-AAAAAAB-T1", Outcome.TIME_UP, 1)


def test_a_game_left_without_a_move_is_not_recorded(db):
    app, tools = class_app(db)
    tools.save_name("Ana")
    leave(app, ui(app).restart_button)
    ui(app).code_input.value = WINNABLE
    leave(app, ui(app).deal_button)
    assert tools.wait() and stored(db) == []


def test_games_finished_before_the_name_is_given_are_recorded_with_it(db):
    app, tools = class_app(db, code=WINNABLE)
    win(app)
    leave(app, ui(app).restart_button)
    app.board.stock_button.click()
    leave(app, ui(app).restart_button)
    assert tools.wait() and stored(db) == []  # no name yet: nothing written
    tools.save_name("Zoé")
    assert tools.wait()
    assert [(g.name, g.result) for g in stored(db)] == [("Zoé", Outcome.WON), ("Zoé", Outcome.ABANDONED)]


def test_at_most_the_latest_games_wait_for_a_name(db):
    app, tools = class_app(db)
    for _ in range(PENDING_MAX + 3):
        app.board.stock_button.click()
        leave(app, ui(app).restart_button)
    tools.save_name("Ana")
    assert tools.wait() and len(stored(db)) == PENDING_MAX


def test_the_first_game_s_clock_starts_when_the_page_shows_it(db, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(classroom_view.time, "monotonic", lambda: now[0])
    app, tools = class_app(db)  # built ahead of the page (a preheated kernel)
    tools.save_name("Ana")
    now[0] += 300  # the kernel waits in the pool for five minutes
    tools.bar._view_count = 1  # the browser shows the app (ipywidgets counts the views)
    now[0] += 12
    app.board.stock_button.click()
    leave(app, ui(app).restart_button)  # abandoned after 12 s on screen
    now[0] += 5
    app.board.stock_button.click()
    leave(app, ui(app).restart_button)  # the next game's clock starts when it is dealt
    assert tools.wait()
    assert [g.duration for g in stored(db)] == [12.0, 5.0]


@pytest.mark.parametrize("wait", [30.0, 300.0, 1800.0])
@pytest.mark.parametrize("how", ["code", "restart", "resumed"])
def test_a_game_put_on_the_table_before_the_page_shows_counts_from_when_it_is_seen(db, monkeypatch, wait, how):
    """The kind of fault: a waiting kernel's game replaced before its page shows (a challenge dealt
    as the page loads, a link's code) counted the time the kernel waited as time played.  A game
    resumed from a save counts on from its own seconds."""
    now = [1000.0]
    monkeypatch.setattr(classroom_view.time, "monotonic", lambda: now[0])
    app, tools = class_app(db)  # built ahead of the page (a preheated kernel)
    tools.save_name("Ana")
    now[0] += 5
    if how == "code":
        app.session.deal_code("TP1-E-AAAAAAC")
    elif how == "restart":
        app.session.restart()
    else:
        app.session.set_game(app.game, "resumed", elapsed=40.0)
    now[0] += wait  # the kernel waits for its page
    tools.bar._view_count = 1  # the browser shows the app
    now[0] += 12
    app.board.stock_button.click()
    leave(app, ui(app).restart_button)
    assert tools.wait()
    expected = 40.0 + 12 if how == "resumed" else 12.0
    assert [g.duration for g in stored(db)] == [pytest.approx(expected, abs=0.1)]


# ------------------------------------------------------------------ a database that cannot be used
@pytest.mark.parametrize("problem", [Problem.NO_FOLDER, Problem.CORRUPT])
def test_an_unusable_database_is_said_once_quietly_and_the_app_plays_on(tmp_path, problem):
    path = tmp_path / "missing" / "class.sqlite"
    if problem is Problem.CORRUPT:
        path = tmp_path / "class.sqlite"
        path.write_bytes(b"this is not a database" * 100)
    app, tools = class_app(path, code=WINNABLE, lang="fr")
    assert not shown(tools)  # no name asked: it could not be used
    assert plain(tools.note.value) == problem_message(problem, "fr")
    assert "tp-note-quiet" in tools.note.value and "tp-classbar-quiet" in css_classes(tools.bar)
    message = ui(app).status.value
    win(app)
    leave(app, ui(app).restart_button)
    assert tools.wait() and app.game.moves == 0
    assert plain(tools.note.value) == problem_message(problem, "fr")
    assert (
        "base de données" not in plain(ui(app).status.value) and ui(app).status.value != message
    )  # the game's own messages


def test_a_database_that_stays_locked_loses_one_game_quietly_and_never_says_locked(db):
    store = ClassStore(db, busy_timeout=0.02, retries=1)
    app, tools = class_app(store)
    tools.save_name("Ana")
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        app.board.stock_button.click()
        leave(app, ui(app).restart_button)
        assert tools.wait()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert tools.missed == 1 and plain(tools.note.value) == classroom_text("problem.missed", "en")
    assert not re.search(r"\blocked\b", every_text(app), re.IGNORECASE)  # never "database is locked"
    app.board.stock_button.click()
    leave(app, ui(app).restart_button)  # the lock is gone: the next game is recorded and the line says so
    assert tools.wait() and tools.recorded == 1 and len(stored(db)) == 1
    assert plain(tools.note.value) == classroom_text("name.saved", "en", name="Ana")


def test_a_click_that_ends_a_game_never_waits_for_the_database(db):
    store = ClassStore(db, busy_timeout=30.0, retries=0)
    app, tools = class_app(store)
    tools.save_name("Ana")
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        app.board.stock_button.click()
        leave(app, ui(app).restart_button)  # returns while the write waits for the lock on the worker thread
        assert app.game.moves == 0 and not tools.wait(timeout=0.2)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert tools.wait() and tools.recorded == 1


# ------------------------------------------------------------------ the class challenge
@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_class_challenge_is_shown_on_the_name_line_and_dealt_in_one_click(db, monkeypatch, lang):
    monkeypatch.setenv(ENV_CHALLENGE, " tp1-c-aaaaaad ")
    app, tools = class_app(db, lang=lang)
    assert tools.challenge_box in tools.bar.children and tools.challenge_box.layout.display != "none"  # above the game
    assert plain(tools.challenge_text.value) == classroom_text("challenge.banner", lang, code="TP1-C-AAAAAAD")
    assert tools.challenge_button.description == classroom_text("challenge.play", lang)
    tools.challenge_button.click()
    assert str(app.game.code) == "TP1-C-AAAAAAD" and app.game.moves == 0
    ui(app).code_input.value = CODE
    leave(app, ui(app).deal_button)
    app.board.stock_button.click()
    tools.challenge_button.click()  # a game in progress: asked first, as Deal does
    assert app.session.pending is not None and str(app.game.code) == CODE
    app.confirm.yes_button.click()
    assert str(app.game.code) == "TP1-C-AAAAAAD"


def test_without_a_challenge_new_game_shows_none(db):
    app, tools = class_app(db)
    assert tools.challenge is None and tools.challenge_box.layout.display == "none"
    tools.challenge_button.click()  # hidden, and harmless anyway
    assert str(app.game.code) == CODE


def test_a_challenge_the_teacher_sets_appears_with_the_next_game(db):
    app, tools = class_app(db)
    assert tools.challenge is None
    ClassStore(db).set_challenge("TP1-E-AAAAAAH")  # from the teacher's notebook
    ui(app).code_input.value = WINNABLE
    leave(app, ui(app).deal_button)
    assert tools.wait() and tools.challenge == "TP1-E-AAAAAAH"
    assert plain(tools.challenge_text.value) == "Class challenge: TP1-E-AAAAAAH"
