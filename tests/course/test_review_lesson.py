"""The lesson on reviewing a game (docs/rules.md §9): its claims, computed by the solver."""

from __future__ import annotations

from tripeaks import Game
from tripeaks.course.lessons import LESSONS
from tripeaks.course.review_lesson import REVIEW_BLUNDER, REVIEW_CODE, REVIEW_KEPT, REVIEW_SETUP
from tripeaks.solver import Verdict, is_winnable, review


def test_the_lesson_comes_after_the_strategy_lessons() -> None:
    assert LESSONS[-1].id == "review" and LESSONS[-1].number == len(LESSONS)


def test_the_reviewed_game_turns_at_its_tenth_move_and_the_other_six_keeps_the_win() -> None:
    game = Game.from_code(REVIEW_CODE)
    for action in REVIEW_SETUP:
        game.apply(action)
    r = review(game, points=False)
    assert r.complete and r.turning_point == len(REVIEW_SETUP) == 10
    assert r.moves[-1].token == "6C" and r.moves[-1].after is Verdict.UNWINNABLE
    game.undo()
    assert is_winnable(game) is True
    assert str(game.waste_top) == "5D"
    assert sorted(game.playable()) == sorted({REVIEW_BLUNDER, REVIEW_KEPT})
    assert str(game.card_at(REVIEW_KEPT)) == "6S" and str(game.card_at(REVIEW_BLUNDER)) == "6C"
    kept = game.copy()
    kept.play(REVIEW_KEPT)
    assert is_winnable(kept) is True
    drawn = game.copy()
    drawn.draw()
    assert is_winnable(drawn) is False
