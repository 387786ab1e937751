"""A blocked game reaches the class results the moment it is blocked, not when the student leaves it;
after an undo, the same game's row takes its later result: one game is one row, never two.

A teacher downloading the grades while a student's blocked game was still on screen got a file
without it.  The student's page is an app with persistence on a fake localStorage and the class
database (tests/app/fake_store.py); each game is a sequence of events (block, undo, then win,
abandon, block again, leave it blocked, or the tab closed and its kernel stopped).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from fake_store import FakeStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ENV_CHALLENGE, ENV_TEACHER_SECRET, ClassStore, Outcome
from tripeaks.solver import solve

WINNABLE = "TP1-E-AAAAAAD"  # drawing the whole stock first blocks it; from the deal, the solver's line wins
LINE = solve(Game.from_code(WINNABLE)).line

ENDS = ("won", "abandoned", "left_blocked", "kernel_stopped")
"""How a game that was blocked (and undone, perhaps more than once) ends."""


class Page:
    def __init__(self, storage: dict[str, str], db: Path) -> None:
        self.app = compose(
            TriPeaksApp(session=PlaySession(Game.from_code(WINNABLE))),
            hints=False,
            keys=False,
            store=FakeStore(storage),
            class_db=db,
        )
        assert self.app.keep is not None and self.app.classroom is not None
        self.tools = self.app.classroom
        assert self.tools.wait() and self.tools.save_name("Ana")
        self.app.keep.store.load()
        assert self.tools.wait()

    @property
    def session(self) -> PlaySession:
        return self.app.session

    def block(self) -> None:
        game = self.session.game
        while not game.is_over:
            if game.can_draw:
                self.session.draw()
            else:
                self.session.play(game.playable()[0])
        assert game.status is Status.BLOCKED

    def undo_to_the_deal(self) -> None:
        while self.session.game.can_undo:
            self.session.undo()
        assert self.session.game.status is Status.PLAYING

    def win(self) -> None:
        for action in LINE:
            self.session.draw() if action == "D" else self.session.play(action)
        assert self.session.game.status is Status.WON


def results(db: Path) -> list[Outcome]:
    return [g.result for g in ClassStore(db).games()]


@pytest.fixture(autouse=True)
def _no_challenge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    monkeypatch.delenv(ENV_TEACHER_SECRET, raising=False)


AT_EXIT: list = []
"""The kernel's exit handlers the pages registered (``atexit.register``, patched below)."""


@pytest.fixture(autouse=True)
def _exit_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    import tripeaks.app.factory as factory

    monkeypatch.setattr(factory.atexit, "register", AT_EXIT.append)


def test_a_blocked_game_is_in_the_leaderboard_and_the_files_while_still_on_screen(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    page = Page({}, db)
    page.block()
    assert page.tools.wait()
    assert results(db) == [Outcome.BLOCKED]  # at once: the student has not left it
    view = ClassResults(db, auto_refresh=0)
    view.refresh()
    assert "Ana" in view.export_games and "Ana" in view.leaderboard.value
    assert "blocked" in view.export_games.splitlines()[1]


def test_an_undo_then_a_win_replaces_the_blocked_row(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    page = Page({}, db)
    page.block()
    page.undo_to_the_deal()
    page.win()
    assert page.tools.wait()
    [row] = ClassStore(db).games()
    assert (row.result, row.score) == (Outcome.WON, page.session.game.score)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(games=st.lists(st.tuples(st.integers(1, 3), st.sampled_from(ENDS)), min_size=1, max_size=3))
def test_one_game_is_one_row_whatever_the_blocks_and_undos(games: list[tuple[int, str]]) -> None:
    """Each game: blocked ``blocks`` times (undone to the deal between), then it ends as ``end``."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "class.sqlite"
        storage: dict[str, str] = {}
        page = Page(storage, db)
        expected: list[Outcome] = []
        for blocks, end in games:
            page.session.deal_code(WINNABLE)
            for n in range(blocks):
                if n:
                    page.undo_to_the_deal()
                page.block()
                assert page.tools.wait()
                assert results(db) == [*expected, Outcome.BLOCKED]  # recorded at once, one row
            if end == "won":
                page.undo_to_the_deal()
                page.win()
                expected.append(Outcome.WON)
            elif end == "abandoned":
                page.session.undo()  # playing again, then left by the next deal
                expected.append(Outcome.ABANDONED)
            elif end == "left_blocked":
                expected.append(Outcome.BLOCKED)
            else:  # the tab closed: the kernel's exit handler runs, then the student comes back
                assert page.tools.wait()
                AT_EXIT[-1]()
                page.app.close()
                page = Page(storage, db)  # the page counts it again at load: still one row
                expected.append(Outcome.BLOCKED)
            page.session.deal_code(WINNABLE)  # the game leaves the table
            assert page.tools.wait()
            assert results(db) == expected
        page.app.close()
        assert results(db) == expected
