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
  one keeps the deal winnable, and the lesson says why in the deal's cards:
  K♥ lies over the chain 4♣, Q♦, 6♣; played after K♠ it can only wait for
  another queen, and then the tops of the left and middle peaks can never
  both be played.
* **Keep runs going** (the default game): the longest run without a draw.
* **Prefer the card that reveals more** (the default game): of two cards
  that fit, the one that turns a card face up.
* **Sometimes do not play a card that fits** (the default game): a draw is
  the better move, because 9♣ is later the link between 8♦ (from the stock)
  and 10♣ (face down now), ringed on the board.

Each reason is checked against the deal by an exhaustive search in
``tests/course/test_lesson_strategy.py``.
"""

from __future__ import annotations

from ..engine.game import DRAW, Action, Game
from ..engine.rules import RuleSet
from .boards import deal_board
from .core import Lesson, Part, Task, TaskKind

__all__ = [
    "STRATEGY_LESSONS",
    "KINGS_QUEENS_SETUP",
    "PLAN_CODE",
    "PLAN_LINE",
    "PLAN_CHAIN",
    "RUNS_CODE",
    "REVEAL_CODE",
    "REVEAL_SETUP",
    "WAIT_CODE",
    "WAIT_SETUP",
    "WAIT_LINE",
    "WAIT_LINK",
]

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
PLAN_LINE: tuple[Action, ...] = (
    *(22, DRAW, 27, 21, DRAW, 23, 13, 24, DRAW, DRAW, 18, 14, 25, 26, 6, 20, DRAW, 19, 15, DRAW, 10),
    *(DRAW, DRAW, DRAW, DRAW, 16, 17, DRAW, 11, 9, 7, 3, DRAW, DRAW, 8, DRAW, 12, 2, 4, DRAW, DRAW, DRAW),
    *(0, DRAW, 5, DRAW, DRAW, 1),
)
"""A winning line of :data:`PLAN_CODE` that starts with K♥ (22), found by the solver: it plays
4♣ (13), then Q♦ (6) and K♠ (20) on it, and clears 6♣ (1), the middle peak's top, last."""
PLAN_CHAIN = frozenset({13, 6, 1})
"""4♣, Q♦ and 6♣: the chain of cards under K♥ that lesson "plan" rings once K♥ is played."""
WAIT_CODE = "TP1-E-AAAAAAD"
"""Deal 3 under Easy, the deal of the lesson on codes."""
WAIT_SETUP = (DRAW, 26, 19, 27, DRAW, 21, DRAW, DRAW, 17)
"""Nine moves of a winning line of deal 3; then only 9♣ fits 10♥, and the winning move is a draw."""
WAIT_LINE: tuple[Action, ...] = (
    *(DRAW, DRAW, DRAW, 23, 18, DRAW, 20, 9, DRAW, 10, DRAW, DRAW, 3, DRAW, DRAW, 11, 25, DRAW, 16, 22, 4),
    *(DRAW, 24, 0, 12, 15, 8, DRAW, 14, 13, DRAW, DRAW, 7, DRAW, 2, DRAW, 5, DRAW, 6, 1),
)
"""A winning line after :data:`WAIT_SETUP` that starts with the draw, found by the solver: 5♦ (23) and
4♦ (18) go on 6♥ and turn 10♣ (9) face up, then 8♦ is drawn and 9♣ (20) links it to 10♣."""
WAIT_LINK = frozenset({20, 9})
"""9♣ and 10♣: the link and the card it leads to, ringed once lesson "wait" is done."""


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
                Task("first", TaskKind.CHOOSE, frozenset({22}), compare=True, reasons=("why",), marks=PLAN_CHAIN),
            ),
            cards={
                **{"waste": "QH", "spade_king": "KS", "heart_king": "KH", "jack": "JS"},
                **{"club_four": "4C", "diamond_queen": "QD", "middle_top": "6C", "left_top": "4D"},
                **{"spade_queen": "QS", "club_queen": "QC"},
            },
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
            (
                Task(
                    "choose",
                    TaskKind.CHOOSE,
                    stock=True,
                    setup=WAIT_SETUP,
                    compare=True,
                    avoid=frozenset({20}),
                    reasons=("why",),
                    marks=WAIT_LINK,
                ),
            ),
            cards={"waste": "10H", "fits": "9C", "five": "5D", "four": "4D", "low": "8D", "high": "10C"},
            part=Part.STRATEGY,
        ),
    )


STRATEGY_LESSONS: tuple[Lesson, ...] = _lessons()
"""The strategy lessons, in course order (numbered when the course is put together)."""
