"""solver.rewind: how many undos (docs/rules.md §4) bring back the last winnable position."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import tripeaks.engine.game as game_module
from tripeaks import Game, GameCode, Status
from tripeaks.engine.codes import N_DEALS
from tripeaks.solver import Verdict, rewind, solve

pytestmark = pytest.mark.usefixtures(
    "search_core"
)  # each test under the compiled core and the Python search (conftest.py)


def undone(game: Game, undos: int) -> Game:
    g = game.copy()
    for _ in range(undos):
        g.undo()
    return g


def played_until_over(code: str, seed: int) -> Game:
    """Random legal moves (no undo) until the game is over."""
    rng = random.Random(seed)
    game = Game.from_code(code)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@lru_cache(maxsize=1)
def lost_games() -> tuple[Game, ...]:
    """Three blocked games (kept for the whole module; the tests never change them)."""
    return tuple(
        [g for g in (played_until_over("TP1-E-AAAAAAD", s) for s in range(12)) if g.status is Status.BLOCKED][:3]
    )


@pytest.mark.parametrize("index", range(3))
def test_rewind_finds_the_last_winnable_position_of_a_lost_game(index: int) -> None:
    game = lost_games()[index]
    before = (game.state_key(), game.moves, game.history, game.undo_depth)
    result = rewind(game)
    assert (game.state_key(), game.moves, game.history, game.undo_depth) == before  # a pure function
    assert result.verdict is Verdict.WINNABLE and result.latest and result.undos is not None
    assert 1 <= result.undos <= game.undo_depth
    back = undone(game, result.undos)
    assert solve(back).verdict is Verdict.WINNABLE
    assert solve(undone(game, result.undos - 1)).verdict is Verdict.UNWINNABLE  # one undo fewer is not enough
    for action in result.line:  # the line wins from there
        back.apply(action)
    assert back.status is Status.WON


def test_a_winnable_position_needs_no_rewind() -> None:
    game = Game.from_code("TP1-E-AAAAAAD")
    game.draw()
    result = rewind(game)
    assert result.verdict is Verdict.WINNABLE and result.undos == 0 and result.latest


def test_nothing_to_undo_and_lost_is_unwinnable() -> None:
    result = rewind(Game.from_code("TP1-C-AAAAAAD"))  # docs/rules.md §5: deal 3 cannot be won under Classic
    assert result.verdict is Verdict.UNWINNABLE and result.undos is None and result.latest


def test_rewind_stays_within_the_undo_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only positions that undo can reach count (docs/rules.md §4); a smaller limit, same code path."""
    game = lost_games()[0]
    needed = rewind(game).undos
    assert needed is not None and needed > 1
    monkeypatch.setattr(game_module, "UNDO_LIMIT", needed - 1)
    short = Game.from_record(game.to_record())  # the same game, remembering fewer actions
    assert short.undo_depth == needed - 1
    result = rewind(short)
    assert result.verdict is Verdict.UNWINNABLE and result.undos is None


def test_a_budget_that_runs_out_answers_unknown_and_bad_budgets_are_refused() -> None:
    game = lost_games()[0]
    result = rewind(game, max_nodes=1)
    assert result.verdict is Verdict.UNKNOWN and result.undos is None and not result.latest
    for bad in (float("nan"), -1.0, float("inf")):
        with pytest.raises(ValueError, match="time_limit"):
            rewind(game, time_limit=bad)
    with pytest.raises(ValueError, match="max_nodes"):
        rewind(game, max_nodes=0)


@pytest.mark.parametrize("flags", ["E-SR", "E-JJW", "C-OP"])
def test_rewind_under_rule_sets(flags: str) -> None:
    """Going back never loses a win under any rule set (docs/rules.md §8): the same search applies."""
    rng = random.Random(3)
    game = None
    for _ in range(40):
        candidate = Game.from_code(GameCode(flags, rng.randrange(N_DEALS)))
        while not candidate.is_over:
            candidate.apply(rng.choice(candidate.legal_actions()))
        if candidate.status is Status.BLOCKED and rewind(candidate).verdict is Verdict.WINNABLE:
            game = candidate
            break
    assert game is not None, "no lost game that a rewind can save"
    result = rewind(game)
    assert result.latest and result.undos is not None and result.undos >= 1
    assert solve(undone(game, result.undos)).verdict is Verdict.WINNABLE
    assert solve(undone(game, result.undos - 1)).verdict is Verdict.UNWINNABLE
