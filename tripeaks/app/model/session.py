"""The play session: the app's model, without widgets.

A :class:`PlaySession` holds the game being played, the language and the
current status message (a :class:`Message`, rendered in any language when
shown).  Views never change each other: they call the session's actions
(:meth:`~PlaySession.play`, :meth:`~PlaySession.draw`, :meth:`~PlaySession.undo`,
:meth:`~PlaySession.redo`, :meth:`~PlaySession.undo_many`,
:meth:`~PlaySession.restart`, :meth:`~PlaySession.deal_code`,
:meth:`~PlaySession.deal_random`, :meth:`~PlaySession.set_game`,
:meth:`~PlaySession.set_language`, :meth:`~PlaySession.show_message` …) and
observe the typed events it emits (:func:`PlaySession.subscribe`), listed in
:mod:`tripeaks.app.model.events`.

The player's own Deal, Restart and New game go through
:meth:`~PlaySession.request_deal_code`, :meth:`~PlaySession.request_deal_random`
and :meth:`~PlaySession.request_restart`: a game in progress is only replaced
after a Yes (:meth:`~PlaySession.answer`), and a second press that only
repeats the first changes nothing (:mod:`tripeaks.app.model.abandon`).  The
question is :class:`ConfirmationAsked`, closed by :class:`ConfirmationClosed`.
Scripts call :meth:`~PlaySession.deal_code` and the others: they never ask.

Every action runs under one guard (:meth:`PlaySession.run`): if anything
fails, the game is put back as it was and the message says so.  Events go
through one :class:`~tripeaks.app.model.bus.EventBus`; the messages are built
by :mod:`tripeaks.i18n.session`.

>>> session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
>>> seen = []
>>> _ = session.subscribe(lambda e: seen.append(type(e).__name__))
>>> session.play(20).card.symbol
'8♦'
>>> seen
['MoveMade', 'MessageChanged']
>>> session.message.sentences("en")[0]
'Played 8♦ on 7♥: it is one rank higher. −1 point (score: 499).'
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ...engine.codes import GameCode, InvalidCodeError, Rule
from ...engine.game import Action, DrawEvent, Game, IllegalMoveError, PlayEvent, Refusal, Status, TimeUpEvent, UndoEvent
from ...engine.rules import RuleSet
from ...i18n import check_language
from ...i18n.session import event_message, failure_message, refused_message, state_message, text_message
from .abandon import AbandonGuard, ReplaceRequests
from .bus import EventBus
from .events import (
    DOUBLE_PRESS,
    GAME_CHANGES,
    NO_MESSAGE,
    REDO,
    CodeRejected,
    ConfirmationAsked,
    ConfirmationClosed,
    GameFinished,
    GameOver,
    GameSource,
    GameStarted,
    HighlightChanged,
    LanguageChanged,
    Message,
    MessageChanged,
    MessageKind,
    MoveMade,
    MoveRefused,
    MoveUndone,
    Observer,
    Outcome,
    ReplaceKind,
    ReplaceRequest,
    SessionEvent,
    Setting,
    SettingChanged,
    StateRestored,
    TimeRanOut,
)
from .settings import CARD_REFUSALS, SessionSettings, Settings
from .tally import _Tally

__all__ = ["PlaySession", "GameSource", "MessageKind", "Message", "Setting", "GameStarted", "MoveMade"]
__all__ += ["MoveUndone", "MoveRefused", "GameOver", "LanguageChanged", "MessageChanged", "CodeRejected"]
__all__ += ["HighlightChanged", "SettingChanged", "StateRestored", "Outcome", "TimeRanOut", "GameFinished"]
__all__ += ["SessionEvent", "GAME_CHANGES", "ReplaceKind", "ReplaceRequest", "ConfirmationAsked"]
__all__ += ["ConfirmationClosed", "DOUBLE_PRESS", "REDO"]  # asking before a game is replaced; redo

log = logging.getLogger(__name__)

T = TypeVar("T")
M = TypeVar("M", PlayEvent, DrawEvent, "PlayEvent | DrawEvent")

# Ends that nothing can change: GameFinished at once (docs/rules.md §2, §8); a blocked game can be undone (§4).
_FINAL = (Status.WON, Status.TIME_UP)
# Refusals that never replace the message: a card already gone, anything after the end (docs/rules.md §2, §8).
_QUIET_REFUSALS = (Refusal.EMPTY, Refusal.GAME_OVER, Refusal.TIME_UP)


class PlaySession(ReplaceRequests, SessionSettings):
    """One player's session: the game, the language, the status message and the settings.

    ``PlaySession(game=None, lang="en")`` plays ``game`` (a random Easy deal
    when ``None``).  Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a
    ``ValueError`` naming the languages) for an unknown language.
    ``random_game`` (a ``RuleSet -> Game`` function, :meth:`Game.new` by default)
    makes the random deals; it may be replaced (e.g. to deal only winnable games).
    """

    def __init__(self, game: Game | None = None, lang: str = "en") -> None:
        self._lang = check_language(lang)
        self._game = game if game is not None else Game.new(Rule.EASY)
        self._bus: EventBus[SessionEvent] = EventBus()
        self._active = False
        self._settings = Settings(self._game.rules)
        self._highlight: HighlightChanged = HighlightChanged(frozenset(), False)
        self._message = state_message(self._game, text_message("status.welcome"))
        self.random_game: Callable[[RuleSet], Game] = Game.new
        """Makes each random deal (:meth:`deal_random`) under a rule set (docs/rules.md §8)."""
        self._abandon = AbandonGuard(DOUBLE_PRESS)
        self.clock: Callable[[], float] = time.monotonic
        """Seconds: the clock of :attr:`double_press` and :attr:`elapsed` (tests may replace it)."""
        self._tally = _Tally(self._game, GameSource.LAYOUT, 0.0)
        self._aside: _Tally | None = None

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        """The game on the table."""
        return self._game

    @property
    def lang(self) -> str:
        """The language of every text: "en", "pt" or "fr"."""
        return self._lang

    @property
    def message(self) -> Message:
        """The status message (render it with ``message.sentences(lang)``)."""
        return self._message

    @property
    def highlight(self) -> HighlightChanged:
        """What is ringed now (cleared whenever the game changes)."""
        return self._highlight

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: actions do nothing, no event is sent."""
        return self._bus.closed

    @property
    def elapsed(self) -> float:
        """Seconds the game on the table has been played: from its first move (made here, or
        before a reload for a resumed game) to its end, or to now while it goes on."""
        return self._tally.elapsed(self.clock())

    @property
    def counts(self) -> bool:
        """True when the game on the table is played here (it will be a :class:`GameFinished`);
        False for a replay step."""
        return self._tally.counts

    # ------------------------------------------------------------------ observers and the guard
    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(event)`` for every event from now on, after the observers already there.

        Returns a function that unsubscribes it.  An exception in an observer
        makes the action fail (the game is restored, see the module doc).
        """
        return self._bus.subscribe(observer)

    def _emit(self, *events: SessionEvent) -> None:
        if self.pending is not None and any(isinstance(e, GAME_CHANGES) for e in events):
            request = self._abandon.close()  # the question was about a game that moved on
            events = (*events, ConfirmationClosed(request, False))  # type: ignore[arg-type]
        self._bus.emit(*events)

    def run(self, action: Callable[..., T], *args: Any) -> T | None:
        """Run one user action under the guard and return its result (``None`` if ignored or failed).

        While another action runs it is ignored (a click arriving in the middle of one).
        On any failure the game is put back as it was before, the message
        says so, :class:`StateRestored` is sent, and ``None`` is returned.
        Views use this for their own actions too (e.g. asking for a hint).
        """
        if self.closed or self._active:
            return None
        self._active = True
        game = self._game
        fingerprint = (game.state_key(), game.moves, len(game.history))
        snapshot = game.copy()
        tallies = (copy.copy(self._tally), copy.copy(self._aside))
        try:
            return action(*args)
        except Exception:  # noqa: BLE001 - every failure ends in a message, never a traceback
            log.exception("TriPeaks action failed; the game was restored")
            untouched = (game.state_key(), game.moves, len(game.history)) == fingerprint
            self._tally, self._aside = tallies
            self._tally.game = game if untouched else snapshot
            self._game = self._tally.game
            self._highlight = HighlightChanged(frozenset(), False)
            self._message = failure_message()
            self._bus.deliver_each((StateRestored(self._game), MessageChanged(self._message)))
            return None
        finally:
            self._active = False

    def _setting(self, action: Callable[..., T], *args: Any) -> T | None:
        """Run a state change: directly inside a running action, else under the guard."""
        if self.closed:
            return None
        return action(*args) if self._active else self.run(action, *args)

    # ------------------------------------------------------------------ actions
    def play(self, position: int) -> PlayEvent | None:
        """Play the card at ``position`` (0–27) (docs/rules.md §2); ``None`` if refused or ignored."""
        return self.run(self._engine, position, lambda: self._game.play(position))

    def draw(self) -> DrawEvent | None:
        """Draw from the stock (docs/rules.md §2); ``None`` if refused or ignored."""
        return self.run(self._engine, "D", lambda: self._game.draw())

    def undo(self) -> UndoEvent | None:
        """Undo the latest play or draw (docs/rules.md §4); ``None`` if refused or ignored."""
        return self.run(self._undo_many, 1, True)

    def redo(self) -> PlayEvent | DrawEvent | None:
        """Make the latest undone action again (docs/rules.md §4): a move; ``None`` if refused or ignored."""
        return self.run(self._engine, REDO, lambda: self._game.redo())

    def undo_many(self, count: int) -> list[UndoEvent] | None:
        """Undo ``count`` (≥ 1) actions in one go, e.g. a rewind (docs/rules.md §4): all or nothing.

        Sends one :class:`MoveUndone` per undo, then one message.  When fewer
        than ``count`` undos are possible, nothing changes and the refusal is
        sent (``None`` is returned).  Raises ``ValueError`` when ``count`` is
        not a positive integer.  Inside a running action (e.g. a view's
        :meth:`run`) it runs at once.
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"count must be a positive integer, got {count!r}")
        return self._setting(self._undo_many, count)

    def restart(self) -> Game | None:
        """Deal the same cards again from the first move; returns the new game."""
        return self.run(self._restart)

    def deal_code(self, code: str | GameCode) -> Game | None:
        """Deal the cards of ``code`` under the code's rule (docs/rules.md §5); returns the new game.

        Text that is not a code sends :class:`CodeRejected` (nothing else
        changes) and returns ``None``.
        """
        return self.run(self._with_code, code, lambda c: self._start(Game.from_code(c), GameSource.CODE))

    def deal_random(self, rule: RuleSet | Rule | str | None = None) -> Game | None:
        """Deal a random game under ``rule`` (default :attr:`deal_rules`) with :attr:`random_game`.

        ``rule`` is anything :meth:`RuleSet.parse` reads (a rule set, a rule,
        ``"C"``, ``"traditional"``, ``"E-SR"``); an unreadable one fails under
        the guard (message, nothing changed).
        """
        return self.run(lambda: self._deal_random(self._rules(rule)))

    def expire(self) -> TimeUpEvent | None:
        """The timer ran out (docs/rules.md §8): end the game with status *time up*.

        The app's clock calls this; the engine records the ending (token ``T``).
        Sends :class:`TimeRanOut`, the message, :class:`GameOver` and
        :class:`GameFinished`.  ``None``
        (and :class:`MoveRefused`, no message) when the engine refuses: no
        timer, the game already won or out of time.
        """
        return self.run(self._expire)

    def set_game(self, game: Game, source: GameSource | str = GameSource.LAYOUT, elapsed: float = 0.0) -> Game | None:
        """Put ``game`` on the table (a hand-built layout, a replayed record, a resumed game…).

        ``source`` is a :class:`GameSource` or its text; ``ValueError`` for another one.
        ``elapsed``: seconds already played (a resumed game), added to :attr:`elapsed`.
        """
        return self.run(self._start, game, GameSource(source), float(elapsed))

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language; nothing changes then.
        """
        check_language(lang)
        self._setting(self._set_language, lang)

    def show_message(self, render: Callable[[str], str], kind: MessageKind | str = MessageKind.INFO) -> None:
        """Show a message; ``render(lang)`` gives its text, so it follows language switches."""
        message = Message(MessageKind(kind), lambda lang: (render(lang),))
        self._setting(self._show, message, MessageChanged(message))

    def set_highlight(self, positions: Sequence[int] = (), stock: bool = False) -> None:
        """Ring ``positions`` (0–27) and/or the stock until the game changes (e.g. a hint)."""
        wanted = HighlightChanged(frozenset(int(p) for p in positions), bool(stock))
        self._setting(self._show, None, wanted)

    def close(self) -> None:
        """Forget every observer; later actions do nothing."""
        self._bus.close()

    # ------------------------------------------------------------------ internals
    def _rules(self, rule: RuleSet | Rule | str | None) -> RuleSet:
        return self.deal_rules if rule is None else RuleSet.parse(rule)

    def _with_code(self, code: str | GameCode, then: Callable[[GameCode], Game | None]) -> Game | None:
        """``then`` the code, parsed once; text that is not a code is rejected (docs/rules.md §5)."""
        try:
            parsed = GameCode.parse(code)
        except InvalidCodeError as exc:
            self._emit(CodeRejected(str(code), exc))
            return None
        return then(parsed)

    def _engine(self, action: Action, move: Callable[[], M]) -> M | None:
        """Make a play, a draw or a redo: the move, or its refusal (docs/rules.md §2, §4)."""
        try:
            event = move()
        except IllegalMoveError as exc:
            self._refused(action, exc.refusal)
            return None
        self._moved(event)
        return event

    def _expire(self) -> TimeUpEvent | None:
        try:
            event = self._game.expire()
        except IllegalMoveError as exc:
            self._emit(MoveRefused("T", exc.refusal))
            return None
        self._moved(event)
        return event

    def _undo_many(self, count: int, one: bool = False) -> Any:
        game = self._game
        if count > game.undo_depth:  # all or nothing
            self._refused("U", game.undo_refusal() or Refusal.NOTHING_TO_UNDO)
            return None
        events = [game.undo() for _ in range(count)]
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = state_message(game, event_message(events[-1]))
        self._emit(*self._counted(), *(MoveUndone(e) for e in events), MessageChanged(self._message))
        return events[0] if one else events

    def _moved(self, event: PlayEvent | DrawEvent | TimeUpEvent) -> None:
        self._highlight = HighlightChanged(frozenset(), False)
        if isinstance(event, TimeUpEvent):  # the timer, not a move: no clock to start
            self._message = state_message(self._game, NO_MESSAGE)
            events: list[SessionEvent] = [TimeRanOut(event), MessageChanged(self._message)]
        else:
            self._message = state_message(self._game, event_message(event))
            events = [*self._counted(), MoveMade(event), MessageChanged(self._message)]
        if event.status is not Status.PLAYING:
            events.append(GameOver(event.status, event.score))
        if event.status in _FINAL:
            finished = self._tally.end(self.clock())
            if finished is not None:
                events.append(finished)
        elif event.status is Status.BLOCKED:  # the clock stops; an undo starts it again
            self._tally.pause(self.clock())
        self._emit(*events)

    def _counted(self) -> list[SessionEvent]:
        """A move was made: the clock runs; a replay step played on counts from now on, and the game
        set aside for the replay is left for good (abandoned, or blocked)."""
        now = self.clock()
        if not self._tally.moved(now) or self._aside is None:
            return []
        aside, self._aside = self._aside, None
        finished = aside.leave(now)
        return [finished] if finished is not None else []

    def _refused(self, action: Action, refusal: Refusal) -> None:
        """A refused action (docs/rules.md §2, §4): the game did not change; maybe say why."""
        events: list[SessionEvent] = [MoveRefused(action, refusal)]
        # A card already gone is the second click of a fast double click: nothing to say.  Once the
        # game is won or out of time, the end-of-game message stays (a late click must not replace it).
        quiet = refusal in _QUIET_REFUSALS or (refusal in CARD_REFUSALS and not self.error_help)
        if not quiet:
            # A K on an A under Classic gets its own sentence (docs/rules.md §2).
            detail = self._game.refusal_detail(action) if isinstance(action, int) else None
            self._message = refused_message(refusal, self._game, detail)
            events.append(MessageChanged(self._message))
        self._emit(*events)

    def _start(self, game: Game, source: GameSource, elapsed: float = 0.0) -> Game:
        now = self.clock()
        previous, aside = self._tally, self._aside
        leaving: list[_Tally] = []
        tally = _Tally(game, source, elapsed, moves=0 if source is GameSource.RESUMED else game.moves)
        if source is GameSource.REPLAY:
            if previous.counts:  # set aside while the record is watched (a played-on step left none)
                self._aside = previous
        elif aside is not None and source is GameSource.RESUMED and game is aside.game:
            tally, self._aside = aside, None  # the game set aside comes back as it was
        else:
            leaving, self._aside = [t for t in (aside, previous) if t is not None], None
        events: list[SessionEvent] = [f for t in leaving if (f := t.leave(now)) is not None]
        self._tally = tally
        self._game = game
        if source in (GameSource.CODE, GameSource.RANDOM):
            self._settings.deal_rules = game.rules
        self._highlight = HighlightChanged(frozenset(), False)
        welcome = "status.restarted" if source is GameSource.RESTART else "status.welcome"
        self._message = state_message(game, text_message(welcome))
        self._emit(*events, GameStarted(game, source), MessageChanged(self._message))
        return game

    def _restart(self) -> Game:
        return self._start(self._game.restart(), GameSource.RESTART)

    def _deal_random(self, rule: RuleSet | None) -> Game:
        return self._start(self.random_game(self._rules(rule)), GameSource.RANDOM)

    def _set_language(self, lang: str) -> None:
        if lang != self._lang:
            previous, self._lang = self._lang, lang
            self._emit(LanguageChanged(lang, previous))

    def _show(self, message: Message | None, event: MessageChanged | HighlightChanged) -> None:
        if message is not None:
            self._message = message
        else:
            assert isinstance(event, HighlightChanged)
            self._highlight = event
        self._emit(event)
