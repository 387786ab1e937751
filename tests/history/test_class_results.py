"""The class results store (tripeaks.history.class_results): entries, queries, the challenge, files that
cannot be used, and many processes writing at once."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game
from tripeaks.engine.codes import InvalidCodeError
from tripeaks.history.class_results import (
    APPLICATION_ID,
    ENV_CHALLENGE,
    ENV_DB,
    ENV_JOURNAL,
    NAME_MAX,
    SCHEMA_VERSION,
    Challenge,
    ChallengeSource,
    ClassRow,
    ClassStore,
    InvalidEntryError,
    InvalidNameError,
    LiveState,
    NameProblem,
    Outcome,
    Problem,
    challenge_from_env,
    clean_name,
)
from tripeaks.solver import solve

REPO = Path(__file__).resolve().parents[2]
CODE = "TP1-E-AAAAAAD"  # winnable under Easy (docs/rules.md §5)


def won_game() -> Game:
    game = Game.from_code(CODE)
    for action in solve(game).line:
        game.apply(action)
    assert game.status.value == "won"
    return game


def blocked_game(code: str = "TP1-C-AAAAAAD") -> Game:
    """Always the first playable card, else a draw, with an undo now and then: ends blocked under Classic."""
    game = Game.from_code(code)
    while not game.is_over:
        plays = game.playable()
        game.apply(plays[0] if plays else "D")
        if game.moves == 5 and len(game.history) == 5:
            game.undo()
    return game


def entry(name: str = "Ana", **fields: object) -> ClassRow:
    values: dict[str, object] = dict(
        name=name,
        code=CODE,
        rules="easy",
        result="abandoned",
        score=499,
        moves=1,
        draws=1,
        undos=0,
        duration=3.5,
        record={"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]},
        played_at="2026-05-09T10:00:00+00:00",
    )
    values.update(fields)
    return ClassRow(**values)  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    s = ClassStore(tmp_path / "class.sqlite")
    assert s.available, s.problem
    return s


# ------------------------------------------------------------------ names and entries
def test_a_name_is_stripped_and_its_inner_spaces_made_one() -> None:
    assert clean_name("  Ana   Sofia\u00a0 ".replace("\u00a0", " ")) == "Ana Sofia"
    assert clean_name("Zoé") == clean_name("Zoe\u0301") == "Zoé"  # one Unicode form (NFC)
    assert clean_name("👩\u200d💻 Léa") == "👩\u200d💻 Léa"  # an emoji sequence keeps its joiner


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", NameProblem.EMPTY),
        ("   ", NameProblem.EMPTY),
        ("x" * (NAME_MAX + 1), NameProblem.TOO_LONG),
        ("Ana\tSofia", NameProblem.CONTROL),
        ("Ana\nSofia", NameProblem.CONTROL),
        ("Ana\x00", NameProblem.CONTROL),
        ("Ana\u202eaivlis", NameProblem.CONTROL),  # right-to-left override
        ("Ana\u2028Sofia", NameProblem.CONTROL),  # line separator
    ],
)
def test_a_bad_name_is_refused_with_its_reason(text: str, reason: NameProblem) -> None:
    with pytest.raises(InvalidNameError) as info:
        clean_name(text)
    assert info.value.reason is reason
    assert isinstance(info.value, ValueError)


def test_a_name_of_exactly_the_limit_is_kept() -> None:
    assert clean_name("é" * NAME_MAX) == "é" * NAME_MAX


@given(st.text(max_size=60))
def test_a_cleaned_name_is_always_storable_and_stable(text: str) -> None:
    try:
        name = clean_name(text)
    except InvalidNameError:
        return
    assert name == name.strip() and 0 < len(name) <= NAME_MAX
    assert "  " not in name
    assert clean_name(name) == name


def test_an_entry_from_a_won_game_reads_the_game() -> None:
    game = won_game()
    e = ClassRow.from_game(" Ana ", game, duration=61.25, played_at="2026-05-09T12:00:00+02:00")
    assert (e.name, e.code, e.rules, e.result) == ("Ana", CODE, "E", Outcome.WON)
    assert (e.score, e.moves) == (game.score, game.moves)
    assert e.draws == sum(1 for a in game.to_record()["actions"] if a == "D")
    assert e.undos == 0 and e.duration == 61.25
    assert e.played_at == "2026-05-09T10:00:00.000+00:00"  # stored in UTC
    assert json.loads(e.record) == game.to_record()
    assert e.to_game().state_key() == game.state_key()


def test_an_entry_keeps_the_full_code_and_the_rule_set_with_its_flags() -> None:
    game = Game.from_code("TP1-C-AAAAAAD-SRT5")  # Classic, draw only when stuck, runs scoring, 5 minutes
    game.apply(game.playable()[0] if game.playable() else "D")
    e = ClassRow.from_game("Ana", game, duration=2, result=Outcome.ABANDONED)
    assert (e.code, e.rules) == ("TP1-C-AAAAAAD-SRT5", "C-SRT5")
    assert e.to_game().rules == game.rules


def test_a_game_whose_time_ran_out_is_recorded_as_time_up_and_nothing_else() -> None:
    game = Game.from_code("TP1-E-AAAAAAD-T1")
    game.draw()
    game.expire()  # docs/rules.md §8: the timer's end
    assert ClassRow.from_game("Ana", game, duration=60).result is Outcome.TIME_UP
    with pytest.raises(InvalidEntryError, match="cannot be abandoned"):
        ClassRow.from_game("Ana", game, duration=60, result=Outcome.ABANDONED)


def test_an_entry_counts_draws_and_undos_made_including_undone_ones() -> None:
    game = blocked_game()
    e = ClassRow.from_game("Ana", game, duration=1)
    actions = game.to_record()["actions"]
    assert e.result is Outcome.BLOCKED
    assert e.undos == actions.count("U") == 1
    assert e.draws == actions.count("D")


def test_an_unfinished_game_needs_a_result_and_a_finished_one_keeps_its_own() -> None:
    game = Game.from_code(CODE)
    with pytest.raises(InvalidEntryError, match="still being played"):
        ClassRow.from_game("Ana", game, duration=1)
    assert ClassRow.from_game("Ana", game, duration=1, result="time_up").result is Outcome.TIME_UP
    with pytest.raises(InvalidEntryError, match="cannot be won"):
        ClassRow.from_game("Ana", game, duration=1, result=Outcome.WON)
    with pytest.raises(InvalidEntryError, match="cannot be abandoned"):
        ClassRow.from_game("Ana", won_game(), duration=1, result=Outcome.ABANDONED)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("score", -1),
        ("moves", 1.5),
        ("draws", True),
        ("undos", "2"),
        ("duration", -0.1),
        ("duration", float("nan")),
        ("result", "lost"),
        ("code", "TP1 E AAAAAAD"),
        ("code", ""),
        ("rules", "ea\nsy"),
        ("record", "[1, 2]"),
        ("record", "{not json"),
        ("played_at", "yesterday"),
        ("played_at", "2026-05-09T10:00:00"),  # no time zone
        ("name", 42),
    ],
)
def test_a_bad_field_is_refused_before_anything_is_written(field: str, value: object) -> None:
    with pytest.raises(InvalidEntryError, match=field):
        entry(**{field: value})


def test_a_code_with_rule_set_flags_is_kept_as_text() -> None:
    assert entry(code=" tp1-e-aaaaaad-sr ").code == "TP1-E-AAAAAAD-SR"
    assert entry(code=None).code is None  # a custom layout has no code


# ------------------------------------------------------------------ the file
def test_a_missing_file_is_created_with_the_schema_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    assert not path.exists()
    s = ClassStore(path)
    assert s.available and s.problem is None
    assert path.is_file()
    assert s.journal_mode == "wal"
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games", "settings", "lessons", "live", "secret_tries"}
    con.close()


def test_an_empty_file_is_taken_as_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    path.touch()
    assert ClassStore(path).available


def test_reopening_keeps_the_games(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    assert ClassStore(path).record_game(entry())
    again = ClassStore(path)
    assert again.available and again.count() == 1


def test_not_configured_is_a_state_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_DB, raising=False)
    s = ClassStore.from_env()
    assert not s.available and s.problem is not None
    assert s.problem.reason is Problem.NOT_CONFIGURED
    assert s.record_game(entry()) is False
    assert s.games() == [] and s.leaderboard(CODE) == [] and s.progress() == [] and s.count() == 0


def test_the_path_comes_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "from-env.sqlite"
    s = ClassStore.from_env({ENV_DB: f"  {path}  "})
    assert s.available and s.path == path and path.is_file()
    assert ClassStore.from_env({ENV_DB: "  "}).problem.reason is Problem.NOT_CONFIGURED  # type: ignore[union-attr]


@pytest.mark.parametrize(("setting", "mode"), [("", "wal"), ("DELETE", "delete"), ("nfs", "wal")])
def test_the_journal_can_be_chosen_for_a_network_filesystem(tmp_path: Path, setting: str, mode: str) -> None:
    s = ClassStore.from_env({ENV_DB: str(tmp_path / "c.sqlite"), ENV_JOURNAL: setting})
    assert s.available and s.journal_mode == mode
    assert s.record_game(entry()) and s.count() == 1


def test_a_missing_folder_is_reported_and_not_created(tmp_path: Path) -> None:
    s = ClassStore(tmp_path / "no-such-folder" / "class.sqlite")
    assert not s.available and s.problem is not None and s.problem.reason is Problem.NO_FOLDER
    assert not (tmp_path / "no-such-folder").exists()
    assert s.record_game(entry()) is False


@pytest.mark.parametrize(
    "content",
    [b"this is a text file, not a database" * 10, b"SQLite format 3\x00" + b"\xff" * 200],
    ids=["text", "damaged header"],
)
def test_a_corrupt_file_is_reported_once_and_left_as_it_was(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "class.sqlite"
    path.write_bytes(content)
    s = ClassStore(path)
    assert not s.available and s.problem is not None and s.problem.reason is Problem.CORRUPT
    assert s.record_game(entry()) is False
    assert s.games() == [] and s.challenge() is None
    assert path.read_bytes() == content  # never written to


def test_a_file_damaged_after_opening_turns_the_store_off_without_raising(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    s = ClassStore(path)
    assert s.record_game(entry())
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    path.write_bytes(b"garbage " * 1000)
    assert s.record_game(entry()) is False
    assert not s.available and s.problem is not None and s.problem.reason is Problem.CORRUPT
    problem = s.problem
    assert s.record_game(entry()) is False and s.problem is problem  # said once, not again


def test_another_programs_database_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (text TEXT)")
    con.commit()
    con.close()
    before = path.read_bytes()
    s = ClassStore(path)
    assert s.problem is not None and s.problem.reason is Problem.NOT_CLASS_DB
    assert path.read_bytes() == before


def test_a_newer_schema_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    assert ClassStore(path).available
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    s = ClassStore(path)
    assert s.problem is not None and s.problem.reason is Problem.NEWER_VERSION
    assert str(SCHEMA_VERSION + 1) in s.problem.detail


def test_a_folder_given_as_the_file_is_reported(tmp_path: Path) -> None:
    s = ClassStore(tmp_path)
    assert s.problem is not None and s.problem.reason is Problem.UNWRITABLE


_PROBE = """
import sys
from tripeaks.history.class_results import ClassStore, ClassRow
store = ClassStore(sys.argv[1])
print(store.problem.reason.value if store.problem else "available")
"""


def _as_other_user(path: Path) -> str:
    """What a store opened at ``path`` reports, in a process that cannot write where root can
    (as root: run as ``nobody`` through util-linux's ``setpriv``)."""
    prefix: list[str] = []
    if os.geteuid() == 0:  # root writes everywhere: become nobody
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv (util-linux): cannot test as another user")
        prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        reach = subprocess.run(
            [*prefix, sys.executable, "-c", "import tripeaks.history.class_results"],
            capture_output=True,
            timeout=60,
            cwd="/",
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        if reach.returncode != 0:  # e.g. a checkout inside a folder private to root (mktemp -d)
            pytest.skip("nobody cannot reach this checkout's Python and packages: cannot test as another user")
    out = subprocess.run(
        [*prefix, sys.executable, "-c", _PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd="/",
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=True,
    )
    return out.stdout.strip()


@pytest.fixture
def shared_dir() -> object:
    """A folder under /tmp that another user can enter (tmp_path is private to its owner)."""
    folder = Path(tempfile.mkdtemp(prefix="tripeaks-class-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_an_unwritable_folder_is_reported(shared_dir: Path) -> None:
    shared_dir.chmod(0o555)
    assert _as_other_user(shared_dir / "class.sqlite") == "unwritable"
    assert not (shared_dir / "class.sqlite").exists()


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_read_only_database_is_reported_when_opened_not_after_a_game(shared_dir: Path) -> None:
    path = shared_dir / "class.sqlite"
    assert ClassStore(path).record_game(entry())
    for p in shared_dir.iterdir():
        p.chmod(0o444)
    assert _as_other_user(path) == "unwritable"


# ------------------------------------------------------------------ queries
def test_the_leaderboard_puts_wins_first_then_score_then_fewest_moves(store: ClassStore) -> None:
    games = [
        entry("Bea", result="won", score=700, moves=50),
        entry("Bea", result="won", score=690, moves=45),
        entry("Ana", result="won", score=700, moves=48),
        entry("Caio", result="blocked", score=750, moves=60),  # a high score without a win ranks after wins
        entry("Dan", result="won", score=700, moves=48),
        entry("Eve", code="TP1-C-AAAAAAB", result="won", score=772, moves=44),  # another code
    ]
    assert all(store.record_game(g) for g in games)
    board = store.leaderboard(" tp1-e-aaaaaad ")
    assert [(r.rank, r.name, r.games, r.won, r.best_score, r.fewest_moves) for r in board] == [
        (1, "Bea", 2, True, 700, 45),
        (2, "Ana", 1, True, 700, 48),
        (2, "Dan", 1, True, 700, 48),
        (4, "Caio", 1, False, 750, None),
    ]
    assert [r.name for r in store.leaderboard("TP1-C-AAAAAAB")] == ["Eve"]
    assert store.leaderboard("TP1-E-AAAAAAB") == []


def test_codes_are_listed_most_recent_first(store: ClassStore) -> None:
    store.record_game(entry("Ana", played_at="2026-05-09T10:00:00Z"))
    store.record_game(entry("Bea", result="won", played_at="2026-05-09T10:05:00Z"))
    store.record_game(entry("Ana", code="TP1-C-AAAAAAB", played_at="2026-05-09T11:00:00Z"))
    store.record_game(entry("Ana", code=None, played_at="2026-05-09T12:00:00Z"))  # custom layout: no code
    summary = [(c.code, c.games, c.players, c.wins) for c in store.codes()]
    assert summary == [("TP1-C-AAAAAAB", 1, 1, 0), (CODE, 2, 2, 1)]


def test_each_students_progress(store: ClassStore) -> None:
    store.record_game(entry("bea", score=400, played_at="2026-05-09T10:00:00Z"))
    store.record_game(entry("Ana", result="won", score=700, played_at="2026-05-09T10:10:00Z"))
    store.record_game(entry("Ana", code="TP1-C-AAAAAAB", score=500, played_at="2026-05-09T10:20:00Z"))
    store.record_game(entry("Ana", result="blocked", score=400, played_at="2026-05-09T10:15:00Z"))
    rows = store.progress()
    assert [r.name for r in rows] == ["Ana", "bea"]  # by name, ignoring case
    ana = rows[0]
    # the abandoned game (500) neither lifts nor lowers the mean of the finished ones (700, 400)
    assert (ana.games, ana.wins, ana.best_score, ana.mean_score, ana.codes) == (3, 1, 700, 550.0, 2)
    assert (ana.blocked, ana.abandoned) == (1, 1)
    assert rows[1].best_score is None and rows[1].mean_score is None  # only an abandoned game
    assert (ana.first_played, ana.last_played) == ("2026-05-09T10:10:00.000+00:00", "2026-05-09T10:20:00.000+00:00")


def test_games_come_back_equal_and_in_time_order(store: ClassStore) -> None:
    late = entry("Ana", score=10, played_at="2026-05-09T11:00:00Z")
    early = ClassRow.from_game("Bea", won_game(), duration=90.0, played_at="2026-05-09T09:00:00Z")
    store.record_game(late)
    store.record_game(early)
    assert store.games() == [early, late]
    assert store.games(name="Ana") == [late]
    assert store.games(code=CODE, name="Bea") == [early]


def test_a_name_with_markup_is_stored_as_typed(store: ClassStore) -> None:
    name = "<b>Ana</b> & 'co'"
    store.record_game(entry(name))
    assert store.games()[0].name == name


# ------------------------------------------------------------------ the challenge
def test_the_challenge_is_stored_by_the_teacher_and_cleared(store: ClassStore) -> None:
    assert store.challenge() is None
    assert store.set_challenge(" tp1-c-aaaaaad ")
    assert store.challenge() == Challenge("TP1-C-AAAAAAD", ChallengeSource.DATABASE)
    assert ClassStore(store.path).challenge() == Challenge("TP1-C-AAAAAAD", ChallengeSource.DATABASE)
    assert store.set_challenge(None)
    assert store.challenge() is None


def test_a_bad_challenge_code_raises_and_keeps_the_old_one(store: ClassStore) -> None:
    store.set_challenge(CODE)
    with pytest.raises(InvalidCodeError):
        store.set_challenge("TP1-X-AAAAAAD")
    assert store.challenge() == Challenge(CODE, ChallengeSource.DATABASE)


def test_the_environment_challenge_wins_and_works_without_a_database(tmp_path: Path) -> None:
    env = {ENV_CHALLENGE: "tp1-e-aaaaaab", ENV_DB: str(tmp_path / "c.sqlite")}
    s = ClassStore.from_env(env)
    s.set_challenge(CODE)
    assert s.challenge() == Challenge("TP1-E-AAAAAAB", ChallengeSource.ENVIRONMENT)
    no_db = ClassStore.from_env({ENV_CHALLENGE: "TP1-C-AAAAAAD"})
    assert not no_db.available
    assert no_db.challenge() == Challenge("TP1-C-AAAAAAD", ChallengeSource.ENVIRONMENT)


def test_an_invalid_environment_challenge_is_skipped_by_the_store_and_explained_by_the_reader(tmp_path: Path) -> None:
    env = {ENV_CHALLENGE: "not a code", ENV_DB: str(tmp_path / "c.sqlite")}
    s = ClassStore.from_env(env)
    s.set_challenge(CODE)
    assert s.challenge() == Challenge(CODE, ChallengeSource.DATABASE)
    with pytest.raises(InvalidCodeError):
        challenge_from_env(env)
    assert challenge_from_env({}) is None and challenge_from_env({ENV_CHALLENGE: " "}) is None


# ------------------------------------------------------------------ many writers at once
WRITERS = 32
GAMES_EACH = 200


def _writer(path: str, worker: int, templates: list[ClassRow], barrier: object, results: object) -> None:
    store = ClassStore(path)  # all open the missing file at once: they race to create it
    barrier.wait()  # type: ignore[attr-defined]
    stored = 0
    for i in range(GAMES_EACH):
        t = templates[(worker + i) % len(templates)]
        e = ClassRow(
            f"student {worker:02d}", t.code, t.rules, t.result, t.score, t.moves, t.draws, t.undos,
            float(i), t.record, t.played_at,
        )  # fmt: skip
        stored += store.record_game(e)
    results.put((worker, stored, store.missed_writes, store.problem))  # type: ignore[attr-defined]


@pytest.mark.slow
def test_32_processes_appending_200_games_each_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    templates = [
        ClassRow.from_game("t", won_game(), duration=1, played_at="2026-05-09T10:00:00Z"),
        ClassRow.from_game("t", blocked_game(), duration=1, played_at="2026-05-09T10:00:00Z"),
        ClassRow.from_game("t", blocked_game("TP1-C-AAAAAAB"), duration=1, played_at="2026-05-09T10:00:00Z"),
        ClassRow.from_game("t", Game.from_code("TP1-E-AAAAAAC"), duration=1, result="abandoned",
                            played_at="2026-05-09T10:00:00Z"),
    ]  # fmt: skip
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    barrier = ctx.Barrier(WRITERS)
    results = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(str(path), w, templates, barrier, results)) for w in range(WRITERS)]
    for p in procs:
        p.start()
    reports = [results.get(timeout=300) for _ in procs]
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    assert sorted(r[0] for r in reports) == list(range(WRITERS))
    assert all(r[1:] == (GAMES_EACH, 0, None) for r in reports), reports

    store = ClassStore(path)
    rows = store.games()
    assert len(rows) == store.count() == WRITERS * GAMES_EACH == 6400
    keys = {(r.name, r.duration) for r in rows}
    assert keys == {(f"student {w:02d}", float(i)) for w in range(WRITERS) for i in range(GAMES_EACH)}
    replayed: dict[str, Game] = {}
    for r in rows:
        w = int(r.name.split()[1])
        t = templates[(w + int(r.duration)) % len(templates)]
        assert (r.code, r.rules, r.result, r.score, r.moves, r.draws, r.undos, r.record) == (
            t.code, t.rules, t.result, t.score, t.moves, t.draws, t.undos, t.record,
        )  # fmt: skip
        game = replayed.setdefault(r.record, r.to_game())
        assert (game.score, game.moves) == (r.score, r.moves)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()


# ------------------------------------------------------------------ one row per game id
@settings(max_examples=40, deadline=None)
@given(
    games=st.lists(
        st.tuples(st.sampled_from(["a1", "b2", "c3", None]), st.sampled_from(["blocked", "won", "abandoned"])),
        min_size=1,
        max_size=8,
    )
)
def test_a_game_id_is_one_row_a_blocked_one_taking_the_later_result(games: list[tuple[str | None, str]]) -> None:
    """One game is one row: a game recorded blocked (at once, while an undo can still revive it)
    takes the result recorded later for the same id; a row that is not blocked is never replaced;
    games without an id are each a row."""
    with tempfile.TemporaryDirectory() as folder:
        store = ClassStore(Path(folder) / "class.sqlite")
        kept: dict[str, tuple[str, int, int]] = {}  # id -> (result, score, hints) the row should hold
        alone: list[tuple[str, int, int]] = []  # the games without an id
        for n, (game_id, result) in enumerate(games):
            assert store.record_game(entry(score=400 + n, result=result, game_id=game_id, hints=n % 3))
            if game_id is None:
                alone.append((result, 400 + n, n % 3))
            elif game_id not in kept:
                kept[game_id] = (result, 400 + n, n % 3)
            elif kept[game_id][0] == "blocked":
                kept[game_id] = (result, 400 + n, max(n % 3, kept[game_id][2]))
        rows = sorted((g.result.value, g.score, g.hints) for g in store.games())
        assert rows == sorted([*kept.values(), *alone])


@pytest.mark.parametrize("game_id", ["", "x" * 65, 5, b"id"])
def test_a_bad_game_id_is_refused_before_any_file_is_touched(game_id: object) -> None:
    with pytest.raises(InvalidEntryError, match="game_id"):
        entry(game_id=game_id)


def test_a_version_2_file_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ClassStore(path).record_game(entry("Ana"))
    con = sqlite3.connect(path)  # back to version 2: no game id yet
    con.execute("DROP INDEX games_by_game_id")
    con.execute("ALTER TABLE games DROP COLUMN game_id")
    con.execute("ALTER TABLE live DROP COLUMN state")
    con.execute("DROP TABLE secret_tries")
    con.execute("PRAGMA user_version = 2")
    con.commit()
    con.close()
    store = ClassStore(path)
    assert store.available, store.problem
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    assert [g.name for g in store.games()] == ["Ana"]
    assert store.record_game(entry("Bea", game_id="g")) and store.record_game(entry("Bea", game_id="g"))
    assert store.count() == 2


def test_a_version_3_file_is_migrated_and_keeps_who_is_playing(tmp_path: Path) -> None:
    """Version 4 keeps what each student of who is playing now is at, and the wrong secrets."""
    path = tmp_path / "class.sqlite"
    store = ClassStore(path)
    assert store.record_game(entry("Ana")) and store.report_playing("Bea", None, 4, 20)
    con = sqlite3.connect(path)  # back to version 3: no state of who is playing, no count of wrong secrets
    con.execute("ALTER TABLE live DROP COLUMN state")
    con.execute("DROP TABLE secret_tries")
    con.execute("PRAGMA user_version = 3")
    con.commit()
    con.close()
    store = ClassStore(path)
    assert store.available, store.problem
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [g.name for g in store.games()] == ["Ana"]
    assert [(p.name, p.moves, p.state) for p in store.playing()] == [("Bea", 4, LiveState.PLAYING)]
    assert store.secret_tries() == (0, 0.0) and store.set_secret_tries(2, 10.0)
    assert ClassStore(path).secret_tries() == (2, 10.0)
