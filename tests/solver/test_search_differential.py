"""The two searches of the default game agree: :func:`tripeaks.solver._search.search` (the fast one) and
:func:`tripeaks.solver._search_rules.search_any` (the rule-set search, which decides any position where a
draw is allowed at any time) give the same verdict on whole deals and random mid-game positions, and each
winning line is legal and wins when replayed with :meth:`Game.apply` (docs/rules.md §2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st
from random_positions import random_position

from tripeaks import Game, Status
from tripeaks.engine.codes import N_DEALS
from tripeaks.solver._search import DRAW, search
from tripeaks.solver._search_rules import search_any
from tripeaks.solver.exact import _state

pytestmark = pytest.mark.usefixtures(
    "search_core"
)  # each test under the compiled core and the Python search (conftest.py)

BUDGET = 100_000
"""Positions per search: a deal needs about 10,000 on average; over it the example is not compared."""


def _replays_to_a_win(game: Game, line: list[int]) -> bool:
    g = game.copy()
    for a in line:
        g.apply("D" if a == DRAW else a)  # raises IllegalMoveError for an illegal move
    return g.status is Status.WON


@seed(20261201)
@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    rules=st.sampled_from(["E", "C"]),
    deal=st.integers(0, N_DEALS - 1),
    moves=st.integers(0, 30),
    rng=st.randoms(use_true_random=False),
)
def test_the_default_search_and_the_rule_set_search_agree(rules, deal, moves, rng):
    game = random_position(rules, deal, moves, rng)
    if game.status is not Status.PLAYING:
        return
    ranks, present, waste, stock = _state(game)
    wraps = game.rules.wrap
    fast, fast_line, _ = search(ranks, present, waste, stock, wraps, BUDGET)
    other, other_line, _ = search_any(ranks, present, waste, stock, wraps, BUDGET)
    if fast is None or other is None:
        return  # over the budget: nothing to compare
    assert fast is other, (game.code, game.moves)
    if fast:
        assert _replays_to_a_win(game, fast_line)
        assert _replays_to_a_win(game, other_line)
    else:
        assert fast_line == other_line == []


def test_the_comparison_sees_both_verdicts():
    """The positions above are not all of one kind: some are won, some lost (else agreement is cheap)."""
    rng = random.Random(5)
    seen = set()
    for deal in range(20):
        game = random_position("C", deal * 104_729, rng.randrange(0, 20), rng)
        if game.status is Status.PLAYING:
            ranks, present, waste, stock = _state(game)
            verdict, _, _ = search(ranks, present, waste, stock, False, BUDGET)
            other, _, _ = search_any(ranks, present, waste, stock, False, BUDGET)
            assert verdict is other
            seen.add(verdict)
    assert seen >= {True, False}
