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
"""

from __future__ import annotations

import copy as _copy
import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
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


_GUIDED = (TaskKind.WIN, TaskKind.KEEP, TaskKind.RUN)
"""Steps of several moves: Show me opens a :class:`Guide`."""


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
    ``code``: the game code a DEAL task wants.
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

    def text(self) -> Text:
        """The move in words: "Play 9♥ on 8♠" or "Draw: 8♣ comes up" in English."""
        if self.action == DRAW:
            return Text("lesson.guide.draw", {"card": self.card})
        if self.top is None:
            return Text("lesson.guide.play_empty", {"card": self.card})
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
        return task is not None and not self.waiting and task.kind in _GUIDED

    @property
    def hint_available(self) -> bool:
        """True when the current step is a game to play on (win it, or keep it winnable): Hint helps there."""
        task = self.task
        return task is not None and not self.waiting and task.kind in (TaskKind.WIN, TaskKind.KEEP)

    def goal(self) -> Text:
        """The current task's instruction, or the lesson's closing sentence when complete.

        While a finished board waits (:attr:`waiting`), the sentence that says so.
        """
        if self.task is None:
            return self.lesson.text("complete")
        if self.waiting:
            return Text("lesson.generic.waiting")
        values: dict[str, Any] = dict(self.lesson.values())
        if self.task.kind is TaskKind.RUN:
            values["count"] = self.run_wanted
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
        self._run_wanted = task.count if task.kind is not TaskKind.RUN or task.count else len(longest_run(self.game))

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
        """How many cards in a row the current RUN step wants (searched when the step gives 0)."""
        return self._run_wanted

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
        if self.hits >= (self._run_wanted if task.kind is TaskKind.RUN else task.wanted):
            return self._done(event, refusal, values, detail)
        return Feedback(
            FeedbackKind.OK,
            "lesson.generic.progress",
            {
                **(values or {}),
                "done": self.hits,
                "total": self._run_wanted if task.kind is TaskKind.RUN else task.wanted,
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
        self._done_found = set(self.found)
        facts = self.comparison() if task.compare else ()
        if task.kind is TaskKind.RUN:
            values = {**(values or {}), "count": self._run_wanted}
        fb = Feedback(
            FeedbackKind.DONE,
            f"lesson.{self.lesson.id}.{task.key}.done",
            dict(values or {}),
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
        kind = task.kind
        detail = self.game.refusal_detail(p)
        if kind is TaskKind.FIND:
            if p in self.found:
                return Feedback(
                    FeedbackKind.INFO,
                    "lesson.generic.already",
                    {"done": len(self.found), "total": task.wanted},
                    lesson=self.lesson,
                )
            if p in task.targets:
                self.found.add(p)
                return self._hit(values={})
            if task.explain_refusals and task.rank_miss and refusal is Refusal.BLOCKED:
                # Covered or face down (docs/rules.md §2): that is the whole reason, the rank is beside the point.
                return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=self.lesson)
            if task.explain_refusals and refusal is not None:
                return Feedback(
                    FeedbackKind.REFUSED,
                    f"lesson.{self.lesson.id}.{task.key}.miss",
                    refusal=refusal,
                    lesson=self.lesson,
                    detail=detail,
                )
            return Feedback(FeedbackKind.MISS, f"lesson.{self.lesson.id}.{task.key}.miss", lesson=self.lesson)
        if kind is TaskKind.REFUSE:
            if task.stock:
                return self._miss("lesson.generic.use_stock")
            if refusal is None:
                return self._miss("lesson.generic.playable")
            if refusal is task.refusal and (not task.targets or p in task.targets):
                return self._hit(refusal=refusal, detail=detail)
            if refusal is task.refusal:
                return Feedback(
                    FeedbackKind.REFUSED,
                    "lesson.generic.wrong_card",
                    refusal=refusal,
                    lesson=self.lesson,
                    detail=detail,
                )
            return Feedback(
                FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=self.lesson, detail=detail
            )
        if kind is TaskKind.DEAL:
            return self._miss("lesson.generic.deal_instead", code=task.code or "")
        if kind is TaskKind.EXPIRE:
            return self._miss("lesson.generic.expire_instead")
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=self.lesson, detail=detail)
        if kind is TaskKind.DRAW:
            return self._miss("lesson.generic.draw_instead")
        if kind is TaskKind.UNDO:
            return self._miss("lesson.generic.undo_instead")
        if kind is TaskKind.PLAY and task.targets and p not in task.targets:
            return self._miss("lesson.generic.not_this", card=self.game.card_at(p))
        if kind is TaskKind.CHOOSE and (p not in task.targets or task.stock):
            return self._wrong_choice(p)
        if kind is TaskKind.KEEP:
            lost = self._loses(p)
            if lost is not None:
                return lost
        event = self.game.play(p)
        if kind is TaskKind.WIN:
            return self._progress_win(event)
        if kind is TaskKind.KEEP:
            if all(self.game.tableau[q] is None for q in task.targets):
                return self._done(event)
            return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)
        if kind is TaskKind.RUN:
            return self._progress_run(event)
        if kind is TaskKind.PLAY and task.count == 0:  # play until no card fits
            if not self.game.playable():
                return self._done(event)
            return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)
        return self._hit(event)

    def _loses(self, action: Action) -> Feedback | None:
        """In a KEEP task: the explanation when ``action`` would make the deal unwinnable (the
        solver's verdict, docs/rules.md §1–§3), else ``None`` (also when the solver cannot tell)."""
        task = self.task
        assert task is not None
        after = self.game.copy()
        after.apply(action)
        if after.status is Status.WON or _verdict(after) is not False:
            return None
        if action == DRAW:
            return self._miss("lesson.generic.losing_draw")
        card = self.game.card_at(int(action))
        if action in task.avoid:
            return self._miss(f"lesson.{self.lesson.id}.{task.key}.avoid", card=card)
        return self._miss("lesson.generic.losing", card=card)

    def _wrong_choice(self, action: Action) -> Feedback:
        """In a CHOOSE task: a legal move that is not the better one, explained (nothing is played)."""
        task = self.task
        assert task is not None
        card = None if action == DRAW else self.game.card_at(int(action))
        key = (
            f"lesson.{self.lesson.id}.{task.key}.avoid"
            if isinstance(action, int) and action in task.avoid
            else f"lesson.{self.lesson.id}.{task.key}.miss"
        )
        if card is None:  # a draw where the step asks for a card (its own sentence names the card played)
            key = "lesson.generic.play_instead"
        facts = tuple(f for f in self.comparison() if f[1].get("action") == action) if task.compare else ()
        return Feedback(
            FeedbackKind.MISS, key, {"card": card} if card is not None else {}, lesson=self.lesson, facts=facts
        )

    def _progress_win(self, event: Event) -> Feedback:
        if self.game.status is Status.WON:
            return self._hit(event)
        if self.game.status is Status.BLOCKED:
            return Feedback(FeedbackKind.OK, "lesson.generic.blocked_undo", event=event, lesson=self.lesson)
        return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)

    def _run_length(self) -> int:
        start = len(self._task_start.standing_actions)
        return len(self.game.standing_actions) - start

    def _progress_run(self, event: Event) -> Feedback:
        self.hits = self._run_length()
        if self.hits >= self._run_wanted:
            return self._done(event)
        if not self.game.playable():
            return Feedback(
                FeedbackKind.OK,
                "lesson.generic.run_stuck",
                {"done": self.hits, "total": self._run_wanted},
                event,
                lesson=self.lesson,
            )
        return Feedback(
            FeedbackKind.OK,
            "lesson.generic.progress",
            {"done": self.hits, "total": self._run_wanted},
            event,
            lesson=self.lesson,
        )

    def click_stock(self) -> Feedback:
        """The learner clicked the stock (a draw, if the task allows it)."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        return self._record(self._followed(DRAW, self._click_stock()))

    def _click_stock(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        refusal = self.game.draw_refusal()
        if task.kind is TaskKind.DEAL:
            return self._miss("lesson.generic.deal_instead", code=task.code or "")
        if task.kind is TaskKind.EXPIRE:
            return self._miss("lesson.generic.expire_instead")
        if task.kind is TaskKind.REFUSE:
            if not task.stock:
                return (
                    self._miss("lesson.generic.use_card")
                    if refusal is None
                    else Feedback(
                        FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=self.lesson
                    )
                )
            if refusal is task.refusal:
                return self._hit(refusal=refusal)
            if refusal is None:
                return self._miss("lesson.generic.stock_not_empty")
            return Feedback(FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=self.lesson)
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=self.lesson)
        if task.kind in (TaskKind.DRAW, TaskKind.MOVE):
            return self._hit(self.game.draw())
        if task.kind is TaskKind.WIN:
            return self._progress_win(self.game.draw())
        if task.kind is TaskKind.KEEP:
            lost = self._loses(DRAW)
            return lost if lost is not None else Feedback(FeedbackKind.OK, event=self.game.draw(), lesson=self.lesson)
        if task.kind is TaskKind.CHOOSE:
            if task.stock:
                return self._done(self.game.draw())
            return self._wrong_choice(DRAW)
        if task.kind is TaskKind.RUN:
            return self._miss("lesson.generic.run_no_draw")
        if task.kind is TaskKind.UNDO:
            return self._miss("lesson.generic.undo_instead")
        if task.kind is TaskKind.FIND:
            return self._miss("lesson.generic.use_card")
        return self._miss("lesson.generic.play_instead")

    def undo(self) -> Feedback:
        """The learner pressed Undo (accepted in UNDO steps and in steps of several moves)."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        return self._record(self._followed(UNDO, self._undo()))

    def _undo(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        if task.kind not in (TaskKind.UNDO, *_GUIDED):
            return self._miss("lesson.generic.no_undo")
        if task.kind in _GUIDED and len(self.game.standing_actions) <= len(self._task_start.standing_actions):
            return self._miss("lesson.generic.undo_step_start")
        try:
            event = self.game.undo()
        except IllegalMoveError as exc:
            return Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=self.lesson)
        if task.kind is TaskKind.RUN:
            self.hits = self._run_length()
        if task.kind in _GUIDED:
            return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)
        return self._hit(event)

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
        if task.kind is not TaskKind.DEAL:
            return self._record(self._miss("lesson.generic.no_deal"))
        self.game = game
        if game.code is not None and str(game.code) == task.code:
            return self._record(self._done())
        return self._record(self._miss(f"lesson.{self.lesson.id}.{task.key}.miss", dealt=str(game.code or "")))

    def expire(self) -> Feedback:
        """The learner let the timer run out (docs/rules.md §8): the game ends, *time up*, in an EXPIRE step."""
        if self.waiting:
            return self._record(self._waiting_feedback())
        task = self.task
        if task is None:
            return self._record(Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson))
        if task.kind is not TaskKind.EXPIRE:
            return self._record(self._miss("lesson.generic.no_expire"))
        try:
            event = self.game.expire()
        except IllegalMoveError as exc:
            return self._record(Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=self.lesson))
        return self._record(self._hit(event))

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

    def _guide_line(self) -> tuple[tuple[Action, ...], bool] | None:
        """The line to show from here (``restarted`` False), or from the step's start (True)."""
        task = self.task
        assert task is not None
        at_start = self.game.state_key() == self._task_start.state_key()
        if task.kind is TaskKind.RUN:
            line = longest_run(self.game)
            if self._run_length() + len(line) >= self._run_wanted:
                return tuple(line[: self._run_wanted - self._run_length()]), False
            return tuple(longest_run(self._task_start)[: self._run_wanted]), True
        if at_start and task.solution:
            return tuple(task.solution), False
        here = _solver_line(self.game)
        if here is not None:
            return here, False
        start = _solver_line(self._task_start) or (tuple(task.solution) if task.solution else None)
        if start is None:
            return None
        return start, True

    def show_me(self) -> list[Feedback]:
        """Help with the current step.

        A step of a single move (or a few) plays the rest of its scripted
        solution through the normal checks and returns the feedback of each
        action (the last one completes the step).  A step of several moves
        (:attr:`guided`) opens a :class:`Guide` (:attr:`guide`) instead and
        returns one feedback saying where it starts.  While a finished board
        waits, moves on (:meth:`proceed`).  ``[]`` when the lesson is complete
        or the step waits for its own control (deal a code, let the time run
        out): there is no move to show.
        """
        task = self.task
        if task is None or (not self.waiting and task.kind in (TaskKind.DEAL, TaskKind.EXPIRE)):
            return []
        if self.waiting:
            return [self.proceed()]
        if task.kind in _GUIDED:
            return [self._record(self._open_guide())]
        out: list[Feedback] = []
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
        found = self._guide_line()
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
        if task is None or task.kind in (TaskKind.DEAL, TaskKind.EXPIRE):
            return None
        kind = task.kind
        if kind is TaskKind.FIND:
            return min(task.targets - self.found)
        if kind is TaskKind.REFUSE:
            if task.stock:
                return DRAW
            pool = sorted(task.targets) if task.targets else range(N_TABLEAU)
            return next(p for p in pool if self.game.refusal(p) is task.refusal)
        if kind is TaskKind.DRAW:
            return DRAW
        if kind is TaskKind.UNDO:
            return UNDO
        if kind in _GUIDED:
            raise RuntimeError("a step of several moves is shown as a guide: use show_me()")
        if kind is TaskKind.CHOOSE:
            if task.stock:
                return DRAW
            return min(p for p in task.targets if self.game.refusal(p) is None)
        playable = [p for p in self.game.playable() if not task.targets or p in task.targets]
        if playable:
            return playable[0]
        return DRAW

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
        """Positions 0–27 to ring: the cards found so far in a FIND task (and, once the lesson is
        complete, those found in its last step), the card of a hint, or the guide's next card."""
        if self.complete:
            return tuple(sorted(self._done_found))
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
        card = None if action == DRAW else start.card_at(int(action))
        if task.kind is TaskKind.RUN:
            if card is None:
                continue
            facts.append(("lesson.compare.run", {"action": action, "card": card, "count": 1 + len(longest_run(after))}))
            continue
        verdict = _verdict(after)
        word = "unknown" if verdict is None else ("yes" if verdict else "no")
        if card is None:
            facts.append((f"lesson.compare.draw_{word}", {"action": action}))
        else:
            facts.append((f"lesson.compare.play_{word}", {"action": action, "card": card}))
    result = tuple(facts)
    if all("unknown" not in k for k, _ in result):
        _COMPARED[key] = result
    return result
