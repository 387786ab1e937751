"""Guided lessons: the course, from the layout to strategy, on live boards (docs/rules.md §1–§8).

Pure Python (no widget import); the model (tasks, a lesson being played,
feedback, the Show me guide) is :mod:`tripeaks.course.core`, the notebook
view :mod:`tripeaks.app.views.lesson_page`.  :data:`LESSONS` is the course, numbered
from 1, in three parts (:class:`~tripeaks.course.core.Part`):

* the default game (docs/rules.md §1–§7): the layout and the peaks, ranks and
  the score, revealing, refusals, the stock, Easy and Classic, the end of a
  game, the score, undo and game codes (with a free game and the New game
  panel), this app and the traditional game;
* the rule sets of docs/rules.md §8 (:mod:`tripeaks.course.rule_set_lessons`);
* strategy, each tip on a board where the solver or an exhaustive search
  shows why the better move is better (:mod:`tripeaks.course.strategy_lessons`).

Texts live in :mod:`tripeaks.i18n.lessons` (en, pt, fr, es); a :class:`Feedback`
and a :class:`~tripeaks.course.core.Text` are values, written in a language by
:mod:`tripeaks.i18n.course`.  The quiz at the end is :mod:`tripeaks.course.quiz`.

>>> run = LessonRun(lesson_by_id("reveal"))  # revealing a card
>>> run.click_card(21).kind.value           # K♣ on the waste A♣
'done'
>>> fb = run.click_card(18)                 # 3♠ is two ranks from K♣
>>> fb.kind.value, fb.refusal.value, fb.texts()
('refused', 'not_adjacent', ())
>>> _ = run.show_me(); _ = run.show_me()    # plays A♠, then 2♦
>>> run.complete, run.game.tableau[12].card.symbol
(True, '7♠')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..engine.game import Action, Game, Refusal, Status
from ..engine.layout import BASE_ROW, PEAKS
from ..engine.rules import WrapRule
from .boards import deal_board, literal_board, walk_board
from .core import (
    Feedback,
    FeedbackKind,
    Guide,
    GuideStep,
    Lesson,
    LessonRun,
    Part,
    Task,
    TaskKind,
    longest_run,
    winnable,
)
from .review_lesson import REVIEW_LESSONS
from .rule_set_lessons import RULESET_LESSONS
from .strategy_lessons import STRATEGY_LESSONS

__all__ = [
    "TaskKind",
    "Task",
    "Lesson",
    "Part",
    "Feedback",
    "FeedbackKind",
    "Guide",
    "GuideStep",
    "LessonRun",
    "LESSONS",
    "lesson",
    "lesson_by_id",
    "WINNING_EASY_LINE",
    "WIN_SETUP_MOVES",
    "LESSON8_PLAN",
    "solver_verdicts",
    "walk_board",
    "longest_run",
    "Action",
]


def _ranks_board() -> Game:
    # waste 7♥: 8♣ one higher, 6♦ one lower, 7♠ for the way back down.
    base = {18: "2C", 19: "8C", 20: "QD", 21: "4S", 22: "7S", 23: "JH", 24: "6D", 25: "KS", 26: "10C", 27: "3H"}
    return deal_board(base, "7H")


def _stock_board() -> Game:
    # a stock of three cards (the other 20 lie under the waste top 4♦); 5♠ and 3♣ fit 4♦.
    base = {18: "5S", 19: "10D", 20: "3C", 21: "9C", 22: "QS", 23: "6H", 24: "2H", 25: "JD", 26: "8S", 27: "KH"}
    return deal_board(base, "4D", stock=("7C", "AH", "JC"), stock_size=3)


# A deal whose 28 cards can all be played in a row, no draw (found by a seeded
# rank walk); the tableau is cleared base row first, apexes last, apex 2 last of all.
_WIN772 = (
    "4H 5D 6C 4D 3H 4C 5C 4S 3C AH 2H 3S 2C AC 2D AS 2S 3D QD JH 10S JC 10H JD QS KD AD KS",
    "JS",
    "5H 10C 8S 9S 6H 9D 9C 8H 5S 7S KC 7C 7H QC 8C 6D 9H 6S QH 10D 8D 7D KH",
)
_WIN772_PLAN: tuple[Action, ...] = (*range(18, 28), *range(9, 18), *range(3, 9), 0, 1, 2)

# A deal that blocks when its last stock card (K♥) is drawn on 3♠ with 4♦, K♠, 10♠ exposed.
_BLOCK = (
    "9H 3S 3C 10D 9D 10C QH 3D KC QS 2S 8D 4H 6C 8S 4D KS 10S 2H 2C 6H 4C 7C AS 8H JC 6D KD",
    "QD",
    "AC 3H 7H 5S 6S 2D 7S QC 5H AH JS AD 7D 5D 5C 9S JD 8C 9C JH 10H 4S KH",
)
_BLOCK_PLAN: tuple[Action, ...] = tuple(
    a for p in (18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 9, 10, 11, 12, 13, 14, 3, 4, 5, 6, 0, 1) for a in ("D", p)
)

# The docs/rules.md §3 example: a won game of 50 moves (28 plays, 22 draws) whose peaks
# are emptied at moves 37 (left), 42 (middle) and 50 (right): 500 − 50 + 300 = 750.
_GAME750 = (
    "9H 10D 10C 5C 6S 8S 9D KD JC AD 5S 9S 8D 10H 9C JS QC AC 7D 2S JD 6H 8C 2D 6D QH 3H 4S",
    "2H",
    "KC 6C 3S QS AS 7S 7C 3D 5D 4H JH 2C 3C KH 4C QD 8H 4D 5H 7H KS 10S AH",
)
LESSON8_PLAN: tuple[Action, ...] = (
    "D",
    "D",
    18,
    "D",
    19,
    "D",
    20,
    "D",
    "D",
    21,
    "D",
    22,
    "D",
    23,
    "D",
    24,
    "D",
    "D",
    25,
    "D",
    26,
    "D",
    27,
    "D",
    9,
    "D",
    10,
    "D",
    "D",
    11,
    "D",
    3,
    "D",
    4,
    "D",
    12,
    0,  # move 37: apex 0, left peak empty
    13,
    14,
    5,
    6,
    1,  # move 42: apex 1, middle peak empty
    15,
    16,
    "D",
    17,
    7,
    "D",
    8,
    2,  # move 50: apex 2, right peak empty
)
"""The 50 moves of lesson 8's won game (positions 0–27 and ``"D"``), docs/rules.md §3's 750 example."""


WINNING_EASY_LINE: tuple[str, ...] = tuple(
    "D QD JD QH D AD D D 10H D D D 5D 4D D 9C 10C D KD D D 6C D D 3D 4S D 2S AC 2C D 4H 5S 6D 7S 8S D "
    "JH 10S D D 5C D 7H D 10D D 2H AS".split()
)
"""A winning line of ``TP1-E-AAAAAAD`` under Easy (card texts and ``"D"``), found by exhaustive search."""


WIN_SETUP_MOVES = 34
"""Lesson "codes" plays this many moves of :data:`WINNING_EASY_LINE` for the learner, who finishes the game."""


@lru_cache(maxsize=1)
def solver_verdicts() -> dict[str, str]:
    """The solver's verdicts on ``TP1-E-AAAAAAD`` and ``TP1-C-AAAAAAD`` as lesson placeholders.

    Returns ``{"easy": "yes"|"no"|"unknown", "classic": …, "source": "solver"|"line"}``.
    When the solver cannot tell, ``source`` is ``"line"`` and the Easy
    verdict rests on :data:`WINNING_EASY_LINE` (replayed here).
    """

    def word(v: object) -> str:
        return "unknown" if v is None else ("yes" if v else "no")

    easy = winnable(Game.from_code("TP1-E-AAAAAAD"), time_limit=10.0)
    classic = winnable(Game.from_code("TP1-C-AAAAAAD"), time_limit=10.0)
    if easy is not None and classic is not None:
        return {"easy": word(easy), "classic": word(classic), "source": "solver"}
    game = Game.from_code("TP1-E-AAAAAAD")
    for a in WINNING_EASY_LINE:
        game.apply(a)
    return {"easy": word(game.status is Status.WON), "classic": "unknown", "source": "line"}


def _code_facts() -> list[tuple[str, dict[str, Any]]]:
    """Lesson "codes": the solver's verdicts on deal 3 under Easy and Classic (or the winning line)."""
    verdict = solver_verdicts()
    if verdict["source"] != "solver":
        return [("lesson.codes.verdict.line", {"length": len(WINNING_EASY_LINE)})]
    return [
        (f"lesson.codes.verdict.easy_{verdict['easy']}", {}),
        (f"lesson.codes.verdict.classic_{verdict['classic']}", {}),
    ]


def _peak_facts() -> list[tuple[str, dict[str, Any]]]:
    """Lesson "layout": how many cards each peak counts for its bonus (docs/rules.md §1)."""
    sizes = {name: len(peak) for name, peak in zip(("left", "middle", "right"), PEAKS)}
    base = {f"{name}_base": len(peak & set(BASE_ROW)) for name, peak in zip(("left", "middle", "right"), PEAKS)}
    return [("lesson.layout.peak_sizes", {**sizes, **base})]


def _basics() -> tuple[Lesson, ...]:
    walk_classic: Callable[[], Game] = lambda: walk_board(WrapRule.CLASSIC)  # noqa: E731
    walk_cards = {"waste": "AC", "king": "KC", "ace": "AS", "two": "2D", "seven": "7S", "kd": "KD", "three": "3S"}
    right_base = frozenset(p for p in BASE_ROW if p in PEAKS[2])
    return (
        Lesson(
            "layout",
            walk_board,
            (
                Task("apexes", TaskKind.FIND, frozenset({0, 1, 2})),
                Task("peaks", TaskKind.FIND, right_base),
                Task("exposed", TaskKind.FIND, frozenset(BASE_ROW), need=1, explain_refusals=True),
                Task("stock", TaskKind.DRAW),
            ),
            cards=walk_cards,
            peaks=True,
            facts=_peak_facts,
        ),
        Lesson(
            "ranks",
            _ranks_board,
            (
                Task("higher", TaskKind.PLAY, frozenset({19})),
                Task("lower", TaskKind.PLAY, frozenset({22})),
                Task("any", TaskKind.PLAY),
            ),
            cards={"waste": "7H", "eight": "8C", "seven": "7S", "six": "6D"},
        ),
        Lesson(
            "reveal",
            walk_board,
            (
                Task("king", TaskKind.PLAY, frozenset({21})),
                Task("ace", TaskKind.PLAY, frozenset({25})),
                Task("two", TaskKind.PLAY, frozenset({22})),
            ),
            cards=walk_cards,
        ),
        Lesson(
            "refusals",
            walk_board,
            (
                Task("rank", TaskKind.REFUSE, refusal=Refusal.NOT_ADJACENT),
                Task("blocked", TaskKind.REFUSE, refusal=Refusal.BLOCKED),
            ),
            cards=walk_cards,
        ),
        Lesson(
            "stock",
            _stock_board,
            (
                Task("anytime", TaskKind.DRAW),
                Task("empty", TaskKind.DRAW, count=2),
                Task("once", TaskKind.REFUSE, refusal=Refusal.STOCK_EMPTY, stock=True),
            ),
            cards={"waste": "4D", "five": "5S", "three": "3C"},
        ),
        Lesson(
            "rules",
            walk_board,
            (
                Task("easy", TaskKind.FIND, frozenset({19, 21, 22}), explain_refusals=True, rank_miss=True),
                Task(
                    "classic_king",
                    TaskKind.REFUSE,
                    frozenset({21}),
                    refusal=Refusal.NOT_ADJACENT,
                    board=walk_classic,
                ),
                Task("classic", TaskKind.FIND, frozenset({22}), explain_refusals=True, rank_miss=True),
            ),
            cards=walk_cards,
        ),
        Lesson(
            "end",
            lambda: literal_board(_WIN772),
            (
                Task("win", TaskKind.PLAY, frozenset({2}), setup=_WIN772_PLAN[:-1]),
                Task("blocked", TaskKind.DRAW, board=lambda: literal_board(_BLOCK), setup=_BLOCK_PLAN),
                Task("undo", TaskKind.UNDO),
                Task("play", TaskKind.PLAY, frozenset({15})),
            ),
            cards={"last": "6C", "top": "3S", "drawn": "KH", "fit": "4D"},
        ),
        Lesson(
            "score",
            lambda: literal_board(_GAME750),
            (
                Task("peak", TaskKind.PLAY, frozenset({0}), setup=LESSON8_PLAN[:36]),
                # moves 38–42: the middle peak's five cards; their order is forced by rank and covering
                Task("middle", TaskKind.PLAY, frozenset(p for p in LESSON8_PLAN[37:42] if isinstance(p, int)), count=5),
                # moves 43–50, the right peak's clearing, played by the learner (no moves skipped)
                Task("last", TaskKind.WIN, solution=LESSON8_PLAN[42:]),
            ),
            plot=True,
            peaks=True,
        ),
        Lesson(
            "codes",
            lambda: Game.from_code("TP1-E-AAAAAAD"),
            (
                Task("move", TaskKind.MOVE),
                Task("undo", TaskKind.UNDO),
                # the end of a winning line, not a whole game of 49 moves: 9 cards left, 8 in the stock
                Task(
                    "win",
                    TaskKind.WIN,
                    board=lambda: Game.from_code("TP1-E-AAAAAAD"),
                    setup=WINNING_EASY_LINE[:WIN_SETUP_MOVES],
                    solution=WINNING_EASY_LINE[WIN_SETUP_MOVES:],
                ),
                Task("deal", TaskKind.DEAL, code="TP1-C-AAAAAAD"),
            ),
            plot=True,
            facts=_code_facts,
        ),
        Lesson(
            "differences",
            walk_classic,
            (
                Task("classic", TaskKind.REFUSE, frozenset({21}), refusal=Refusal.NOT_ADJACENT),
                Task("easy", TaskKind.PLAY, frozenset({21}), board=walk_board),
                Task("draw", TaskKind.DRAW),
            ),
            cards=walk_cards,
        ),
    )


def _course() -> tuple[Lesson, ...]:
    lessons = (*_basics(), *RULESET_LESSONS, *STRATEGY_LESSONS, *REVIEW_LESSONS)
    return tuple(replace(item, number=n) for n, item in enumerate(lessons, start=1))


LESSONS: tuple[Lesson, ...] = _course()
"""The course, numbered from 1: the default game, the rule sets, strategy."""

_BY_ID = {item.id: item for item in LESSONS}


def lesson(number: int) -> Lesson:
    """Lesson ``number`` (1 … ``len(LESSONS)``).  Raises ``ValueError`` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LESSONS):
        raise ValueError(f"lesson number must be 1–{len(LESSONS)}, got {number!r}")
    return LESSONS[number - 1]


def lesson_by_id(lesson_id: str) -> Lesson:
    """The lesson whose text id is ``lesson_id`` (e.g. ``"reveal"``).  Raises ``KeyError`` naming the ids."""
    try:
        return _BY_ID[lesson_id]
    except KeyError:
        raise KeyError(f"no lesson {lesson_id!r}: use one of {', '.join(_BY_ID)}") from None
