"""The lesson on reviewing a game (docs/rules.md §9): the turning point of a lost deal, and trying again.

Pure Python.  Deal 24 under Easy (:data:`REVIEW_CODE`) is played along a
winning line for nine moves, then 6♣ is played on 5♦: the review
(:func:`tripeaks.solver.review`) finds that this tenth move is the turning
point — before it the deal could be won, after it no line clears the peaks.
The learner undoes it, which is trying again from move 9, and plays the
move that keeps the win, 6♠.  Both claims are computed by the solver in
the tests.
"""

from __future__ import annotations

from ..engine.game import DRAW, Game
from .core import Lesson, Part, Task, TaskKind

__all__ = ["REVIEW_LESSONS", "REVIEW_CODE", "REVIEW_SETUP", "REVIEW_BLUNDER", "REVIEW_KEPT"]

REVIEW_CODE = "TP1-E-AAAAAAY"
"""Deal 24 under Easy."""
REVIEW_BLUNDER = 25
"""The position of 6♣: played on 5♦ after :data:`REVIEW_SETUP`'s first nine moves, it loses the deal."""
REVIEW_KEPT = 19
"""The position of 6♠: played on 5♦ instead, the deal stays winnable."""
REVIEW_SETUP = (24, DRAW, 26, 22, 20, 27, DRAW, 21, DRAW, REVIEW_BLUNDER)
"""The game the lesson reviews: nine moves of a winning line, then the blunder (move 10)."""


def _lessons() -> tuple[Lesson, ...]:
    return (
        Lesson(
            "review",
            lambda: Game.from_code(REVIEW_CODE),
            (
                Task("undo", TaskKind.UNDO, setup=REVIEW_SETUP),
                Task(
                    "again",
                    TaskKind.CHOOSE,
                    frozenset({REVIEW_KEPT}),
                    avoid=frozenset({REVIEW_BLUNDER}),
                    compare=True,
                ),
            ),
            cards={"waste": "5D", "blunder": "6C", "kept": "6S"},
            plot=True,
            part=Part.STRATEGY,
        ),
    )


REVIEW_LESSONS: tuple[Lesson, ...] = _lessons()
"""The lesson on reviewing a game, after the strategy lessons (numbered when the course is put together)."""
