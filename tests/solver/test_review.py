"""solver.review: the turning point of a game (docs/rules.md §9), checked against one search per prefix."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import Game, GameCode, Status
from tripeaks.engine.codes import N_DEALS
from tripeaks.engine.record import RecordError
from tripeaks.solver import Verdict, best_score, is_winnable, review, solve

RULE_SETS = ["E", "C", "E-S", "C-OP", "E-J", "C-JJW", "E-W", "E-R", "C-SR", "E-PT5"]


def random_game(flags: str, deal: int, seed: int, undo_rate: float = 0.0) -> Game:
    """Random legal moves until the game is over, with an undo now and then."""
    rng = random.Random(seed)
    game = Game.from_code(GameCode(flags, deal))
    while not game.is_over and game.moves < 200:
        if game.can_undo and rng.random() < undo_rate:
            game.undo()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def prefixes(game: Game) -> list[Game]:
    """The position after each number of standing moves, 0 … n, replayed independently."""
    g = game.restart()
    out = [g.copy()]
    for e in game.standing_actions:
        g.apply(e.token)
        out.append(g.copy())
    return out


def brute_force_turning_point(game: Game) -> tuple[list[bool], int | None]:
    wins = []
    for p in prefixes(game):
        w = is_winnable(p)
        assert w is not None
        wins.append(w)
    turning = next((k for k in range(1, len(wins)) if wins[k - 1] and not wins[k]), None)
    return wins, turning


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    flags=st.sampled_from(RULE_SETS),
    deal=st.integers(0, N_DEALS - 1),
    seed=st.integers(0, 2**32),
    undo_rate=st.sampled_from([0.0, 0.0, 0.15]),
)
def test_turning_point_is_the_first_prefix_that_can_no_longer_be_won(
    flags: str, deal: int, seed: int, undo_rate: float
) -> None:
    game = random_game(flags, deal, seed, undo_rate)
    wins, turning = brute_force_turning_point(game)
    r = review(game, points=False)
    assert r.complete
    assert r.turning_point == turning
    assert r.start is (Verdict.WINNABLE if wins[0] else Verdict.UNWINNABLE)
    assert len(r.moves) == len(game.standing_actions)
    for k, (m, e) in enumerate(zip(r.moves, game.standing_actions, strict=True)):
        assert m.place == k + 1
        assert m.token == e.token and m.card == e.card
        assert m.before is (Verdict.WINNABLE if wins[k] else Verdict.UNWINNABLE)
        assert m.after is (Verdict.WINNABLE if wins[k + 1] else Verdict.UNWINNABLE)
        assert m.turning_point == (k + 1 == turning)
    assert sum(m.turning_point for m in r.moves) == (turning is not None)
    if turning is not None:
        assert r.turning_move is r.moves[turning - 1]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags=st.sampled_from(["E", "C", "E-R", "C-S"]), deal=st.integers(0, N_DEALS - 1), seed=st.integers(0, 2**32))
def test_points_are_the_best_score_of_each_winnable_position(flags: str, deal: int, seed: int) -> None:
    game = random_game(flags, deal, seed)
    r = review(game)
    assert r.points_complete
    positions = prefixes(game)
    for k, m in enumerate(r.moves):
        for value, p in ((m.best_before, positions[k]), (m.best_after, positions[k + 1])):
            expected = best_score(p)
            assert expected.optimal
            assert value == expected.score
        if m.points_lost is not None:
            assert m.points_lost >= 0
    if r.moves:
        assert r.best_start == r.moves[0].best_before
    costliest = r.costliest
    lost = [m.points_lost or 0 for m in r.moves]
    if costliest is None:
        assert not any(lost)
    else:
        assert costliest.points_lost == max(lost)
        assert costliest.place == lost.index(max(lost)) + 1


def blunder_game(flags: str, deal: int, follow: int) -> tuple[Game, int] | None:
    """Follow a winning line for `follow` moves, then make a move that loses: (game, its place)."""
    game = Game.from_code(GameCode(flags, deal))
    sol = solve(game)
    if sol.verdict is not Verdict.WINNABLE or len(sol.line) <= follow:
        return None
    for action in sol.line[:follow]:
        game.apply(action)
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        if is_winnable(trial) is False:
            game.apply(action)
            return game, follow + 1
    return None


@pytest.mark.parametrize("flags", ["E", "C", "E-SR", "C-JW"])
def test_a_known_blunder_is_the_turning_point_and_an_undone_one_is_not(flags: str) -> None:
    rng = random.Random(flags)
    found = None
    for _ in range(60):
        found = blunder_game(flags, rng.randrange(N_DEALS), rng.randrange(3, 12))
        if found:
            break
    assert found is not None, "no deal with a losing move found"
    game, place = found
    blunder = game.standing_actions[-1]
    while not game.is_over:  # play on: the later moves change nothing
        game.apply(game.legal_actions()[0])
    r = review(game)
    assert r.turning_point == place
    assert r.moves[place - 1].token == blunder.token
    assert r.moves[place - 1].before is Verdict.WINNABLE and r.moves[place - 1].after is Verdict.UNWINNABLE
    assert all(m.after is Verdict.UNWINNABLE for m in r.moves[place - 1 :])
    assert r.moves[place - 1].best_after is None and r.moves[place - 1].best_before is not None
    # Undo back to the blunder and take it back: no move lost this game any more.
    while len(game.standing_actions) >= place:
        game.undo()
    r2 = review(game)
    assert r2.turning_point is None and r2.complete
    assert all(m.after is Verdict.WINNABLE for m in r2.moves)
    assert len(r2.moves) == place - 1


def test_a_won_game_has_no_turning_point_and_loses_the_points_of_its_extra_draws() -> None:
    game = Game.from_code("TP1-E-AAAAAAD")
    for action in solve(game).line:
        game.apply(action)
    assert game.status is Status.WON
    r = review(game)
    assert r.turning_point is None and r.complete and r.points_complete
    assert r.moves[-1].best_after == game.score
    assert r.best_start is not None and r.best_start >= game.score
    assert sum(m.points_lost or 0 for m in r.moves) == r.best_start - game.score


def test_an_unwinnable_deal_has_no_turning_point() -> None:
    game = Game.from_code("TP1-C-AAAAAAD")
    assert is_winnable(game) is False
    game.apply(game.legal_actions()[0])
    r = review(game)
    assert r.start is Verdict.UNWINNABLE and r.complete and r.turning_point is None
    assert [m.before for m in r.moves] == [Verdict.UNWINNABLE]
    assert r.moves[0].points_known and r.moves[0].best_before is None


def test_a_record_is_reviewed_like_its_game() -> None:
    game = random_game("E", 12345, 7, 0.1)
    by_game = review(game)
    for data in (game.to_record(), json.dumps(game.to_record())):
        by_record = review(data)
        assert by_record.turning_point == by_game.turning_point
        assert [(m.token, m.before, m.after, m.best_before) for m in by_record.moves] == [
            (m.token, m.before, m.after, m.best_before) for m in by_game.moves
        ]


def test_review_does_not_change_the_game() -> None:
    game = random_game("C", 99, 3, 0.2)
    before = (game.to_record(), game.state_key(), game.undo_depth, game.redo_depth)
    review(game)
    assert (game.to_record(), game.state_key(), game.undo_depth, game.redo_depth) == before


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["ZZ"]},
        {"format": "nope"},
        b"\xff",
    ],
)
def test_a_bad_record_is_refused_with_a_record_error(bad: object) -> None:
    with pytest.raises(RecordError):
        review(bad)  # type: ignore[arg-type]


def test_a_budget_that_runs_out_says_unknown_never_a_guess() -> None:
    game = random_game("E", 424242, 5)
    full = review(game)
    cut = review(game, max_nodes=1)
    assert not cut.complete and cut.turning_point is None
    assert any(m.before is Verdict.UNKNOWN or m.after is Verdict.UNKNOWN for m in cut.moves)
    for a, b in zip(full.moves, cut.moves, strict=True):  # what is known agrees with the full review
        assert b.before in (a.before, Verdict.UNKNOWN) and b.after in (a.after, Verdict.UNKNOWN)
        assert b.best_before in (a.best_before, None) and b.best_after in (a.best_after, None)
    no_time = review(game, time_limit=0)
    assert not no_time.complete and no_time.searches == 0
    assert game.status is not Status.WON
    assert all(m.before is Verdict.UNKNOWN and m.best_before is None for m in no_time.moves)
    for bad in (-1, float("nan"), True):
        with pytest.raises(ValueError, match="time_limit"):
            review(game, time_limit=bad)
    with pytest.raises(ValueError, match="max_nodes"):
        review(game, max_nodes=0)


def test_verdicts_use_far_fewer_searches_than_moves() -> None:
    game = random_game("E", 2024, 11)
    r = review(game, points=False)
    assert r.complete and len(r.moves) > 20
    assert r.searches <= 2 + len(r.moves).bit_length() * 2
