"""The game: state, play / draw / undo / redo, refusals, status and score (docs/rules.md §1–§4, §8).

:class:`Game` is the one mutable object, under any rule set of docs/rules.md §8.
Each action returns a frozen event of :mod:`tripeaks.engine.events` (its names
are re-exported here), and :meth:`Game.apply` reads an :data:`Action` or its
record token (docs/rules.md §6).
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ._deprecated import rule_keyword
from .cards import DECK, Card, CardOrJoker, Joker, ascii_upper, parse_card_or_joker
from .codes import GameCode
from .events import (
    DRAW,
    EXPIRE,
    UNDO,
    Action,
    DrawEvent,
    Event,
    EventKind,
    PlayEvent,
    ScoreParts,
    Slot,
    Status,
    TimeUpEvent,
    UndoEvent,
)
from .layout import BASE_ROW, COVERED_BY, COVERS, N_TABLEAU, PEAK_OF, PEAKS, POSITIONS
from .rules import (
    MOVE_COST,
    PEAK_BONUS,
    RUNS_CLEAR_BONUS,
    RUNS_DRAW_COST,
    RUNS_PEAK_BONUS,
    RUNS_START_SCORE,
    START_SCORE,
    UNDO_PENALTY,
    DrawRule,
    PeaksRule,
    RuleSet,
    ScoringRule,
    UndoRule,
    WasteRule,
    WrapRule,
)

__all__ = [
    "Game",
    "Status",
    "Refusal",
    "RefusalDetail",
    "IllegalMoveError",
    "Slot",
    "ScoreParts",
    "PlayEvent",
    "DrawEvent",
    "UndoEvent",
    "TimeUpEvent",
    "Event",
    "EventKind",
    "Action",
    "DRAW",
    "UNDO",
    "EXPIRE",
    "START_SCORE",
    "PEAK_BONUS",
    "UNDO_LIMIT",
]

UNDO_LIMIT = 100
"""How many of the latest actions can be undone (docs/rules.md §4)."""


class Refusal(enum.Enum):
    """Why an action is refused (docs/rules.md §2, §4, §8).  Messages: :mod:`tripeaks.i18n`."""

    NOT_ADJACENT = "not_adjacent"
    """The card is face up and exposed but not one rank above or below the waste."""
    BLOCKED = "blocked"
    """The card is face down or still covered."""
    EMPTY = "empty"
    """The position has no card any more."""
    GAME_OVER = "game_over"
    """The game is won: no further play, draw or undo."""
    STOCK_EMPTY = "stock_empty"
    """A draw with no card left in the stock."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """An undo with no action left to undo."""
    NOTHING_TO_REDO = "nothing_to_redo"
    """A redo with no undone action left to make again (docs/rules.md §4)."""
    DRAW_STUCK = "draw_stuck"
    """A draw while an exposed card can be played, under the *draw stuck* option (docs/rules.md §8)."""
    TIME_UP = "time_up"
    """The timer has run out (docs/rules.md §8): no further play, draw, undo or timer end."""
    NO_TIMER = "no_timer"
    """A timer's end in a game without a timer (docs/rules.md §8)."""


class RefusalDetail(enum.Enum):
    """A closer reason for a :class:`Refusal`, where the refusal alone could mislead (docs/rules.md §2).

    Messages: :func:`tripeaks.i18n.refusal_detail_sentence`.
    """

    NO_WRAP = "no_wrap"
    """A K on an A, or an A on a K, under Classic: one rank apart only through the K–A wrap of Easy."""


class IllegalMoveError(ValueError):
    """A refused action.  ``.refusal`` is the :class:`Refusal`; the game is unchanged."""

    def __init__(self, refusal: Refusal, message: str) -> None:
        super().__init__(message)
        self.refusal = refusal


def _as_card(value: Card | str, what: str) -> Card:
    try:
        return Card.parse(value)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _as_stock_card(value: CardOrJoker | str, what: str) -> CardOrJoker:
    try:
        return parse_card_or_joker(value)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


_WHY: Final[dict[Refusal, str]] = {
    Refusal.GAME_OVER: "the game is won",
    Refusal.TIME_UP: "the time is up",
    Refusal.STOCK_EMPTY: "the stock is empty",
    Refusal.DRAW_STUCK: "a card can still be played (draw only when stuck)",
    Refusal.NOTHING_TO_UNDO: "nothing to undo",
    Refusal.NO_TIMER: "this game has no timer",
    Refusal.NOTHING_TO_REDO: "nothing to redo",
}
"""Why an action was refused, for exception messages (the players' sentences are in :mod:`tripeaks.i18n`)."""


def _rules_of(rules: RuleSet | WrapRule | str | None) -> RuleSet:
    """The rule set a builder's ``rules`` argument names; ``None`` is Easy."""
    return RuleSet() if rules is None else RuleSet.parse(rules)


@dataclass(frozen=True)
class _RecordCodec:
    write: Callable[[Game], dict[str, Any]]
    read: Callable[[Any], Game]


_CODEC: list[_RecordCodec] = []
"""The record codec, installed by :mod:`tripeaks.engine.record` (which imports this module; this one never imports it)."""


def install_record_codec(write: Callable[[Game], dict[str, Any]], read: Callable[[Any], Game]) -> None:
    """Make :meth:`Game.to_record` call ``write`` and :meth:`Game.from_record` call ``read``.

    Called once by :mod:`tripeaks.engine.record` when it is imported (the package
    :mod:`tripeaks.engine` imports it), so that the codec lives there without an import cycle.
    """
    _CODEC[:] = [_RecordCodec(write, read)]


def _record_codec() -> _RecordCodec:
    if not _CODEC:
        raise RuntimeError("the record codec is not loaded: import tripeaks.engine.record")
    return _CODEC[0]


class _Events:
    """A game's history: an append-only list of events whose first ``used`` ones are those of a
    tuple ``base`` shared with other games (a copy or a replay step costs the events added since,
    not the whole history)."""

    __slots__ = ("_base", "_used", "_tail")

    def __init__(self, base: tuple[Event, ...] = (), used: int | None = None) -> None:
        self._base = base
        self._used = len(base) if used is None else used
        self._tail: list[Event] = []

    def append(self, event: Event) -> None:
        self._tail.append(event)

    def __len__(self) -> int:
        return self._used + len(self._tail)

    def __iter__(self) -> Iterator[Event]:
        return itertools.chain(itertools.islice(self._base, self._used), self._tail)

    def as_tuple(self) -> tuple[Event, ...]:
        """Every event in order, as one tuple (kept, so that asking again costs nothing)."""
        if self._tail or self._used != len(self._base):
            self._base = self._base[: self._used] + tuple(self._tail)
            self._used, self._tail = len(self._base), []
        return self._base

    def copy(self) -> _Events:
        twin = _Events(self._base, self._used)
        twin._tail = self._tail[:]
        return twin


class Game:
    """One game of TriPeaks under a rule set (docs/rules.md §1–§4, §8).

    Build it with :meth:`new`, :meth:`from_code`, :meth:`from_layout` or
    :meth:`from_record`.  Ask with :meth:`refusal`, :meth:`playable`,
    :meth:`draw_refusal`, :attr:`status`; act with :meth:`play`,
    :meth:`draw`, :meth:`undo`, :meth:`redo` and, for a timed game, :meth:`expire`.
    A refused action raises :class:`IllegalMoveError` and changes nothing.
    """

    __slots__ = (
        "_rules",
        "_rule",
        "_code",
        "_cards",
        "_present",
        "_face_up",
        "_waste",
        "_stock",
        "_stock_next",
        "_start",
        "_score",
        "_moves",
        "_run",
        "_peak_left",
        "_undo",
        "_redo",
        "_history",
        "_status",
        "_initial_waste",
        "_standing",
        "_expired",
    )

    @rule_keyword
    def __init__(
        self,
        tableau: Sequence[Card],
        waste: Sequence[Card],
        stock: Sequence[CardOrJoker],
        rules: RuleSet | WrapRule | str = WrapRule.EASY,
        code: GameCode | None = None,
    ) -> None:
        """Low-level constructor; prefer the ``from_*`` builders, which validate.

        ``rules`` as in :meth:`new`; the old keyword ``rule=`` still works, with a ``DeprecationWarning``.
        """
        rules = RuleSet.parse(rules)
        self._rules = rules
        self._rule = rules.rule
        self._code = code
        self._cards: tuple[Card, ...] = tuple(tableau)
        self._present = [True] * N_TABLEAU
        open_peaks = rules.peaks is PeaksRule.OPEN
        self._face_up = [open_peaks or p in BASE_ROW for p in POSITIONS]
        self._initial_waste: tuple[Card, ...] = tuple(waste)
        self._waste: list[CardOrJoker] = list(waste)
        self._stock: tuple[CardOrJoker, ...] = tuple(stock)
        self._stock_next = 0
        self._start = RUNS_START_SCORE if rules.scoring is ScoringRule.RUNS else START_SCORE
        self._score = self._start
        self._moves = 0
        self._run = 0
        self._peak_left = [len(s) for s in PEAKS]
        self._undo: deque[PlayEvent | DrawEvent] = deque(maxlen=UNDO_LIMIT)
        self._redo: list[PlayEvent | DrawEvent] = []  # undone actions, the next redo last (docs/rules.md §4)
        self._standing: list[PlayEvent | DrawEvent] = []
        self._history = _Events()
        self._expired = False
        self._status = self._compute_status()

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_code(cls, code: GameCode | str) -> Game:
        """The deal of a TP1 code (text or :class:`GameCode`) under the code's rule set (docs/rules.md §5, §8).

        Raises :class:`~tripeaks.engine.codes.InvalidCodeError` for a malformed code.
        """
        code = GameCode.parse(code)
        tableau, waste, stock = code.layout()
        return cls(tableau, waste, stock, code.rules, code)

    @classmethod
    @rule_keyword
    def new(cls, rules: RuleSet | WrapRule | str | None = None) -> Game:
        """A random deal (uniform over 32^7, from :mod:`secrets`) under the rule set ``rules`` (docs/rules.md §5, §8).

        ``rules``: a :class:`~tripeaks.engine.rules.RuleSet`, a
        :class:`~tripeaks.engine.rules.WrapRule` or text that :meth:`RuleSet.parse`
        reads (``"classic"``, ``"traditional"``, ``"E-SR"``); the default is
        Easy.  The old keyword ``rule=`` still works, with a
        ``DeprecationWarning``.  Raises ``ValueError`` for an unknown rule set
        or when both ``rule=`` and ``rules`` are given.
        """
        return cls.from_code(GameCode.random(_rules_of(rules)))

    @classmethod
    @rule_keyword
    def from_layout(
        cls,
        tableau: Sequence[Card | str],
        waste: Card | str | Sequence[Card | str] | None,
        stock: Sequence[CardOrJoker | str],
        rules: RuleSet | WrapRule | str | None = None,
    ) -> Game:
        """A custom deal: 28 tableau cards (positions 0–27), the waste and the stock.

        ``waste`` is one card (or a sequence of cards, oldest first, the last
        on top); with an empty-waste rule set it must be empty (``[]`` or
        ``None``, docs/rules.md §8).  ``stock`` lists the stock cards, the
        first one drawn first, with exactly ``rules.jokers`` jokers (``"JK"``)
        among them.  Usually 28 + 1 + 23 cards.  Cards may be :class:`Card`
        or text.  ``rules``: the rule set, as in :meth:`new` (also the
        deprecated ``rule=``); default Easy.  Raises ``ValueError`` unless together
        the cards are exactly one 52-card deck: the message names a malformed
        card, a wrong count, a repeated or a missing card, a misplaced joker
        or a waste that does not fit the rule set.  ``game.code`` is ``None``.
        """
        chosen = _rules_of(rules)
        if isinstance(tableau, (str, bytes)) or not isinstance(tableau, Iterable):
            raise ValueError("tableau must be a sequence of 28 cards")
        tab = [_as_card(c, f"tableau position {i}") for i, c in enumerate(tableau)]
        if len(tab) != N_TABLEAU:
            raise ValueError(f"tableau must have exactly 28 cards, got {len(tab)}")
        if waste is None:
            wst: list[Card] = []
        elif isinstance(waste, (Card, str)):
            wst = [_as_card(waste, "waste")]
        elif isinstance(waste, bytes) or not isinstance(waste, Iterable):
            raise ValueError("the waste must be a card or a sequence of cards")
        else:
            wst = [_as_card(c, "waste") for c in waste]
        if chosen.waste is WasteRule.EMPTY and wst:
            raise ValueError("under an empty-waste rule set the waste must start empty")
        if chosen.waste is WasteRule.DEALT and not wst:
            raise ValueError("the waste must hold at least one card")
        if isinstance(stock, (str, bytes)) or not isinstance(stock, Iterable):
            raise ValueError("stock must be a sequence of cards")
        stk = [_as_stock_card(c, f"stock card {i}") for i, c in enumerate(stock)]
        jokers = sum(isinstance(c, Joker) for c in stk)
        if jokers != chosen.jokers:
            raise ValueError(f"the stock holds {jokers} joker(s) but the rule set asks for {chosen.jokers}")
        everything = tab + wst + [c for c in stk if isinstance(c, Card)]
        seen: set[Card] = set()
        for c in everything:
            if c in seen:
                raise ValueError(f"card {c} ({c.symbol}) appears more than once")
            seen.add(c)
        if len(everything) != 52:
            missing = [str(c) for c in DECK if c not in seen]
            raise ValueError(
                f"a layout must use the whole 52-card deck once; {len(everything)} cards given, "
                f"missing: {', '.join(missing)}"
            )
        return cls(tab, wst, stk, chosen, None)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Replay a game record (docs/rules.md §6, §8): a dict, or its JSON text (``str`` or UTF-8 ``bytes``).

        ``{"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD-SR", "actions": ["KC", "D", "U", "T"]}``;
        a custom layout has ``"rule"`` (the rule set as :meth:`RuleSet.parse`
        reads it, e.g. ``"E"`` or ``"C-OP"``) and ``"layout"`` (``tableau``,
        ``waste``, ``stock`` card lists; jokers as ``"JK"``) instead of
        ``"code"``.  Raises :class:`~tripeaks.engine.record.RecordError` (a ``ValueError``) naming the
        first bad part — the text, the format, the code, rule set or layout, or
        the first action that is malformed or illegal (with its index) —
        whatever is wrong; no partly replayed game is ever returned.  The codec is
        :mod:`tripeaks.engine.record`.
        """
        return _record_codec().read(data)

    def to_record(self) -> dict[str, Any]:
        """This game as a JSON-ready record (docs/rules.md §6, §8): its full code (or rule set and
        layout) and the token of every action in order (:attr:`PlayEvent.token`, ``"D"``, ``"U"``, ``"T"``)."""
        return _record_codec().write(self)

    def restart(self) -> Game:
        """A new game with the same deal and rule set, from its first move."""
        return Game(self._cards, self._initial_waste, self._stock, self._rules, self._code)

    def copy(self) -> Game:
        """An independent copy of this game, history and undo stack included."""
        return self._copy(self._history.copy())

    def _copy(self, history: _Events) -> Game:
        """A copy of this game whose history is ``history`` (taken as it is, not copied): with ``_Events()``,
        a snapshot of the position, undo and redo stacks in memory bounded by the deck, whatever the history."""
        g = Game.__new__(Game)
        g._rules, g._rule, g._code, g._cards = self._rules, self._rule, self._code, self._cards
        g._present, g._face_up = self._present[:], self._face_up[:]
        g._initial_waste, g._waste, g._stock = self._initial_waste, self._waste[:], self._stock
        g._stock_next, g._start, g._score, g._moves = self._stock_next, self._start, self._score, self._moves
        g._run, g._expired = self._run, self._expired
        g._peak_left = self._peak_left[:]
        g._undo = deque(self._undo, maxlen=UNDO_LIMIT)
        g._redo = self._redo[:]
        g._standing = self._standing[:]
        g._history = history
        g._status = self._status
        return g

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> RuleSet:
        """The rule set this game is played under (docs/rules.md §8)."""
        return self._rules

    @property
    def rule(self) -> WrapRule:
        """The K–A wrap this game is played under (docs/rules.md §2): ``WrapRule.EASY`` or ``WrapRule.CLASSIC`` (``rules.rule``)."""
        return self._rule

    @property
    def code(self) -> GameCode | None:
        """The TP1 code of the deal, or ``None`` for a custom layout."""
        return self._code

    @property
    def tableau(self) -> tuple[Slot | None, ...]:
        """28 entries, positions 0–27: ``None`` once removed, else a :class:`Slot`."""
        return tuple(Slot(self._cards[p], self._face_up[p]) if self._present[p] else None for p in POSITIONS)

    @property
    def present_mask(self) -> int:
        """The positions still holding a card as a bitmask: bit p for position p (what the solver reads)."""
        mask = 0
        for p, here in enumerate(self._present):
            if here:
                mask |= 1 << p
        return mask

    def card_at(self, position: int) -> Card:
        """The card dealt at ``position`` 0–27, present or not (face-down included)."""
        return self._cards[self._check_position(position)]

    @property
    def dealt_tableau(self) -> tuple[Card, ...]:
        """The 28 cards as dealt, positions 0–27."""
        return self._cards

    @property
    def stock_cards(self) -> tuple[CardOrJoker, ...]:
        """The cards (and jokers) still in the stock, next drawn first (face-down knowledge)."""
        return self._stock[self._stock_next :]

    @property
    def dealt_stock(self) -> tuple[CardOrJoker, ...]:
        """The whole stock as dealt, first drawn first (jokers included)."""
        return self._stock

    @property
    def initial_waste(self) -> tuple[Card, ...]:
        """The waste as dealt, oldest first; empty with an empty-waste rule set."""
        return self._initial_waste

    @property
    def waste_top(self) -> CardOrJoker | None:
        """The face-up card (or joker) on top of the waste; ``None`` while the waste is empty (docs/rules.md §8)."""
        return self._waste[-1] if self._waste else None

    @property
    def waste(self) -> tuple[CardOrJoker, ...]:
        """The waste (discard pile), oldest first; the last card is the top."""
        return tuple(self._waste)

    @property
    def stock_count(self) -> int:
        """Cards (jokers included) left in the stock (0–25)."""
        return len(self._stock) - self._stock_next

    @property
    def score(self) -> int:
        """Points now (docs/rules.md §3, §8): starts at 500 (0 under runs scoring), never below 0."""
        return self._score

    @property
    def start_score(self) -> int:
        """Points at the start: 500, or 0 under runs scoring (docs/rules.md §3, §8)."""
        return self._start

    @property
    def moves(self) -> int:
        """Plays plus draws made; undo does not lower it (docs/rules.md §3, §4)."""
        return self._moves

    @property
    def run(self) -> int:
        """Runs scoring: plays since the last draw or the start, the current run (docs/rules.md §8).

        Always 0 under standard scoring.  Undo restores it.
        """
        return self._run

    @property
    def status(self) -> Status:
        """:class:`Status` PLAYING, WON, BLOCKED or TIME_UP (docs/rules.md §2, §8)."""
        return self._status

    @property
    def is_over(self) -> bool:
        """True when the game is won, blocked or out of time."""
        return self._status is not Status.PLAYING

    @property
    def peaks_cleared(self) -> tuple[bool, bool, bool]:
        """Whether the left, middle and right peaks are empty."""
        a, b, c = (n == 0 for n in self._peak_left)
        return (a, b, c)

    @property
    def cards_left(self) -> int:
        """Tableau cards still to clear (28 … 0)."""
        return sum(self._present)

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event in order: plays, draws, undos and the timer's end."""
        return self._history.as_tuple()

    @property
    def standing_actions(self) -> tuple[PlayEvent | DrawEvent, ...]:
        """The plays and draws that no undo has taken back, oldest first (docs/rules.md §4).

        An undo always takes back the newest of them.
        """
        return tuple(self._standing)

    def score_series(self) -> list[tuple[int, int]]:
        """Points for the score plot: ``(moves, score)`` at the start and after each event.

        The move number stays the same across an undo (docs/rules.md §4).
        """
        return [(0, self._start)] + [(e.moves, e.score) for e in self._history]

    def score_parts(self) -> ScoreParts:
        """The score split into its parts over the whole game (docs/rules.md §3, §8).

        ``start`` plus the :class:`ScoreParts` of every event; ``total`` equals
        :attr:`score` (undone actions cancel out through their undo's parts).
        """
        parts = ScoreParts(start=self._start)
        for e in self._history:
            parts = parts + e.parts
        return parts

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would be accepted."""
        return self.undo_refusal() is None

    @property
    def can_redo(self) -> bool:
        """True when :meth:`redo` would be accepted (docs/rules.md §4)."""
        return self.redo_refusal() is None

    @property
    def undo_depth(self) -> int:
        """How many undos in a row are possible now: 0 to 100 (docs/rules.md §4); 0 once won or out of time."""
        return 0 if self._over_refusal() is not None else len(self._undo)

    @property
    def redo_depth(self) -> int:
        """How many redos in a row are possible now (docs/rules.md §4); 0 once won or out of time."""
        return 0 if self._over_refusal() is not None else len(self._redo)

    @property
    def can_draw(self) -> bool:
        """True when :meth:`draw` would be accepted."""
        return self.draw_refusal() is None

    def is_exposed(self, position: int) -> bool:
        """True when the card at ``position`` is present and nothing covers it."""
        p = self._check_position(position)
        return self._present[p] and not any(self._present[q] for q in COVERED_BY[p])

    # ------------------------------------------------------------------ queries
    def _check_position(self, position: int) -> int:
        """``position`` as a plain int 0–27; integer-likes (e.g. numpy ints) are accepted."""
        if type(position) is int and 0 <= position < N_TABLEAU:
            return position
        try:
            p = operator.index(position) if not isinstance(position, bool) else None
        except TypeError:
            p = None
        if p is None or not 0 <= p < N_TABLEAU:
            raise ValueError(f"tableau position must be an integer 0–27, got {position!r}")
        return p

    def reveals(self, position: int) -> tuple[int, ...]:
        """The face-down positions that playing ``position`` (0–27) would turn face up now (docs/rules.md §2).

        A card turns face up once the last card lying on it is gone; with open
        peaks (docs/rules.md §8) nothing is ever revealed.  Only asks: the game
        is not changed, and the play need not be legal.  Raises ``ValueError``
        for a position outside 0–27.
        """
        p = self._check_position(position)
        return tuple(
            q for q in COVERS[p] if not self._face_up[q] and not any(self._present[r] for r in COVERED_BY[q] if r != p)
        )

    def _over_refusal(self) -> Refusal | None:
        if self._status is Status.WON:
            return Refusal.GAME_OVER
        if self._status is Status.TIME_UP:
            return Refusal.TIME_UP
        return None

    def _fits(self, card: Card) -> bool:
        """Whether ``card`` may go on the waste top: adjacent rank, or any card on a joker or an empty waste."""
        top = self._waste[-1] if self._waste else None
        return not isinstance(top, Card) or self._rule.adjacent(card.rank, top.rank)

    def refusal(self, position: int) -> Refusal | None:
        """``None`` when the card at ``position`` (0–27) can be played, else why not.

        Order of checks: GAME_OVER (won) or TIME_UP, EMPTY, BLOCKED (face down
        or covered — also with open peaks), NOT_ADJACENT (never on a joker or
        an empty waste, docs/rules.md §8).  Raises ``ValueError`` for a
        position outside 0–27.
        """
        p = self._check_position(position)
        over = self._over_refusal()
        if over is not None:
            return over
        if not self._present[p]:
            return Refusal.EMPTY
        if not self._face_up[p] or any(self._present[q] for q in COVERED_BY[p]):
            return Refusal.BLOCKED
        if not self._fits(self._cards[p]):
            return Refusal.NOT_ADJACENT
        return None

    def refusal_detail(self, position: int) -> RefusalDetail | None:
        """The closer reason why the card at ``position`` (0–27) is refused, if there is one.

        :attr:`RefusalDetail.NO_WRAP` when it is refused as NOT_ADJACENT and the
        card and the waste top are a K and an A, which Classic keeps apart
        (docs/rules.md §2); else ``None`` (also for a playable card).  Raises
        ``ValueError`` for a position outside 0–27.
        """
        if self.refusal(position) is not Refusal.NOT_ADJACENT:
            return None
        top = self._waste[-1] if self._waste else None
        if isinstance(top, Card) and {self._cards[position].rank, top.rank} == {1, 13}:
            return RefusalDetail.NO_WRAP
        return None

    def draw_refusal(self) -> Refusal | None:
        """``None`` when :meth:`draw` would be accepted, else why not (docs/rules.md §2, §8).

        Order of checks: GAME_OVER (won) or TIME_UP, STOCK_EMPTY, DRAW_STUCK
        (under *draw stuck*, while an exposed card can be played).
        """
        over = self._over_refusal()
        if over is not None:
            return over
        if self._stock_next >= len(self._stock):
            return Refusal.STOCK_EMPTY
        if self._rules.draw is DrawRule.STUCK and self._any_play():
            return Refusal.DRAW_STUCK
        return None

    def redo_refusal(self) -> Refusal | None:
        """``None`` when :meth:`redo` would be accepted, else why not (docs/rules.md §4, §8).

        GAME_OVER (won), TIME_UP or NOTHING_TO_REDO.
        """
        over = self._over_refusal()
        if over is not None:
            return over
        if not self._redo:
            return Refusal.NOTHING_TO_REDO
        return None

    def undo_refusal(self) -> Refusal | None:
        """``None`` when :meth:`undo` would be accepted, else why not (docs/rules.md §4, §8).

        GAME_OVER (won), TIME_UP or NOTHING_TO_UNDO.
        """
        over = self._over_refusal()
        if over is not None:
            return over
        if not self._undo:
            return Refusal.NOTHING_TO_UNDO
        return None

    def playable(self) -> list[int]:
        """Positions 0–27 that can be played now, sorted (those whose :meth:`refusal` is ``None``)."""
        if self._status is Status.WON or self._status is Status.TIME_UP:
            return []
        return self._plays()

    def _plays(self) -> list[int]:
        """Exposed positions whose card fits the waste top, whatever the status."""
        present, face_up, cards = self._present, self._face_up, self._cards
        top = self._waste[-1] if self._waste else None
        exposed = [p for p in POSITIONS if present[p] and face_up[p] and not any(present[q] for q in COVERED_BY[p])]
        if not isinstance(top, Card):  # a joker or an empty waste takes any card (docs/rules.md §8)
            return exposed
        adjacent, rank = self._rule.adjacent, top.rank
        return [p for p in exposed if adjacent(cards[p].rank, rank)]

    def legal_actions(self) -> list[int | str]:
        """Playable positions, then ``"D"`` when a draw is allowed.

        The timer's end (:data:`EXPIRE`) is not a player's choice and is never listed.
        """
        actions: list[int | str] = list(self.playable())
        if self.can_draw:
            actions.append(DRAW)
        return actions

    def find(self, card: Card | str) -> int | None:
        """The tableau position 0–27 of ``card`` if it is still there, else ``None``."""
        c = Card.parse(card)
        for p in POSITIONS:
            if self._present[p] and self._cards[p] == c:
                return p
        return None

    def _any_play(self) -> bool:
        """Whether some exposed tableau card can be played on the waste now (whatever the status)."""
        return bool(self._plays())

    def _compute_status(self) -> Status:
        if not any(self._present):
            return Status.WON
        if self._expired:
            return Status.TIME_UP
        if self._stock_next < len(self._stock) or self._any_play():
            return Status.PLAYING
        return Status.BLOCKED

    # ------------------------------------------------------------------ actions
    def _settle(self, parts: ScoreParts) -> ScoreParts:
        """Apply ``parts`` to the score with the floor at 0; return them with the floor's part added."""
        raw = self._score + parts.total
        new = max(0, raw)
        if new != raw:
            parts = parts + ScoreParts(floor=new - raw)
        self._score = new
        return parts

    def play(self, position: int) -> PlayEvent:
        """Play the card at ``position`` (0–27) onto the waste (docs/rules.md §2, §3, §8).

        Cards whose last coverer it was turn face up.  Points: standard
        scoring −1, +100 for emptying a peak; runs scoring the play's place in
        the run, +15/+30/+45 for the first/second/third peak emptied, +100 for
        the last of the 28 cards; never below 0.  Returns the
        :class:`PlayEvent`.  Raises :class:`IllegalMoveError` (with
        ``.refusal``) when the card cannot be played, changing nothing;
        ``ValueError`` for a position outside 0–27.
        """
        p = self._check_position(position)
        why = self.refusal(p)
        if why is not None:
            raise IllegalMoveError(why, f"cannot play position {p}: {why.value.replace('_', ' ')}")
        card = self._cards[p]
        previous = self._waste[-1] if self._waste else None
        self._present[p] = False
        self._waste.append(card)
        revealed = []
        for q in COVERS[p]:
            if not self._face_up[q] and not any(self._present[r] for r in COVERED_BY[q]):
                self._face_up[q] = True
                revealed.append(q)
        peak = PEAK_OF[p]
        self._peak_left[peak] -= 1
        cleared = (peak,) if self._peak_left[peak] == 0 else ()
        self._moves += 1
        if self._rules.scoring is ScoringRule.RUNS:
            self._run += 1
            order = sum(1 for n in self._peak_left if n == 0)  # this peak's place among the emptied ones
            parts = ScoreParts(
                run=self._run,
                peaks=RUNS_PEAK_BONUS[order - 1] if cleared else 0,
                clear=RUNS_CLEAR_BONUS if order == len(PEAKS) and cleared else 0,
            )
        else:
            parts = ScoreParts(move=-MOVE_COST, peaks=PEAK_BONUS * len(cleared))
        parts = self._settle(parts)
        self._status = self._compute_status()
        event = PlayEvent(
            card,
            p,
            previous,
            tuple(revealed),
            tuple(self._cards[q] for q in revealed),
            cleared,
            parts.total,
            self._score,
            self._moves,
            self._status,
            self._run,
            parts,
        )
        self._acted(event)
        return event

    def play_card(self, card: Card | str) -> PlayEvent:
        """Play the tableau card given as a :class:`Card` or text (e.g. ``"KC"``).

        Raises :class:`IllegalMoveError` with ``Refusal.EMPTY`` when the card is
        not in the tableau, or the refusal of its position.
        """
        c = Card.parse(card)
        p = self.find(c)
        if p is None:
            over = self._over_refusal()
            if over is not None:
                raise IllegalMoveError(over, f"cannot play {c}: {_WHY[over]}")
            raise IllegalMoveError(Refusal.EMPTY, f"{c} is not in the tableau")
        return self.play(p)

    def draw(self) -> DrawEvent:
        """Turn the top stock card onto the waste (docs/rules.md §2, §8): allowed any time, or
        only when no exposed card can be played under *draw stuck*.

        Costs 1 point (standard) or 5 (runs scoring, where it also ends the
        run); never below 0.  Returns the :class:`DrawEvent`.  Raises
        :class:`IllegalMoveError` with ``STOCK_EMPTY`` (no card left; the
        stock is never recycled), ``DRAW_STUCK``, ``GAME_OVER`` (won) or
        ``TIME_UP``, changing nothing.
        """
        why = self.draw_refusal()
        if why is not None:
            raise IllegalMoveError(why, f"cannot draw: {_WHY[why]}")
        card = self._stock[self._stock_next]
        previous = self._waste[-1] if self._waste else None
        self._stock_next += 1
        self._waste.append(card)
        ended, self._run = self._run, 0
        self._moves += 1
        cost = RUNS_DRAW_COST if self._rules.scoring is ScoringRule.RUNS else MOVE_COST
        parts = self._settle(ScoreParts(move=-cost))
        self._status = self._compute_status()
        event = DrawEvent(
            card, previous, self.stock_count, parts.total, self._score, self._moves, self._status, ended, parts
        )
        self._acted(event)
        return event

    def undo(self) -> UndoEvent:
        """Take back the latest play or draw (docs/rules.md §4, §8); at most the last 100.

        The card returns to its position (face up) or to the top of the stock;
        cards that action revealed turn face down; the run returns to its
        value before and the score gets back exactly what the action changed
        (peak bonus included), so without penalties it returns to its value
        before; the move counter stays.  Under *undo penalty* the undo then
        costs 5 points (floor 0): every undo costs 5, also in a chain of undos.
        Raises :class:`IllegalMoveError` with ``NOTHING_TO_UNDO``,
        ``GAME_OVER`` (after a win) or ``TIME_UP``, changing nothing.
        """
        why = self.undo_refusal()
        if why is not None:
            raise IllegalMoveError(
                why, "nothing to undo" if why is Refusal.NOTHING_TO_UNDO else f"cannot undo: {_WHY[why]}"
            )
        last = self._undo.pop()
        self._redo.append(last)
        self._standing.pop()
        self._waste.pop()
        if isinstance(last, PlayEvent):
            self._present[last.position] = True
            for q in last.revealed:
                self._face_up[q] = False
            self._peak_left[PEAK_OF[last.position]] += 1
            self._run = max(0, last.run - 1)
        else:
            self._stock_next -= 1
            self._run = last.ended_run
        self._score -= last.points
        parts = -last.parts
        if self._rules.undo is UndoRule.PENALTY:
            parts = parts + self._settle(ScoreParts(penalty=-UNDO_PENALTY))
        self._status = self._compute_status()
        event = UndoEvent(last, parts.total, self._score, self._moves, self._status, parts)
        self._history.append(event)
        return event

    def redo(self) -> PlayEvent | DrawEvent:
        """Make again the latest action that undo took back (docs/rules.md §4, §8).

        Pressed again, the one undone before it, and so on, until a new play
        or draw.  A redo *is* that play or draw: it counts as a move, scores
        its normal points (an undo penalty is not given back), returns its
        :class:`PlayEvent` or :class:`DrawEvent`, and a record holds it as that
        action (docs/rules.md §6).  The other way round, playing the card or
        drawing as the next redo would is that redo; any other play or draw
        forgets what was left to redo.  Raises :class:`IllegalMoveError` with
        ``NOTHING_TO_REDO``, ``GAME_OVER`` (won) or ``TIME_UP``, changing nothing.
        """
        why = self.redo_refusal()
        if why is not None:
            raise IllegalMoveError(
                why, "nothing to redo" if why is Refusal.NOTHING_TO_REDO else f"cannot redo: {_WHY[why]}"
            )
        action = self._redo[-1]
        return self.play(action.position) if isinstance(action, PlayEvent) else self.draw()

    def _acted(self, event: PlayEvent | DrawEvent) -> None:
        """Keep a play or draw just made: undo stack, standing actions, history, redo stack (docs/rules.md §4)."""
        self._undo.append(event)
        self._standing.append(event)
        self._history.append(event)
        redo = self._redo
        if redo:
            nxt = redo[-1]
            same = (
                nxt.position == event.position
                if isinstance(nxt, PlayEvent) and isinstance(event, PlayEvent)
                else isinstance(nxt, DrawEvent) and isinstance(event, DrawEvent)
            )
            if same:  # the action a redo would make: it is that redo
                redo.pop()
            else:  # a new action: nothing left to redo
                redo.clear()

    def expire(self) -> TimeUpEvent:
        """The timer reached 0 (docs/rules.md §8): the game ends, lost, with status TIME_UP.

        The clock itself lives in the app; this records its end (token
        ``"T"``).  Score and move counter are unchanged; afterwards every play,
        draw, undo and timer end is refused with ``TIME_UP``.  Raises
        :class:`IllegalMoveError` with ``NO_TIMER`` (the rule set has no
        timer), ``GAME_OVER`` (won) or ``TIME_UP`` (already ended), changing
        nothing.
        """
        over = self._over_refusal()
        if over is not None:
            raise IllegalMoveError(over, f"cannot end the timer: {_WHY[over]}")
        if self._rules.timer is None:
            raise IllegalMoveError(Refusal.NO_TIMER, f"cannot end the timer: {_WHY[Refusal.NO_TIMER]}")
        self._expired = True
        self._status = self._compute_status()
        event = TimeUpEvent(self._rules.timer, self._score, self._moves, self._status)
        self._history.append(event)
        return event

    def apply(self, action: Action) -> Event:
        """Apply one :data:`Action`: a position 0–27, :data:`DRAW` (``"D"``), :data:`UNDO` (``"U"``),
        :data:`EXPIRE` (``"T"``) or a record token (a card text such as ``"KC"`` plays that card;
        docs/rules.md §6, §8).

        Text is read like :meth:`Card.parse` (surrounding spaces and ASCII letter
        case ignored, no look-alike letters).  Raises :class:`IllegalMoveError`
        for a refused action and ``ValueError`` for an unreadable one; either
        way the game is unchanged.
        """
        if isinstance(action, str):
            token = ascii_upper(action.strip())
            if token == DRAW:
                return self.draw()
            if token == UNDO:
                return self.undo()
            if token == EXPIRE:
                return self.expire()
            return self.play_card(Card.parse(action))
        return self.play(action)

    # ------------------------------------------------------------------ misc
    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position (not the history or moves), for comparisons."""
        return (
            self._rules,
            tuple(self._present),
            tuple(self._face_up),
            tuple(self._waste),
            self._stock_next,
            self._score,
            self._run,
            tuple(self._peak_left),
            self._status,
        )

    def __repr__(self) -> str:
        where = str(self._code) if self._code else f"custom layout {self._rules}"
        top = self.waste_top
        return (
            f"<Game {where} {self._rule.name.lower()}: {self.cards_left} cards left, "
            f"waste {top.symbol if top is not None else 'empty'}, stock {self.stock_count}, score {self._score}, "
            f"moves {self._moves}, {self._status.value}>"
        )

    def __str__(self) -> str:
        """A text picture of the tableau, waste and stock (face-down cards as ``##``): :func:`~tripeaks.engine.display.game_text`."""
        from .display import game_text

        return game_text(self)

    def _repr_html_(self) -> str:
        """The notebook's rich display of a game: the board in HTML (:func:`~tripeaks.engine.display.game_html`)."""
        from .display import game_html

        return game_html(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's plain-text display: the text picture and the status (``print(game)`` shows the picture)."""
        from .display import game_text

        p.text(repr(self) if cycle else f"{game_text(self)}  {self._status.value.replace('_', ' ')}")
