"""Every finished game reaches the class results with the outcome the student's own statistics
give it, whichever way the game ends: won, blocked, timed out, abandoned, left blocked in a
tab that was closed or reloaded, or left unfinished by a reload (then neither counts it yet).

A page is an app with persistence on a fake localStorage (tests/app/fake_store.py) and the
class database; a closed tab or a reload is a new page on the same storage.  The name is given
before or after the page has read the storage, so a game counted at load before the name is
known waits for it (tripeaks.app.views.class_panel).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import pytest
from fake_store import FakeStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import Game, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.keeper import STORAGE_KEY, read_document
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.class_panel import ClassroomTools
from tripeaks.history.class_results import ENV_CHALLENGE, ClassStore, Outcome
from tripeaks.solver import solve

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 8♦ at position 20 is the one play
WINNABLE = "TP1-E-AAAAAAD"
BLOCKS = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked
TIMED = "TP1-E-AAAAAAB-T1"  # a 1-minute countdown (docs/rules.md §8)

ENDS = ("won", "blocked", "time_up", "abandoned", "closed_tab", "reload", "kernel_stopped", "never_back")
"""How a game can end (or be left): each is one step of a student's lesson below."""


class Page:
    """One page of the student's browser: the app, its persistence and its class tools."""

    def __init__(self, storage: dict[str, str], db: Path, name_first: bool) -> None:
        first = len(AT_EXIT)
        self.app = compose(
            TriPeaksApp(session=PlaySession(Game.from_code(CODE))),
            hints=False,
            keys=False,
            store=FakeStore(storage),
            class_db=db,
        )
        assert self.app.keep is not None and self.app.classroom is not None
        self.tools: ClassroomTools = self.app.classroom
        assert self.tools.wait()
        # What runs when this page's kernel stops (the app's handler; matplotlib registers its own).
        self.at_exit = [h for h in AT_EXIT[first:] if "_record_at_exit" in getattr(h, "__qualname__", "")]
        assert len(self.at_exit) == 1
        if name_first:
            self.tools.save_name(" ana ")
        self.app.keep.store.load()  # the page says what the storage holds
        if not name_first:
            self.tools.save_name("Ana")  # the name comes after: what counted at load waited for it
        assert self.tools.wait()

    @property
    def session(self) -> PlaySession:
        return self.app.session

    def deal(self, code: str) -> None:
        self.session.deal_code(code)  # a game in progress is abandoned (counted if a move was made)
        assert self.session.game.status is Status.PLAYING

    def play_to_the_end(self) -> None:
        game = self.session.game
        while not game.is_over:
            plays = game.playable()
            if plays:
                self.session.play(plays[0])
            else:
                self.session.draw()

    def close(self) -> None:
        assert self.tools.wait()
        self.app.close()

    def stop_kernel(self) -> None:
        """The tab is closed and Voila stops the page's kernel: its exit handlers run."""
        assert self.tools.wait()
        for handler in self.at_exit:
            handler()
        self.app.close()


def play_lesson(ends: list[str], name_first: list[bool], db: Path) -> tuple[list[Outcome], list[Outcome]]:
    """Play ``ends`` in order (one game each, new pages where a tab closes or reloads), then leave
    the last game with a new deal; (the outcomes the statistics hold, the outcomes the class holds)."""
    storage: dict[str, str] = {}
    firsts = iter(name_first)
    page = Page(storage, db, next(firsts, True))
    for end in ends:
        if end == "won":
            page.deal(WINNABLE)
            for action in solve(page.session.game).line:
                page.session.draw() if action == "D" else page.session.play(action)
            assert page.session.game.status is Status.WON
        elif end == "blocked":
            page.deal(BLOCKS)
            page.play_to_the_end()
            assert page.session.game.status is Status.BLOCKED  # it counts when it leaves the table
        elif end == "time_up":
            page.deal(TIMED)
            page.session.play(20)
            page.session.expire()  # what the app's clock does when the countdown reaches 0
        elif end == "abandoned":
            page.deal(CODE)
            page.session.draw()  # one move: the next deal abandons it
        elif end == "closed_tab":
            page.deal(BLOCKS)
            page.play_to_the_end()
            page.close()  # the tab is closed with the blocked game on the table
            page = Page(storage, db, next(firsts, True))  # the student comes back
            assert page.session.game.status is Status.PLAYING  # a blocked game is not resumed
        elif end in ("kernel_stopped", "never_back"):
            page.deal(BLOCKS)
            page.play_to_the_end()
            page.stop_kernel()  # recorded as the kernel stops, in case the student never comes back
            if end == "never_back":
                classroom = [g.result for g in ClassStore(db).games()]
                statistics = [e.result for e in read_document(storage[STORAGE_KEY]).history]
                assert classroom[-1] is Outcome.BLOCKED and len(classroom) == len(statistics) + 1
            page = Page(storage, db, next(firsts, True))  # the student comes back: counted, not twice
            assert page.session.game.status is Status.PLAYING
        elif end == "reload":
            page.deal(CODE)
            page.session.draw()
            page.close()
            page = Page(storage, db, next(firsts, True))
            assert page.session.game.moves == 1  # resumed, not counted yet: the next deal abandons it
        else:  # pragma: no cover - the strategy draws from ENDS
            raise AssertionError(end)
    page.deal(CODE)  # the last game leaves the table
    page.close()
    statistics = [e.result for e in read_document(storage[STORAGE_KEY]).history]
    classroom = [g.result for g in ClassStore(db).games()]
    return statistics, classroom


AT_EXIT: list = []
"""The kernel's exit handlers the pages registered (``atexit.register``, patched below)."""


@pytest.fixture(autouse=True)
def _exit_handlers(monkeypatch: pytest.MonkeyPatch) -> None:
    import tripeaks.app.factory as factory

    monkeypatch.setattr(factory.atexit, "register", AT_EXIT.append)


@pytest.fixture(autouse=True)
def _no_challenge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)


@pytest.mark.parametrize("end", ENDS)
def test_each_way_a_game_ends_reaches_the_class_as_the_statistics_count_it(end, tmp_path):
    statistics, classroom = play_lesson([end], [True, True], tmp_path / "class.sqlite")
    expected = {
        "won": [Outcome.WON],
        "blocked": [Outcome.BLOCKED],
        "time_up": [Outcome.TIME_UP],
        "abandoned": [Outcome.ABANDONED],
        "closed_tab": [Outcome.BLOCKED],
        "reload": [Outcome.ABANDONED],  # resumed after the reload, then left by the next deal
        "kernel_stopped": [Outcome.BLOCKED],
        "never_back": [Outcome.BLOCKED],
    }[end]
    assert statistics == expected
    assert classroom == expected


def test_a_blocked_game_whose_tab_was_closed_is_recorded_once_with_its_name_and_record(tmp_path):
    db = tmp_path / "class.sqlite"
    storage: dict[str, str] = {}
    page = Page(storage, db, True)
    page.deal(BLOCKS)
    page.play_to_the_end()
    moves, score, record = page.session.game.moves, page.session.game.score, page.session.game.to_record()
    page.close()
    assert [g.result for g in ClassStore(db).games()] == [Outcome.BLOCKED]  # written as it was blocked
    again = Page(storage, db, False)  # the tab opened again, the name given after the load
    again.close()
    third = Page(storage, db, True)  # and once more: counted once, not at every load
    third.close()
    [row] = ClassStore(db).games()
    assert (row.name, row.code, row.result, row.moves, row.score) == ("Ana", BLOCKS, Outcome.BLOCKED, moves, score)
    assert row.to_game().to_record()["actions"] == record["actions"]
    assert [e.result for e in read_document(storage[STORAGE_KEY]).history] == [Outcome.BLOCKED]


def test_a_blocked_game_counted_at_load_waits_for_the_name_like_any_other(tmp_path):
    db = tmp_path / "class.sqlite"
    storage: dict[str, str] = {}
    page = Page(storage, db, True)
    page.deal(BLOCKS)
    page.play_to_the_end()
    page.close()
    app = compose(
        TriPeaksApp(session=PlaySession(Game.from_code(CODE))), hints=False, keys=False, store=FakeStore(storage),
        class_db=db,
    )  # fmt: skip
    tools = app.classroom
    assert tools is not None and app.keep is not None and tools.wait()
    app.keep.store.load()
    # recorded once already, as it was blocked on the first page
    assert tools.wait() and [(g.name, g.result) for g in ClassStore(db).games()] == [("ana", Outcome.BLOCKED)]
    assert "1" in tools.note.value  # the line says a game waits for a name
    tools.save_name("Bea")
    assert tools.wait()  # the same game: its one row, under the name given last
    assert [(g.name, g.result) for g in ClassStore(db).games()] == [("Bea", Outcome.BLOCKED)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ends=st.lists(st.sampled_from(ENDS), min_size=1, max_size=5),
    name_first=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_whatever_the_lesson_the_class_holds_what_the_statistics_hold(ends, name_first):
    with tempfile.TemporaryDirectory() as folder:
        statistics, classroom = play_lesson(ends, name_first, Path(folder) / "class.sqlite")
    assert Counter(classroom) == Counter(statistics)
    assert len(statistics) == len(ends)  # every game counted once: the last deal leaves the last one
