"""The lesson session: the lesson view's model, without widgets.

A :class:`LessonSession` holds the lessons' runs (:class:`~tripeaks.course.lessons.LessonRun`),
the lesson shown, the lessons completed, the quiz (:class:`~tripeaks.course.quiz.QuizRun`)
and the language, and emits typed events the view observes
(:meth:`LessonSession.subscribe`): :class:`LessonShown`, :class:`LessonActed`,
:class:`LessonFailed`, :class:`QuizChanged` and
:class:`~tripeaks.app.model.session.LanguageChanged`.

Every learner action works on a copy of the lesson's run and the copy is
kept only when the action went through: a failure (logged) leaves the
lesson exactly as it was and the view says so briefly.  Every check and
every sentence comes from :mod:`tripeaks.course.lessons`.  A step about game
codes deals through :attr:`LessonSession.dealer`, the play session of its New game panel.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

from ...course.lessons import LESSONS, Feedback, LessonRun
from ...course.quiz import QuizRun
from ...engine.game import Game
from ...i18n import check_language
from .bus import EventBus
from .session import GameSource, GameStarted, LanguageChanged, PlaySession, SessionEvent

__all__ = ["LessonSession", "LessonShown", "LessonActed", "LessonFailed", "QuizChanged", "LessonEvent"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LessonShown:
    """Lesson ``number`` (from 1) is shown (its run as it was left)."""

    number: int


@dataclass(frozen=True)
class LessonActed:
    """The learner acted on the lesson shown; ``feedback`` says what each step did (docs/rules.md §2–§4)."""

    feedback: tuple[Feedback, ...]


@dataclass(frozen=True)
class LessonFailed:
    """An action failed and was dropped: the lesson is as it was before it."""


@dataclass(frozen=True)
class QuizChanged:
    """The quiz was opened, answered, moved on or closed (``open``: whether it is shown now)."""

    open: bool


LessonEvent = Union[LessonShown, LessonActed, LessonFailed, QuizChanged, LanguageChanged]


def _check_number(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LESSONS):
        raise ValueError(f"lesson number must be 1–{len(LESSONS)}, got {number!r}")
    return number


class LessonSession:
    """The learner's session: ``LessonSession(lang="en", start=1)``.

    Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language, ``ValueError`` for a
    lesson number outside 1 … ``len(LESSONS)``.
    """

    def __init__(self, lang: str = "en", start: int = 1) -> None:
        self._lang = check_language(lang)
        self._index = _check_number(start) - 1
        self._runs: dict[int, LessonRun] = {}
        self._completed: set[int] = set()
        self._failed = False
        self._busy = False
        self._closed = False
        self._bus: EventBus[LessonEvent] = EventBus()
        self._quiz = QuizRun()
        self._quiz_open = False
        self.dealer = PlaySession(Game.from_code("TP1-E-AAAAAAD"), lang)
        """The play session of the New game panel (a step about game codes, docs/rules.md §5):
        a game dealt there (a code or a random deal) goes to the lesson shown; it follows the language."""
        self.dealer.subscribe(self._dealt)

    # ------------------------------------------------------------------ state
    @property
    def lang(self) -> str:
        """The language of every text: "en", "pt" or "fr"."""
        return self._lang

    @property
    def number(self) -> int:
        """The number of the lesson shown (from 1)."""
        return self._index + 1

    @property
    def run(self) -> LessonRun:
        """The :class:`LessonRun` of the lesson shown (kept when you go back and forth)."""
        if self._index not in self._runs:
            self._runs[self._index] = LessonRun(LESSONS[self._index])
        return self._runs[self._index]

    @property
    def completed(self) -> frozenset[int]:
        """Numbers of the lessons completed so far."""
        return frozenset(i + 1 for i in self._completed)

    @property
    def unlocked(self) -> bool:
        """Next is open once the lesson shown has been completed (now or before)."""
        return self.run.complete or self._index in self._completed

    @property
    def quiz(self) -> QuizRun:
        """The quiz (its questions, answers and score), kept while the learner goes back to a lesson."""
        return self._quiz

    @property
    def quiz_open(self) -> bool:
        """True while the quiz is shown instead of a lesson."""
        return self._quiz_open

    @property
    def failed(self) -> bool:
        """True when the latest action failed (and was dropped)."""
        return self._failed

    # ------------------------------------------------------------------ observers
    def subscribe(self, observer: Callable[[LessonEvent], object]) -> Callable[[], None]:
        """Call ``observer(event)`` for every event from now on; returns a function that unsubscribes it."""
        return self._bus.subscribe(observer)

    def _emit(self, event: LessonEvent) -> None:
        self._bus.emit(event)

    # ------------------------------------------------------------------ actions
    def click_card(self, position: int) -> None:
        """The learner clicked the card at ``position`` (0–27)."""
        self._act(lambda run: (run.click_card(position),))

    def click_stock(self) -> None:
        """The learner clicked the stock."""
        self._act(lambda run: (run.click_stock(),))

    def undo(self) -> None:
        """The learner pressed Undo."""
        self._act(lambda run: (run.undo(),))

    def show_me(self) -> None:
        """Play the current step's solution, or open the Show me guide of a step of several moves."""
        self._act(lambda run: tuple(run.show_me()))

    def guide_next(self) -> None:
        """Play the guide's next move."""
        self._act(lambda run: (run.guide_next(),))

    def guide_previous(self) -> None:
        """Take back the guide's latest move."""
        self._act(lambda run: (run.guide_previous(),))

    def guide_all(self) -> None:
        """Play every remaining move of the guide."""
        self._act(lambda run: tuple(run.guide_all()))

    def close_guide(self) -> None:
        """Close the guide; the game stays as it is."""

        def close(run: LessonRun) -> tuple[Feedback, ...]:
            run.close_guide()
            return ()

        self._act(close)

    def hint(self) -> None:
        """Ask the solver for one good move (ringed on the board)."""
        self._act(lambda run: (run.hint(),))

    def proceed(self) -> None:
        """Leave a finished board and start the next step."""
        self._act(lambda run: (run.proceed(),))

    def deal(self, game: Game) -> None:
        """The learner dealt ``game`` in the New game panel (docs/rules.md §5)."""
        self._act(lambda run: (run.deal(game),))

    def _dealt(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted) and event.source in (GameSource.CODE, GameSource.RANDOM):
            self.deal(event.game)

    def expire(self) -> None:
        """The learner let the timer run out (docs/rules.md §8)."""
        self._act(lambda run: (run.expire(),))

    # ------------------------------------------------------------------ the quiz
    def open_quiz(self) -> None:
        """Show the quiz (where the learner left it)."""
        self._guard(self._set_quiz, True)

    def close_quiz(self) -> None:
        """Back to the lesson shown before."""
        self._guard(self._set_quiz, False)

    def answer(self, choice: int) -> None:
        """Answer the current question with choice ``choice`` (0-based; the first answer stays)."""
        self._guard(self._quiz_act, lambda quiz: quiz.choose(choice))

    def next_question(self) -> None:
        """Go on to the next question."""
        self._guard(self._quiz_act, lambda quiz: quiz.next())

    def restart_quiz(self) -> None:
        """Take the quiz again from the first question."""
        self._guard(self._quiz_act, lambda quiz: quiz.restart())

    def restart(self) -> None:
        """The lesson again from the start (a lesson once completed stays completed)."""

        def again(run: LessonRun) -> tuple[Feedback, ...]:
            run.restart()
            return ()

        self._act(again)

    def go_to(self, number: int) -> None:
        """Show lesson ``number`` (the quiz closes).  Raises ``ValueError`` for a number out of range."""
        index = _check_number(number) - 1
        self._guard(self._show, index)

    def back(self) -> None:
        """The lesson before, if any."""
        if self._index > 0:
            self._guard(self._show, self._index - 1)

    def next(self) -> None:
        """The next lesson, once this one is completed (:attr:`unlocked`)."""
        if self.unlocked and self._index + 1 < len(LESSONS):
            self._guard(self._show, self._index + 1)

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language; nothing changes then.
        """
        check_language(lang)
        if lang != self._lang:
            self._guard(self._set_language, lang)

    def close(self) -> None:
        """Forget every observer; later actions do nothing."""
        self._closed = True
        self._bus.close()
        self.dealer.close()

    # ------------------------------------------------------------------ internals
    def _act(self, action: Callable[[LessonRun], tuple[Feedback, ...]]) -> None:
        """Run ``action`` on a copy of the run; keep the copy only if the action and the view went through."""
        index = self._index

        def attempt() -> None:
            original = self.run
            work = original.copy()
            feedback = action(work)
            self._runs[index] = work
            completed = set(self._completed)
            if work.complete:
                self._completed.add(index)
            try:
                self._emit(LessonActed(feedback))
            except Exception:
                self._runs[index] = original
                self._completed = completed
                raise

        self._guard(attempt)

    def _guard(self, action: Callable[..., None], *args: object) -> None:
        if self._closed or self._busy:
            return
        self._busy = True
        try:
            self._failed = False
            action(*args)
        except Exception:  # noqa: BLE001 - a learner never sees a traceback
            log.exception("TriPeaks lesson action failed; the lesson was left as it was")
            self._failed = True
            self._bus.deliver_each((LessonFailed(),))
        finally:
            self._busy = False

    def _show(self, index: int) -> None:
        previous, quiz = self._index, self._quiz_open
        self._index = index
        self._quiz_open = False
        try:
            self._emit(LessonShown(index + 1))
        except Exception:
            self._index, self._quiz_open = previous, quiz
            raise

    def _set_quiz(self, open_: bool) -> None:
        previous = self._quiz_open
        self._quiz_open = open_
        try:
            self._emit(QuizChanged(open_))
        except Exception:
            self._quiz_open = previous
            raise

    def _quiz_act(self, action: Callable[[QuizRun], object]) -> None:
        """Run ``action`` on a copy of the quiz; keep it only if the action and the view went through."""
        original = self._quiz
        work = QuizRun(original.questions)
        work.index, work.answers = original.index, list(original.answers)
        action(work)
        self._quiz = work
        try:
            self._emit(QuizChanged(self._quiz_open))
        except Exception:
            self._quiz = original
            raise

    def _set_language(self, lang: str) -> None:
        previous, self._lang = self._lang, lang
        try:
            self._emit(LanguageChanged(lang, previous))
        except Exception:
            self._lang = previous
            raise
        self.dealer.set_language(lang)
