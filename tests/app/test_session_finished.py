"""GameFinished: every game played in the session counts once: won or time up at once, blocked or
abandoned after a move when it leaves the table.

The session's clock is replaced by a fake one, so durations are exact.
"""

from __future__ import annotations

import pytest

from tripeaks import Game, Status
from tripeaks.app.model.session import GameFinished, GameOver, GameSource, GameStarted, Outcome, PlaySession

CODE = "TP1-E-AAAAAAB"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def blocked_code() -> str:
    """An Easy code blocked once its 23 stock cards are drawn without a play."""
    for n in range(1, 300):
        code = f"TP1-E-AAAAA{'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[n // 32]}{'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[n % 32]}"
        game = Game.from_code(code)
        for _ in range(23):
            game.draw()
        if game.status is Status.BLOCKED and game.can_undo:
            return code
    raise AssertionError("no such deal")


@pytest.fixture
def timed():
    session = PlaySession(Game.from_code(CODE))
    session.clock = clock = Clock()
    seen: list = []
    session.subscribe(seen.append)
    return session, clock, seen


def finished(seen: list) -> list[GameFinished]:
    return [e for e in seen if isinstance(e, GameFinished)]


def test_a_won_game_counts_once_right_after_game_over_with_its_time_on_a_visible_page(scripted, clear_order):
    session = PlaySession(scripted(clear_order))
    session.clock = clock = Clock()
    seen: list = []
    session.subscribe(seen.append)
    session.set_hidden(True)
    clock.now = 130.0  # a hidden page is not playing
    session.set_hidden(False)
    for p in clear_order:
        session.play(p)
        clock.now += 2.0
    kinds = [type(e) for e in seen]
    over = kinds.index(GameOver)
    assert kinds[over + 1] is GameFinished
    (done,) = finished(seen)
    assert done.outcome is Outcome.WON and done.outcome.won and done.game is session.game
    assert done.duration == pytest.approx(2.0 * (len(clear_order) - 1))
    session.deal_code(CODE)  # a won game is never abandoned afterwards
    assert len(finished(seen)) == 1


def test_a_blocked_game_counts_once_when_it_leaves_the_table_with_its_clock_stopped_at_the_block():
    session = PlaySession(Game.from_code(blocked_code()))
    session.clock = clock = Clock()
    seen: list = []
    session.subscribe(seen.append)
    for _ in range(23):
        session.draw()
        clock.now += 1.0
    assert finished(seen) == []  # an undo can still revive it
    clock.now += 60.0  # looking at the blocked board is not playing
    session.undo()
    clock.now += 2.0
    session.draw()  # blocked again
    clock.now += 30.0
    session.deal_random()
    (done,) = finished(seen)
    assert done.outcome is Outcome.BLOCKED and done.status is Status.BLOCKED and not done.abandoned
    assert done.duration == pytest.approx(22.0 + 2.0)
    assert isinstance(seen[seen.index(done) + 1], GameStarted)
    session.draw()
    session.deal_random()
    assert len(finished(seen)) == 2  # the next one, abandoned: each game once


@pytest.mark.parametrize("leave", ["deal_code", "deal_random", "restart", "set_game"])
def test_a_game_left_after_a_move_is_abandoned_before_the_next_game_starts(timed, leave):
    session, clock, seen = timed
    first = session.game
    session.draw()
    clock.now += 7.5
    action = {
        "deal_code": lambda: session.deal_code("TP1-C-AAAAAAD"),
        "deal_random": session.deal_random,
        "restart": session.restart,
        "set_game": lambda: session.set_game(Game.from_code(CODE)),
    }[leave]
    action()
    (done,) = finished(seen)
    assert done.outcome is Outcome.ABANDONED and not done.outcome.won and done.game is first
    assert done.duration == pytest.approx(7.5)
    assert isinstance(seen[seen.index(done) + 1], GameStarted)


def test_a_game_left_without_a_move_does_not_count(timed):
    session, _clock, seen = timed
    session.deal_random()
    session.restart()
    session.play(0)  # refused: not a move
    session.deal_code(CODE)
    assert finished(seen) == []


def test_a_resumed_game_carries_its_time_and_its_moves(timed):
    session, clock, seen = timed
    saved = Game.from_code(CODE)
    saved.draw()
    session.set_game(saved, GameSource.RESUMED, elapsed=40.0)
    assert session.elapsed == pytest.approx(40.0)
    session.set_hidden(True)
    clock.now += 100  # the page was hidden: not counted
    session.set_hidden(False)
    session.draw()
    clock.now += 5
    assert session.elapsed == pytest.approx(45.0)
    session.deal_random()  # abandoned even without a move since the resume: moves were made before
    (done,) = finished(seen)
    assert done.outcome is Outcome.ABANDONED and done.duration == pytest.approx(45.0)


def test_replay_steps_never_count_and_the_game_set_aside_comes_back(timed):
    session, _clock, seen = timed
    mine = session.game
    session.draw()
    step = Game.from_code("TP1-E-AAAAAAD")
    step.draw()
    session.set_game(step, GameSource.REPLAY)
    assert not session.counts
    session.set_game(Game.from_code("TP1-E-AAAAAAC"), GameSource.REPLAY)
    session.set_game(mine, GameSource.RESUMED)
    assert session.counts and finished(seen) == []
    session.deal_random()
    assert [f.game for f in finished(seen)] == [mine]


def test_leaving_a_replay_for_another_game_abandons_the_game_set_aside(timed):
    session, _clock, seen = timed
    mine = session.game
    session.draw()
    session.set_game(Game.from_code("TP1-E-AAAAAAD"), GameSource.REPLAY)
    session.deal_code("TP1-C-AAAAAAD")
    assert [(f.game, f.outcome) for f in finished(seen)] == [(mine, Outcome.ABANDONED)]


def test_a_move_on_a_replay_step_plays_on_and_leaves_the_game_set_aside(timed):
    session, _clock, seen = timed
    mine = session.game
    session.draw()
    step = Game.from_code("TP1-E-AAAAAAD")
    session.set_game(step, GameSource.REPLAY)
    session.draw()
    assert session.counts
    assert [f.game for f in finished(seen)] == [mine]
    session.deal_random()
    assert [f.game for f in finished(seen)] == [mine, step]


def test_continuing_a_record_counts_only_with_a_move_made_here(timed):
    session, _clock, seen = timed
    record = Game.from_code("TP1-E-AAAAAAD")
    record.draw()
    session.set_game(record, GameSource.RECORD)
    session.deal_random()
    assert finished(seen) == []
    again = Game.from_code("TP1-E-AAAAAAD")
    again.draw()
    session.set_game(again, GameSource.RECORD)
    session.draw()
    session.deal_random()
    assert [f.game for f in finished(seen)] == [again]
