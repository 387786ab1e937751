"""Lessons for the rule sets of docs/rules.md §8, each on a live board where the learner makes the move.

Pure Python.  Drawing only when stuck; run scoring (with the plot); jokers;
the empty waste at the start; open peaks and what they change in planning;
the undo penalty; the timer.  Every board is the walk-through deal of
docs/rules.md §2 under the option taught (its hidden cards and stock too, a
joker put first in the stock), so that only the option changes.
"""

from __future__ import annotations

from ..engine.game import Refusal
from ..engine.rules import RuleSet
from .boards import walk_board
from .core import Lesson, Part, Task, TaskKind

__all__ = ["RULESET_LESSONS", "STUCK", "RUNS", "JOKERS", "EMPTY", "OPEN", "PENALTY", "TIMER"]

STUCK = RuleSet(draw="stuck")
"""Easy, drawing only when stuck (code flag ``S``)."""
RUNS = RuleSet(scoring="runs")
"""Easy with run scoring (code flag ``R``)."""
JOKERS = RuleSet(jokers=1)
"""Easy with one joker (code flag ``J``)."""
EMPTY = RuleSet(waste="empty")
"""Easy with an empty waste at the start (code flag ``W``)."""
OPEN = RuleSet(peaks="open")
"""Easy with every card dealt face up (code flag ``O``)."""
PENALTY = RuleSet(undo="penalty")
"""Easy with the undo penalty (code flag ``P``)."""
TIMER = RuleSet(timer=1)
"""Easy with a one-minute timer (code flag ``T1``)."""


def _lessons() -> tuple[Lesson, ...]:
    walk_cards = {"waste": "AC", "king": "KC", "kd": "KD", "ace": "AS", "two": "2D", "three": "3S", "seven": "7S"}
    return (
        Lesson(
            "stuck",
            lambda: walk_board(STUCK),
            (
                Task("refused", TaskKind.REFUSE, refusal=Refusal.DRAW_STUCK, stock=True),
                Task("play", TaskKind.PLAY, count=0),
                Task("draw", TaskKind.DRAW),
            ),
            cards=walk_cards,
            part=Part.RULESETS,
        ),
        Lesson(
            "runs_scoring",
            # the walk-through itself, hidden cards and stock included: after the run K♣ A♠ 2♦ 3♠
            # and a draw, its first stock card 10♣ fits 9♥ and J♠
            lambda: walk_board(RUNS),
            (
                Task("run", TaskKind.RUN, count=4),
                Task("draw", TaskKind.DRAW),
                Task("again", TaskKind.PLAY),
            ),
            cards={**walk_cards, "drawn": "10C"},
            plot=True,
            part=Part.RULESETS,
        ),
        Lesson(
            "jokers",
            lambda: walk_board(JOKERS),  # the walk-through with its joker first in the stock
            (
                Task("draw", TaskKind.DRAW),
                Task("any", TaskKind.PLAY, frozenset({20})),
                Task("after", TaskKind.PLAY, frozenset({26})),
            ),
            cards={**walk_cards, "nine": "9H", "eight": "8D"},
            part=Part.RULESETS,
        ),
        Lesson(
            "empty",
            lambda: walk_board(EMPTY),
            (
                Task("first", TaskKind.PLAY),
                Task("rank", TaskKind.REFUSE, refusal=Refusal.NOT_ADJACENT),
                Task("draw", TaskKind.DRAW),
            ),
            cards=walk_cards,
            part=Part.RULESETS,
        ),
        Lesson(
            "open",
            lambda: walk_board(OPEN),
            (
                Task("covered", TaskKind.REFUSE, frozenset({12}), refusal=Refusal.BLOCKED),
                Task("plan", TaskKind.RUN, count=0, compare=True),
            ),
            cards=walk_cards,
            part=Part.RULESETS,
        ),
        Lesson(
            "penalty",
            lambda: walk_board(PENALTY),
            (
                Task("play", TaskKind.PLAY, frozenset({21})),
                Task("undo", TaskKind.UNDO),
                Task("again", TaskKind.PLAY, frozenset({21})),
            ),
            cards=walk_cards,
            part=Part.RULESETS,
        ),
        Lesson(
            "timer",
            lambda: walk_board(TIMER),
            (
                Task("play", TaskKind.PLAY),
                Task("expire", TaskKind.EXPIRE),
                Task("after", TaskKind.REFUSE, refusal=Refusal.TIME_UP),
            ),
            cards=walk_cards,
            part=Part.RULESETS,
        ),
    )


RULESET_LESSONS: tuple[Lesson, ...] = _lessons()
"""The rule-set lessons, in course order (numbered when the course is put together)."""
