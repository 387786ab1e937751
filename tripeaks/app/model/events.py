"""The play session's events and values: what a :class:`~tripeaks.app.model.session.PlaySession` emits.

Frozen dataclasses, one per thing that happened; views observe them and never
change each other (docs/rules.md §2, §4, §8 for the rules they report):

========================  ==========================================================
:class:`GameStarted`      a game is on the table; ``source`` says where it came from
:class:`MoveMade`         a play or a draw (the engine's event)
:class:`MoveUndone`       an undo (the engine's event)
:class:`MoveRefused`      an action the rules refuse, with the :class:`~tripeaks.engine.game.Refusal`
:class:`GameOver`         the move just made won or blocked the game
:class:`LanguageChanged`  every text follows the new language
:class:`MessageChanged`   the status message changed
:class:`CodeRejected`     a game code that cannot be read (nothing else changed)
:class:`HighlightChanged` cards or the stock to ring (e.g. a hint)
:class:`SettingChanged`   error help, the rule set of the next random deal, the four-colour deck, sound
:class:`StateRestored`    an action failed and was rolled back: show everything again
:class:`TimeRanOut`       the timer ran out (docs/rules.md §8): the game is over, *time up*
:class:`GameFinished`     a game played here is finished or abandoned, once per game (results, statistics)
========================  ==========================================================
:class:`ConfirmationAsked`  replacing the game in progress would abandon it: Yes or No?
:class:`ConfirmationClosed` that question was answered, or the game moved on
========================  ==========================================================
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Union

from ...engine._enums import TextEnum
from ...engine.codes import GameCode, InvalidCodeError
from ...engine.game import Action, DrawEvent, Game, PlayEvent, Refusal, Status, TimeUpEvent, UndoEvent
from ...engine.rules import RuleSet
from ...history.entry import GameEntry, Outcome

# The status message, re-exported with the events.
from ...i18n.session import NO_MESSAGE as NO_MESSAGE
from ...i18n.session import Message as Message
from ...i18n.session import MessageKind as MessageKind

__all__ = ["GameSource", "MessageKind", "Message", "NO_MESSAGE", "Setting", "GameStarted", "MoveMade", "MoveUndone"]
__all__ += ["MoveRefused", "GameOver", "LanguageChanged", "MessageChanged", "CodeRejected", "HighlightChanged"]
__all__ += ["SettingChanged", "StateRestored", "Outcome", "TimeRanOut", "GameFinished", "SessionEvent", "GAME_CHANGES"]
__all__ += ["Observer", "REDO", "CONTINUE", "DOUBLE_PRESS", "ReplaceKind", "ReplaceRequest", "ConfirmationAsked"]
__all__ += ["ConfirmationClosed"]


class GameSource(TextEnum):
    """Where a game put on the table came from (:class:`GameStarted`)."""

    CODE = "code"
    """A game code typed or pasted by the player (docs/rules.md §5)."""
    RANDOM = "random"
    """A random deal (the session's ``random_game`` factory)."""
    RESTART = "restart"
    """The same deal again from its first move."""
    RECORD = "record"
    """Replayed from a game record (docs/rules.md §6)."""
    RESUMED = "resumed"
    """A game saved earlier, resumed where it was left."""
    LAYOUT = "layout"
    """A game handed over by the caller (a hand-built layout, or ``build_app(game=…)``)."""
    REPLAY = "replay"
    """A step of a record being watched: never counted as a game played.  The game it
    replaces is set aside, unfinished, and comes back with ``set_game(game, "resumed")``;
    a move made on a replay step plays on from there (the game counts from then on)."""


class Setting(TextEnum):
    """A session setting (:class:`SettingChanged`)."""

    ERROR_HELP = "error_help"
    """Whether a refused card says why (docs/rules.md §2): ``bool``."""
    DEAL_RULE = "deal_rule"
    """The rule of the next random deal: a :class:`~tripeaks.engine.rules.WrapRule` (the wrap of :attr:`DEAL_RULES`)."""
    DEAL_RULES = "deal_rules"
    """The rule set of the next random deal (docs/rules.md §8): a :class:`~tripeaks.engine.rules.RuleSet`."""
    FOUR_COLOUR = "four_colour"
    """Whether the cards are drawn in four suit colours (clubs green, diamonds blue): ``bool``."""
    WINNABLE = "winnable"
    """Whether the Winnable? indicator is shown (off by default: it is a spoiler): ``bool``."""
    ONLY_WINNABLE = "only_winnable"
    """Whether a random deal must be proven winnable (off by default): ``bool``."""
    SOUND = "sound"
    """Whether a play, a draw, a refusal and a win make a short sound in the browser (off by default): ``bool``."""


@dataclass(frozen=True)
class GameStarted:
    """``game`` is now on the table; ``source`` says where it came from."""

    game: Game
    source: GameSource


@dataclass(frozen=True)
class MoveMade:
    """A play or a draw was made: ``event`` is the engine's event."""

    event: PlayEvent | DrawEvent


@dataclass(frozen=True)
class MoveUndone:
    """An undo was made: ``event`` is the engine's event (``event.undone`` the action taken back)."""

    event: UndoEvent


@dataclass(frozen=True)
class MoveRefused:
    """``action`` (a position 0–27, ``"D"``, ``"U"`` or :data:`REDO`) was refused for ``refusal``; nothing changed."""

    action: Action
    refusal: Refusal


@dataclass(frozen=True)
class GameOver:
    """The move just made ended the game: ``status`` is WON, BLOCKED or TIME_UP, ``score`` in points."""

    status: Status
    score: int


@dataclass(frozen=True)
class LanguageChanged:
    """Every text now follows ``lang`` (it was ``previous``)."""

    lang: str
    previous: str


@dataclass(frozen=True)
class MessageChanged:
    """The status message is now ``message``."""

    message: Message


@dataclass(frozen=True)
class CodeRejected:
    """``text`` is not a game code (``error`` says why, docs/rules.md §5); the game did not change."""

    text: str
    error: InvalidCodeError


@dataclass(frozen=True)
class HighlightChanged:
    """Ring ``positions`` (0–27) and, when ``stock``, the stock; empty to ring nothing."""

    positions: frozenset[int]
    stock: bool


@dataclass(frozen=True)
class SettingChanged:
    """``setting`` is now ``value``."""

    setting: Setting
    value: Any


@dataclass(frozen=True)
class StateRestored:
    """An action failed; ``game`` (as it was before the action) is on the table again."""

    game: Game


@dataclass(frozen=True)
class TimeRanOut:
    """The timer reached 0 (docs/rules.md §8): ``event`` is the engine's :class:`~tripeaks.engine.game.TimeUpEvent`."""

    event: TimeUpEvent


@dataclass(frozen=True)
class GameFinished:
    """``game`` is finished: sent once per game, for results and statistics (docs/rules.md §2, §4, §8).

    ``status`` is how it ended:

    * WON or TIME_UP: sent right after the move that ended it (after :class:`GameOver`);
      nothing can change it any more;
    * BLOCKED: sent when the game leaves the table (a new deal, a code, a restart,
      another game put on the table, a record to watch), just before :class:`GameStarted`
      of the next one, because until then an undo can bring it back into play
      (docs/rules.md §4);
    * PLAYING: it was **abandoned**: left, as above, after at least one move
      (a game left without a move is not finished, it was never played).

    ``duration`` is the seconds it was played, read from the game's one clock
    (:attr:`PlaySession.stopwatch`, see :attr:`PlaySession.elapsed`: from when
    it was put on the table to its end or to when it was left, paused while
    the page was hidden or the game blocked; a resumed game adds the seconds
    played before the reload); it is not part of equality.
    Replay steps (``GameSource.REPLAY``) are never finished; a game left for a
    record and brought back (``set_game(game, "resumed")``) is not finished
    either.  A game still on the table when the session closes is not sent.

    ``from_record``: the game was continued from a record (*Continue from here*, or a
    move made on a replay step, docs/rules.md §6).  Such a game is finished only
    through moves made here: one left, blocked or out of time without a play or a
    draw made on it is not sent at all.

    ``hints``: the hints asked in it (kept with a saved game across a reload); not part of equality.
    """

    game: Game
    status: Status
    duration: float = field(default=0.0, compare=False)
    from_record: bool = False
    hints: int = field(default=0, compare=False)

    @property
    def abandoned(self) -> bool:
        """True when the game was left while it could go on (``status`` PLAYING)."""
        return self.status is Status.PLAYING

    @property
    def outcome(self) -> Outcome:
        """``status`` as an :class:`~tripeaks.history.entry.Outcome` (PLAYING is ABANDONED)."""
        return Outcome.of_status(self.status)

    def entry(self, when: datetime.datetime, daily: datetime.date | str | None = None) -> GameEntry:
        """The game's one finished-game entry, counted at ``when`` (an aware datetime), with its
        :attr:`outcome`, :attr:`duration` (seconds) and :attr:`from_record`; ``daily`` the date whose
        deal of the day it is."""
        return GameEntry.of(self.game, self.outcome, self.duration, when, daily, self.from_record)


REDO: Final = "redo"
"""The :attr:`MoveRefused.action` of a refused redo (a redo has no record token, docs/rules.md §4)."""

CONTINUE: Final = "record"
"""The :attr:`MoveRefused.action` of a refused *Continue from here*: a record's step already over (docs/rules.md §6)."""

DOUBLE_PRESS: Final = 0.5
"""Seconds after a request was carried out during which the same request again is the second press of one."""


class ReplaceKind(TextEnum):
    """What a :class:`ReplaceRequest` puts on the table instead of the game in progress."""

    CODE = "code"
    """The deal of a game code (docs/rules.md §5)."""
    RANDOM = "random"
    """A random deal."""
    RESTART = "restart"
    """The same deal from its first move."""


@dataclass(frozen=True)
class ReplaceRequest:
    """The player asked to replace the game: ``kind``, with the ``code`` (CODE) or the rule set ``rules`` (RANDOM)."""

    kind: ReplaceKind
    code: GameCode | None = None
    rules: RuleSet | None = None


@dataclass(frozen=True)
class ConfirmationAsked:
    """``request`` would abandon a game in progress: the player is asked first (Yes/No)."""

    request: ReplaceRequest
    moves: int


@dataclass(frozen=True)
class ConfirmationClosed:
    """The question about ``request`` is closed: ``confirmed`` after a Yes, else a No or the game moved on."""

    request: ReplaceRequest
    confirmed: bool


SessionEvent = Union[
    GameStarted,
    MoveMade,
    MoveUndone,
    MoveRefused,
    GameOver,
    LanguageChanged,
    MessageChanged,
    CodeRejected,
    HighlightChanged,
    SettingChanged,
    StateRestored,
    TimeRanOut,
    GameFinished,
    ConfirmationAsked,
    ConfirmationClosed,
]
GAME_CHANGES = (GameStarted, MoveMade, MoveUndone, StateRestored, TimeRanOut)
"""The events after which the game on the table (or its state) is different."""

Observer = Callable[[SessionEvent], object]
