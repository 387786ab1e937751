"""The strategy lab (tripeaks.lab): a strategy sees only what a player sees, and is measured fairly."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import DECK, Game, GameCode, RuleSet, Status
from tripeaks.lab import (
    DRAW,
    PlayerView,
    evaluate,
    first_legal,
    random_legal,
    tournament,
    visible_bot,
)
from tripeaks.solver import Verdict, solve
from tripeaks.solver.study import bot_choice, wilson


def _random_position(seed: int, steps: int, rules: str) -> Game:
    game = Game.from_code(GameCode(RuleSet.parse(rules), seed))
    rng = random.Random(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if game.status is not Status.PLAYING or not legal:
            break
        game.apply(rng.choice(legal))
    return game


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 50), st.sampled_from(["easy", "classic", "tri-peaks", "E-J"]))
def test_the_view_is_what_a_player_sees(seed: int, steps: int, rules: str) -> None:
    game = _random_position(seed, steps, rules)
    view = PlayerView.of(game)
    assert view.legal == tuple(game.legal_actions())
    assert view.waste == game.waste_top and view.stock_count == game.stock_count and view.rules == game.rules
    for p, slot in enumerate(game.tableau):
        assert view.present(p) == (slot is not None)
        assert view.is_exposed(p) == (slot is not None and game.is_exposed(p))
        if slot is not None and slot.face_up:
            assert view.face_up[p] == slot.card
        if slot is not None:
            assert (p in view.face_down) == (not slot.face_up)
            assert sorted(view.reveals(p)) == sorted(game.reveals(p))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_hidden_cards_change_nothing_a_strategy_can_see(seed: int) -> None:
    """Two deals with the same face-up cards but other face-down cards and stock give the same view."""
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    base, waste, hidden = cards[:10], cards[10], cards[11:]
    other = hidden[:]
    rng.shuffle(other)
    views = []
    for rest in (hidden, other):
        tableau = rest[:18] + base  # positions 0–17 face down, 18–27 the base row
        views.append(PlayerView.of(Game.from_layout(tableau=tableau, waste=waste, stock=rest[18:])))
    assert views[0] == views[1]
    assert not any(isinstance(v, Game) for v in vars(views[0]).values())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 50), st.sampled_from(["easy", "classic", "tri-peaks"]))
def test_the_visible_bot_is_the_studys_bot(seed: int, steps: int, rules: str) -> None:
    game = _random_position(seed, steps, rules)
    view = PlayerView.of(game)
    if view.legal:
        assert visible_bot(view) == bot_choice(game)


def test_evaluate_counts_what_the_games_became() -> None:
    deals = range(12)
    result = evaluate(visible_bot, deals, "classic", progress=False, solver_nodes=2_000_000)
    wins, left, winnable = 0, [], 0
    for n in deals:
        code = GameCode(RuleSet.parse("classic"), n)
        game = Game.from_code(code)
        while game.status is Status.PLAYING and game.legal_actions():
            game.apply(bot_choice(game))
        wins += game.status is Status.WON
        left.append(game.cards_left)
        winnable += solve(code, max_nodes=2_000_000).verdict is Verdict.WINNABLE
    assert (result.wins, list(result.cards_left), result.winnable) == (wins, left, winnable)
    assert result.interval == wilson(wins, 12) and result.n == 12 and not result.problems
    assert result.deals[0] == "TP1-C-AAAAAAA"


def test_a_wrong_strategy_is_reported_by_deal_and_move_and_the_rest_goes_on() -> None:
    def crashes_on_third_move(view: PlayerView) -> object:
        if view.moves == 2:
            raise KeyError("oops")
        return view.legal[0]

    def illegal(view: PlayerView) -> object:
        return 99 if view.moves == 0 else view.legal[0]

    def slow(view: PlayerView) -> object:
        if view.moves == 1:
            time.sleep(0.05)
        return view.legal[0]

    for strategy, words, move in ((crashes_on_third_move, "raised KeyError", 3), (illegal, "99", 1), (slow, "took", 2)):
        result = evaluate(strategy, [4, 5, 6], "easy", solver=False, progress=False, move_time_limit=0.02)  # type: ignore[arg-type]
        assert result.n == 3 and len(result.problems) == 3 and result.wins == 0
        assert [p.deal for p in result.problems] == ["TP1-E-AAAAAAE", "TP1-E-AAAAAAF", "TP1-E-AAAAAAG"]
        assert all(p.move == move and words in p.message for p in result.problems)
        assert all(left > 0 for left in result.cards_left)


def test_a_draw_may_be_given_in_either_case() -> None:
    result = evaluate(lambda v: "d" if v.can_draw else v.legal[0], 3, solver=False, progress=False)
    assert not result.problems


@pytest.mark.parametrize("bad", [0, -3, True, [1.5], ["TP1-X"], []])
def test_bad_deals_are_refused_with_a_message(bad: object) -> None:
    with pytest.raises(ValueError):
        evaluate(first_legal, bad, progress=False, solver=False)  # type: ignore[arg-type]


def test_tournament_ranks_on_the_same_deals_and_plots() -> None:
    result = tournament([random_legal, first_legal, visible_bot], 15, "easy", progress=False, solver_nodes=2_000_000)
    wins = [r.wins for r in result.results]
    assert wins == sorted(wins, reverse=True)
    assert {r.deals for r in result.results} == {result.results[0].deals}
    assert result.winnable is not None and all(r.wins <= result.winnable for r in result.results)
    rows = result.table()
    assert [row[1] for row in rows] == [r.name for r in result.results] and rows[0][0] == 1
    assert "visible_bot" in str(result) and "<table>" in result._repr_html_()
    ax = result.plot()
    assert len(ax.patches) == 3 and ax.get_xlim() == (0, 100)
    with pytest.raises(ValueError, match="share a name"):
        tournament([first_legal, first_legal], 2, progress=False, solver=False)
    with pytest.raises(ValueError):
        tournament([], 2, progress=False)


def test_random_legal_repeats_itself() -> None:
    a = evaluate(random_legal, 8, solver=False, progress=False)
    b = evaluate(random_legal, 8, solver=False, progress=False)
    assert a.cards_left == b.cards_left
    assert DRAW == "D"
