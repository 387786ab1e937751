"""The quiz at the end of the course: ten questions on what the lessons teach, answered by clicking.

Pure Python (no widget import); the view is :mod:`tripeaks.app.views.quiz_page`.  Each
:class:`Question` names the lesson that teaches it (by id) and holds its
choices, each standing for a value (a number of points, a set of ranks, a
status …) and the index of the right one.  The questions about rules carry
their ``board`` and ``line``, so that the tests replay them with the engine
and check the answer (docs/rules.md §1–§8), never against the text.  Texts
are :class:`~tripeaks.course.core.Text` values (keys of the quiz catalogue),
written in a language by :mod:`tripeaks.i18n.course`.

>>> run = QuizRun()
>>> run.question.id, len(QUESTIONS)
('peaks', 10)
>>> run.choose(run.question.answer).correct
True
>>> run.next(); run.index
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import DRAW, UNDO, Action, Game, Refusal, Status
from ..engine.rules import TRADITIONAL, RuleSet
from .boards import WALK, deal_board, walk_board
from .core import Text
from .lessons import lesson_by_id
from .rule_set_lessons import PENALTY, RUNS

__all__ = ["Choice", "Question", "Answer", "QuizRun", "QUESTIONS"]


@dataclass(frozen=True)
class Choice:
    """One answer to click: its text ``key`` (in the quiz catalogue) with ``values``, and the
    ``value`` it stands for (what the tests compare with the engine)."""

    key: str
    value: Any
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> Text:
        """The choice's text."""
        return Text(self.key, self.values)


@dataclass(frozen=True)
class Question:
    """A question: text id ``id`` (keys ``quiz.<id>.question`` and ``quiz.<id>.why``), the
    ``lesson`` id that teaches it, its ``choices`` and the index of the right one (``answer``).

    ``board`` and ``line``: where a question is about a game, the board (a
    function making the :class:`~tripeaks.engine.game.Game`) and the actions
    (positions 0–27, ``"D"``, ``"U"``) it describes, so the engine can
    replay them.
    """

    id: str
    lesson: str
    choices: tuple[Choice, ...]
    answer: int
    board: Callable[[], Game] | None = None
    line: tuple[Action, ...] = ()

    def text(self) -> Text:
        """The question (``quiz.<id>.question``)."""
        return Text(f"quiz.{self.id}.question")

    def why(self) -> Text:
        """Why the right answer is right (``quiz.<id>.why``)."""
        return Text(f"quiz.{self.id}.why")

    @property
    def right(self) -> Choice:
        """The right choice."""
        return self.choices[self.answer]

    def replay(self) -> Game:
        """The question's game after its line (``ValueError`` when it has no board)."""
        if self.board is None:
            raise ValueError(f"question {self.id!r} is not about a game")
        game = self.board()
        for action in self.line:
            game.apply(action)
        return game


def _points(*values: int) -> tuple[Choice, ...]:
    return tuple(Choice("quiz.choice.points", v, {"points": v}) for v in values)


def _cards(*values: int) -> tuple[Choice, ...]:
    return tuple(Choice("quiz.choice.cards", v, {"count": v}) for v in values)


def _joker_board() -> Game:
    return deal_board({18: "3S", 19: "KD", 20: "9H", 21: "KC", 22: "2D"}, "AC", stock=("JK",), rules=RuleSet(jokers=1))


QUESTIONS: tuple[Question, ...] = (
    Question("peaks", "layout", _cards(9, 10, 12), 1),
    Question(
        "classic_ace",
        "rules",
        (
            Choice("quiz.classic_ace.two", frozenset({2})),
            Choice("quiz.classic_ace.two_king", frozenset({2, 13})),
            Choice("quiz.classic_ace.king", frozenset({13})),
        ),
        0,
    ),
    Question("score_line", "score", _points(497, 500, 503, 800), 0, walk_board, (21, 25, 22)),
    Question(
        "undo",
        "codes",
        tuple(
            Choice("quiz.undo.choice", (score, moves), {"score": score, "moves": moves})
            for score, moves in ((500, 0), (500, 1), (499, 1), (499, 2))
        ),
        1,
        walk_board,
        (21, UNDO),
    ),
    Question(
        "won",
        "end",
        (
            Choice("quiz.won.won", Status.WON),
            Choice("quiz.won.draw", "draw first"),
            Choice("quiz.won.blocked", Status.BLOCKED),
        ),
        0,
        lambda: lesson_by_id("end").board(),
        (*lesson_by_id("end").tasks[0].setup, 2),  # the lesson's game: the 28th card played, 23 left in the stock
    ),
    Question(
        "codes",
        "codes",
        (
            Choice("quiz.codes.rule", (True, False)),
            Choice("quiz.codes.cards", (False, True)),
            Choice("quiz.codes.both", (False, False)),
        ),
        0,
    ),
    Question(
        "stuck",
        "stuck",
        (
            Choice("quiz.stuck.refused", Refusal.DRAW_STUCK),
            Choice("quiz.stuck.drawn", "drawn"),
            Choice("quiz.stuck.over", "game over"),
        ),
        0,
        lambda: walk_board(TRADITIONAL),
        (DRAW,),
    ),
    Question(
        "runs",
        "runs_scoring",
        _points(4, 10, 16, 20),
        1,
        lambda: deal_board(WALK, "AC", stock=("AD",), rules=RUNS),
        (DRAW, 21, 25, 22, 18),  # A♦ drawn, then K♣, A♠, 2♦, 3♠
    ),
    Question(
        "joker",
        "jokers",
        (
            Choice("quiz.joker.any", "any"),
            Choice("quiz.joker.wrap", "king or ace"),
            Choice("quiz.joker.none", "none"),
        ),
        0,
        _joker_board,
        (DRAW,),
    ),
    Question("penalty", "penalty", _points(495, 499, 500, 505), 0, lambda: walk_board(PENALTY), (21, UNDO)),
)
"""The ten questions, in order: rules, score, undo, codes and rule sets."""


@dataclass(frozen=True)
class Answer:
    """What a click on a choice gave: the ``question``, the ``chosen`` index and whether it is ``correct``."""

    question: Question
    chosen: int

    @property
    def correct(self) -> bool:
        """True when the chosen answer is the right one."""
        return self.chosen == self.question.answer

    def texts(self) -> tuple[Text, ...]:
        """What the answer says, sentence by sentence: right and why; or the right answer, why,
        and which lesson teaches it (its number and title)."""
        q = self.question
        if self.correct:
            return Text("quiz.ui.right"), q.why()
        taught = lesson_by_id(q.lesson)
        return (
            Text("quiz.ui.wrong", {"answer": q.right.text()}),
            q.why(),
            Text("quiz.ui.teaches", {"number": taught.number, "title": taught.text("title")}),
        )


class QuizRun:
    """The quiz being taken: the current question, the answers given, the score.

    :meth:`choose` answers the current question once (a second click on the
    same question changes nothing), :meth:`next` moves on; ``complete`` when
    every question is answered and the learner moved past the last one.
    """

    def __init__(self, questions: tuple[Question, ...] = QUESTIONS) -> None:
        self.questions = questions
        self.restart()

    def restart(self) -> None:
        """Start again from the first question, no answer given."""
        self.index = 0
        self.answers: list[int | None] = [None] * len(self.questions)

    @property
    def complete(self) -> bool:
        """True once past the last question."""
        return self.index >= len(self.questions)

    @property
    def question(self) -> Question | None:
        """The current question, or ``None`` when the quiz is complete."""
        return None if self.complete else self.questions[self.index]

    @property
    def answer(self) -> Answer | None:
        """The answer given to the current question, if any."""
        q = self.question
        chosen = None if q is None else self.answers[self.index]
        return None if q is None or chosen is None else Answer(q, chosen)

    def choose(self, choice: int) -> Answer:
        """Answer the current question with choice ``choice`` (0-based); the first answer stays.

        Raises ``ValueError`` for a choice out of range or when the quiz is complete.
        """
        q = self.question
        if q is None:
            raise ValueError("the quiz is complete: no question to answer")
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(q.choices):
            raise ValueError(f"choice must be 0–{len(q.choices) - 1}, got {choice!r}")
        if self.answers[self.index] is None:
            self.answers[self.index] = choice
        chosen = self.answers[self.index]
        assert chosen is not None
        return Answer(q, chosen)

    def next(self) -> None:
        """Go on to the next question (once the current one is answered)."""
        if not self.complete and self.answers[self.index] is not None:
            self.index += 1

    @property
    def score(self) -> int:
        """How many questions were answered right."""
        return sum(1 for q, a in zip(self.questions, self.answers) if a == q.answer)

    def missed(self) -> list[Question]:
        """The questions answered wrong, in order."""
        return [q for q, a in zip(self.questions, self.answers) if a is not None and a != q.answer]
