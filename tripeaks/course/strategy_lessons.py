"""Strategy lessons: five tips of the source documents, each on a board where a search shows why.

Pure Python.  Every claim a lesson makes ("after this card the deal can no
longer be won", "this first card gives the longest run") is computed: by
the exact solver (:mod:`tripeaks.solver`, docs/rules.md §1–§3 with full
knowledge of the face-down cards) or by the exhaustive run search
:func:`~tripeaks.course.core.longest_run`, when the lesson is played and
again, independently, in the tests.

* **Kings need queens** (Classic, peaks dealt face up): the last queen must
  wait until the king is free.
* **Plan before the first move** (Classic, face up): of the cards that fit,
  one keeps the deal winnable.
* **Keep runs going** (the default game): the longest run without a draw.
* **Prefer the card that reveals more** (the default game): of two cards
  that fit, the one that turns a card face up.
* **Sometimes do not play a card that fits** (the default game): a draw is
  the better move.
"""

from __future__ import annotations

from ..engine.game import DRAW, Game
from ..engine.rules import RuleSet
from .boards import deal_board
from .core import Lesson, Part, Task, TaskKind

__all__ = ["STRATEGY_LESSONS", "KINGS_QUEENS_SETUP", "PLAN_CODE", "RUNS_CODE", "REVEAL_CODE", "REVEAL_SETUP"]

_CLASSIC_OPEN = RuleSet(wrap=False, peaks="open")
"""Classic with every card dealt face up (docs/rules.md §8): the French game's tips are about planning in view."""

KINGS_QUEENS_SETUP = (DRAW, DRAW, DRAW, DRAW)
"""The four draws made before the lesson starts: Q♣, Q♦, Q♠ and J♣ go to the waste."""


def _kings_board() -> Game:
    # K♠ (12) lies under 10♦ (21) and 9♥ (22); Q♥ (23) is the last queen in play; 10♣ (24) and J♥ (25)
    # lead back up from 9♥ to the queen.  No other king and no other queen in the peaks.
    placed = {12: "KS", 21: "10D", 22: "9H", 23: "QH", 24: "10C", 25: "JH"}
    return deal_board(placed, "AS", stock=("QC", "QD", "QS", "JC"), rules=_CLASSIC_OPEN, seed=5)


PLAN_CODE = "TP1-C-AAAAAMJ-O"
"""Deal 393 under Classic with open peaks: K♠, K♥ and J♠ fit Q♥, and only K♥ keeps the deal winnable."""
RUNS_CODE = "TP1-E-AAAAAHW"
"""Deal 246 under Easy: 4♣ and 6♥ fit 5♦; 4♣ ends the run at once, 6♥ starts the longest run."""
REVEAL_CODE = "TP1-E-AAAAAEO"
"""Deal 142 under Easy; after :data:`REVEAL_SETUP`, 9♠ and 9♥ fit 8♠ and only 9♥ turns a card face up."""
REVEAL_SETUP = (20, 18, 19, 25, DRAW)
"""The first five moves of the reveal lesson's game, made before it starts."""
WAIT_CODE = "TP1-E-AAAAAAD"
"""Deal 3 under Easy, the deal of the lesson on codes."""
WAIT_SETUP = (DRAW, 26, 19, 27, DRAW, 21, DRAW, DRAW, 17)
"""Nine moves of a winning line of deal 3; then only 9♣ fits 10♥, and the winning move is a draw."""


def _lessons() -> tuple[Lesson, ...]:
    return (
        Lesson(
            "kings",
            _kings_board,
            (
                Task("find", TaskKind.FIND, frozenset({12, 23}), setup=KINGS_QUEENS_SETUP),
                Task(
                    "free",
                    TaskKind.KEEP,
                    frozenset({12}),
                    avoid=frozenset({23}),
                    solution=(21, 22, 24, 25, 23, 12),
                ),
            ),
            cards={"king": "KS", "queen": "QH", "waste": "JC", "ten": "10D", "nine": "9H"},
            part=Part.STRATEGY,
        ),
        Lesson(
            "plan",
            lambda: Game.from_code(PLAN_CODE),
            (
                Task("fits", TaskKind.FIND, frozenset({20, 22, 26})),
                Task("first", TaskKind.CHOOSE, frozenset({22}), compare=True),
            ),
            cards={"waste": "QH", "spade_king": "KS", "heart_king": "KH", "jack": "JS"},
            part=Part.STRATEGY,
        ),
        Lesson(
            "runs",
            lambda: Game.from_code(RUNS_CODE),
            (Task("run", TaskKind.RUN, count=0, compare=True),),
            cards={"waste": "5D", "short": "4C", "long": "6H"},
            part=Part.STRATEGY,
        ),
        Lesson(
            "reveal_more",
            lambda: Game.from_code(REVEAL_CODE),
            (Task("choose", TaskKind.CHOOSE, frozenset({26}), setup=REVEAL_SETUP, compare=True),),
            cards={"waste": "8S", "good": "9H", "other": "9S"},
            part=Part.STRATEGY,
        ),
        Lesson(
            "wait",
            lambda: Game.from_code(WAIT_CODE),
            (Task("choose", TaskKind.CHOOSE, stock=True, setup=WAIT_SETUP, compare=True, avoid=frozenset({20})),),
            cards={"waste": "10H", "fits": "9C"},
            part=Part.STRATEGY,
        ),
    )


STRATEGY_LESSONS: tuple[Lesson, ...] = _lessons()
"""The strategy lessons, in course order (numbered when the course is put together)."""
