"""What a teacher found on the class results page, headless: who is playing now ages and turns idle
without any new move, the columns of total moves say "Moves", the big screen keeps only the
lesson, who is playing and the leaderboard, the plot's names are whole or end with an ellipsis
inside the figure, and the CSV downloads are buttons."""

from __future__ import annotations

import base64
import csv
import html
import io
import re
import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from class_rows import CODE, live_rows, one_game_db, row
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks.app.views import teacher_page
from tripeaks.app.views.teacher_page import IDLE_SECONDS, LIVE_WINDOW_SECONDS, ClassResults
from tripeaks.history.class_results import ENV_CHALLENGE, ClassStore
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return one_game_db(tmp_path, monkeypatch)


def headers(markup: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r"<th scope='col'>(.*?)</th>", markup)]


def set_moved_at(db: Path, name: str, when: datetime) -> None:
    with sqlite3.connect(db) as con:
        con.execute("UPDATE live SET updated_at = ? WHERE name = ?", (when.isoformat(timespec="milliseconds"), name))


# ------------------------------------------------------------------ who is playing now
@pytest.fixture
def sao_paulo(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The teacher's computer is in São Paulo (UTC−3, no summer time)."""
    monkeypatch.setenv("TZ", "America/Sao_Paulo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_student_who_stops_moving_ages_then_shows_idle_then_goes_without_any_new_move(
    db: Path, monkeypatch: pytest.MonkeyPatch, sao_paulo: Any
) -> None:
    store = ClassStore(db)
    assert store.report_playing("Chloé", CODE, 12, 488)
    moved = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(seconds=20)
    set_moved_at(db, "Chloé", moved)
    clock = (moved - timedelta(hours=3)).strftime("%H:%M")  # the teacher's local time, not UTC
    now = [moved + timedelta(seconds=20)]
    monkeypatch.setattr(teacher_page, "_now", lambda: now[0])
    view = ClassResults(db, auto_refresh=0)
    assert live_rows(view) == [
        ["Chloé", CODE, "12", "488", classroom_text("live.just_now", "en", time=clock), classroom_text("live.playing")]
    ]
    now[0] = moved + timedelta(minutes=2, seconds=5)  # nothing written since: the page still says how long ago
    assert view.check_for_changes()
    assert live_rows(view)[0][4:] == [classroom_text("live.ago", time=clock, minutes=2), classroom_text("live.playing")]
    assert not view.check_for_changes()  # the same minute: nothing redrawn…
    read = (now[0] - timedelta(hours=3)).strftime("%H:%M:%S")
    assert classroom_text("updated", time=read) in html.unescape(view.info.value)  # …but "Read at" is this look
    now[0] = moved + timedelta(seconds=IDLE_SECONDS + 60)
    assert view.check_for_changes()
    minutes = int((IDLE_SECONDS + 60) // 60)
    assert live_rows(view)[0][4:] == [
        classroom_text("live.ago", time=clock, minutes=minutes),
        classroom_text("live.idle"),
    ]
    assert "tp-class-idle" in view.live.value
    assert classroom_text("live.idle_note", minutes=int(IDLE_SECONDS // 60)) in html.unescape(view.live.value)
    now[0] = moved + timedelta(seconds=LIVE_WINDOW_SECONDS + 60)  # the tab was closed long ago
    assert view.check_for_changes()
    assert classroom_text("live.none") in html.unescape(view.live.value)


def test_those_playing_come_before_the_idle_ones(db: Path) -> None:
    store = ClassStore(db)
    for name in ("Ana", "Bea", "Zoé"):
        assert store.report_playing(name, CODE, 3, 497)
    set_moved_at(db, "Ana", datetime.now(timezone.utc) - timedelta(seconds=IDLE_SECONDS + 30))
    view = ClassResults(db, auto_refresh=0)
    assert [(r[0], r[5]) for r in live_rows(view)] == [
        ("Bea", classroom_text("live.playing")),
        ("Zoé", classroom_text("live.playing")),
        ("Ana", classroom_text("live.idle")),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_columns_of_total_moves_say_moves_in_every_language(db: Path, lang: str) -> None:
    ClassStore(db).report_playing("Bea", CODE, 7, 493)
    view = ClassResults(db, lang=lang, auto_refresh=0)
    moves = classroom_text("column.moves", lang)
    assert moves == {"en": "Moves", "pt": "Jogadas", "fr": "Coups", "es": "Jugadas"}[lang]
    assert moves in headers(view.attempts.value)  # a game's moves, all of them
    assert headers(view.live.value)[:4] == [
        classroom_text(k, lang) for k in ("column.name", "column.code", "column.moves", "column.score")
    ]
    for part in (view.attempts.value, view.live.value, view.leaderboard.value, view.progress.value):
        assert {"Move", "Jogada", "Coup", "Jugada"}.isdisjoint(headers(part))


# ------------------------------------------------------------------ the big screen
def test_the_big_screen_keeps_the_lesson_who_is_playing_and_the_leaderboard_only(db: Path) -> None:
    store = ClassStore(db)
    store.start_lesson("Peaks first", challenge=CODE)
    store.record_game(row("Bea", score=600))
    view = ClassResults(db, auto_refresh=0)
    kept = {view.big_title, view.big_screen, view.live_heading, view.live}
    kept |= {view.leaderboard_heading, view.code_picker, view.leaderboard_summary, view.leaderboard}
    top = view.children[1]
    for part in (*top.children, view.info, *view.results.children):
        assert ("tp-class-detail" in part._dom_classes) is (part not in kept), part
    assert view.watch_button in view.watch_controls.children  # the Watch button goes with its row
    title = html.unescape(view.big_title.value)
    assert "Peaks first" in title and classroom_text("challenge.banner", code=CODE) in title
    assert view.big_screen.description == classroom_text("bigscreen")
    view.big_screen.value = True
    assert "tp-class-big" in view._dom_classes
    assert view.big_screen.description == classroom_text("bigscreen_leave")
    view.set_language("fr")
    assert view.big_screen.description == classroom_text("bigscreen_leave", "fr")
    view.big_screen.value = False
    assert view.big_screen.description == classroom_text("bigscreen", "fr")


def test_without_a_lesson_the_big_screen_title_is_the_pages(db: Path) -> None:
    view = ClassResults(db, lang="pt", auto_refresh=0)
    shown = classroom_text("bigscreen.shown", "pt", code=CODE)  # no challenge: the code played, without a part
    assert html.unescape(view.big_title.value) == f"<h2>{classroom_text('title', 'pt')}</h2><h3>{shown}</h3>"


# ------------------------------------------------------------------ the plot's names
LONG_NAMES = [
    "Maximiliana Fernández-Oliveira de Melo",
    "Jean-Baptiste Emmanuel Zorg",
    "Ana",
    "Wolfeschlegelsteinhausenbergerdorff",
    "Chloé",
    "Bob",
]


@pytest.mark.parametrize("count", [1, 3, 6, 24])
def test_the_plots_names_are_whole_or_end_with_an_ellipsis_inside_the_figure(tmp_path: Path, count: int) -> None:
    path = tmp_path / "class.sqlite"
    store = ClassStore(path)
    names = [
        f"{LONG_NAMES[i % len(LONG_NAMES)][:36]} {i}" if count > len(LONG_NAMES) else LONG_NAMES[i]
        for i in range(count)
    ]
    for i, name in enumerate(names):
        assert store.record_game(row(name, score=300 + 10 * i, played_at=f"2026-05-09T10:{i:02d}:00+00:00"))
    view = ClassResults(path, auto_refresh=0)
    assert view.plot_png.startswith(b"\x89PNG")
    fig = view._figure
    renderer = view._canvas.get_renderer()
    left = fig.axes[0]
    labels = [t for t in left.get_xticklabels() if t.get_text()]
    assert len(labels) == count
    figure_box = fig.bbox
    for label in labels:
        text = label.get_text()
        whole = next(n for n in names if n == text or (text.endswith("\u2026") and n.startswith(text[:-1])))
        assert text == whole if len(whole) <= 14 else len(text) < len(whole)  # a short name is whole
        box = label.get_window_extent(renderer)
        assert box.x0 >= figure_box.x0 - 0.5 and box.x1 <= figure_box.x1 + 0.5, (text, box, figure_box)
        assert box.y0 >= figure_box.y0 - 0.5 and box.y1 <= figure_box.y1 + 0.5, (text, box, figure_box)


# ------------------------------------------------------------------ the downloads
def test_the_downloads_are_buttons_with_an_icon(db: Path) -> None:
    view = ClassResults(db, auto_refresh=0)
    links = re.findall(r"<a [^>]*>.*?</a>", view.export.value)
    assert len(links) == 2
    for link in links:
        assert "class='tp-class-download'" in link and "role='button'" in link and "download=" in link
        assert "fa-download" in link and "aria-hidden='true'" in link
    assert classroom_text("export.games") in html.unescape(links[0])


@pytest.mark.parametrize(("lang", "separator"), [("en", ","), ("pt", ";"), ("fr", ";"), ("es", ";")])
def test_the_downloads_are_separated_as_the_pages_languages_spreadsheets_expect(
    db: Path, lang: str, separator: str
) -> None:
    view = ClassResults(db, auto_refresh=0)
    view.set_language(lang)
    for text in (view.export_games, view.export_students):
        header = text.lstrip("\ufeff").splitlines()[0]
        third = "column.games" if text is view.export_students else "column.code"
        assert header.split(separator)[:3] == [classroom_text(k, lang) for k in ("csv.lesson", "column.name", third)]
    (link, _students) = re.findall(r"href='data:text/csv;charset=utf-8;base64,([^']*)'", view.export.value)
    assert base64.b64decode(link).decode("utf-8") == view.export_games  # the file downloaded is the one tested


def csv_lines(text: str, lang: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter="," if lang == "en" else ";"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_downloads_speak_the_pages_language_and_write_numbers_and_from_record_alike(db: Path, lang: str) -> None:
    store = ClassStore(db)  # Ana won with 700 (the fixture)
    assert store.record_game(row("Bea", result="blocked", score=476, played_at="2026-05-09T10:01:00+00:00"))
    assert store.record_game(row("Bea", result="abandoned", score=3, played_at="2026-05-09T10:02:00+00:00"))
    assert store.record_game(row("Caio", result="abandoned", score=0, played_at="2026-05-09T10:03:00+00:00"))
    assert store.record_game(row("Caio", from_record=True, played_at="2026-05-09T10:04:00+00:00"))
    view = ClassResults(db, lang=lang, auto_refresh=0)
    t = lambda key: classroom_text(key, lang)  # noqa: E731
    games, students = csv_lines(view.export_games, lang), csv_lines(view.export_students, lang)
    name, result, from_record = t("column.name"), t("column.result"), t("column.from_record")
    assert [(g[name], g[result], g[from_record]) for g in games] == [
        ("Ana", t("outcome.won"), "0"),
        ("Bea", t("outcome.blocked"), "0"),
        ("Bea", t("outcome.abandoned"), "0"),
        ("Caio", t("outcome.abandoned"), "0"),
        ("Caio", t("outcome.won"), "1"),  # a number, as the students file counts them
    ]
    best, mean = t("column.best"), t("column.mean")
    assert [(s[name], s[best], s[mean], s[from_record]) for s in students] == [
        ("Ana", "700", "700", "0"),
        ("Bea", "476", "476", "0"),  # the mean as the best: never 476.0
        ("Caio", "", "", "1"),  # no finished game: both blank
    ]
    assert set(games[0]) >= {t(k) for k in ("csv.lesson", "csv.rules", "csv.seconds", "csv.record")}
    progress = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in _rows(view.progress.value)]
    columns = headers(view.progress.value)
    at_best, at_mean = columns.index(t("column.best")), columns.index(t("column.mean"))
    assert [(r[0], r[at_best], r[at_mean]) for r in progress] == [
        ("Ana", "700", "700"),
        ("Bea", "476", "476"),
        ("Caio", t("cell.none"), t("cell.none")),  # the page says none for both
    ]


def _rows(markup: str) -> list[str]:
    return [r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", markup) if "<td" in r]


# ------------------------------------------------------------------ wrong secrets
SECRET = "a-teacher-secret"


def locked_view(db: Path, clock: list[float]) -> ClassResults:
    return ClassResults(db, auto_refresh=0, secret=SECRET, query="", clock=lambda: clock[0])


def test_wrong_secrets_past_the_free_tries_make_the_page_wait_even_for_the_right_one(db: Path) -> None:
    clock = [1000.0]
    view = locked_view(db, clock)
    for _ in range(teacher_page.FREE_TRIES - 1):
        assert not view.unlock("not it")
        assert classroom_text("lock.wait", seconds=5) not in html.unescape(view.lock_message.value)
    assert not view.unlock("not it")  # the last free try: the page now waits 5 s
    assert classroom_text("lock.wait", seconds=5) in html.unescape(view.lock_message.value)
    clock[0] += 4.2
    assert not view.unlock(SECRET) and not view.unlocked  # not even the right one, while it waits
    assert classroom_text("lock.wait", seconds=1) in html.unescape(view.lock_message.value)
    clock[0] += 1.0
    assert not view.unlock("still not it")  # tried again: a wrong one doubles the wait
    assert classroom_text("lock.wait", seconds=10) in html.unescape(view.lock_message.value)
    clock[0] += 10.0
    assert view.unlock(SECRET) and view.unlocked


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(wrong=st.integers(min_value=1, max_value=14))
def test_the_wait_after_each_wrong_secret_grows_and_never_passes_the_longest(db: Path, wrong: int) -> None:
    clock = [0.0]
    view = locked_view(db, clock)
    waits = []
    for _ in range(wrong):  # each try as soon as the page takes one
        assert not view.unlock("not it")
        waits.append(view.wait_seconds)
        clock[0] += view.wait_seconds
    free = teacher_page.FREE_TRIES - 1
    assert waits[:free] == [0.0] * min(free, wrong)  # the first tries wait for nothing
    grown = waits[free:]
    assert grown == sorted(grown) and all(0 < w <= teacher_page.LOCKOUT_MAX_SECONDS for w in grown)
    assert grown[:2] == [teacher_page.LOCKOUT_SECONDS, 2 * teacher_page.LOCKOUT_SECONDS][: len(grown)]
    assert view.unlock(SECRET)  # once the wait is over, the right secret opens the page


# ------------------------------------------------------------------ who just finished
def test_a_student_who_just_finished_shows_as_finished_for_a_few_minutes_then_goes(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ClassStore(db)
    assert store.start_lesson("3B")
    ended = datetime.now(timezone.utc).replace(microsecond=0)
    for name in ("Bea", "Caio"):
        assert store.report_playing(name, CODE, 38, 590)
    assert store.record_game(row("Bea", score=612, moves=41, played_at=ended.isoformat()))
    assert store.record_game(row("Caio", result="abandoned", score=120, moves=5, played_at=ended.isoformat()))
    now = [ended + timedelta(seconds=30)]
    monkeypatch.setattr(teacher_page, "_now", lambda: now[0])
    view = ClassResults(db, auto_refresh=0)
    finished = classroom_text("live.finished", result=classroom_text("outcome.won"))
    abandoned = classroom_text("live.finished", result=classroom_text("outcome.abandoned"))
    assert [(r[0], r[2], r[3], r[5]) for r in live_rows(view)] == [
        ("Bea", "41", "612", finished),
        ("Caio", "5", "120", abandoned),
    ]
    assert view.live.value.count("tp-class-finished") == 2
    assert store.report_playing("Caio", CODE, 1, 3)  # a new game's first move: playing again, listed first
    view.check_for_changes()
    assert [(r[0], r[5]) for r in live_rows(view)] == [("Caio", classroom_text("live.playing")), ("Bea", finished)]
    now[0] = ended + timedelta(seconds=teacher_page.FINISHED_SECONDS + 1)
    view.check_for_changes()
    assert [r[0] for r in live_rows(view)] == ["Caio"]  # Bea's finished game has gone from the list


def test_a_game_of_an_earlier_lesson_is_not_shown_as_just_finished(db: Path) -> None:
    store = ClassStore(db)
    assert store.record_game(row("Bea", played_at=datetime.now(timezone.utc).isoformat()))
    assert store.start_lesson("3B")  # Bea's game belongs to no lesson: the new one starts empty
    view = ClassResults(db, auto_refresh=0)
    assert classroom_text("live.none") in html.unescape(view.live.value)


# ------------------------------------------------------------------ every challenge of a lesson
FIRST, SECOND = CODE, "TP1-E-AAAAAAC"


def test_a_lesson_knows_every_challenge_set_during_it(db: Path) -> None:
    store = ClassStore(db)
    assert store.set_challenge(SECOND)  # before any lesson: no lesson to keep it
    assert store.start_lesson("Peaks", challenge=FIRST)
    assert store.lessons()[0].challenges == (FIRST,)
    for code in (SECOND, FIRST, SECOND):  # set again: kept once, in the order first set
        assert store.set_challenge(code)
    assert store.set_challenge(None)
    assert store.lessons()[0].challenges == (FIRST, SECOND)
    assert store.start_lesson("Runs")  # no challenge in force: none listed
    assert [lesson.challenges for lesson in store.lessons()] == [(), (FIRST, SECOND)]


@pytest.mark.parametrize("where", ["page", "environment"])
def test_a_lesson_started_without_a_code_lists_the_challenge_in_force(
    db: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    store = ClassStore(db)
    assert store.start_lesson("Peaks", challenge=FIRST)
    if where == "environment":  # the environment's challenge wins over the one stored
        monkeypatch.setenv(ENV_CHALLENGE, SECOND.lower())
    in_force = SECOND if where == "environment" else FIRST
    view = ClassResults(db, auto_refresh=0)
    view.lesson_name.value = "Runs"  # no challenge code typed: the one in force stays
    view._ask_lesson()
    view._start_lesson()  # the teacher confirms
    runs, peaks = store.lessons()
    assert (runs.name, runs.challenge, runs.challenges) == ("Runs", in_force, (in_force,))
    assert store.challenge() is not None and store.challenge().code == in_force  # type: ignore[union-attr]
    status = html.unescape(view.lesson_status.value)
    assert classroom_text("lesson.current", name="Runs", date=teacher_page._when_local(runs.started_at)) in status
    assert classroom_text("lesson.challenges", codes=in_force) in status
    assert view.code_picker.value == in_force


def test_the_leaderboard_says_which_challenge_it_shows_and_offers_each_of_the_lesson(db: Path) -> None:
    store = ClassStore(db)
    assert store.start_lesson("Peaks", challenge=FIRST)
    assert store.record_game(row("Ana", code=FIRST))
    other_page = ClassResults(db, auto_refresh=0)  # the big screen, say, on another computer
    assert other_page.code_picker.value == FIRST
    view = ClassResults(db, auto_refresh=0)
    view.challenge_input.value = SECOND
    view._set_challenge(keep=True)
    assert store.record_game(row("Bea", code=SECOND, score=650))
    view.refresh()
    now = classroom_text("leaderboard.option_now", code=SECOND)
    earlier = classroom_text("leaderboard.option_earlier", code=FIRST)
    assert list(view.code_picker.options) == [(now, SECOND), (earlier, FIRST)]
    assert view.code_picker.value == SECOND and "Bea" in view.leaderboard.value and "Ana" not in view.leaderboard.value
    status = html.unescape(view.lesson_status.value)
    assert classroom_text("lesson.challenges", codes=f"{FIRST}, {SECOND}") in status
    other_page.refresh()  # the challenge changed elsewhere: the leaderboard shown follows it
    assert other_page.code_picker.value == SECOND
    view.code_picker.value = FIRST  # an earlier challenge: the big screen says which, and the one now
    title = html.unescape(view.big_title.value)
    assert classroom_text("bigscreen.shown", code=earlier) in title
    assert classroom_text("challenge.banner", code=SECOND) in title
    assert "Ana" in view.leaderboard.value and "Bea" not in view.leaderboard.value
    view.refresh()  # the teacher's choice stays while the challenge does not change
    assert view.code_picker.value == FIRST
    view.set_language("fr")
    assert view.code_picker.options[0] == (classroom_text("leaderboard.option_now", "fr", code=SECOND), SECOND)


def test_a_game_finished_under_a_name_since_changed_still_shows_as_finished(db: Path) -> None:
    store = ClassStore(db)
    assert store.start_lesson("3B")
    assert store.record_game(row("Anna Sofai", played_at=datetime.now(timezone.utc).isoformat()))
    assert store.stop_playing("Anna Sofai")  # Change name: the old name leaves who is playing now…
    assert store.report_playing("Anna Sofia", CODE, 2, 9)
    view = ClassResults(db, auto_refresh=0)
    finished = classroom_text("live.finished", result=classroom_text("outcome.won"))
    assert [(r[0], r[5]) for r in live_rows(view)] == [  # …but its game, just finished, still shows (docs/teach)
        ("Anna Sofia", classroom_text("live.playing")),
        ("Anna Sofai", finished),
    ]


# ------------------------------------------------------------------ one spelling per student
CODES = (CODE, "TP1-E-AAAAAAC", "TP1-E-AAAAAAD")
ZOE = "Zoé O'Brien"


@st.composite
def spellings(draw: st.DrawFn) -> str:
    """ "Zoé O'Brien" as a student might type it on another page: any letter's case, spaces around."""
    letters = "".join(c.upper() if draw(st.booleans()) else c.lower() for c in ZOE)
    return " " * draw(st.integers(0, 2)) + letters + " " * draw(st.integers(0, 2))


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    games=st.lists(st.tuples(spellings(), st.sampled_from(CODES)), min_size=2, max_size=5),
    live=st.one_of(st.none(), spellings()),
)
def test_a_student_typed_two_ways_shows_as_first_typed_in_every_view(
    tmp_path: Path, games: list[tuple[str, str]], live: str | None
) -> None:
    path = tmp_path / f"class-{time.monotonic_ns()}.sqlite"
    store = ClassStore(path)
    start = datetime.now(timezone.utc) - timedelta(minutes=1)
    for i, (name, code) in enumerate(games):
        won = i % 2 == 0  # the first game's code is won (code X); others played, some lost (code Y)
        at = (start + timedelta(seconds=i)).isoformat()
        assert store.record_game(row(name, code=code, result="won" if won else "blocked", played_at=at))
    if live is not None:
        assert store.report_playing(live, games[-1][1], 3, 497)
    first = games[0][0].strip()  # the one first typed, in the class database
    others = {n.strip() for n, _ in games} | ({live.strip()} if live else set())
    others.discard(first)
    view = ClassResults(path, auto_refresh=0)
    view.big_screen.value = True  # the big screen shows the same who is playing now and leaderboards
    shown = {"progress": view.progress.value, "playing now": view.live.value}
    for code in {c for _, c in games}:
        view.code_picker.value = code
        shown[f"leaderboard {code}"] = view.leaderboard.value
    shown["students"] = " ".join(str(o) for o in view.student_picker.options)
    shown["games.csv"], shown["students.csv"] = view.export_games, view.export_students
    for where, markup in shown.items():
        text = html.unescape(markup)
        assert first in text, where
        for other in others:
            assert other not in text, (where, other, first)
    assert [r.name for r in store.progress()] == [first]
    assert [r.name for r in store.playing()] == ([first] if live else [])
    assert [f.name for f in store.finished()] == [first]
    assert {c.players for c in store.codes()} == {1}
