"""The compiled search core and the Python search agree position for position: the same verdict, the
same winning line and the same count of positions searched, on whole deals under every preset, on
random mid-game positions, and when a node budget or the clock stops the search (docs/study/compiled-core.md).

Skipped when the core is not built (no C compiler at install time, or TRIPEAKS_PURE_PYTHON set)."""

from __future__ import annotations

import random
import time

import pytest
from random_positions import random_position

from tripeaks import Game, GameCode, Status
from tripeaks.engine.rules import PRESETS, RuleSet
from tripeaks.solver import SEARCH_CORE, _core, solve
from tripeaks.solver._search import search
from tripeaks.solver.exact import _state

pytestmark = pytest.mark.skipif(_core.lib is None, reason="the compiled search core is not built")

DEALS = range(0, 4000, 25)
"""160 deals spread over the first 4,000, per preset."""


def both(monkeypatch: pytest.MonkeyPatch, run):  # type: ignore[no-untyped-def]
    """``run()`` with the compiled core, then with the Python search."""
    compiled = run()
    with monkeypatch.context() as m:
        m.setattr(_core, "lib", None)
        python = run()
    return compiled, python


def test_the_core_in_use_is_reported():
    assert SEARCH_CORE == "c"


@pytest.mark.parametrize("preset", list(PRESETS), ids=lambda p: p.value)
def test_whole_deals_agree_under_every_preset(preset, monkeypatch):
    rules = PRESETS[preset]
    for deal in DEALS:
        game = Game.from_code(GameCode(rules, deal))
        c, py = both(monkeypatch, lambda game=game: solve(game))
        assert (c.verdict, c.line, c.nodes, c.exhaustive) == (py.verdict, py.line, py.nodes, py.exhaustive), deal


@pytest.mark.parametrize("letter", ["E", "C"])
def test_mid_game_positions_agree(letter, monkeypatch):
    rng = random.Random(20261202)
    rules = RuleSet.parse(letter)
    for _ in range(300):
        game = random_position(rules, rng.randrange(100_000), rng.randrange(40), rng)
        if game.status is not Status.PLAYING:
            continue
        state = _state(game)
        c, py = both(monkeypatch, lambda state=state: search(*state, rules.wrap))
        assert c == py, game.code


@pytest.mark.parametrize("max_nodes", [1, 2, 3, 100, 2047, 2048, 2049, 4096, 5000, 20_000])
def test_a_node_budget_stops_both_at_the_same_position(max_nodes, monkeypatch):
    for letter, deal in [("E", 17), ("C", 88), ("C", 126)]:  # deals of 65,000 positions or more
        game = Game.from_code(GameCode(RuleSet.parse(letter), deal))
        state, wraps = _state(game), game.rules.wrap
        c, py = both(monkeypatch, lambda state=state, wraps=wraps: search(*state, wraps, max_nodes))
        assert c == py
        assert c[0] is None and c[2] == max_nodes


def test_a_passed_deadline_stops_both_at_the_first_look_at_the_clock(monkeypatch):
    game = Game.from_code(GameCode(RuleSet.parse("C"), 88))
    state = _state(game)
    c, py = both(monkeypatch, lambda: search(*state, False, None, time.perf_counter() - 1))
    assert c == py == (None, [], 2048)


def _refusal(run):  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as info:
        run()
    return str(info.value)


@pytest.mark.parametrize("seed", range(20))
def test_both_refuse_the_same_impossible_positions(seed, monkeypatch):
    """A set of remaining cards that cannot occur (a card gone, one lying on it left), or a stock
    longer than the encodings allow: the same ValueError from both, the set checked first."""
    rnd = random.Random(seed)
    ranks = tuple(rnd.randint(1, 13) for _ in range(28))
    stock = tuple(rnd.randint(1, 13) for _ in range(rnd.choice([23, 31, 40])))
    impossible = ((1 << 28) - 1) & ~(1 << rnd.randrange(18))  # a covered card gone, every card on it left
    for present in (impossible, (1 << 28) - 1):
        if present != impossible and len(stock) <= 30:
            continue
        c, py = both(
            monkeypatch, lambda present=present: _refusal(lambda: search(ranks, present, 7, stock, seed % 2 == 0))
        )
        assert c == py
