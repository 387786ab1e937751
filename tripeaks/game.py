"""The game: state, play / draw / undo, refusals, status, score, history and records.

Implements docs/rules.md §1–§4 and §6.  :class:`Game` is the one mutable object; every action
returns a frozen event (:class:`PlayEvent`, :class:`DrawEvent`,
:class:`UndoEvent`) that says what happened.  Undo, the move log, the score
plot and the lessons all read these events.

The action vocabulary (one for the engine, the solver, the lessons and the
study): an :data:`Action` is a tableau position 0–27 (play that card),
:data:`DRAW` (``"D"``) or :data:`UNDO` (``"U"``).  Every event carries the
record token of its action (:attr:`PlayEvent.token` is the card text, e.g.
``"KC"``), and :meth:`Game.apply` reads both forms.
"""

from __future__ import annotations

import enum
import json
import operator
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Union

from ._enums import TextEnum
from .cards import DECK, Card, ascii_upper
from .codes import GameCode, InvalidCodeError, Rule
from .layout import BASE_ROW, COVERED_BY, COVERS, N_TABLEAU, PEAK_OF, PEAKS, POSITIONS

__all__ = [
    "Game",
    "Status",
    "Refusal",
    "IllegalMoveError",
    "Slot",
    "RecordError",
    "PlayEvent",
    "DrawEvent",
    "UndoEvent",
    "Event",
    "EventKind",
    "Action",
    "DRAW",
    "UNDO",
    "START_SCORE",
    "PEAK_BONUS",
    "UNDO_LIMIT",
    "RECORD_FORMAT",
]

Action = Union[int, str]
"""One action: a tableau position 0–27 (play that card), :data:`DRAW` or :data:`UNDO`.

:meth:`Game.apply` also accepts a record token (docs/rules.md §6): a card text such
as ``"KC"`` plays that card.
"""
DRAW: Final = "D"
"""The draw action, and its record token (docs/rules.md §2, §6)."""
UNDO: Final = "U"
"""The undo action, and its record token (docs/rules.md §4, §6)."""
RECORD_FORMAT: Final = "tripeaks-record/1"
"""The ``format`` field of a game record (docs/rules.md §6)."""

START_SCORE = 500
"""Points at the start of a game (docs/rules.md §3)."""
MOVE_COST = 1
"""Points each play or draw costs (docs/rules.md §3)."""
PEAK_BONUS = 100
"""Points for emptying a peak, once per peak (docs/rules.md §3)."""
UNDO_LIMIT = 100
"""How many of the latest actions can be undone (docs/rules.md §4)."""


class Status(enum.Enum):
    """Where the game stands (docs/rules.md §2)."""

    PLAYING = "playing"
    """A play or a draw is possible."""
    WON = "won"
    """All 28 tableau cards are gone; nothing more can be done."""
    BLOCKED = "blocked"
    """The stock is empty and no exposed card fits the waste; undo is still allowed."""


class Refusal(enum.Enum):
    """Why an action is refused (docs/rules.md §2, §4).  Messages: :mod:`tripeaks.i18n`."""

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


class EventKind(TextEnum):
    """What an event records: a play, a draw or an undo (a ``str`` enum, so it also reads as text)."""

    PLAY = "play"
    DRAW = "draw"
    UNDO = "undo"


class RecordError(ValueError):
    """A game record that cannot be read or replayed (docs/rules.md §6); the message names the first bad part."""


class IllegalMoveError(ValueError):
    """A refused action.  ``.refusal`` is the :class:`Refusal`; the game is unchanged."""

    def __init__(self, refusal: Refusal, message: str) -> None:
        super().__init__(message)
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class Slot:
    """A card lying in the tableau: the ``card`` and whether it is ``face_up``."""

    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A tableau card played onto the waste (docs/rules.md §2).

    ``position`` 0–27; ``previous_top`` the waste card it was played on;
    ``revealed`` the positions turned face up by this play (0, 1 or 2 of them);
    ``peaks_cleared`` the peak indices (0 left, 1 middle, 2 right) emptied by
    it; ``points`` the score change (−1, plus 100 a peak); ``score`` and
    ``moves`` the values after the play; ``wrap`` true for a K–A play.
    """

    card: Card
    position: int
    previous_top: Card
    revealed: tuple[int, ...]
    revealed_cards: tuple[Card, ...]
    peaks_cleared: tuple[int, ...]
    points: int
    score: int
    moves: int
    status: Status

    kind = EventKind.PLAY

    @property
    def token(self) -> str:
        """The record token of this play: the card text, e.g. ``"KC"`` (docs/rules.md §6)."""
        return str(self.card)

    @property
    def direction(self) -> int:
        """+1 when the card is one rank higher than the previous top, −1 when lower.

        A K–A wrap counts as +1 (A on K) or −1 (K on A).
        """
        d = self.card.rank - self.previous_top.rank
        if d in (1, -12):
            return 1
        return -1

    @property
    def wrap(self) -> bool:
        """True when the play joins a king and an ace (Easy rule only)."""
        return abs(self.card.rank - self.previous_top.rank) == 12


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """The top stock card turned onto the waste (docs/rules.md §2).

    ``stock_left`` cards remain; ``points`` is −1; ``score``/``moves`` after.
    """

    card: Card
    previous_top: Card
    stock_left: int
    points: int
    score: int
    moves: int
    status: Status

    kind = EventKind.DRAW
    token = DRAW
    """The record token of a draw (docs/rules.md §6)."""


@dataclass(frozen=True, slots=True)
class UndoEvent:
    """An action taken back (docs/rules.md §4).  ``undone`` is the play or draw undone.

    ``points`` is the score change (the opposite of the undone action's);
    ``moves`` is unchanged by an undo.
    """

    undone: Union[PlayEvent, DrawEvent]
    points: int
    score: int
    moves: int
    status: Status

    kind = EventKind.UNDO
    token = UNDO
    """The record token of an undo (docs/rules.md §6)."""

    @property
    def card(self) -> Card:
        """The card that went back to the tableau or the stock."""
        return self.undone.card


Event = Union[PlayEvent, DrawEvent, UndoEvent]


def _as_card(value: Card | str, what: str) -> Card:
    try:
        return Card.parse(value)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


class Game:
    """One game of TriPeaks.

    Build it with :meth:`new`, :meth:`from_code`, :meth:`from_layout` or
    :meth:`from_record`.  Ask with :meth:`refusal`, :meth:`playable`,
    :attr:`status`; act with :meth:`play`, :meth:`draw`, :meth:`undo`.
    A refused action raises :class:`IllegalMoveError` and changes nothing.
    """

    __slots__ = (
        "_rule",
        "_code",
        "_cards",
        "_present",
        "_face_up",
        "_waste",
        "_stock",
        "_stock_next",
        "_score",
        "_moves",
        "_peak_left",
        "_undo",
        "_history",
        "_status",
        "_initial_waste",
        "_standing",
    )

    def __init__(
        self,
        tableau: Sequence[Card],
        waste: Sequence[Card],
        stock: Sequence[Card],
        rule: Rule = Rule.EASY,
        code: GameCode | None = None,
    ) -> None:
        """Low-level constructor; prefer the ``from_*`` builders, which validate."""
        self._rule = rule
        self._code = code
        self._cards: tuple[Card, ...] = tuple(tableau)
        self._present = [True] * N_TABLEAU
        self._face_up = [p in BASE_ROW for p in POSITIONS]
        self._initial_waste: tuple[Card, ...] = tuple(waste)
        self._waste: list[Card] = list(waste)
        self._stock: tuple[Card, ...] = tuple(stock)
        self._stock_next = 0
        self._score = START_SCORE
        self._moves = 0
        self._peak_left = [len(s) for s in PEAKS]
        self._undo: deque[PlayEvent | DrawEvent] = deque(maxlen=UNDO_LIMIT)
        self._standing: list[PlayEvent | DrawEvent] = []
        self._history: list[Event] = []
        self._status = self._compute_status()

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_code(cls, code: GameCode | str) -> Game:
        """The deal of a TP1 code (text or :class:`GameCode`) under the code's rule.

        Raises :class:`~tripeaks.codes.InvalidCodeError` for a malformed code.
        """
        code = GameCode.parse(code)
        cards = code.cards()
        return cls(cards[:28], cards[28:29], cards[29:], code.rule, code)

    @classmethod
    def new(cls, rule: Rule | str = Rule.EASY) -> Game:
        """A random deal (uniform over 32^7, from :mod:`secrets`) under ``rule``."""
        return cls.from_code(GameCode.random(Rule.parse(rule)))

    @classmethod
    def from_layout(
        cls,
        tableau: Sequence[Card | str],
        waste: Card | str | Sequence[Card | str],
        stock: Sequence[Card | str],
        rule: Rule | str = Rule.EASY,
    ) -> Game:
        """A custom deal: 28 tableau cards (positions 0–27), the waste and the stock.

        ``waste`` is one card (or a sequence of cards, oldest first, the last
        on top); ``stock`` lists the stock cards, the first one drawn first.
        Usually 28 + 1 + 23 cards.  Cards may be :class:`Card` or text.
        Raises ``ValueError`` unless together they are exactly one 52-card
        deck: the message names a malformed card, a wrong count, a repeated
        or a missing card.  ``game.code`` is ``None``.
        """
        if isinstance(tableau, (str, bytes)) or not isinstance(tableau, Iterable):
            raise ValueError("tableau must be a sequence of 28 cards")
        tab = [_as_card(c, f"tableau position {i}") for i, c in enumerate(tableau)]
        if len(tab) != N_TABLEAU:
            raise ValueError(f"tableau must have exactly 28 cards, got {len(tab)}")
        if isinstance(waste, (Card, str)):
            wst = [_as_card(waste, "waste")]
        elif isinstance(waste, bytes) or not isinstance(waste, Iterable):
            raise ValueError("the waste must be a card or a sequence of cards")
        else:
            wst = [_as_card(c, "waste") for c in waste]
        if not wst:
            raise ValueError("the waste must hold at least one card")
        if isinstance(stock, (str, bytes)) or not isinstance(stock, Iterable):
            raise ValueError("stock must be a sequence of cards")
        stk = [_as_card(c, f"stock card {i}") for i, c in enumerate(stock)]
        everything = tab + wst + stk
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
        return cls(tab, wst, stk, Rule.parse(rule), None)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Replay a game record (docs/rules.md §6): a dict, or its JSON text (``str`` or UTF-8 ``bytes``).

        ``{"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["KC", "D", "U"]}``;
        a custom layout has ``"rule"`` and ``"layout"`` (``tableau``, ``waste``,
        ``stock`` card lists) instead of ``"code"``.  Raises :class:`RecordError`
        (a ``ValueError``) naming the first bad part — the text, the format, the
        code or layout, or the first action that is malformed or illegal (with its
        index) — whatever is wrong; no partly replayed game is ever returned.
        """
        if isinstance(data, (bytes, bytearray)):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RecordError(f"record is not UTF-8 text: {exc}") from None
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except (json.JSONDecodeError, RecursionError) as exc:
                raise RecordError(f"record is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        fmt = data.get("format")
        if fmt != RECORD_FORMAT:
            raise RecordError(f"unknown record format {fmt!r}: expected {RECORD_FORMAT!r}")
        if "code" in data and "layout" in data:
            raise RecordError("a record has either a 'code' or a 'layout', not both")
        if "code" in data:
            try:
                game = cls.from_code(data["code"])
            except InvalidCodeError as exc:
                raise RecordError(f"bad code in record: {exc}") from None
        elif "layout" in data:
            layout = data["layout"]
            if not isinstance(layout, dict) or not {"tableau", "waste", "stock"} <= set(layout):
                raise RecordError("a record's 'layout' needs 'tableau', 'waste' and 'stock'")
            try:
                game = cls.from_layout(
                    layout["tableau"], layout["waste"], layout["stock"], rule=Rule.parse(data.get("rule", "E"))
                )
            except ValueError as exc:
                raise RecordError(f"bad layout in record: {exc}") from None
        else:
            raise RecordError("a record needs a 'code' or a 'layout'")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("a record's 'actions' must be a list")
        for i, token in enumerate(actions):
            if not isinstance(token, str):
                raise RecordError(f"action {i} ({token!r}) is not text: use a card such as 'KC', 'D' or 'U'")
            try:
                game.apply(token)
            except IllegalMoveError as exc:
                raise RecordError(f"action {i} ({token!r}) is not allowed here: {exc}") from None
            except ValueError as exc:
                raise RecordError(f"action {i} ({token!r}) cannot be read: {exc}") from None
        return game

    def to_record(self) -> dict[str, Any]:
        """This game as a JSON-ready record (docs/rules.md §6): its code (or rule and
        layout) and the token of every action in order (:attr:`PlayEvent.token`, ``"D"``, ``"U"``)."""
        rec: dict[str, Any] = {"format": RECORD_FORMAT}
        if self._code is not None:
            rec["code"] = str(self._code)
        else:
            rec["rule"] = self._rule.value
            rec["layout"] = {
                "tableau": [str(c) for c in self._cards],
                "waste": [str(c) for c in self._initial_waste],
                "stock": [str(c) for c in self._stock],
            }
        rec["actions"] = [e.token for e in self._history]
        return rec

    def restart(self) -> Game:
        """A new game with the same deal and rule, from its first move."""
        return Game(self._cards, self._initial_waste, self._stock, self._rule, self._code)

    def copy(self) -> Game:
        """An independent copy of this game, history and undo stack included."""
        g = Game.__new__(Game)
        g._rule, g._code, g._cards = self._rule, self._code, self._cards
        g._present, g._face_up = self._present[:], self._face_up[:]
        g._initial_waste, g._waste, g._stock = self._initial_waste, self._waste[:], self._stock
        g._stock_next, g._score, g._moves = self._stock_next, self._score, self._moves
        g._peak_left = self._peak_left[:]
        g._undo = deque(self._undo, maxlen=UNDO_LIMIT)
        g._standing = self._standing[:]
        g._history = self._history[:]
        g._status = self._status
        return g

    # ------------------------------------------------------------------ state
    @property
    def rule(self) -> Rule:
        """The rule this game is played under."""
        return self._rule

    @property
    def code(self) -> GameCode | None:
        """The TP1 code of the deal, or ``None`` for a custom layout."""
        return self._code

    @property
    def tableau(self) -> tuple[Slot | None, ...]:
        """28 entries, positions 0–27: ``None`` once removed, else a :class:`Slot`."""
        return tuple(Slot(self._cards[p], self._face_up[p]) if self._present[p] else None for p in POSITIONS)

    def card_at(self, position: int) -> Card:
        """The card dealt at ``position`` 0–27, present or not (face-down included)."""
        return self._cards[self._check_position(position)]

    @property
    def dealt_tableau(self) -> tuple[Card, ...]:
        """The 28 cards as dealt, positions 0–27."""
        return self._cards

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        """The cards still in the stock, next drawn first (face-down knowledge)."""
        return self._stock[self._stock_next :]

    @property
    def dealt_stock(self) -> tuple[Card, ...]:
        """The whole stock as dealt, first drawn first."""
        return self._stock

    @property
    def initial_waste(self) -> tuple[Card, ...]:
        """The waste as dealt, oldest first."""
        return self._initial_waste

    @property
    def waste_top(self) -> Card:
        """The face-up card on top of the waste."""
        return self._waste[-1]

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste (discard pile), oldest first; the last card is the top."""
        return tuple(self._waste)

    @property
    def stock_count(self) -> int:
        """Cards left in the stock (0–23)."""
        return len(self._stock) - self._stock_next

    @property
    def score(self) -> int:
        """Points now (docs/rules.md §3): starts at 500, never below 0."""
        return self._score

    @property
    def moves(self) -> int:
        """Plays plus draws made; undo does not lower it (docs/rules.md §3, §4)."""
        return self._moves

    @property
    def status(self) -> Status:
        """:class:`Status` PLAYING, WON or BLOCKED (docs/rules.md §2)."""
        return self._status

    @property
    def is_over(self) -> bool:
        """True when the game is won or blocked."""
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
        """Every event in order: plays, draws and undos."""
        return tuple(self._history)

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
        return [(0, START_SCORE)] + [(e.moves, e.score) for e in self._history]

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would be accepted."""
        return bool(self._undo) and self._status is not Status.WON

    @property
    def can_draw(self) -> bool:
        """True when :meth:`draw` would be accepted."""
        return self.stock_count > 0 and self._status is not Status.WON

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

        A card turns face up once the last card lying on it is gone.  Only asks:
        the game is not changed, and the play need not be legal.  Raises
        ``ValueError`` for a position outside 0–27.
        """
        p = self._check_position(position)
        return tuple(
            q for q in COVERS[p] if not self._face_up[q] and not any(self._present[r] for r in COVERED_BY[q] if r != p)
        )

    def refusal(self, position: int) -> Refusal | None:
        """``None`` when the card at ``position`` (0–27) can be played, else why not.

        Order of checks: GAME_OVER (won), EMPTY, BLOCKED (face down or
        covered), NOT_ADJACENT.  Raises ``ValueError`` for a position outside 0–27.
        """
        p = self._check_position(position)
        if self._status is Status.WON:
            return Refusal.GAME_OVER
        if not self._present[p]:
            return Refusal.EMPTY
        if not self._face_up[p] or any(self._present[q] for q in COVERED_BY[p]):
            return Refusal.BLOCKED
        if not self._rule.adjacent(self._cards[p].rank, self._waste[-1].rank):
            return Refusal.NOT_ADJACENT
        return None

    def playable(self) -> list[int]:
        """Positions 0–27 that can be played now, sorted."""
        if self._status is Status.WON:
            return []
        return [p for p in POSITIONS if self.refusal(p) is None]

    def legal_actions(self) -> list[int | str]:
        """Playable positions, then ``"D"`` when a draw is allowed."""
        actions: list[int | str] = list(self.playable())
        if self.can_draw:
            actions.append("D")
        return actions

    def find(self, card: Card | str) -> int | None:
        """The tableau position 0–27 of ``card`` if it is still there, else ``None``."""
        c = Card.parse(card)
        for p in POSITIONS:
            if self._present[p] and self._cards[p] == c:
                return p
        return None

    def _compute_status(self) -> Status:
        if not any(self._present):
            return Status.WON
        if self._stock_next < len(self._stock):
            return Status.PLAYING
        top = self._waste[-1].rank
        for p in POSITIONS:
            if (
                self._present[p]
                and self._face_up[p]
                and self._rule.adjacent(self._cards[p].rank, top)
                and not any(self._present[q] for q in COVERED_BY[p])
            ):
                return Status.PLAYING
        return Status.BLOCKED

    # ------------------------------------------------------------------ actions
    def _charge(self, bonus: int) -> int:
        new = max(0, self._score - MOVE_COST + bonus)
        points = new - self._score
        self._score = new
        self._moves += 1
        return points

    def play(self, position: int) -> PlayEvent:
        """Play the card at ``position`` (0–27) onto the waste (docs/rules.md §2, §3).

        Cards whose last coverer it was turn face up; emptying a peak adds 100
        points.  Returns the :class:`PlayEvent`.  Raises
        :class:`IllegalMoveError` (with ``.refusal``) when the card cannot be
        played, changing nothing; ``ValueError`` for a position outside 0–27.
        """
        p = self._check_position(position)
        why = self.refusal(p)
        if why is not None:
            raise IllegalMoveError(why, f"cannot play position {p}: {why.value.replace('_', ' ')}")
        card = self._cards[p]
        previous = self._waste[-1]
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
        points = self._charge(PEAK_BONUS * len(cleared))
        self._status = self._compute_status()
        event = PlayEvent(
            card,
            p,
            previous,
            tuple(revealed),
            tuple(self._cards[q] for q in revealed),
            cleared,
            points,
            self._score,
            self._moves,
            self._status,
        )
        self._undo.append(event)
        self._standing.append(event)
        self._history.append(event)
        return event

    def play_card(self, card: Card | str) -> PlayEvent:
        """Play the tableau card given as a :class:`Card` or text (e.g. ``"KC"``).

        Raises :class:`IllegalMoveError` with ``Refusal.EMPTY`` when the card is
        not in the tableau, or the refusal of its position.
        """
        c = Card.parse(card)
        p = self.find(c)
        if p is None:
            if self._status is Status.WON:
                raise IllegalMoveError(Refusal.GAME_OVER, "the game is won")
            raise IllegalMoveError(Refusal.EMPTY, f"{c} is not in the tableau")
        return self.play(p)

    def draw(self) -> DrawEvent:
        """Turn the top stock card onto the waste (docs/rules.md §2): allowed any time.

        Returns the :class:`DrawEvent`.  Raises :class:`IllegalMoveError` with
        ``STOCK_EMPTY`` (no card left; the stock is never recycled) or
        ``GAME_OVER`` (won), changing nothing.
        """
        if self._status is Status.WON:
            raise IllegalMoveError(Refusal.GAME_OVER, "cannot draw: the game is won")
        if self._stock_next >= len(self._stock):
            raise IllegalMoveError(Refusal.STOCK_EMPTY, "cannot draw: the stock is empty")
        card = self._stock[self._stock_next]
        previous = self._waste[-1]
        self._stock_next += 1
        self._waste.append(card)
        points = self._charge(0)
        self._status = self._compute_status()
        event = DrawEvent(card, previous, self.stock_count, points, self._score, self._moves, self._status)
        self._undo.append(event)
        self._standing.append(event)
        self._history.append(event)
        return event

    def undo(self) -> UndoEvent:
        """Take back the latest play or draw (docs/rules.md §4); at most the last 100.

        The card returns to its position (face up) or to the top of the stock;
        cards that action revealed turn face down; the score returns to its
        value before (peak bonus included); the move counter stays.
        Raises :class:`IllegalMoveError` with ``NOTHING_TO_UNDO`` or
        ``GAME_OVER`` (after a win), changing nothing.
        """
        if self._status is Status.WON:
            raise IllegalMoveError(Refusal.GAME_OVER, "cannot undo: the game is won")
        if not self._undo:
            raise IllegalMoveError(Refusal.NOTHING_TO_UNDO, "nothing to undo")
        last = self._undo.pop()
        self._standing.pop()
        self._waste.pop()
        if isinstance(last, PlayEvent):
            self._present[last.position] = True
            for q in last.revealed:
                self._face_up[q] = False
            self._peak_left[PEAK_OF[last.position]] += 1
        else:
            self._stock_next -= 1
        self._score -= last.points
        self._status = self._compute_status()
        event = UndoEvent(last, -last.points, self._score, self._moves, self._status)
        self._history.append(event)
        return event

    def apply(self, action: Action) -> Event:
        """Apply one :data:`Action`: a position 0–27, :data:`DRAW` (``"D"``), :data:`UNDO` (``"U"``),
        or a record token (a card text such as ``"KC"`` plays that card; docs/rules.md §6).

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
            return self.play_card(Card.parse(action))
        return self.play(action)

    # ------------------------------------------------------------------ misc
    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position (not the history or moves), for comparisons."""
        return (
            self._rule,
            tuple(self._present),
            tuple(self._face_up),
            tuple(self._waste),
            self._stock_next,
            self._score,
            tuple(self._peak_left),
            self._status,
        )

    def __repr__(self) -> str:
        where = str(self._code) if self._code else "custom layout"
        return (
            f"<Game {where} {self._rule.name.lower()}: {self.cards_left} cards left, "
            f"waste {self.waste_top.symbol}, stock {self.stock_count}, score {self._score}, "
            f"moves {self._moves}, {self._status.value}>"
        )

    def __str__(self) -> str:
        """A text picture of the tableau, waste and stock (face-down cards as ``##``)."""
        from .layout import COLUMN, ROWS

        lines = []
        for row in ROWS:
            line = [" "] * 44
            for p in row:
                slot = None if not self._present[p] else (self._cards[p].symbol if self._face_up[p] else "##")
                text = (slot or "..").rjust(3)
                col = COLUMN[p] * 2
                line[col : col + 3] = list(text)
            lines.append("".join(line).rstrip())
        lines.append(
            f"waste {self.waste_top.symbol}  stock {self.stock_count}  score {self._score}  moves {self._moves}"
        )
        return "\n".join(lines)
