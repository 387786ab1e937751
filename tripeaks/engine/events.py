"""What happens in a game, as frozen values (docs/rules.md §2–§4, §6, §8).

The action vocabulary (:data:`Action`, :data:`DRAW`, :data:`UNDO`,
:data:`EXPIRE`), the game's :class:`Status`, and the events every action of
:class:`~tripeaks.engine.game.Game` returns (:class:`PlayEvent`,
:class:`DrawEvent`, :class:`UndoEvent`, :class:`TimeUpEvent`) with their score
change in parts (:class:`ScoreParts`); :class:`Slot` is a tableau card as seen.
Every event carries the record token of its action; a redo is the play or draw
it makes again, with that action's token (docs/rules.md §4, §6).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, Union

from ._enums import TextEnum
from .cards import Card, CardOrJoker, Joker

__all__ = [
    "Action",
    "DRAW",
    "UNDO",
    "EXPIRE",
    "Status",
    "EventKind",
    "Slot",
    "ScoreParts",
    "PlayEvent",
    "DrawEvent",
    "UndoEvent",
    "TimeUpEvent",
    "Event",
]

Action = Union[int, str]
"""One action: a tableau position 0–27 (play that card), :data:`DRAW`, :data:`UNDO` or :data:`EXPIRE`.

:meth:`~tripeaks.engine.game.Game.apply` also accepts a record token (docs/rules.md §6): a card text such
as ``"KC"`` plays that card.
"""
DRAW: Final = "D"
"""The draw action, and its record token (docs/rules.md §2, §6)."""
UNDO: Final = "U"
"""The undo action, and its record token (docs/rules.md §4, §6)."""
EXPIRE: Final = "T"
"""The timer's end, and its record token (docs/rules.md §8): the game ends, *time up*."""


class Status(enum.Enum):
    """Where the game stands (docs/rules.md §2, §8)."""

    PLAYING = "playing"
    """A play or a draw is possible."""
    WON = "won"
    """All 28 tableau cards are gone; nothing more can be done."""
    BLOCKED = "blocked"
    """The stock is empty and no exposed card fits the waste; undo is still allowed."""
    TIME_UP = "time_up"
    """The timer ran out (docs/rules.md §8): the game is lost; nothing more can be done."""


class EventKind(TextEnum):
    """What an event records: a play, a draw, an undo or the timer's end (a ``str`` enum, so it also reads as text)."""

    PLAY = "play"
    DRAW = "draw"
    UNDO = "undo"
    TIME_UP = "time_up"


@dataclass(frozen=True, slots=True)
class Slot:
    """A card lying in the tableau: the ``card`` and whether it is ``face_up``."""

    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """A score change split into its parts, in points (docs/rules.md §3, §4, §8); they add up to :attr:`total`.

    ``start``: the starting score (only in :meth:`~tripeaks.engine.game.Game.score_parts`).
    ``move``: what moves cost — −1 a play or a draw (standard scoring), −5 a
    draw and 0 a play (runs scoring).  ``run``: runs scoring, the play's place
    in the current run (1, 2, 3, …).  ``peaks``: peak bonuses — +100 a peak
    (standard), +15/+30/+45 for the first/second/third peak emptied (runs).
    ``clear``: runs scoring, +100 for removing all 28 cards.  ``penalty``:
    the undo penalty, −5.  ``floor``: what the floor at 0 added back (≥ 0
    for one action; the score never goes below 0).  An undo's parts are the
    undone action's parts negated, plus its own penalty and floor, so the
    parts of a whole game add up to its score.
    """

    start: int = 0
    move: int = 0
    run: int = 0
    peaks: int = 0
    clear: int = 0
    penalty: int = 0
    floor: int = 0

    @property
    def total(self) -> int:
        """The sum of the parts: the score change (or the score, for :meth:`~tripeaks.engine.game.Game.score_parts`)."""
        return self.start + self.move + self.run + self.peaks + self.clear + self.penalty + self.floor

    def __add__(self, other: ScoreParts) -> ScoreParts:
        if not isinstance(other, ScoreParts):
            return NotImplemented
        return ScoreParts(
            self.start + other.start,
            self.move + other.move,
            self.run + other.run,
            self.peaks + other.peaks,
            self.clear + other.clear,
            self.penalty + other.penalty,
            self.floor + other.floor,
        )

    def __neg__(self) -> ScoreParts:
        return ScoreParts(-self.start, -self.move, -self.run, -self.peaks, -self.clear, -self.penalty, -self.floor)


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A tableau card played onto the waste (docs/rules.md §2, §8).

    ``position`` 0–27; ``previous_top`` the waste card it was played on — a
    :class:`~tripeaks.engine.cards.Card`, the joker, or ``None`` for the first play
    onto an empty waste; ``revealed`` the positions turned face up by this
    play (0, 1 or 2 of them; none with open peaks); ``peaks_cleared`` the peak
    indices (0 left, 1 middle, 2 right) emptied by it; ``points`` the score
    change (``parts.total``); ``score`` and ``moves`` the values after the
    play; ``run`` the play's place in the current run of plays under runs
    scoring (1, 2, 3, …; docs/rules.md §8), 0 under standard scoring;
    ``parts`` the :class:`ScoreParts` of ``points``.
    """

    card: Card
    position: int
    previous_top: CardOrJoker | None
    revealed: tuple[int, ...]
    revealed_cards: tuple[Card, ...]
    peaks_cleared: tuple[int, ...]
    points: int
    score: int
    moves: int
    status: Status
    run: int
    parts: ScoreParts

    kind = EventKind.PLAY

    @property
    def token(self) -> str:
        """The record token of this play: the card text, e.g. ``"KC"`` (docs/rules.md §6)."""
        return str(self.card)

    @property
    def direction(self) -> int:
        """+1 when the card is one rank higher than the previous top, −1 when lower.

        A K–A wrap counts as +1 (A on K) or −1 (K on A).  0 when the previous
        top was a joker or the waste was empty (docs/rules.md §8).
        """
        top = self.previous_top
        if not isinstance(top, Card):
            return 0
        d = self.card.rank - top.rank
        if d in (1, -12):
            return 1
        return -1

    @property
    def wrap(self) -> bool:
        """True when the play joins a king and an ace (Easy rule only)."""
        top = self.previous_top
        return isinstance(top, Card) and abs(self.card.rank - top.rank) == 12

    @property
    def onto_joker(self) -> bool:
        """True when the card was played on a joker (docs/rules.md §8)."""
        return isinstance(self.previous_top, Joker)

    @property
    def onto_empty(self) -> bool:
        """True for the first play onto an empty waste (docs/rules.md §8)."""
        return self.previous_top is None


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """The top stock card (or a joker) turned onto the waste (docs/rules.md §2, §8).

    ``previous_top`` is ``None`` when the waste was empty.  ``stock_left``
    cards remain; ``points`` is the score change (−1 standard, −5 runs
    scoring; ``parts.total``); ``score``/``moves`` after; ``ended_run`` the
    length of the run of plays this draw ended under runs scoring (0 if
    none, and always 0 under standard scoring); ``parts`` the
    :class:`ScoreParts` of ``points``.
    """

    card: CardOrJoker
    previous_top: CardOrJoker | None
    stock_left: int
    points: int
    score: int
    moves: int
    status: Status
    ended_run: int
    parts: ScoreParts

    kind = EventKind.DRAW
    token = DRAW
    """The record token of a draw (docs/rules.md §6); a joker drawn is just ``D`` too."""

    @property
    def joker(self) -> bool:
        """True when the card drawn is a joker (docs/rules.md §8)."""
        return isinstance(self.card, Joker)


@dataclass(frozen=True, slots=True)
class UndoEvent:
    """An action taken back (docs/rules.md §4, §8).  ``undone`` is the play or draw undone.

    ``points`` is the score change: the opposite of the undone action's, plus
    the undo penalty (−5, floor 0) under that option; ``parts`` its
    :class:`ScoreParts` (the undone parts negated, plus ``penalty`` and
    ``floor``); ``moves`` is unchanged by an undo.
    """

    undone: Union[PlayEvent, DrawEvent]
    points: int
    score: int
    moves: int
    status: Status
    parts: ScoreParts

    kind = EventKind.UNDO
    token = UNDO
    """The record token of an undo (docs/rules.md §6)."""

    @property
    def card(self) -> CardOrJoker:
        """The card that went back to the tableau or the stock."""
        return self.undone.card

    @property
    def restored_score(self) -> int:
        """The score the undo restored (before the action), before any undo penalty."""
        return self.undone.score - self.undone.points


@dataclass(frozen=True, slots=True)
class TimeUpEvent:
    """The timer reached 0 (docs/rules.md §8): the game is over, lost, status *time up*.

    ``points`` is 0 and ``parts`` all zero; ``score`` and ``moves`` are
    unchanged; ``minutes`` is the timer's length.
    """

    minutes: int
    score: int
    moves: int
    status: Status
    points: int = 0
    parts: ScoreParts = ScoreParts()

    kind = EventKind.TIME_UP
    token = EXPIRE
    """The record token of the timer's end (docs/rules.md §8)."""


Event = Union[PlayEvent, DrawEvent, UndoEvent, TimeUpEvent]
