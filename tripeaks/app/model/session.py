"""The play session: the app's model, without widgets.

A :class:`PlaySession` holds the game on the table, the status message (a
:class:`Message`, rendered in any language when shown) and the settings.
Views never change each other: they call its actions (play, draw, undo, the
player's requests…) and observe the events it emits (:meth:`PlaySession.subscribe`,
listed in :mod:`tripeaks.app.model.events`).  Every action runs under one guard
(:meth:`PlaySession.run`): if anything fails, the game is put back as it was
and the message says so.  The player's requests to replace a game ask first
(:mod:`tripeaks.app.model.abandon`); the settings are :mod:`tripeaks.app.model.settings`;
the messages are built by :mod:`tripeaks.i18n.session`.

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

from ...engine.codes import GameCode, InvalidCodeError, WrapRule
from ...engine.game import Action, DrawEvent, Game, IllegalMoveError, PlayEvent, Refusal, Status, TimeUpEvent, UndoEvent
from ...engine.rules import RuleSet
from ...i18n import check_language
from ...i18n.session import (
    event_message,
    failure_message,
    refusal_status,
    state_message,
    text_message,
    welcome_message,
)
from . import events as ev
from .abandon import AbandonGuard, ReplaceRequests
from .bus import EventBus
from .clock import time_limit
from .events import *  # noqa: F403 - the events and values, importable from here as before
from .settings import SessionSettings, Settings
from .tally import TimedSession, _Tally, continue_refusal

__all__ = ["PlaySession", *ev.__all__]

log = logging.getLogger(__name__)

T = TypeVar("T")
M = TypeVar("M", PlayEvent, DrawEvent, "PlayEvent | DrawEvent")

# Ends that nothing can change: GameFinished at once (docs/rules.md §2, §8); a blocked game can be undone (§4).
_FINAL = (Status.WON, Status.TIME_UP)


class PlaySession(TimedSession, ReplaceRequests, SessionSettings):
    """One player's session: the game, the language, the status message and the settings.

    ``PlaySession(game=None, lang="en")`` plays ``game`` (a random Easy deal
    when ``None``).  Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a
    ``ValueError`` naming the languages) for an unknown language.
    ``random_game`` (a ``RuleSet -> Game`` function, :meth:`Game.new` by default)
    makes the random deals; it may be replaced (e.g. to deal only winnable games).
    """

    def __init__(self, game: Game | None = None, lang: str = "en") -> None:
        self._lang = check_language(lang)
        self._game = game if game is not None else Game.new(WrapRule.EASY)
        self._bus: EventBus[ev.SessionEvent] = EventBus()
        self._active = False
        self._settings = Settings(self._game.rules)
        self._highlight: ev.HighlightChanged = ev.HighlightChanged(frozenset(), False)
        self._message = state_message(self._game, welcome_message(self._game))
        self.random_game: Callable[[RuleSet], Game] = Game.new
        """Makes each random deal (:meth:`deal_random`) under a rule set (docs/rules.md §8)."""
        self._abandon = AbandonGuard(ev.DOUBLE_PRESS)
        self._clock: Callable[[], float] = time.monotonic  # see TimedSession.clock
        self._hidden = False
        self._tally = _Tally(self._game, ev.GameSource.LAYOUT, 0.0)
        self._aside: _Tally | None = None
        self._held: ev.Message | None = None  # the game goes on in another tab: why nothing is played here
        self.watch_only: Callable[[str], str] | None = None
        """When set, a play, draw, undo or redo on a replay step (the game on the table does not
        :attr:`count <counts>`) is refused (:class:`MoveRefused` with ``Refusal.GAME_OVER``: nothing to
        play here) and the message ``watch_only(lang)`` shown: a stray click never takes a record over;
        the replay panel's *Continue from here* does (``set_game(step, "record")``)."""
        self._tally.follow(self._clock(), self._hidden)

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        """The game on the table."""
        return self._game

    @property
    def message(self) -> ev.Message:
        """The status message (render it with ``message.sentences(lang)``)."""
        return self._message

    @property
    def highlight(self) -> ev.HighlightChanged:
        """What is ringed now (cleared whenever the game changes)."""
        return self._highlight

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: actions do nothing, no event is sent."""
        return self._bus.closed

    @property
    def counts(self) -> bool:
        """True when the game on the table is played here (it will be a :class:`GameFinished`);
        False for a replay step."""
        return self._tally.counts

    @property
    def watching(self) -> bool:
        """True while a replay step is only watched (:attr:`watch_only` set, the game not :attr:`counts`):
        a play, a draw, an undo or a redo is refused then."""
        return self.watch_only is not None and not self._tally.counts

    @property
    def set_aside(self) -> Game | None:
        """The game set aside while a record is watched (it comes back with ``set_game(game, "resumed")``;
        a move made on a replay step leaves it for good), else ``None``."""
        return self._aside.game if self._aside is not None else None

    @property
    def continued_at(self) -> int | None:
        """The move counter at which the game on the table was continued from a record
        (docs/rules.md §6; it counts only through moves made past it), else ``None``."""
        return self._tally.moves_at_start if self._tally.from_record else None

    @property
    def held(self) -> bool:
        """True while the game on the table goes on elsewhere (:meth:`hold`)."""
        return self._held is not None

    # ------------------------------------------------------------------ observers and the guard

    def subscribe(self, observer: ev.Observer) -> Callable[[], None]:
        """Call ``observer(event)`` for every event from now on, after the observers already there; returns
        the function that unsubscribes it.  An observer's exception makes the action fail (restored, see :meth:`run`)."""
        return self._bus.subscribe(observer)

    def _emit(self, *events: ev.SessionEvent) -> None:
        if self.pending is not None and any(isinstance(e, ev.GAME_CHANGES) for e in events):
            request = self._abandon.close()  # the question was about a game that moved on
            events = (*events, ev.ConfirmationClosed(request, False))  # type: ignore[arg-type]
        self._bus.emit(*events)

    def run(self, action: Callable[..., T], *args: Any) -> T | None:
        """Run one user action under the guard and return its result (``None`` if ignored or failed).

        While another action runs it is ignored (a click arriving in the middle of one).  On any failure
        the game is put back as it was before, the message says so, :class:`StateRestored` is sent and
        ``None`` is returned.  Views use this for their own actions too (e.g. asking for a hint)."""
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
            self._highlight = ev.HighlightChanged(frozenset(), False)
            self._message = failure_message()
            self._bus.deliver_each((ev.StateRestored(self._game), ev.MessageChanged(self._message)))
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
        return self.run(self._engine, ev.REDO, lambda: self._game.redo())

    def undo_many(self, count: int) -> list[UndoEvent] | None:
        """Undo ``count`` (≥ 1) actions in one go, e.g. a rewind (docs/rules.md §4): all or nothing.

        One :class:`MoveUndone` per undo, then one message; with fewer undos possible nothing changes
        and the refusal is sent (``None``).  ``ValueError`` when ``count`` is not a positive integer.
        Inside a running action (e.g. a view's :meth:`run`) it runs at once."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"count must be a positive integer, got {count!r}")
        return self._setting(self._undo_many, count)

    def restart(self) -> Game | None:
        """Deal the same cards again from the first move; returns the new game."""
        return self.run(self._unless_held, self._restart)

    def deal_code(self, code: str | GameCode) -> Game | None:
        """Deal the cards of ``code`` under the code's rule (docs/rules.md §5); returns the new game.
        Text that is not a code sends :class:`CodeRejected` (nothing else changes) and returns ``None``."""
        return self.run(
            self._unless_held, self._with_code, code, lambda c: self._start(Game.from_code(c), ev.GameSource.CODE)
        )

    def deal_random(self, rules: RuleSet | WrapRule | str | None = None) -> Game | None:
        """Deal a random game under ``rules`` (default :attr:`deal_rules`) with :attr:`random_game`.
        ``rules`` is anything :meth:`RuleSet.parse` reads (``"C"``, ``"traditional"``, ``"E-SR"``…);
        an unreadable one fails under the guard (message, nothing changed)."""
        return self.run(self._unless_held, lambda: self._deal_random(self._rules(rules)))

    def expire(self) -> TimeUpEvent | None:
        """The timer ran out (docs/rules.md §8): end the game with status *time up* (record token ``T``).

        Sends :class:`TimeRanOut`, the message, :class:`GameOver` and :class:`GameFinished`; ``None``
        (and :class:`MoveRefused`, no message) when the engine refuses: no timer, the game already over."""
        return self.run(self._expire)

    def set_game(
        self,
        game: Game,
        source: ev.GameSource | str = ev.GameSource.LAYOUT,
        elapsed: float = 0.0,
        *,
        continued_at: int | None = None,
        hints: int = 0,
    ) -> Game | None:
        """Put ``game`` on the table (a hand-built layout, a replayed record, a resumed game…).
        ``source`` is a :class:`GameSource` or its text (``ValueError`` for another one); ``elapsed``:
        seconds already played (a resumed game, or the clock a continued record's game had used),
        added to :attr:`elapsed`.

        ``source`` RECORD continues a record's step as a game of the player's (docs/rules.md §6):
        it counts only through the moves made on it here (:attr:`continued_at`).  A position
        that is already over — won, out of time, or blocked with nothing to undo — cannot be
        continued: nothing changes, :class:`MoveRefused` (``"record"``) is sent with its refusal
        and ``None`` returned.  ``continued_at`` (a resumed game that was continued from a
        record): the move counter when it was.  A step of a timed record whose ``elapsed`` (the
        clock its game already used here) reaches the limit cannot be continued either (TIME_UP).
        ``hints``: the hints already asked in it (a resumed game, :attr:`hints`)."""
        if source == ev.GameSource.RECORD:
            limit = time_limit(game)
            refusal = continue_refusal(game)
            if refusal is None and limit is not None and float(elapsed) >= limit:
                refusal = Refusal.TIME_UP  # the game's countdown has run out: it is not refilled
            if refusal is not None:
                self._setting(self._emit, ev.MoveRefused(ev.CONTINUE, refusal))
                return None
        source = ev.GameSource(source)
        aside = self._aside
        if source is ev.GameSource.REPLAY or (
            source is ev.GameSource.RESUMED and aside is not None and game is aside.game
        ):
            return self.run(
                self._start, game, source, float(elapsed), continued_at, hints
            )  # a record watched: even held
        return self.run(self._unless_held, self._start, game, source, float(elapsed), continued_at, hints)

    def show_message(self, render: Callable[[str], str], kind: ev.MessageKind | str = ev.MessageKind.INFO) -> None:
        """Show a message; ``render(lang)`` gives its text, so it follows language switches."""
        message = ev.Message(ev.MessageKind(kind), lambda lang: (render(lang),))
        self._setting(self._show, message, ev.MessageChanged(message))

    def hold(self, render: Callable[[str], str]) -> None:
        """The game on the table (and the one set aside for a record) goes on elsewhere: another tab of
        the browser took it (:class:`~tripeaks.app.model.keeper.Keeper`).  Its clock stops, it never
        counts here (no :class:`GameFinished` when it leaves the table) and every play, draw, undo,
        redo, deal or restart is refused, showing the message ``render(lang)`` again, until
        :meth:`release`.  Watching a record and the language, settings and hints still work."""
        message = ev.Message(ev.MessageKind.ERROR, lambda lang: (render(lang),))
        self._setting(self._hold, message)

    def release(self) -> None:
        """Play may go on here again (after :meth:`hold`): the caller puts the newer game on the table."""
        self._held = None

    def set_highlight(self, positions: Sequence[int] = (), stock: bool = False) -> None:
        """Ring ``positions`` (0–27) and/or the stock until the game changes (e.g. a hint)."""
        wanted = ev.HighlightChanged(frozenset(int(p) for p in positions), bool(stock))
        self._setting(self._show, None, wanted)

    def close(self) -> None:
        """Forget every observer; later actions do nothing."""
        self._bus.close()

    # ------------------------------------------------------------------ internals
    def _hold(self, message: ev.Message) -> None:
        self._held = message
        request = self._abandon.close()  # "Abandon this game?" is about a game that goes on elsewhere
        if request is not None:
            self._emit(ev.ConfirmationClosed(request, False))
        for tally in (self._tally, self._aside):
            if tally is not None:
                tally.ended = True  # handed over: it never counts here
        self._tally.follow(self._clock(), True)
        self._show(message, ev.MessageChanged(message))

    def _refused_held(self) -> bool:
        """While held (:meth:`hold`), say so again instead of changing the game."""
        if self._held is None:
            return False
        self._show(self._held, ev.MessageChanged(self._held))
        return True

    def _unless_held(self, action: Callable[..., T], *args: Any) -> T | None:
        return None if self._refused_held() else action(*args)

    def _request(self, request: ev.ReplaceRequest) -> Game | None:
        if self._refused_held():
            return None
        return super()._request(request)

    def _rules(self, rules: RuleSet | WrapRule | str | None) -> RuleSet:
        return self.deal_rules if rules is None else RuleSet.parse(rules)

    def _with_code(self, code: str | GameCode, then: Callable[[GameCode], Game | None]) -> Game | None:
        """``then`` the code, parsed once; text that is not a code is rejected (docs/rules.md §5)."""
        try:
            parsed = GameCode.parse(code)
        except InvalidCodeError as exc:
            self._emit(ev.CodeRejected(str(code), exc))
            return None
        return then(parsed)

    def _refused_watching(self, action: Action) -> bool:
        """A replay step is only watched while :attr:`watch_only` is set: the move is refused, saying so."""
        render = self.watch_only
        if render is None or not self.watching:
            return False
        message = ev.Message(ev.MessageKind.ERROR, lambda lang: (render(lang),))
        self._message = message
        self._emit(ev.MoveRefused(action, Refusal.GAME_OVER), ev.MessageChanged(message))
        return True

    def _out_of_time(self, action: Action) -> bool:
        """A replay step whose game's countdown has run out cannot be played on (refused, TIME_UP)."""
        tally = self._tally
        if tally.counts or tally.watch.remaining(self._clock()) != 0:
            return False
        self._refused(action, Refusal.TIME_UP)
        return True

    def _engine(self, action: Action, move: Callable[[], M]) -> M | None:
        """Make a play, a draw or a redo: the move, or its refusal (docs/rules.md §2, §4)."""
        if self._refused_held() or self._refused_watching(action) or self._out_of_time(action):
            return None
        try:
            event = move()
        except IllegalMoveError as exc:
            self._refused(action, exc.refusal)
            return None
        self._moved(event)
        return event

    def _expire(self) -> TimeUpEvent | None:
        if self._held is not None:  # the clock is stopped: the game goes on elsewhere
            return None
        if not self._tally.counts:  # a replay step's clock does not run: it never ends time up
            return None
        try:
            event = self._game.expire()
        except IllegalMoveError as exc:
            self._emit(ev.MoveRefused("T", exc.refusal))
            return None
        self._moved(event)
        return event

    def _undo_many(self, count: int, one: bool = False) -> Any:
        game = self._game
        if self._refused_held() or self._refused_watching("U") or self._out_of_time("U"):
            return None
        if count > game.undo_depth:  # all or nothing
            self._refused("U", game.undo_refusal() or Refusal.NOTHING_TO_UNDO)
            return None
        events = [game.undo() for _ in range(count)]
        self._highlight = ev.HighlightChanged(frozenset(), False)
        self._message = state_message(game, event_message(events[-1]))
        self._emit(*self._counted(), *(ev.MoveUndone(e) for e in events), ev.MessageChanged(self._message))
        return events[0] if one else events

    def _moved(self, event: PlayEvent | DrawEvent | TimeUpEvent) -> None:
        self._highlight = ev.HighlightChanged(frozenset(), False)
        if isinstance(event, TimeUpEvent):  # the timer, not a move: no clock to start
            self._message = state_message(self._game, ev.NO_MESSAGE)
            events: list[ev.SessionEvent] = [ev.TimeRanOut(event), ev.MessageChanged(self._message)]
        else:
            self._message = state_message(self._game, event_message(event))
            events = [*self._counted(), ev.MoveMade(event), ev.MessageChanged(self._message)]
        if event.status is not Status.PLAYING:
            events.append(ev.GameOver(event.status, event.score))
        if event.status in _FINAL:  # a blocked game's clock stopped in _counted; an undo starts it again
            finished = self._tally.end(self._clock())
            if finished is not None:
                events.append(finished)
        self._emit(*events)

    def _counted(self) -> list[ev.SessionEvent]:
        """A move was made: the clock follows the game (stopped once it is over or blocked); a replay
        step played on counts from now on, and the game set aside for the replay is left for good."""
        now = self._clock()
        became = self._tally.moved(now)
        self._tally.follow(now, self._hidden)
        if not became or self._aside is None:
            return []
        aside, self._aside = self._aside, None
        finished = aside.leave(now)
        return [finished] if finished is not None else []

    def _refused(self, action: Action, refusal: Refusal) -> None:
        """A refused action (docs/rules.md §2, §4): the game did not change; maybe say why."""
        message = refusal_status(refusal, self._game, action, self.error_help)
        if message is not None:
            self._message = message
        self._emit(ev.MoveRefused(action, refusal), *([ev.MessageChanged(message)] if message else []))

    def _start(
        self,
        game: Game,
        source: ev.GameSource,
        elapsed: float = 0.0,
        continued_at: int | None = None,
        hints: int = 0,
    ) -> Game:
        now = self._clock()
        previous, aside = self._tally, self._aside
        now = self._clock()
        previous.watch.stop(now)  # left, or set aside while a record is watched
        leaving: list[_Tally] = []
        moves = 0 if source is ev.GameSource.RESUMED else game.moves
        tally = _Tally(game, source, elapsed, moves, continued_at, max(0, int(hints)))
        if source is ev.GameSource.REPLAY:
            if previous.counts:  # set aside while the record is watched (a played-on step left none)
                self._aside = previous
        elif aside is not None and source is ev.GameSource.RESUMED and game is aside.game:
            tally, self._aside = aside, None  # the game set aside comes back as it was
        else:
            leaving, self._aside = [t for t in (aside, previous) if t is not None], None
        events: list[ev.SessionEvent] = [f for t in leaving if (f := t.leave(now)) is not None]
        self._tally = tally
        self._game = game
        tally.follow(now, self._hidden)
        if source is ev.GameSource.RANDOM:  # a random deal under other rules (asked by name) sets the next deal's
            events.extend(self._settings.set_deal_rules(game.rules))
        # A code (pasted, a link, the deal of the day, a match deal) never changes the rule set of the
        # next random deal: Deal keeps the rule set chosen in the New game menu (docs/play/index.md).
        self._highlight = ev.HighlightChanged(frozenset(), False)
        welcome = text_message("status.restarted") if source is ev.GameSource.RESTART else welcome_message(game)
        self._message = state_message(game, welcome)
        self._emit(*events, ev.GameStarted(game, source), ev.MessageChanged(self._message))
        return game

    def _restart(self) -> Game:
        return self._start(self._game.restart(), ev.GameSource.RESTART)

    def _deal_random(self, rules: RuleSet | None) -> Game:
        return self._start(self.random_game(self._rules(rules)), ev.GameSource.RANDOM)

    def _show(self, message: ev.Message | None, event: ev.MessageChanged | ev.HighlightChanged) -> None:
        if message is not None:
            self._message = message
        else:
            assert isinstance(event, ev.HighlightChanged)
            self._highlight = event
        self._emit(event)
