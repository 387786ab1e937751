"""Guided lessons: ten hand-built boards that teach every rule of docs/rules.md by doing.

Pure Python (no widget import); the notebook view is :mod:`tripeaks.app.lessons`.

A :class:`Lesson` is a board (a hand-built deal from :meth:`Game.from_layout`
or a game code) and an ordered list of :class:`Task` s.  Each task asks the
learner for one thing: play a card, draw, undo, find some cards, make the game
refuse a move, or win.  A :class:`LessonRun` holds the live :class:`Game` of a
lesson, takes the learner's clicks (:meth:`LessonRun.click_card`,
:meth:`LessonRun.click_stock`, :meth:`LessonRun.undo`), checks them against
the current task and returns a :class:`Feedback`: what happened (the engine's
own event or refusal) and which lesson sentence goes with it.  A refused or
off-task click never changes the game.  :meth:`LessonRun.show_me` plays the
current task's scripted solution through the same checks.

Texts live in :mod:`tripeaks.i18n.lessons` (en, pt, fr); a :class:`Feedback`
renders itself in any language with :meth:`Feedback.message`.

>>> run = LessonRun(LESSONS[2])          # lesson 3: revealing a card
>>> run.click_card(21).kind.value         # K♣ on the waste A♣
'done'
>>> run.click_card(18).message("en")      # 3♠ is two ranks from K♣
'It must be one rank higher or lower.'
>>> _ = run.show_me(); _ = run.show_me()  # plays A♠, then 2♦
>>> run.complete, run.game.tableau[12].card.symbol
(True, '7♠')
"""

from __future__ import annotations

import copy as _copy
import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ._enums import TextEnum
from .cards import DECK, Card
from .codes import Rule
from .game import Action, Event, Game, IllegalMoveError, PlayEvent, Refusal, Status
from .layout import BASE_ROW, N_TABLEAU

__all__ = [
    "TaskKind",
    "Task",
    "Lesson",
    "Feedback",
    "LessonRun",
    "LESSONS",
    "lesson",
    "WINNING_EASY_LINE",
    "LESSON8_PLAN",
    "solver_verdicts",
    "walk_board",
    "Action",
    "FeedbackKind",
]


class TaskKind(enum.Enum):
    """What a :class:`Task` asks the learner to do."""

    PLAY = "play"
    """Play a card: one of ``targets`` (or any playable card when ``targets`` is empty)."""
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


@dataclass(frozen=True)
class Task:
    """One step of a lesson.

    ``key`` names the texts ``lesson.<lesson id>.<key>.goal`` and ``.done``.
    ``targets`` are positions 0–27 (meaning depends on ``kind``); ``need``
    how many of them a FIND task wants (default all); ``count`` how many
    draws (DRAW) or plays (PLAY); ``refusal`` the refusal a REFUSE task wants
    (``stock=True``: by clicking the stock).  ``board`` replaces the game when
    the task starts, then ``setup`` actions are played on it.  ``solution``
    is the scripted line of a WIN task (from the task's starting position).
    ``explain_refusals``: a FIND miss shows the engine's refusal message.
    ``rank_miss``: the FIND miss sentence is about ranks, so a blocked card
    (covered or face down, docs/rules.md §2) gets the refusal alone.
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

    @property
    def wanted(self) -> int:
        """How many hits complete the task (FIND: ``need`` or all targets; else ``count``)."""
        if self.kind is TaskKind.FIND:
            return self.need or len(self.targets)
        return self.count


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``number`` 1–10, text id ``id``, its starting ``board`` and ``tasks``.

    ``cards`` names the cards its texts mention (placeholders such as
    ``{king}``), shown with :func:`tripeaks.i18n.card_name` in each language.
    ``plot``: the view shows the score plot.
    """

    number: int
    id: str
    board: Callable[[], Game]
    tasks: tuple[Task, ...]
    cards: Mapping[str, str] = field(default_factory=dict)
    plot: bool = False

    def text(self, part: str, lang: str = "en") -> str:
        """The lesson sentence ``lesson.<id>.<part>`` in ``lang`` (e.g. ``"title"``, ``"intro"``).

        Raises ``KeyError`` for an unknown part, ``ValueError`` for an unknown language.
        """
        from .i18n.lessons import lesson_text

        return lesson_text(f"lesson.{self.id}.{part}", lang, **self.values(lang))

    def values(self, lang: str) -> dict[str, Any]:
        """The named placeholders of this lesson's texts in ``lang``."""
        from .i18n import card_name

        return {name: card_name(c, lang) for name, c in self.cards.items()}

    def facts(self, lang: str = "en") -> list[str]:
        """Extra sentences computed by the engine for this lesson (lesson 9: the solver's
        verdicts on ``TP1-E-AAAAAAD`` / ``TP1-C-AAAAAAD``, or the winning-line fallback)."""
        from .i18n.lessons import lesson_text

        if self.id != "codes":
            return []
        verdict = solver_verdicts()
        if verdict["source"] != "solver":
            return [lesson_text("lesson.codes.verdict.line", lang, length=len(WINNING_EASY_LINE))]
        return [
            lesson_text(f"lesson.codes.verdict.easy_{verdict['easy']}", lang),
            lesson_text(f"lesson.codes.verdict.classic_{verdict['classic']}", lang),
        ]


# --------------------------------------------------------------------- boards
def _deal(
    placed: Mapping[int, str],
    waste_top: str,
    stock: Sequence[str] = (),
    rule: Rule = Rule.EASY,
    stock_size: int = 23,
    seed: int = 7,
) -> Game:
    """A hand-built deal: ``placed`` cards at their positions, ``waste_top`` on the
    waste, ``stock`` drawn first; every other card fills the rest in a fixed,
    seeded order (positions first, then the stock up to ``stock_size`` cards,
    then under the waste top)."""
    used = [Card.parse(c) for c in (*placed.values(), waste_top, *stock)]
    rest = [c for c in DECK if c not in used]
    random.Random(seed).shuffle(rest)
    tableau: list[Card] = []
    for p in range(N_TABLEAU):
        tableau.append(Card.parse(placed[p]) if p in placed else rest.pop())
    stock_cards = [Card.parse(c) for c in stock]
    while len(stock_cards) < stock_size:
        stock_cards.append(rest.pop())
    return Game.from_layout(tableau, [*rest, Card.parse(waste_top)], stock_cards, rule)


def _cards(text: str) -> list[str]:
    return text.split()


#: The rules document's walk-through (docs/rules.md §2): waste A♣; K♣ (21) and 2♦ (22)
#: cover the middle peak's face-down 7♠ (12); A♠, K♦ and 3♠ elsewhere in the base.
_WALK = {18: "3S", 19: "KD", 20: "9H", 21: "KC", 22: "2D", 23: "5C", 24: "JS", 25: "AS", 26: "8D", 27: "QH", 12: "7S"}


def walk_board(rule: Rule | str = Rule.EASY) -> Game:
    """The walk-through deal (lessons 1, 3, 4, 6, 10) under ``rule``."""
    return _deal(_WALK, "AC", rule=Rule.parse(rule))


def _ranks_board() -> Game:
    # waste 7♥: 8♣ one higher, 6♦ one lower, 7♠ for the way back down.
    base = {18: "2C", 19: "8C", 20: "QD", 21: "4S", 22: "7S", 23: "JH", 24: "6D", 25: "KS", 26: "10C", 27: "3H"}
    return _deal(base, "7H")


def _stock_board() -> Game:
    # a stock of three cards (the other 20 lie under the waste top 4♦); 5♠ and 3♣ fit 4♦.
    base = {18: "5S", 19: "10D", 20: "3C", 21: "9C", 22: "QS", 23: "6H", 24: "2H", 25: "JD", 26: "8S", 27: "KH"}
    return _deal(base, "4D", stock=("7C", "AH", "JC"), stock_size=3)


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


def _literal(data: tuple[str, str, str], rule: Rule = Rule.EASY) -> Game:
    tableau, waste, stock = data
    return Game.from_layout(_cards(tableau), _cards(waste), _cards(stock), rule)


WINNING_EASY_LINE: tuple[str, ...] = tuple(
    "D QD JD QH D AD D D 10H D D D 5D 4D D 9C 10C D KD D D 6C D D 3D 4S D 2S AC 2C D 4H 5S 6D 7S 8S D "
    "JH 10S D D 5C D 7H D 10D D 2H AS".split()
)
"""A winning line of ``TP1-E-AAAAAAD`` under Easy (card texts and ``"D"``), found by exhaustive search."""


@lru_cache(maxsize=1)
def solver_verdicts() -> dict[str, str]:
    """The solver's verdicts on ``TP1-E-AAAAAAD`` and ``TP1-C-AAAAAAD`` as lesson placeholders.

    Returns ``{"easy": "yes"|"no"|"unknown", "classic": …, "source": "solver"|"line"}``.
    When :mod:`tripeaks.solver` is missing or fails, ``source`` is ``"line"``
    and the Easy verdict rests on :data:`WINNING_EASY_LINE` (replayed here).
    """

    def word(v: object) -> str:
        return "unknown" if v is None else ("yes" if v else "no")

    try:
        import importlib

        check = importlib.import_module("tripeaks.solver").is_winnable
        return {
            "easy": word(check(Game.from_code("TP1-E-AAAAAAD"), time_limit=10.0)),
            "classic": word(check(Game.from_code("TP1-C-AAAAAAD"), time_limit=10.0)),
            "source": "solver",
        }
    except Exception:  # noqa: BLE001 - no solver (yet) or a solver failure: fall back to the line
        game = Game.from_code("TP1-E-AAAAAAD")
        for a in WINNING_EASY_LINE:
            game.apply(a)
        return {"easy": word(game.status is Status.WON), "classic": "unknown", "source": "line"}


def _code_board() -> Game:
    return Game.from_code("TP1-E-AAAAAAD")


def _positions_of(game: Game, cards: Sequence[str]) -> tuple[int, ...]:
    return tuple(game.dealt_tableau.index(Card.parse(c)) for c in cards)


def _code_line() -> tuple[Action, ...]:
    return tuple(WINNING_EASY_LINE)


def _build_lessons() -> tuple[Lesson, ...]:
    walk_classic: Callable[[], Game] = lambda: walk_board(Rule.CLASSIC)  # noqa: E731
    walk_easy: Callable[[], Game] = walk_board
    walk_cards = {"waste": "AC", "king": "KC", "ace": "AS", "two": "2D", "seven": "7S", "kd": "KD", "three": "3S"}
    return (
        Lesson(
            1,
            "layout",
            walk_board,
            (
                Task("apexes", TaskKind.FIND, frozenset({0, 1, 2})),
                Task("exposed", TaskKind.FIND, frozenset(BASE_ROW), need=1, explain_refusals=True),
                Task("stock", TaskKind.DRAW),
            ),
            cards=walk_cards,
        ),
        Lesson(
            2,
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
            3,
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
            4,
            "refusals",
            walk_board,
            (
                Task("rank", TaskKind.REFUSE, refusal=Refusal.NOT_ADJACENT),
                Task("blocked", TaskKind.REFUSE, refusal=Refusal.BLOCKED),
            ),
            cards=walk_cards,
        ),
        Lesson(
            5,
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
            6,
            "rules",
            walk_board,
            (
                Task("easy", TaskKind.FIND, frozenset({19, 21, 22}), explain_refusals=True, rank_miss=True),
                Task(
                    "classic", TaskKind.FIND, frozenset({22}), explain_refusals=True, rank_miss=True, board=walk_classic
                ),
            ),
            cards=walk_cards,
        ),
        Lesson(
            7,
            "end",
            lambda: _literal(_WIN772),
            (
                Task("win", TaskKind.PLAY, frozenset({2}), setup=_WIN772_PLAN[:-1]),
                Task("blocked", TaskKind.DRAW, board=lambda: _literal(_BLOCK), setup=_BLOCK_PLAN),
                Task("undo", TaskKind.UNDO),
                Task("play", TaskKind.PLAY, frozenset({15})),
            ),
            cards={"last": "6C", "top": "3S", "drawn": "KH", "fit": "4D"},
        ),
        Lesson(
            8,
            "score",
            lambda: _literal(_GAME750),
            (
                Task("peak", TaskKind.PLAY, frozenset({0}), setup=LESSON8_PLAN[:36]),
                # moves 38–42: the middle peak's five cards; their order is forced by rank and covering
                Task("middle", TaskKind.PLAY, frozenset(p for p in LESSON8_PLAN[37:42] if isinstance(p, int)), count=5),
                Task("last", TaskKind.PLAY, frozenset({2}), setup=LESSON8_PLAN[42:49]),
            ),
            cards={},
            plot=True,
        ),
        Lesson(
            9,
            "codes",
            _code_board,
            (
                Task("move", TaskKind.MOVE),
                Task("undo", TaskKind.UNDO),
                Task("win", TaskKind.WIN, solution=_code_line()),
            ),
            plot=True,
        ),
        Lesson(
            10,
            "differences",
            walk_classic,
            (
                Task("classic", TaskKind.REFUSE, frozenset({21}), refusal=Refusal.NOT_ADJACENT),
                Task("easy", TaskKind.PLAY, frozenset({21}), board=walk_easy),
                Task("draw", TaskKind.DRAW),
            ),
            cards=walk_cards,
        ),
    )


LESSONS: tuple[Lesson, ...] = _build_lessons()
"""The ten lessons, one per rule of docs/rules.md."""


def lesson(number: int) -> Lesson:
    """Lesson ``number`` (1–10).  Raises ``ValueError`` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LESSONS):
        raise ValueError(f"lesson number must be 1–{len(LESSONS)}, got {number!r}")
    return LESSONS[number - 1]


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
    """Nothing to do (e.g. the lesson is already complete)."""


@dataclass(frozen=True)
class Feedback:
    """What a click did, renderable in any language.

    ``kind``: a :class:`FeedbackKind`.  ``event`` is the engine event of
    an accepted move; ``refusal`` the engine's reason; ``key`` a lesson text
    key and ``values`` its placeholders.
    """

    kind: FeedbackKind
    key: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)
    event: Event | None = None
    refusal: Refusal | None = None
    lesson: Lesson | None = None

    @property
    def accepted(self) -> bool:
        """True when the game changed (an engine event happened)."""
        return self.event is not None

    def message(self, lang: str = "en") -> str:
        """The feedback as whole sentences in ``lang``: the engine's refusal or
        move explanation first, then the lesson's sentence."""
        from .i18n import explain, refusal_sentence
        from .i18n.lessons import lesson_text

        parts = []
        if self.refusal is not None:
            parts.append(refusal_sentence(self.refusal, lang))
        if self.event is not None:
            parts.append(explain(self.event, lang))
        if self.key is not None:
            values = dict(self.lesson.values(lang)) if self.lesson else {}
            for name, v in self.values.items():
                if isinstance(v, Card):
                    from .i18n import card_name

                    v = card_name(v, lang)
                values[name] = v
            parts.append(lesson_text(self.key, lang, **values))
        return " ".join(p for p in parts if p)


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
        self._start_task()

    def copy(self) -> LessonRun:
        """An independent copy: its own game and found cards, the same lesson and progress.

        A view can try a click on a copy and keep it only when the click went through.
        """
        other = _copy.copy(self)
        other.game = self.game.copy()
        other.found = set(self.found)
        other._done_found = set(self._done_found)
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

    def goal(self, lang: str = "en") -> str:
        """The current task's instruction, or the lesson's closing sentence when complete."""
        if self.task is None:
            return self.lesson.text("complete", lang)
        return self.lesson.text(f"{self.task.key}.goal", lang)

    def _start_task(self) -> None:
        self.hits = 0
        self.found = set()
        task = self.task
        if task is None:
            return
        if task.board is not None:
            self.game = task.board()
        for action in task.setup:
            self.game.apply(action)
        self._task_start = self.game.copy()

    def _hit(
        self, event: Event | None = None, refusal: Refusal | None = None, values: Mapping[str, Any] | None = None
    ) -> Feedback:
        task = self.task
        assert task is not None
        self.hits += 1
        if self.hits >= task.wanted:
            self._done_found = set(self.found)
            fb = Feedback(
                FeedbackKind.DONE,
                f"lesson.{self.lesson.id}.{task.key}.done",
                dict(values or {}),
                event,
                refusal,
                self.lesson,
            )
            self.task_index += 1
            self._start_task()
        else:
            fb = Feedback(
                FeedbackKind.OK,
                "lesson.generic.progress",
                {**(values or {}), "done": self.hits, "total": task.wanted},
                event,
                refusal,
                self.lesson,
            )
        return fb

    def _miss(self, key: str, **values: Any) -> Feedback:
        return Feedback(FeedbackKind.MISS, key, values, lesson=self.lesson)

    def _record(self, fb: Feedback) -> Feedback:
        self.last = fb
        return fb

    # ----------------------------------------------------------------- clicks
    def click_card(self, position: int) -> Feedback:
        """The learner clicked the card at ``position`` (0–27).

        Raises ``ValueError`` for a position outside 0–27 (nothing changes).
        """
        refusal = self.game.refusal(position)  # validates the position
        if refusal is Refusal.EMPTY and self.last is not None:
            # The card is already gone: the second click of a fast double click.  Keep what was said.
            return self.last
        return self._record(self._click_card(position, refusal))

    def _click_card(self, p: int, refusal: Refusal | None) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        kind = task.kind
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
                )
            return Feedback(FeedbackKind.MISS, f"lesson.{self.lesson.id}.{task.key}.miss", lesson=self.lesson)
        if kind is TaskKind.REFUSE:
            if task.stock:
                return self._miss("lesson.generic.use_stock")
            if refusal is None:
                return self._miss("lesson.generic.playable")
            if refusal is task.refusal and (not task.targets or p in task.targets):
                return self._hit(refusal=refusal)
            if refusal is task.refusal:
                return Feedback(FeedbackKind.REFUSED, "lesson.generic.wrong_card", refusal=refusal, lesson=self.lesson)
            return Feedback(FeedbackKind.REFUSED, "lesson.generic.other_refusal", refusal=refusal, lesson=self.lesson)
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=self.lesson)
        if kind is TaskKind.DRAW:
            return self._miss("lesson.generic.draw_instead")
        if kind is TaskKind.UNDO:
            return self._miss("lesson.generic.undo_instead")
        if kind is TaskKind.PLAY and task.targets and p not in task.targets:
            return self._miss("lesson.generic.not_this", card=self.game.card_at(p))
        event = self.game.play(p)
        if kind is TaskKind.WIN:
            return self._progress_win(event)
        return self._hit(event)

    def _progress_win(self, event: Event) -> Feedback:
        if self.game.status is Status.WON:
            return self._hit(event)
        if self.game.status is Status.BLOCKED:
            return Feedback(FeedbackKind.OK, "lesson.generic.blocked_undo", event=event, lesson=self.lesson)
        return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)

    def click_stock(self) -> Feedback:
        """The learner clicked the stock (a draw, if the task allows it)."""
        return self._record(self._click_stock())

    def _click_stock(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        refusal = (
            None
            if self.game.can_draw
            else (Refusal.GAME_OVER if self.game.status is Status.WON else Refusal.STOCK_EMPTY)
        )
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
            return self._miss("lesson.generic.stock_not_empty")
        if refusal is not None:
            return Feedback(FeedbackKind.REFUSED, refusal=refusal, lesson=self.lesson)
        if task.kind in (TaskKind.DRAW, TaskKind.MOVE):
            return self._hit(self.game.draw())
        if task.kind is TaskKind.WIN:
            return self._progress_win(self.game.draw())
        if task.kind is TaskKind.UNDO:
            return self._miss("lesson.generic.undo_instead")
        if task.kind is TaskKind.FIND:
            return self._miss("lesson.generic.use_card")
        return self._miss("lesson.generic.play_instead")

    def undo(self) -> Feedback:
        """The learner pressed Undo (accepted in UNDO and WIN tasks)."""
        return self._record(self._undo())

    def _undo(self) -> Feedback:
        task = self.task
        if task is None:
            return Feedback(FeedbackKind.INFO, "lesson.generic.complete", lesson=self.lesson)
        if task.kind not in (TaskKind.UNDO, TaskKind.WIN):
            return self._miss("lesson.generic.no_undo")
        try:
            event = self.game.undo()
        except IllegalMoveError as exc:
            return Feedback(FeedbackKind.REFUSED, refusal=exc.refusal, lesson=self.lesson)
        if task.kind is TaskKind.WIN:
            return Feedback(FeedbackKind.OK, event=event, lesson=self.lesson)
        return self._hit(event)

    # ----------------------------------------------------------------- help
    def solution_step(self) -> Action | None:
        """The next action of the current task's scripted solution.

        A position 0–27 (click that card), ``"D"`` (click the stock) or
        ``"U"`` (press Undo); ``None`` when the lesson is complete.
        """
        task = self.task
        if task is None:
            return None
        kind = task.kind
        if kind is TaskKind.FIND:
            return min(task.targets - self.found)
        if kind is TaskKind.REFUSE:
            if task.stock:
                return "D"
            pool = sorted(task.targets) if task.targets else range(N_TABLEAU)
            return next(p for p in pool if self.game.refusal(p) is task.refusal)
        if kind is TaskKind.DRAW:
            return "D"
        if kind is TaskKind.UNDO:
            return "U"
        if kind is TaskKind.WIN:
            raise RuntimeError("a WIN task is shown as a whole line: use show_me()")
        playable = [p for p in self.game.playable() if not task.targets or p in task.targets]
        if playable:
            return playable[0]
        return "D"

    def show_me(self) -> list[Feedback]:
        """Play the rest of the current task's solution through the normal checks.

        A WIN task starts again from its starting position and plays its line.
        Returns the feedback of each action (the last one completes the task);
        ``[]`` when the lesson is complete.
        """
        task = self.task
        if task is None:
            return []
        out: list[Feedback] = []
        if task.kind is TaskKind.WIN:
            self.game = self._task_start.copy()
            for a in task.solution:
                pos = self.game.find(str(a)) if a not in ("D", "U") else None
                out.append(self.click_stock() if a == "D" else self.click_card(pos) if pos is not None else self.undo())
            return out
        index = self.task_index
        while self.task_index == index:
            step = self.solution_step()
            if step == "D":
                out.append(self.click_stock())
            elif step == "U":
                out.append(self.undo())
            else:
                assert isinstance(step, int)
                out.append(self.click_card(step))
            if len(out) > 60:  # a scripted solution never needs this many: stop rather than loop
                raise RuntimeError(f"lesson {self.lesson.number}: the solution does not finish task {task.key}")
        return out

    def highlights(self) -> tuple[int, ...]:
        """Positions 0–27 to highlight: the cards found so far in a FIND task
        (and, once the lesson is complete, those found in its last step)."""
        if self.complete:
            return tuple(sorted(self._done_found))
        return tuple(sorted(self.found))

    def last_event_is_play(self) -> bool:
        """True when the latest feedback played a card (for views that animate it)."""
        return self.last is not None and isinstance(self.last.event, PlayEvent)
