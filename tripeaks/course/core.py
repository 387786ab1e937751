"""The lesson model: tasks, lessons, a lesson being played, its feedback and the Show me guide.

Pure Python (no widget import).  The lessons themselves are in
:mod:`tripeaks.course.lessons`; the notebook view is :mod:`tripeaks.app.views.lesson_page`.

A :class:`Lesson` is a board and an ordered list of :class:`Task` s.  A
:class:`LessonRun` holds the live :class:`~tripeaks.engine.game.Game` of a lesson,
takes the learner's clicks (:meth:`LessonRun.click_card`,
:meth:`LessonRun.click_stock`, :meth:`LessonRun.undo`, and for some tasks
:meth:`LessonRun.deal` and :meth:`LessonRun.expire`), checks them against the
current task and answers with a :class:`Feedback`: the engine's own event or
refusal and the lesson sentence that goes with it.  A refused or off-task
click never changes the game.  Sentences are values, in no language: a
:class:`Text` is a catalogue key and its placeholders, and
:mod:`tripeaks.i18n.course` writes texts and feedback in a language.

Help: :meth:`LessonRun.show_me` plays the current step's scripted solution;
in a step of several moves (win the deal, keep it winnable, play a run) it
opens a :class:`Guide` instead, a visible line of moves stepped through with
:meth:`LessonRun.guide_next`, :meth:`LessonRun.guide_previous` and
:meth:`LessonRun.guide_all`, from the learner's own position when that
position can still reach the goal, otherwise from the start of the step
(and the feedback says so).  :meth:`LessonRun.hint` asks the solver for one
move (docs/rules.md §1–§3, full knowledge).

Between two steps that change the board, the finished board stays in view
(:attr:`LessonRun.waiting`) until the learner moves on
(:meth:`LessonRun.proceed`).

What a step of each :class:`TaskKind` does with a click, what it says and
what Show me does is its :class:`TaskHandler` in :data:`TASK_HANDLERS`: a new
kind is one more entry there.
"""

from __future__ import annotations

import copy as _copy
import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..engine._enums import TextEnum
from ..engine.cards import Card, CardOrJoker, parse_card_or_joker
from ..engine.game import (
    DRAW,
    UNDO,
    Action,
    Event,
    Game,
    IllegalMoveError,
    PlayEvent,
    Refusal,
    RefusalDetail,
    Status,
)
from ..engine.layout import COVERED_BY, N_TABLEAU, PEAK_OF

__all__ = [
    "Text",
    "TaskKind",
    "Task",
    "Lesson",
    "Part",
    "Feedback",
    "FeedbackKind",
    "Fact",
    "Guide",
    "GuideStep",
    "LessonRun",
    "TaskHandler",
    "TASK_HANDLERS",
    "longest_run",
    "winnable",
    "SOLVER_BUDGET",
]

log = logging.getLogger(__name__)

SOLVER_BUDGET = 3.0
"""Seconds the solver may search for one lesson check (a move kept winnable, a guide's line, a comparison)."""


class TaskKind(enum.Enum):
    """What a :class:`Task` asks the learner to do."""

    PLAY = "play"
    """Play a card: one of ``targets`` (or any playable card when ``targets`` is empty), ``count`` times
    (``count`` 0: until no card fits)."""
    MOVE = "move"
    """Make any legal move: play a card or draw."""
    DRAW = "draw"
    """Draw from the stock ``count`` times."""
    UNDO = "undo"
    """Undo the last action."""
    FIND = "find"
    """Point at ``need`` of the ``targets`` (nothing is played)."""
    REFUSE = "refuse"
    """Touch something the game refuses with ``refusal`` (nothing changes)."""
    WIN = "win"
    """Clear the whole tableau; every legal action is accepted."""
    KEEP = "keep"
    """Play on until the cards at ``targets`` are gone; a move after which the deal can no longer be won
    (``avoid``, or the solver's verdict) is explained and not made."""
    CHOOSE = "choose"
    """Make one move: one of ``targets`` (a draw when ``stock``); another legal move is explained, not made."""
    RUN = "run"
    """Play ``count`` cards in a row without drawing (``count`` 0: the longest run there is, found by search)."""
    DEAL = "deal"
    """Deal the game code ``code`` in the New game panel (docs/rules.md §5)."""
    EXPIRE = "expire"
    """Let the timer run out (docs/rules.md §8)."""


@dataclass(frozen=True)
class Text:
    """One sentence of the course, in no language yet: a catalogue ``key`` and its placeholder ``values``.

    A value is a number, a string, a card (a :class:`~tripeaks.engine.cards.Card`
    or the joker, named in the language shown: J, Q, K read V, D, R in
    Portuguese and French) or another :class:`Text` (written first, e.g. a
    lesson's title inside its heading).  :func:`tripeaks.i18n.course.render`
    writes it in English, Portuguese or French.
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


class Part(TextEnum):
    """The three parts of the course."""

    BASICS = "basics"
    """The default game, docs/rules.md §1–§7."""
    RULESETS = "rulesets"
    """The rule sets of docs/rules.md §8."""
    STRATEGY = "strategy"
    """How to play well."""


@dataclass(frozen=True)
class Task:
    """One step of a lesson.

    ``key`` names the texts ``lesson.<lesson id>.<key>.goal`` and ``.done``
    (and ``.miss`` for FIND and CHOOSE steps, ``.avoid`` when ``avoid`` is
    set).  ``targets`` are positions 0–27 (meaning depends on ``kind``);
    ``need`` how many of them a FIND task wants (default all); ``count`` how
    many draws (DRAW), plays (PLAY) or cards in a row (RUN); ``refusal`` the
    refusal a REFUSE task wants (``stock=True``: by clicking the stock; for
    CHOOSE: a draw is the right move).  ``avoid``: moves known to lose the deal
    (KEEP, CHOOSE).  ``board`` replaces the game when the task starts, then
    ``setup`` actions are played on it.  ``solution`` is the scripted line
    of a WIN or KEEP task from its starting position.  ``explain_refusals``:
    a FIND miss shows the engine's refusal message; with ``rank_miss`` (a
    miss sentence about ranks) a blocked card (covered or face down,
    docs/rules.md §2) gets the refusal alone.  ``compare``: the done
    feedback compares every legal move of the starting position (the
    solver's verdict; for RUN the longest run after each first card).
    ``code``: the game code a DEAL task wants.  ``reasons``: more sentences
    of the done feedback, after the comparison (``lesson.<lesson id>.<key>.<reason>``):
    why the better move is better, in the deal's own cards.  ``marks``:
    positions 0–27 ringed on the board once the step is done, the cards those
    sentences speak of.
    """

    key: str
    kind: TaskKind
    targets: frozenset[int] = frozenset()
    need: int = 0
    count: int = 1
    refusal: Refusal | None = None
    stock: bool = False
    board: Callable[[], Game] | None = None
    setup: tuple[Action, ...] = ()
    solution: tuple[Action, ...] = ()
    explain_refusals: bool = False
    rank_miss: bool = False
    avoid: frozenset[int] = frozenset()
    compare: bool = False
    code: str | None = None
    reasons: tuple[str, ...] = ()
    marks: frozenset[int] = frozenset()

    @property
    def wanted(self) -> int:
        """How many hits complete the task (FIND: ``need`` or all targets; else ``count``)."""
        if self.kind is TaskKind.FIND:
            return self.need or len(self.targets)
        return self.count

    @property
    def changes_board(self) -> bool:
        """True when starting this task replaces the game or plays moves on it."""
        return self.board is not None or bool(self.setup)


@dataclass(frozen=True)
class Lesson:
    """A lesson: text id ``id``, its starting ``board`` and ``tasks``, in ``part``.

    ``number`` (1 …) is its place in the course, set when the course is put
    together.  ``cards`` names the cards its texts mention (placeholders such
    as ``{king}``: card texts as :meth:`~tripeaks.engine.cards.Card.parse`
    reads them), named in the language shown.  ``plot``: the view shows the score plot beside the board.
    ``peaks``: the view marks which peak each card counts for
    (docs/rules.md §1, §3).  ``facts``: a function giving extra sentences
    computed by the engine or the solver, as ``(key, values)`` pairs.
    """

    id: str
    board: Callable[[], Game]
    tasks: tuple[Task, ...]
    cards: Mapping[str, str] = field(default_factory=dict)
    plot: bool = False
    peaks: bool = False
    part: Part = Part.BASICS
    number: int = 0
    facts: Callable[[], Sequence[tuple[str, Mapping[str, Any]]]] | None = None

    def text(self, part: str) -> Text:
        """The lesson sentence ``lesson.<id>.<part>`` (e.g. ``"title"``, ``"intro"``, ``"complete"``)
        with this lesson's card placeholders.

        An unknown part is a ``KeyError`` when the text is rendered.
        """
        return Text(f"lesson.{self.id}.{part}", self.values())

    def heading(self) -> Text:
        """The lesson's number and title, e.g. ``"3. Revealing hidden cards"`` in English."""
        return Text("ui.heading", {"number": self.number, "title": self.text("title")})

    def values(self) -> dict[str, CardOrJoker]:
        """The named card placeholders of this lesson's texts: ``cards``, read as cards.

        Raises :class:`~tripeaks.engine.cards.InvalidCardError` for a card text that is not a card.
        """
        return {name: parse_card_or_joker(c) for name, c in self.cards.items()}

    def fact_texts(self) -> list[Text]:
        """Extra sentences computed for this lesson (e.g. the solver's verdicts); ``[]`` when it has none."""
        if self.facts is None:
            return []
        return [Text(key, values) for key, values in self.facts()]


# --------------------------------------------------------------------- searches
def winnable(game: Game, time_limit: float = SOLVER_BUDGET) -> bool | None:
    """The solver's verdict on ``game``'s position: True, False, or ``None`` when it cannot tell.

    ``None`` also when the solver cannot search this rule set or fails; the
    game is not modified.
    """
    try:
        from ..solver import solve

        return solve(game, time_limit=time_limit).winnable
    except Exception:  # noqa: BLE001 - no verdict is a verdict of "unknown"
        log.exception("the solver could not judge a lesson position")
        return None


def _solver_line(game: Game, time_limit: float = SOLVER_BUDGET) -> tuple[Action, ...] | None:
    """A winning line from ``game``'s position (positions and ``"D"``), or ``None``."""
    try:
        from ..solver import solve

        sol = solve(game, time_limit=time_limit)
    except Exception:  # noqa: BLE001
        log.exception("the solver could not find a line for a lesson position")
        return None
    return tuple(sol.line) if sol.winnable else None


def longest_run(game: Game) -> tuple[int, ...]:
    """The longest run of plays from ``game``'s position without a draw: its positions 0–27 in order.

    An exhaustive search with full knowledge of the face-down cards (a card
    is played only once exposed, docs/rules.md §2); ``()`` when no card can
    be played.  On a joker or an empty waste any exposed card fits
    (docs/rules.md §8).  The game is not modified.
    """
    if game.is_over and game.status is not Status.BLOCKED:
        return ()
    cards = game.dealt_tableau
    rule = game.rule
    present0 = sum(1 << p for p, slot in enumerate(game.tableau) if slot is not None)
    top = game.waste_top
    top0 = top.rank if isinstance(top, Card) else 0
    memo: dict[tuple[int, int], tuple[int, ...]] = {}

    def rec(present: int, rank: int) -> tuple[int, ...]:
        key = (present, rank)
        if key in memo:
            return memo[key]
        best: tuple[int, ...] = ()
        for p in range(N_TABLEAU):
            if not present >> p & 1 or any(present >> q & 1 for q in COVERED_BY[p]):
                continue
            r = cards[p].rank
            if rank and not rule.adjacent(r, rank):
                continue
            line = (p, *rec(present & ~(1 << p), r))
            if len(line) > len(best):
                best = line
        memo[key] = best
        return best

    return rec(present0, top0)


# --------------------------------------------------------------------- feedback
class FeedbackKind(TextEnum):
    """What a learner's click did (a ``str`` enum, so it also reads as text)."""

    DONE = "done"
    """The task is complete."""
    OK = "ok"
    """Accepted; the task is not complete yet."""
    REFUSED = "refused"
    """The engine refused it; nothing changed."""
    MISS = "miss"
    """Allowed by the rules but not what the task asks; nothing changed."""
    INFO = "info"
    """Nothing to do, or help (e.g. a hint, the guide opened)."""


Fact = tuple[str, Mapping[str, Any]]
"""One computed sentence: a lesson text key and its placeholder values."""


@dataclass(frozen=True)
class Feedback:
    """What a click did, renderable in any language.

    ``kind``: a :class:`FeedbackKind`.  ``event`` is the engine event of an
    accepted move; ``refusal`` the engine's reason and ``detail`` its closer
    reason (docs/rules.md §2); ``key`` a lesson text key and ``values`` its
    placeholders; ``facts`` more computed sentences (e.g. the solver's
    comparison of the moves); ``hint`` a solver hint.
    """

    kind: FeedbackKind
    key: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)
    event: Event | None = None
    refusal: Refusal | None = None
    lesson: Lesson | None = None
    detail: RefusalDetail | None = None
    facts: tuple[Fact, ...] = ()
    hint: Any = None

    @property
    def accepted(self) -> bool:
        """True when the game changed (an engine event happened)."""
        return self.event is not None

    def texts(self) -> tuple[Text, ...]:
        """The lesson's sentences of this feedback, in order: ``key`` with ``values``, then each of ``facts``.

        The lesson's card placeholders (:meth:`Lesson.values`) are given too; a
        value of the feedback's own wins.  The engine's refusal, closer reason
        and move explanation come before them, the hint after them, when
        :func:`tripeaks.i18n.course.feedback_message` writes the whole feedback.
        """
        base = self.lesson.values() if self.lesson is not None else {}
        own = ((self.key, self.values),) if self.key is not None else ()
        return tuple(Text(key, {**base, **values}) for key, values in (*own, *self.facts))


# --------------------------------------------------------------------- the guide
@dataclass(frozen=True)
class GuideStep:
    """One move of a :class:`Guide`: ``action`` (a position 0–27 or ``"D"``), the ``card`` it
    plays or draws, and the waste ``top`` it goes on (``None`` on an empty waste)."""

    action: Action
    card: Any
    top: Any

    def text(self, seen: Callable[[Any], bool] | None = None) -> Text:
        """The move in words: "Play 9♥ on 8♠" or "Draw: 8♣ comes up" in English.

        ``seen``: for a move not played yet, whether the learner can see a card
        now; a card not seen yet (in the stock, or face down) is not named, so
        the line never tells the stock's order or a hidden card ahead of time.
        """
        known = seen or (lambda _card: True)
        if self.action == DRAW:
            if not known(self.card):
                return Text("lesson.guide.draw_unseen")
            return Text("lesson.guide.draw", {"card": self.card})
        if not known(self.card):
            return Text("lesson.guide.play_unseen")
        if self.top is None:
            return Text("lesson.guide.play_empty", {"card": self.card})
        if not known(self.top):
            return Text("lesson.guide.play_on_unseen", {"card": self.card})
        return Text("lesson.guide.play", {"card": self.card, "top": self.top})


@dataclass(frozen=True)
class Guide:
    """The line Show me steps through: its ``steps``, how many are played (``index``),
    and whether it ``restarted`` the step (the learner's position could not reach the goal)."""

    steps: tuple[GuideStep, ...]
    index: int = 0
    restarted: bool = False

    @property
    def next_action(self) -> Action | None:
        """The next move of the line, or ``None`` at its end."""
        return self.steps[self.index].action if self.index < len(self.steps) else None

    @property
    def at_end(self) -> bool:
        """True when every move of the line is played."""
        return self.index >= len(self.steps)

    def step_text(self, i: int, game: Game) -> Text:
        """Move ``i`` of the line in words, as the learner may read it in ``game``'s position.

        A move played already names its cards; a move still ahead names only
        the cards in view now (face up on the table or on the waste).
        """
        step = self.steps[i]
        if i < self.index:
            return step.text()
        visible: set[CardOrJoker] = {slot.card for slot in game.tableau if slot is not None and slot.face_up}
        visible.update(game.waste)
        return step.text(lambda card: card in visible)


def _guide_for(game: Game, line: Sequence[Action], restarted: bool) -> Guide:
    steps = []
    g = game.copy()
    for action in line:
        top = g.waste_top
        if action == DRAW:
            card = g.stock_cards[0]
        else:
            if not isinstance(action, int):  # a record token: the card text of a play (docs/rules.md §6)
                found = g.find(action)
                if found is None:
                    raise ValueError(f"{action!r} is not on the table")
                action = found
            card = g.card_at(action)
        steps.append(GuideStep(action, card, top))
        g.apply(action)
    return Guide(tuple(steps), 0, restarted)


# --------------------------------------------------------------------- the lesson being played
_VERDICTS: dict[tuple[Any, ...], bool | None] = {}
"""Solver verdicts already asked for, by position (cards included): the lesson boards are few."""


def _position_key(game: Game) -> tuple[Any, ...]:
    return (game.rules, game.dealt_tableau, game.dealt_stock, game.initial_waste, game.state_key())


def _verdict(game: Game) -> bool | None:
    key = _position_key(game)
    if key not in _VERDICTS:
        _VERDICTS[key] = winnable(game)
    return _VERDICTS[key]


class LessonRun:
    """A lesson being played: the live ``game``, the current task and the learner's progress.

    Clicks go through :meth:`click_card` (position 0–27), :meth:`click_stock`
    and :meth:`undo`; each returns a :class:`Feedback` and never raises for a
    refused move (the game is then unchanged).  ``complete`` turns true when
    every task is done (the view unlocks *Next*).
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.restart()

    # ----------------------------------------------------------------- state
    def restart(self) -> None:
        """Start the lesson again from its first task and a fresh board."""
        self.game: Game = self.lesson.board()
        self.task_index = 0
        self.hits = 0
        self.found: set[int] = set()
        self._done_found: set[int] = set()
        self.last: Feedback | None = None
        self.guide: Guide | None = None
        self.hinted: tuple[tuple[int, ...], bool] = ((), False)
        self.waiting = False
        """True while a finished step's board stays in view before the next step replaces it."""
        self._start_task()

    def copy(self) -> LessonRun:
        """An independent copy: its own game and found cards, the same lesson and progress.

        A view can try a click on a copy and keep it only when the click went through.
        """
        other = _copy.copy(self)
        other.game = self.game.copy()
        other.found = set(self.found)
        other._done_found = set(self._done_found)
        other._task_start = self._task_start.copy()
        return other

    @property
    def complete(self) -> bool:
        """True when every task of the lesson is done."""
        return self.task_index >= len(self.lesson.tasks)

    @property
    def task(self) -> Task | None:
        """The current task, or ``None`` when the lesson is complete."""
        return None if self.complete else self.lesson.tasks[self.task_index]

    @property
    def tasks_done(self) -> int:
        """How many tasks are finished (0 … number of tasks)."""
        return self.task_index

    @property
    def guided(self) -> bool:
        """True when Show me opens a :class:`Guide` for the current step (a step of several moves)."""
        task = self.task
        return task is not None and not self.waiting and TASK_HANDLERS[task.kind].guided

    @property
    def hint_available(self) -> bool:
        """True when the current step is a game to play on (win it, or keep it winnable): Hint helps there."""
        task = self.task
        return task is not None and not self.waiting and TASK_HANDLERS[task.kind].hint

    def goal(self) -> Text:
        """The current task's instruction, or the lesson's closing sentence when complete.

        While a finished board waits (:attr:`waiting`), the sentence that says so.
        """
        if self.task is None:
            return self.lesson.text("complete")
        if self.waiting:
            return Text("lesson.generic.waiting")
        values = {**self.lesson.values(), **TASK_HANDLERS[self.task.kind].text_values(self)}
        return Text(f"lesson.{self.lesson.id}.{self.task.key}.goal", values)

    def _start_task(self) -> None:
        self.hits = 0
        self.found = set()
        self.guide = None
        self.hinted = ((), False)
        task = self.task
        if task is None:
            return
        if task.board is not None:
            self.game = task.board()
        for action in task.setup:
            self.game.apply(action)
        self._task_start = self.game.copy()
        self._wanted = TASK_HANDLERS[task.kind].wanted(task, self.game)

    def proceed(self) -> Feedback:
        """Leave the finished board and start the next step (while :attr:`waiting`)."""
        if not self.waiting:
            return Feedback(FeedbackKind.INFO, lesson=self.lesson)
        self.waiting = False
        self._start_task()
        self.last = None
        return Feedback(FeedbackKind.INFO, lesson=self.lesson)

    @property
    def run_wanted(self) -> int:
        """How many cards in a row the current RUN step wants (searched when the step gives 0).

        In a step of another kind: how many hits complete it (:meth:`TaskHandler.wanted`).
        """
        return self._wanted

    def _hit(
        self,
        event: Event | None = None,
        refusal: Refusal | None = None,
        values: Mapping[str, Any] | None = None,
        detail: RefusalDetail | None = None,
    ) -> Feedback:
        task = self.task
        assert task is not None
        self.hits += 1
        if self.hits >= self._wanted:
            return self._done(event, refusal, values, detail)
        return Feedback(
            FeedbackKind.OK,
            "lesson.generic.progress",
            {
                **(values or {}),
                "done": self.hits,
                "total": self._wanted,
            },
            event,
            refusal,
            self.lesson,
            detail,
        )

    def _done(
        self,
        event: Event | None = None,
        refusal: Refusal | None = None,
        values: Mapping[str, Any] | None = None,
        detail: RefusalDetail | None = None,
    ) -> Feedback:
        task = self.task
        assert task is not None
        self._done_found = set(self.found) | set(task.marks)
        facts = self.comparison() if task.compare else ()
        facts += tuple((f"lesson.{self.lesson.id}.{task.key}.{reason}", {}) for reason in task.reasons)
        values = {**(values or {}), **TASK_HANDLERS[task.kind].text_values(self)}
        fb = Feedback(
            FeedbackKind.DONE,
            f"lesson.{self.lesson.id}.{task.key}.done",
            values,
            event,
            refusal,
            self.lesson,
            detail,
            facts,
        )
        self.task_index += 1
        self.guide = None
        self.hinted = ((), False)
        nxt = self.task
        if nxt is not None and nxt.changes_board:
            self.waiting = True  # keep the finished board (and this message) until the learner moves on
        else:
            self._start_task()
        return fb

    def _miss(self, key: str, **values: Any) -> Feedback:
        return Feedback(FeedbackKind.MISS, key, values, lesson=self.lesson)

    def _record(self, fb: Feedback) -> Feedback:
        self.last = fb
        return fb

    def _waiting_feedback(self) -> Feedback:
        return Feedback(FeedbackKind.INFO, "lesson.generic.press_continue", lesson=self.lesson)

    # ----------------------------------------------------------------- clicks
    def click_card(self, position: int) -> Feedback:
        """The learner clicked the card at ``position`` (0–27).

        Raises ``ValueError`` for a position outside 0–27 (nothing changes).
        """
        refusal = self.game.refusal(position)  # validates the position
        if refusal is Refusal.EMPTY and self.last is not None:
            # The card is already gone: the second click of a fast double click.  Keep what was said.
            return self.last
        if self.waiting:
            return self._record(self._waiting_feedback())
        return self._record(self._followed(position, self._click_card(position, refusal)))

    def _click_card(self, p: int, refusal: Refusal | None) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        return TASK_HANDLERS[task.kind].card(self, task, p, refusal, self.game.refusal_detail(p))

    def click_stock(self) -> Feedback:
        """The learner clicked the stock (a draw, if the task allows it)."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        return self._record(self._followed(DRAW, self._click_stock()))

    def _click_stock(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        return TASK_HANDLERS[task.kind].stock(self, task, self.game.draw_refusal())

    def undo(self) -> Feedback:
        """The learner pressed Undo (accepted in UNDO steps and in steps of several moves)."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        return self._record(self._followed(UNDO, self._undo()))

    def _undo(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        return TASK_HANDLERS[task.kind].undo(self, task)

    def deal(self, game: Game) -> Feedback:
        """The learner dealt ``game`` in the New game panel (docs/rules.md §5).

        In a DEAL step the board becomes that game; the step is done when its
        code is the one asked for.  Elsewhere nothing changes.
        """
        if self.waiting:
            return self._record(self._waiting_feedback())
        task = self.task
        if task is None:
            return self._record(Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson))
        return self._record(TASK_HANDLERS[task.kind].deal(self, task, game))

    def expire(self) -> Feedback:
        """The learner let the timer run out (docs/rules.md §8): the game ends, *time up*, in an EXPIRE step."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        task = self.task
        if task is None:
            return self._record(Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson))
        return self._record(TASK_HANDLERS[task.kind].expire(self, task))

    # ----------------------------------------------------------------- the guide
    def _followed(self, action: Action, fb: Feedback) -> Feedback:
        """Keep an open guide in step with the learner's own move, or close it when they leave its line."""
        self.hinted = ((), False)
        guide = self.guide
        if guide is None or fb.event is None:
            return fb
        if action == UNDO:
            if guide.index > 0:
                self.guide = replace(guide, index=guide.index - 1)
            else:
                self.guide = None
            return fb
        if action == guide.next_action:
            self.guide = replace(guide, index=guide.index + 1)
            return fb
        self.guide = None
        return replace(fb, facts=(*fb.facts, ("lesson.guide.left", {})))

    def show_me(self) -> list[Feedback]:
        """Help with the current step.

        A step of a single move (or a few) plays the rest of its scripted
        solution through the normal checks and returns the feedback of each
        action (the last one completes the step).  A step of several moves
        (:attr:`guided`) opens a :class:`Guide` (:attr:`guide`) instead and
        returns one feedback saying where it starts.  While a finished board
        waits, nothing changes and the feedback says to press Continue.  ``[]``
        when the lesson is complete or the step waits for its own control (deal
        a code, let the time run out): there is no move to show.
        """
        task = self.task
        if task is None:
            return []
        if self.waiting:
            return [self._record(self._waiting_feedback())]
        return TASK_HANDLERS[task.kind].show_me(self, task)

    def _play_solution(self) -> list[Feedback]:
        """Play the rest of the current step's scripted solution (:meth:`solution_step`) through the
        normal checks; returns the feedback of each action, the last one completing the step.

        Raises ``RuntimeError`` when the script does not finish the step within 60 actions.
        """
        task = self.task
        out: list[Feedback] = []
        if task is None:
            return out
        index = self.task_index
        while self.task_index == index and not self.complete:
            step = self.solution_step()
            if step == DRAW:
                out.append(self.click_stock())
            elif step == UNDO:
                out.append(self.undo())
            else:
                assert isinstance(step, int)
                out.append(self.click_card(step))
            if len(out) > 60:  # a scripted solution never needs this many: stop rather than loop
                raise RuntimeError(f"lesson {self.lesson.id}: the solution does not finish task {task.key}")
        return out

    def _open_guide(self) -> Feedback:
        task = self.task
        assert task is not None
        found = TASK_HANDLERS[task.kind].guide_line(self, task)
        if found is None:
            return Feedback(FeedbackKind.INFO, "lesson.guide.none", lesson=self.lesson)
        line, restarted = found
        if restarted:
            self.game = self._task_start.copy()
            self.hits = 0
        self.guide = _guide_for(self.game, line, restarted)
        key = "lesson.guide.start_over" if restarted else "lesson.guide.from_here"
        return Feedback(FeedbackKind.INFO, key, {"moves": len(line)}, lesson=self.lesson)

    def guide_next(self) -> Feedback:
        """Play the next move of the open guide (through the normal checks)."""
        guide = self.guide
        if guide is None or guide.at_end:
            return self._record(Feedback(FeedbackKind.INFO, "lesson.guide.closed", lesson=self.lesson))
        action = guide.next_action
        if action == DRAW:
            return self.click_stock()
        assert isinstance(action, int)
        return self.click_card(action)

    def guide_previous(self) -> Feedback:
        """Take back the guide's latest move (an undo)."""
        guide = self.guide
        if guide is None or guide.index == 0:
            return self._record(Feedback(FeedbackKind.INFO, "lesson.guide.first", lesson=self.lesson))
        return self.undo()

    def guide_all(self) -> list[Feedback]:
        """Play every remaining move of the open guide; returns their feedback."""
        out: list[Feedback] = []
        while self.guide is not None and not self.guide.at_end:
            index = self.guide.index
            out.append(self.guide_next())
            if self.guide is not None and self.guide.index == index:  # the move did not go through: stop
                break
        return out

    def close_guide(self) -> None:
        """Close the guide (the game stays as it is)."""
        self.guide = None

    # ----------------------------------------------------------------- help
    def hint(self) -> Feedback:
        """The solver's hint for the current game step (docs/rules.md §1–§3, full knowledge): one
        move that keeps the deal winnable, ringed on the board (:meth:`highlights`)."""
        if not self.hint_available:
            return self._record(self._miss("lesson.generic.no_hint"))
        try:
            from ..solver import hint

            h = hint(self.game, time_limit=SOLVER_BUDGET)
        except Exception:  # noqa: BLE001 - the solver cannot help here: say so, change nothing
            log.exception("no hint for a lesson position")
            return self._record(Feedback(FeedbackKind.INFO, "lesson.generic.hint_failed", lesson=self.lesson))
        self.hinted = ((h.action,) if isinstance(h.action, int) else (), h.action == DRAW)
        return self._record(Feedback(FeedbackKind.INFO, lesson=self.lesson, hint=h))

    def solution_step(self) -> Action | None:
        """The next action of the current task's scripted solution.

        A position 0–27 (click that card), ``"D"`` (click the stock) or
        ``"U"`` (press Undo); ``None`` when the lesson is complete or a DEAL
        or EXPIRE step waits for its own control.  Raises ``RuntimeError``
        for a step of several moves (use :meth:`show_me` and the guide).
        """
        task = self.task
        if task is None:
            return None
        return TASK_HANDLERS[task.kind].solution(self, task)

    def comparison(self) -> tuple[Fact, ...]:
        """For the current step: one sentence per legal move of its starting position.

        RUN: how long the longest run is after each first card (an exhaustive
        search).  Otherwise the solver's verdict after each move (docs/rules.md
        §1–§3, full knowledge), "unknown" when it cannot tell.  The facts'
        values carry the ``action``.  ``()`` when the lesson is complete.
        """
        task = self.task
        if task is None:
            return ()
        return _comparison(self.lesson.id, task, self._task_start)

    def highlights(self) -> tuple[int, ...]:
        """Positions 0–27 to ring: the cards found so far in a FIND task (and, while a finished step's
        board stays in view or once the lesson is complete, those found in that step and the cards
        its reasons speak of, :attr:`Task.marks`), the card of a hint, or the guide's next card."""
        if self.complete or self.waiting:
            return tuple(p for p in sorted(self._done_found) if self.game.tableau[p] is not None)
        if self.hinted[0]:
            return self.hinted[0]
        guide = self.guide
        if guide is not None and isinstance(guide.next_action, int):
            return (guide.next_action,)
        return tuple(sorted(self.found))

    def stock_highlighted(self) -> bool:
        """True when the stock is to be ringed: a hint to draw, or the guide's next move is a draw."""
        if self.hinted[1]:
            return True
        guide = self.guide
        return guide is not None and guide.next_action == DRAW

    def peak_marks(self) -> dict[int, int]:
        """For a lesson that shows the peaks: position 0–27 → the peak (0 left, 1 middle, 2 right)
        it counts for (docs/rules.md §1, §3), for the cards still on the table; else empty."""
        if not self.lesson.peaks:
            return {}
        return {p: PEAK_OF[p] for p, slot in enumerate(self.game.tableau) if slot is not None}

    # ----------------------------------------------------------------- what the controls can do
    @property
    def can_undo(self) -> bool:
        """True when Undo would change the game now (tried on a copy: the step's own rule decides)."""
        if self.task is None or self.waiting or not self.game.can_undo:
            return False
        return self.copy()._undo().event is not None

    @property
    def can_show_me(self) -> bool:
        """True when Show me has something to show now (a move to play, or a guide to open)."""
        task = self.task
        return task is not None and not self.waiting and TASK_HANDLERS[task.kind].shows is None

    def controls_off(self) -> tuple[Text, ...]:
        """Sentences saying why Undo and Show me are off right now (``()`` when both can act).

        Nothing greys out without a word: the lesson view shows these beside its buttons.
        """
        task = self.task
        if task is None:
            return (Text("lesson.generic.off_complete"),)
        if self.waiting:
            return (Text("lesson.generic.off_waiting"),)
        out: list[Text] = []
        if not self.can_undo:
            if self.game.is_over and self.game.undo_refusal() is not None:
                out.append(Text("lesson.generic.off_undo_over"))
            elif not self.game.can_undo:
                out.append(Text("lesson.generic.off_undo_none"))
            elif TASK_HANDLERS[task.kind].guided:
                out.append(Text("lesson.generic.off_undo_step_start"))
            else:
                out.append(Text("lesson.generic.off_undo_step"))
        reason = TASK_HANDLERS[task.kind].shows
        if reason is not None:
            out.append(Text(reason))
        return tuple(out)

    def card_tip(self) -> Text | None:
        """What a click on a face-up card does now, when it does not simply play it (the board's
        tooltip says "click to play"); ``None`` when a click plays the card."""
        task = self.task
        if task is None:
            return Text("lesson.tip.complete")
        if self.waiting:
            return Text("lesson.tip.waiting")
        key = TASK_HANDLERS[task.kind].card_tip(self, task)
        return Text(key) if key else None

    def last_event_is_play(self) -> bool:
        """True when the latest feedback played a card (for views that animate it)."""
        return self.last is not None and isinstance(self.last.event, PlayEvent)


_COMPARED: dict[tuple[str, str], tuple[Fact, ...]] = {}


def _comparison(lesson_id: str, task: Task, start: Game) -> tuple[Fact, ...]:
    key = (lesson_id, task.key)
    if key in _COMPARED:
        return _COMPARED[key]
    facts: list[Fact] = []
    for action in start.legal_actions():
        after = start.copy()
        after.apply(action)
        fact = TASK_HANDLERS[task.kind].compare(start, action, after)
        if fact is not None:
            facts.append(fact)
    result = tuple(facts)
    if all("unknown" not in k for k, _ in result):
        _COMPARED[key] = result
    return result


# --------------------------------------------------------------------- the task kinds
class TaskHandler:
    """What a step of one :class:`TaskKind` does: how it checks each action, what it says, what Show me does.

    :class:`LessonRun` hands each action of the current step to the handler
    of its kind in :data:`TASK_HANDLERS`, after the checks every step shares
    (a finished board waiting for Continue, the lesson complete).  Every
    method returns the :class:`Feedback` of the action and changes the game
    only when the action is accepted (the feedback then has an ``event``).
    The defaults are those of a step about playing cards from the peaks; a
    kind overrides what it does differently.
    """

    guided = False
    """A step of several moves: Show me opens a :class:`Guide`, Undo goes back within the step."""
    hint = False
    """Hint helps: the step is a game to play on (docs/rules.md §1–§3, full knowledge)."""
    shows: str | None = None
    """``None`` when Show me has a move to show in this step; else the key of the sentence saying why not."""

    def wanted(self, task: Task, start: Game) -> int:
        """How many hits complete ``task`` from its starting position ``start`` (:attr:`Task.wanted`)."""
        return task.wanted

    def text_values(self, run: LessonRun) -> dict[str, Any]:
        """Placeholders of the step's goal and done sentences, beside the lesson's cards (none by default)."""
        return {}

    def card(
        self, run: LessonRun, task: Task, p: int, refusal: Refusal | None, detail: RefusalDetail | None
    ) -> Feedback:
        """A click on the card at position ``p`` (0–27).

        ``refusal`` and ``detail``: the engine's reason for refusing to play
        it and the closer reason (docs/rules.md §2), ``None`` when it can be
        played.  By default a refused card gets the engine's reasons and a
        playable one goes to :meth:`play`.
        """
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=run.lesson, detail=detail)
        return self.play(run, task, p)

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        """A click on a card the rules let play: played, one hit (by default)."""
        return run._hit(run.game.play(p))

    def stock(self, run: LessonRun, task: Task, refusal: Refusal | None) -> Feedback:
        """A click on the stock; ``refusal``: the engine's reason for refusing a draw (docs/rules.md §2,
        §8), ``None`` when it may draw.  By default a refused draw gets the engine's reason and an
        allowed one goes to :meth:`draw`."""
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=run.lesson)
        return self.draw(run, task)

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        """A draw the rules allow: by default not made, the step is about playing a card."""
        return run._miss("lesson.generic.play_instead")

    def undo(self, run: LessonRun, task: Task) -> Feedback:
        """The Undo button: by default not made, the step needs no undo."""
        return run._miss("lesson.generic.no_undo")

    def deal(self, run: LessonRun, task: Task, game: Game) -> Feedback:
        """A game dealt in the New game panel (docs/rules.md §5): by default nothing changes."""
        return run._miss("lesson.generic.no_deal")

    def expire(self, run: LessonRun, task: Task) -> Feedback:
        """The time let run out (docs/rules.md §8): by default nothing changes."""
        return run._miss("lesson.generic.no_expire")

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        """The next action of the step's scripted solution: a position 0–27, ``"D"`` or ``"U"``;
        ``None`` when the step waits for its own control.

        By default the first card that can be played (one of ``targets``, when the task names some), else a draw.
        """
        playable = [p for p in run.game.playable() if not task.targets or p in task.targets]
        return playable[0] if playable else DRAW

    def show_me(self, run: LessonRun, task: Task) -> list[Feedback]:
        """Show me: by default the rest of the scripted solution, played through the normal checks."""
        return run._play_solution()

    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        """The key of what clicking a face-up card does in this step, when it is not "play it"
        (``None``: the board's own tooltip, a click plays the card)."""
        return None

    def guide_line(self, run: LessonRun, task: Task) -> tuple[tuple[Action, ...], bool] | None:
        """The line a :class:`Guide` shows and whether it restarts the step (``None``: no line known).

        The task's scripted ``solution`` at the start of the step; else the
        solver's winning line from here; else from the step's start (the
        solver's, or the scripted one).
        """
        if run.game.state_key() == run._task_start.state_key() and task.solution:
            return tuple(task.solution), False
        here = _solver_line(run.game)
        if here is not None:
            return here, False
        start = _solver_line(run._task_start) or (tuple(task.solution) if task.solution else None)
        if start is None:
            return None
        return start, True

    def compare(self, start: Game, action: Action, after: Game) -> Fact | None:
        """The sentence on ``action``, one legal move of the step's starting position ``start``
        (``after``: the position it leads to): the solver's verdict there (docs/rules.md §1–§3,
        full knowledge), "unknown" when it cannot tell.  ``None``: no sentence for this move."""
        verdict = _verdict(after)
        word = "unknown" if verdict is None else ("yes" if verdict else "no")
        if action == DRAW:
            return f"lesson.compare.draw_{word}", {"action": action}
        return f"lesson.compare.play_{word}", {"action": action, "card": start.card_at(int(action))}


class _PlayHandler(TaskHandler):
    """PLAY: one of ``targets`` (or any card), ``count`` times; ``count`` 0: until no card fits."""

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        if task.targets and p not in task.targets:
            return run._miss("lesson.generic.not_this", card=run.game.card_at(p))
        event = run.game.play(p)
        if task.count == 0:  # play until no card fits
            if not run.game.playable():
                return run._done(event)
            return Feedback(FeedbackKind.OK, event=event, lesson=run.lesson)
        return run._hit(event)


class _MoveHandler(TaskHandler):
    """MOVE: any legal move, a play or a draw."""

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return run._hit(run.game.draw())


class _DrawHandler(TaskHandler):
    """DRAW: draw from the stock ``count`` times."""

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        return run._miss("lesson.generic.draw_instead")

    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        return "lesson.tip.draw"

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return run._hit(run.game.draw())

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        return DRAW


class _UndoHandler(TaskHandler):
    """UNDO: press Undo."""

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        return run._miss("lesson.generic.undo_instead")

    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        return "lesson.tip.undo"

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return run._miss("lesson.generic.undo_instead")

    def undo(self, run: LessonRun, task: Task) -> Feedback:
        try:
            event = run.game.undo()
        except IllegalMoveError as exc:
            return Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=run.lesson)
        return run._hit(event)

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        return UNDO


class _FindHandler(TaskHandler):
    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        return "lesson.tip.point"

    """FIND: point at ``need`` of the ``targets``; nothing is played."""

    def card(
        self, run: LessonRun, task: Task, p: int, refusal: Refusal | None, detail: RefusalDetail | None
    ) -> Feedback:
        if p in run.found:
            return Feedback(
                FeedbackKind.INFO,
                "lesson.generic.already",
                {"done": len(run.found), "total": task.wanted},
                lesson=run.lesson,
            )
        if p in task.targets:
            run.found.add(p)
            return run._hit(values={})
        miss = f"lesson.{run.lesson.id}.{task.key}.miss"
        if task.explain_refusals and task.rank_miss and refusal is Refusal.BLOCKED:
            # Covered or face down (docs/rules.md §2): that is the whole reason, the rank is beside the point.
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=run.lesson)
        if task.explain_refusals and refusal is not None:
            return Feedback(FeedbackKind.REFUSED, miss, refusal=refusal, lesson=run.lesson, detail=detail)
        return Feedback(FeedbackKind.MISS, miss, lesson=run.lesson)

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return run._miss("lesson.generic.use_card")

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        return min(task.targets - run.found)


class _RefuseHandler(TaskHandler):
    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        return "lesson.tip.try"

    """REFUSE: touch something the game refuses with ``refusal`` (a card, or the stock when ``stock``)."""

    def card(
        self, run: LessonRun, task: Task, p: int, refusal: Refusal | None, detail: RefusalDetail | None
    ) -> Feedback:
        if task.stock:
            return run._miss("lesson.generic.use_stock")
        if refusal is None:
            return run._miss("lesson.generic.playable")
        if refusal is task.refusal and (not task.targets or p in task.targets):
            return run._hit(refusal=refusal, detail=detail)
        key = "lesson.generic.wrong_card" if refusal is task.refusal else "lesson.generic.other_refusal"
        return Feedback(FeedbackKind.REFUSED, key, refusal=refusal, lesson=run.lesson, detail=detail)

    def stock(self, run: LessonRun, task: Task, refusal: Refusal | None) -> Feedback:
        if not task.stock and refusal is None:
            return run._miss("lesson.generic.use_card")
        if not task.stock:
            return Feedback(FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=run.lesson)
        if refusal is task.refusal:
            return run._hit(refusal=refusal)
        if refusal is None:
            return run._miss("lesson.generic.stock_not_empty")
        return Feedback(FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=run.lesson)

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        if task.stock:
            return DRAW
        pool = sorted(task.targets) if task.targets else range(N_TABLEAU)
        return next(p for p in pool if run.game.refusal(p) is task.refusal)


class _ChooseHandler(TaskHandler):
    """CHOOSE: one move, one of ``targets`` (a draw when ``stock``); another legal move is explained, not made."""

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        if p not in task.targets or task.stock:
            return self._wrong(run, task, p)
        return run._hit(run.game.play(p))

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        if task.stock:
            return run._done(run.game.draw())
        return self._wrong(run, task, DRAW)

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        if task.stock:
            return DRAW
        return min(p for p in task.targets if run.game.refusal(p) is None)

    @staticmethod
    def _wrong(run: LessonRun, task: Task, action: Action) -> Feedback:
        """A legal move that is not the better one, explained (nothing is played)."""
        card = None if action == DRAW else run.game.card_at(int(action))
        key = (
            f"lesson.{run.lesson.id}.{task.key}.avoid"
            if isinstance(action, int) and action in task.avoid
            else f"lesson.{run.lesson.id}.{task.key}.miss"
        )
        if card is None:  # a draw where the step asks for a card (its own sentence names the card played)
            key = "lesson.generic.play_instead"
        facts = tuple(f for f in run.comparison() if f[1].get("action") == action) if task.compare else ()
        return Feedback(
            FeedbackKind.MISS, key, {"card": card} if card is not None else {}, lesson=run.lesson, facts=facts
        )


class _GuidedHandler(TaskHandler):
    """A step of several moves: Show me opens a :class:`Guide`; Undo takes back moves made in the step."""

    guided = True

    def undo(self, run: LessonRun, task: Task) -> Feedback:
        if len(run.game.standing_actions) <= len(run._task_start.standing_actions):
            return run._miss("lesson.generic.undo_step_start")
        try:
            event = run.game.undo()
        except IllegalMoveError as exc:
            return Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=run.lesson)
        return Feedback(FeedbackKind.OK, event=event, lesson=run.lesson)

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        raise RuntimeError("a step of several moves is shown as a guide: use show_me()")

    def show_me(self, run: LessonRun, task: Task) -> list[Feedback]:
        return [run._record(run._open_guide())]


class _WinHandler(_GuidedHandler):
    """WIN: clear the whole tableau; every legal action is accepted."""

    hint = True

    def text_values(self, run: LessonRun) -> dict[str, Any]:
        return {"score": run.game.score, "moves": run.game.moves}

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        return self._progress(run, run.game.play(p))

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return self._progress(run, run.game.draw())

    @staticmethod
    def _progress(run: LessonRun, event: Event) -> Feedback:
        if run.game.status is Status.WON:
            return run._hit(event)
        if run.game.status is Status.BLOCKED:
            return Feedback(FeedbackKind.OK, "lesson.generic.blocked_undo", event=event, lesson=run.lesson)
        return Feedback(FeedbackKind.OK, event=event, lesson=run.lesson)


class _KeepHandler(_GuidedHandler):
    """KEEP: play on until the cards at ``targets`` are gone, never making the deal unwinnable."""

    hint = True

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        lost = self._loses(run, task, p)
        if lost is not None:
            return lost
        event = run.game.play(p)
        if all(run.game.tableau[q] is None for q in task.targets):
            return run._done(event)
        return Feedback(FeedbackKind.OK, event=event, lesson=run.lesson)

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        lost = self._loses(run, task, DRAW)
        return lost if lost is not None else Feedback(FeedbackKind.OK, event=run.game.draw(), lesson=run.lesson)

    @staticmethod
    def _loses(run: LessonRun, task: Task, action: Action) -> Feedback | None:
        """The explanation when ``action`` would make the deal unwinnable (the solver's verdict,
        docs/rules.md §1–§3), else ``None`` (also when the solver cannot tell)."""
        after = run.game.copy()
        after.apply(action)
        if after.status is Status.WON or _verdict(after) is not False:
            return None
        if action == DRAW:
            return run._miss("lesson.generic.losing_draw")
        card = run.game.card_at(int(action))
        if action in task.avoid:
            return run._miss(f"lesson.{run.lesson.id}.{task.key}.avoid", card=card)
        return run._miss("lesson.generic.losing", card=card)


class _RunHandler(_GuidedHandler):
    """RUN: ``count`` cards in a row without drawing (``count`` 0: the longest run there is)."""

    def wanted(self, task: Task, start: Game) -> int:
        return task.count or len(longest_run(start))

    def text_values(self, run: LessonRun) -> dict[str, Any]:
        return {"count": run.run_wanted}

    def play(self, run: LessonRun, task: Task, p: int) -> Feedback:
        event = run.game.play(p)
        run.hits = self._length(run)
        values = {"done": run.hits, "total": run.run_wanted}
        if run.hits >= run.run_wanted:
            return run._done(event)
        if not run.game.playable():
            return Feedback(FeedbackKind.OK, "lesson.generic.run_stuck", values, event, lesson=run.lesson)
        return Feedback(FeedbackKind.OK, "lesson.generic.progress", values, event, lesson=run.lesson)

    def draw(self, run: LessonRun, task: Task) -> Feedback:
        return run._miss("lesson.generic.run_no_draw")

    def undo(self, run: LessonRun, task: Task) -> Feedback:
        fb = super().undo(run, task)
        if fb.event is not None:
            run.hits = self._length(run)
        return fb

    def guide_line(self, run: LessonRun, task: Task) -> tuple[tuple[Action, ...], bool] | None:
        """The longest run from here when it is long enough, else from the step's start."""
        wanted, done = run.run_wanted, self._length(run)
        line = longest_run(run.game)
        if done + len(line) >= wanted:
            return tuple(line[: wanted - done]), False
        return tuple(longest_run(run._task_start)[:wanted]), True

    def compare(self, start: Game, action: Action, after: Game) -> Fact | None:
        """How long the longest run is after each first card (an exhaustive search); none for a draw."""
        if action == DRAW:
            return None
        card = start.card_at(int(action))
        return "lesson.compare.run", {"action": action, "card": card, "count": 1 + len(longest_run(after))}

    @staticmethod
    def _length(run: LessonRun) -> int:
        """How many moves the step has made so far (every one a play: a draw is not accepted)."""
        return len(run.game.standing_actions) - len(run._task_start.standing_actions)


class _OwnControlHandler(TaskHandler):
    """A step done with a control of its own (the New game panel, the timer): a card or the stock
    says so, and Show me has no move to show."""

    def card(
        self, run: LessonRun, task: Task, p: int, refusal: Refusal | None, detail: RefusalDetail | None
    ) -> Feedback:
        return self._instead(run, task)

    def stock(self, run: LessonRun, task: Task, refusal: Refusal | None) -> Feedback:
        return self._instead(run, task)

    def _instead(self, run: LessonRun, task: Task) -> Feedback:
        raise NotImplementedError

    def solution(self, run: LessonRun, task: Task) -> Action | None:
        return None

    def show_me(self, run: LessonRun, task: Task) -> list[Feedback]:
        return []

    tip = ""

    def card_tip(self, run: LessonRun, task: Task) -> str | None:
        return self.tip


class _DealHandler(_OwnControlHandler):
    """DEAL: deal the game code ``code`` in the New game panel (docs/rules.md §5)."""

    shows = "lesson.generic.off_show_deal"
    tip = "lesson.tip.deal"

    def _instead(self, run: LessonRun, task: Task) -> Feedback:
        return run._miss("lesson.generic.deal_instead", code=task.code or "")

    def deal(self, run: LessonRun, task: Task, game: Game) -> Feedback:
        run.game = game
        if game.code is not None and str(game.code) == task.code:
            return run._done()
        return run._miss(f"lesson.{run.lesson.id}.{task.key}.miss", dealt=str(game.code or ""))


class _ExpireHandler(_OwnControlHandler):
    """EXPIRE: let the timer run out (docs/rules.md §8)."""

    shows = "lesson.generic.off_show_expire"
    tip = "lesson.tip.expire"

    def _instead(self, run: LessonRun, task: Task) -> Feedback:
        return run._miss("lesson.generic.expire_instead")

    def expire(self, run: LessonRun, task: Task) -> Feedback:
        try:
            event = run.game.expire()
        except IllegalMoveError as exc:
            return Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=run.lesson)
        return run._hit(event)


TASK_HANDLERS: Mapping[TaskKind, TaskHandler] = MappingProxyType(
    {
        TaskKind.PLAY: _PlayHandler(),
        TaskKind.MOVE: _MoveHandler(),
        TaskKind.DRAW: _DrawHandler(),
        TaskKind.UNDO: _UndoHandler(),
        TaskKind.FIND: _FindHandler(),
        TaskKind.REFUSE: _RefuseHandler(),
        TaskKind.WIN: _WinHandler(),
        TaskKind.KEEP: _KeepHandler(),
        TaskKind.CHOOSE: _ChooseHandler(),
        TaskKind.RUN: _RunHandler(),
        TaskKind.DEAL: _DealHandler(),
        TaskKind.EXPIRE: _ExpireHandler(),
    }
)
"""The :class:`TaskHandler` of every :class:`TaskKind`: a new kind is a new entry here."""
