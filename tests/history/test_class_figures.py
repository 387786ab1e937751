"""The class's figures: the leaderboard's order (a property over random rows), names matched
case and spaces aside, honest counts, lessons, the CSV export and an old database migrated."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.history.class_export import csv_style, games_csv, neutralise, students_csv
from tripeaks.history.class_results import (
    ALL_LESSONS,
    APPLICATION_ID,
    SCHEMA_VERSION,
    ClassRow,
    ClassStore,
    clean_name,
    leaderboard,
    name_key,
    progress,
)
from tripeaks.history.entry import Outcome

CODE = "TP1-E-AAAAAAD"
RECORD = {"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]}


def row(name: str = "Ana", **fields: object) -> ClassRow:
    values: dict[str, object] = dict(
        name=name,
        code=CODE,
        rules="E",
        result="blocked",
        score=400,
        moves=10,
        draws=5,
        undos=0,
        duration=30.0,
        record=RECORD,
        played_at="2026-05-09T10:00:00+00:00",
    )
    values.update(fields)
    return ClassRow(**values)  # type: ignore[arg-type]


names = st.sampled_from(["Ana", "ana ", "Bea", "Chloé", " chloé", "Dan", "Eve"])
rows_strategy = st.lists(
    st.builds(
        row,
        names,
        result=st.sampled_from([o.value for o in Outcome]),
        score=st.integers(0, 1500),
        moves=st.integers(0, 60),
        from_record=st.booleans(),
    ),
    max_size=25,
)


@settings(max_examples=300, deadline=None)
@given(rows_strategy)
def test_a_win_always_ranks_above_a_loss_then_best_win_score_then_fewest_moves(rows: list[ClassRow]) -> None:
    board = leaderboard(rows, CODE)
    own = [r for r in rows if not r.from_record]
    assert len(board) == len({name_key(r.name) for r in rows})
    for line in board:
        mine = [r for r in own if name_key(r.name) == name_key(line.name)]
        wins = [r for r in mine if r.result is Outcome.WON]
        finished = [r for r in mine if r.result is not Outcome.ABANDONED]
        assert line.won == bool(wins)
        assert line.best_score == (
            max(w.score for w in wins) if wins else max((f.score for f in finished), default=None)
        )
        assert line.fewest_moves == (min(w.moves for w in wins) if wins else None)
        assert (line.wins, line.abandoned) == (len(wins), sum(r.result is Outcome.ABANDONED for r in mine))
    for a, b in zip(board, board[1:]):
        assert a.rank <= b.rank
        if a.won != b.won:
            assert a.won and a.rank < b.rank  # a loss never outranks a win
        elif a.best_score != b.best_score:
            assert a.best_score is not None and (b.best_score is None or a.best_score > b.best_score)
            assert a.rank < b.rank
        elif a.won and a.fewest_moves != b.fewest_moves:
            assert a.fewest_moves is not None and b.fewest_moves is not None and a.fewest_moves < b.fewest_moves
        else:
            assert a.rank == b.rank  # ties share a rank
    assert [line.rank for line in board][:1] in ([], [1])


def test_a_loss_with_a_higher_score_never_lifts_a_winner_or_outranks_one() -> None:
    rows = [
        row("Ana", result="won", score=500, moves=40),
        row("Ana", result="blocked", score=900),  # a loss's score is not Ana's best
        row("Bea", result="won", score=600, moves=45),
        row("Caio", result="blocked", score=1200),
        row("Dan", result="abandoned", score=1300, moves=1),  # a one-move abandon counts for nothing
    ]
    board = leaderboard(rows, CODE)
    assert [(r.rank, r.name, r.won, r.best_score) for r in board] == [
        (1, "Bea", True, 600),
        (2, "Ana", True, 500),
        (3, "Caio", False, 1200),
        (4, "Dan", False, None),
    ]


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="AbcÉé ", min_size=1, max_size=10).filter(lambda s: s.strip()), st.integers(0, 3))
def test_names_are_one_student_whatever_the_case_and_spaces(name: str, spaces: int) -> None:
    typed = [name, " " * spaces + name.upper() + " " * spaces, name.lower()]
    rows = [row(t, result="won", score=500 + i) for i, t in enumerate(typed)]
    assert len(progress(rows)) == 1 and len(leaderboard(rows, CODE)) == 1
    assert progress(rows)[0].name == row(name).name  # shown as first typed
    assert progress(rows)[0].games == 3


def test_a_game_from_a_record_is_marked_and_never_a_win() -> None:
    rows = [row("Ana", result="won", score=900, moves=30, from_record=True), row("Ana", result="blocked", score=300)]
    (line,) = leaderboard(rows, CODE)
    assert (line.won, line.best_score, line.from_record, line.games) == (False, 300, 1, 2)


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    s = ClassStore(tmp_path / "class.sqlite")
    assert s.available
    return s


def test_lessons_keep_every_game_and_show_the_current_one(store: ClassStore) -> None:
    assert store.record_game(row("Ana", result="won", score=700))  # before any lesson
    first = store.start_lesson("Monday", challenge="tp1-e-aaaaaad")
    assert first is not None and store.current_lesson() == first
    assert store.challenge() is not None and store.challenge().code == CODE  # type: ignore[union-attr]
    assert store.record_game(row("Bea", hints=16))
    second = store.start_lesson("  ")  # a blank name is the date
    assert second is not None and second.name == second.started_at[:10]
    assert store.record_game(row("Caio"))
    assert [g.name for g in store.games(lesson=ALL_LESSONS)] == ["Ana", "Bea", "Caio"]
    assert [g.name for g in store.games(lesson=None)] == ["Ana"]
    assert [(g.name, g.hints) for g in store.games(lesson=first.id)] == [("Bea", 16)]
    assert [p.name for p in store.progress(lesson=second.id)] == ["Caio"]
    assert [lesson.id for lesson in store.lessons()] == [second.id, first.id]


def test_a_bad_lesson_name_changes_nothing(store: ClassStore) -> None:
    for bad in ("x" * 81, "tab\there"):
        with pytest.raises(ValueError):
            store.start_lesson(bad)
    with pytest.raises(ValueError):
        store.start_lesson("ok", challenge="not a code")
    assert store.lessons() == []


def test_who_is_playing_now_and_the_signature(store: ClassStore) -> None:
    before = store.signature()
    assert store.report_playing(" chloé ", CODE, 7, 350)
    assert store.report_playing("Chloé", CODE, 9, 420)  # the same student
    # one row, named as first typed (as the leaderboard and the exports name her), at the latest move
    assert [(p.name, p.moves) for p in store.playing()] == [("chloé", 9)]
    assert store.signature() != before
    assert store.record_game(row("CHLOÉ"))  # a recorded game ends "playing now"
    assert store.playing() == []


def test_an_old_version_1_database_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT, rules TEXT NOT NULL,
            result TEXT NOT NULL, score INTEGER NOT NULL, moves INTEGER NOT NULL, draws INTEGER NOT NULL,
            undos INTEGER NOT NULL, duration REAL NOT NULL, record TEXT NOT NULL, played_at TEXT NOT NULL);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);
        """
    )
    con.execute(
        "INSERT INTO games (name, code, rules, result, score, moves, draws, undos, duration, record, played_at)"
        " VALUES ('Ana', ?, 'E', 'won', 800, 40, 20, 1, 95.5, ?, '2026-05-09T10:00:00.000+00:00')",
        (CODE, '{"format":"tripeaks-record/1","code":"TP1-E-AAAAAAD","actions":["D"]}'),
    )
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    store = ClassStore(path)
    assert store.available, store.problem
    (game,) = store.games()
    assert (game.name, game.score, game.hints, game.from_record, game.lesson) == ("Ana", 800, 0, False, None)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.record_game(row("Bea", hints=2)) and store.count() == 2
    assert ClassStore(path).available  # opened again: nothing to migrate


@pytest.mark.parametrize("name", ["=1+1", "+SUM(A1)", "-2", "@cmd", '=HYPERLINK("x")'])
def test_formula_looking_names_are_text_in_the_export(name: str) -> None:
    text = games_csv([row(name)])
    assert text.startswith("\ufeff")
    (line,) = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert line["name"] == "'" + name
    assert neutralise(line["name"]) == line["name"]  # neutralised text starts with ', no formula
    assert all(not c.startswith(("=", "+", "-", "@")) for c in text.lstrip("\ufeff").splitlines()[1].split(","))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["Chloé", "Robert'); DROP TABLE--", 'Zoë "Z", ;x', "Ana"]), min_size=1, max_size=8))
def test_names_survive_the_export_intact(typed: list[str]) -> None:
    rows = [row(n, result="won" if i % 2 else "blocked", score=100 + i) for i, n in enumerate(typed)]
    games = list(csv.DictReader(io.StringIO(games_csv(rows).lstrip("\ufeff"))))
    assert [g["name"] for g in games] == typed
    assert [json.loads(g["record"]) for g in games] == [json.loads(r.record) for r in rows]  # replayable
    students = list(csv.DictReader(io.StringIO(students_csv(rows).lstrip("\ufeff"))))
    assert sorted(s["name"] for s in students) == sorted(set(typed))
    assert sum(int(s["games"]) for s in students) == len(typed)


def test_the_students_export_has_one_row_per_student_per_lesson(store: ClassStore) -> None:
    lesson = store.start_lesson("Monday")
    assert lesson is not None
    store.record_game(row("Ana", result="won", score=700, hints=3))
    store.record_game(row("ana", result="abandoned", score=900, moves=1))
    later = store.start_lesson("Tuesday")
    assert later is not None
    store.record_game(row("Ana", result="blocked", score=300))
    lines = list(csv.DictReader(io.StringIO(students_csv(store.games(), store.lessons()).lstrip("\ufeff"))))
    assert [(x["lesson"], x["name"], x["games"], x["best_score"], x["hints"]) for x in lines] == [
        ("Monday", "Ana", "2", "700", "3"),
        ("Tuesday", "Ana", "1", "300", "0"),
    ]


@settings(max_examples=60, deadline=None)
@given(
    lang=st.sampled_from(["en", "pt", "fr", "es"]),
    typed=st.lists(st.text(alphabet="Aé;,\"' =-x", min_size=1, max_size=8).map(str.strip).filter(bool), min_size=1,
                   max_size=5),
    seconds=st.floats(min_value=0, max_value=10_000, allow_nan=False).map(lambda x: round(x, 2)),
)  # fmt: skip
def test_the_export_is_separated_and_its_decimals_written_as_the_languages_spreadsheets_expect(
    lang: str, typed: list[str], seconds: float
) -> None:
    style = csv_style(lang)
    assert (style.delimiter, style.decimal) == ((",", ".") if lang == "en" else (";", ","))
    rows = [row(n, duration=seconds, score=100 + i) for i, n in enumerate(typed)]
    for text, key in ((games_csv(rows, style=style), "seconds"), (students_csv(rows, style=style), "mean_score")):
        assert text.startswith("\ufeff")
        lines = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter=style.delimiter))
        assert len(lines[0]) > 10 and None not in lines[0]  # every column apart: the separator is the file's
        for line in lines:
            value = line[key]
            assert ("." not in value) if lang != "en" else ("," not in value)
            float(value.replace(style.decimal, "."))  # a number in the language's way
        if key == "seconds":
            assert [line["name"] for line in lines] == [
                neutralise(clean_name(n)) for n in typed
            ]  # intact, formulas neutral
            assert [float(line[key].replace(style.decimal, ".")) for line in lines] == [seconds] * len(typed)
