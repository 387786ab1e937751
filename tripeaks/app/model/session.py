"""The play session: the app's model, without widgets.

A :class:`PlaySession` holds the game being played, the language and the
current status message (a :class:`Message`, rendered in any language when
shown).  Views never change each other: they call the session's actions
(:meth:`~PlaySession.play`, :meth:`~PlaySession.draw`, :meth:`~PlaySession.undo`,
:meth:`~PlaySession.redo`, :meth:`~PlaySession.undo_many`,
:meth:`~PlaySession.restart`, :meth:`~PlaySession.deal_code`,
:meth:`~PlaySession.deal_random`, :meth:`~PlaySession.set_game`,
:meth:`~PlaySession.set_language`, :meth:`~PlaySession.show_message` …) and
observe the typed events it emits (:func:`PlaySession.subscribe`):

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
:class:`SettingChanged`   error help, the rule set of the next random deal, the four-colour deck
:class:`StateRestored`    an action failed and was rolled back: show everything again
:class:`TimeRanOut`       the timer ran out (docs/rules.md §8): the game is over, *time up*
:class:`GameFinished`     a game played here is finished or abandoned, once per game (results, statistics)
========================  ==========================================================

The player's own Deal, Restart and New game go through
:meth:`~PlaySession.request_deal_code`, :meth:`~PlaySession.request_deal_random`
and :meth:`~PlaySession.request_restart`: one intention gives one deal.  A
game in progress (moves made, not over) is only replaced after a Yes
(:meth:`~PlaySession.answer`), and a second press that would only repeat the
first — the same code while its deal is still untouched on the table, or the
same request within :data:`DOUBLE_PRESS` seconds — changes nothing.  Scripts
call :meth:`~PlaySession.deal_code` and the others directly: they never ask.
The question is sent as :class:`ConfirmationAsked` (with the
:class:`ReplaceRequest`) and closed by :class:`ConfirmationClosed` (answered,
or the game moved on).

Every action runs under one guard: if anything fails (the engine or an
observer), the game is put back as it was, the message says so briefly, and
the failure is logged; the session never loses the game's state.  Events
emitted while observers handle an event are queued, so every observer sees
the events in the same order; a game action asked for while another action
runs (a click arriving in the middle of one) is ignored.

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
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ...engine.codes import GameCode, InvalidCodeError, Rule
from ...engine.game import (
    Action,
    DrawEvent,
    Event,
    Game,
    IllegalMoveError,
    PlayEvent,
    Refusal,
    RefusalDetail,
    Status,
    TimeUpEvent,
    UndoEvent,
)
from ...engine.rules import RuleSet
from ...i18n import check_language, explain, refusal_detail_sentence, refusal_message, status_message
from ...i18n.rulesets import rules_text
from ...i18n.ui import ui_text
from .clock import Stopwatch, time_limit
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

__all__ = [
    "PlaySession",
    "GameSource",
    "MessageKind",
    "Message",
    "Setting",
    "GameStarted",
    "MoveMade",
    "MoveUndone",
    "MoveRefused",
    "GameOver",
    "LanguageChanged",
    "MessageChanged",
    "CodeRejected",
    "HighlightChanged",
    "SettingChanged",
    "StateRestored",
    "Outcome",
    "TimeRanOut",
    "GameFinished",
    "SessionEvent",
    "GAME_CHANGES",
    # asking before a game in progress is replaced; redo and rewind
    "ReplaceKind",
    "ReplaceRequest",
    "ConfirmationAsked",
    "ConfirmationClosed",
    "DOUBLE_PRESS",
    "REDO",
]

log = logging.getLogger(__name__)

T = TypeVar("T")


# Ends that nothing can change: GameFinished at once (docs/rules.md §2, §8); a blocked game can be undone (§4).
_FINAL = (Status.WON, Status.TIME_UP)

# Card refusals that error help may keep quiet (docs/rules.md §2).
_CARD_REFUSALS = (Refusal.NOT_ADJACENT, Refusal.BLOCKED)
# Refusals that never replace the message: a card already gone, anything after the end (docs/rules.md §2, §8).
_QUIET_REFUSALS = (Refusal.EMPTY, Refusal.GAME_OVER, Refusal.TIME_UP)


class PlaySession:
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
        self._observers: list[Observer] = []
        self._queue: deque[SessionEvent] = deque()
        self._dispatching = False
        self._active = False
        self._closed = False
        self._error_help = True
        self._deal_rules = self._game.rules
        self._four_colour = False
        self._highlight: HighlightChanged = HighlightChanged(frozenset(), False)
        self._message = self._state_message(_text_message("status.welcome"))
        self.random_game: Callable[[RuleSet], Game] = Game.new
        """Makes each random deal (:meth:`deal_random`) under a rule set (docs/rules.md §8)."""
        self._pending: ReplaceRequest | None = None
        self._carried: tuple[ReplaceRequest, Game, float] | None = None  # the latest request carried out, and when
        self.double_press: float = DOUBLE_PRESS
        """Seconds during which the same request again is ignored as the second press of one (see the module doc)."""
        self._clock: Callable[[], float] = time.monotonic
        self._hidden = False
        self._tally = _Tally(self._game, GameSource.LAYOUT, 0.0)
        self._aside: _Tally | None = None
        self._tally.follow(self._clock(), self._hidden)

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
    def error_help(self) -> bool:
        """Whether a refused card says why (on by default)."""
        return self._error_help

    @property
    def deal_rule(self) -> Rule:
        """The rule (K–A wrap) of the next random deal: the wrap of :attr:`deal_rules`."""
        return self._deal_rules.rule

    @property
    def deal_rules(self) -> RuleSet:
        """The rule set of the next random deal (docs/rules.md §8; follows the rule set of a dealt code)."""
        return self._deal_rules

    @property
    def four_colour(self) -> bool:
        """Whether the cards are drawn in four suit colours (off by default; kept for every deal of the session)."""
        return self._four_colour

    @property
    def highlight(self) -> HighlightChanged:
        """What is ringed now (cleared whenever the game changes)."""
        return self._highlight

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds: the time source of :attr:`double_press` and of the game clock (tests may replace it).

        Replacing it keeps the seconds counted so far, except for a game on the table without any
        move yet, whose clock starts again at 0 on the new source (the time spent setting up)."""
        return self._clock

    @clock.setter
    def clock(self, source: Callable[[], float]) -> None:
        before, after = self._clock(), source()
        for tally in (self._tally, self._aside):
            if tally is not None:
                tally.watch.rebase(before, after)
        if not self._tally.game.history:
            self._tally.watch.restart(after)
        self._clock = source

    @property
    def stopwatch(self) -> Stopwatch:
        """The clock of the game on the table (docs/rules.md §8): it runs while the game is being played
        (not won, blocked or out of time) and the page is not hidden; every duration is read from it."""
        return self._tally.watch

    @property
    def elapsed(self) -> float:
        """Seconds the game on the table has been played (:attr:`stopwatch`): from when it was put on
        the table (plus, for a resumed game, the seconds played before), paused while the page is
        hidden or the game blocked, stopped at its end; under a timer, at most its limit."""
        return self._tally.watch.elapsed(self._clock())

    @property
    def hidden(self) -> bool:
        """True while the page is hidden (:meth:`set_hidden`): the game clock does not count."""
        return self._hidden

    def set_hidden(self, hidden: bool) -> None:
        """The page is hidden (the game clock pauses) or visible again (it goes on); sends no event."""
        self._hidden = bool(hidden)
        if not self._closed:
            self._tally.follow(self._clock(), self._hidden)

    @property
    def counts(self) -> bool:
        """True when the game on the table is played here (it will be a :class:`GameFinished`);
        False for a replay step."""
        return self._tally.counts

    @property
    def pending(self) -> ReplaceRequest | None:
        """The request waiting for the player's Yes or No, else ``None``."""
        return self._pending

    @property
    def needs_confirmation(self) -> bool:
        """True while replacing the game would abandon it: moves made and the game not over."""
        return self._game.moves > 0 and not self._game.is_over

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: actions do nothing, no event is sent."""
        return self._closed

    # ------------------------------------------------------------------ observers
    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(event)`` for every event from now on, after the observers already there.

        Returns a function that unsubscribes it.  An exception in an observer
        makes the action fail (the game is restored, see the module doc).
        """
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, *events: SessionEvent) -> None:
        if self._closed:
            return
        if self._pending is not None and any(isinstance(e, GAME_CHANGES) for e in events):
            request, self._pending = self._pending, None  # the question was about a game that moved on
            events = (*events, ConfirmationClosed(request, False))
        self._queue.extend(events)
        if self._dispatching:  # delivered by the loop below, after the event being handled
            return
        self._dispatching = True
        try:
            while self._queue:
                event = self._queue.popleft()
                for observer in list(self._observers):
                    observer(event)
        finally:
            self._dispatching = False

    # ------------------------------------------------------------------ the guard
    def run(self, action: Callable[..., T], *args: Any) -> T | None:
        """Run one user action under the guard and return its result (``None`` if ignored or failed).

        While another action runs it is ignored (a click arriving in the middle of one).
        On any failure the game is put back as it was before, the message
        says so, :class:`StateRestored` is sent, and ``None`` is returned.
        Views use this for their own actions too (e.g. asking for a hint).
        """
        if self._closed or self._active:
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
            self._restore(self._tally.game)
            return None
        finally:
            self._active = False

    def _restore(self, game: Game) -> None:
        self._queue.clear()
        self._dispatching = False
        self._game = game
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = Message(MessageKind.ERROR, lambda lang: (ui_text("status.failure", lang),))
        for event in (StateRestored(game), MessageChanged(self._message)):
            for observer in list(self._observers):
                try:
                    observer(event)
                except Exception:  # noqa: BLE001 - each view gets its chance to show the restored game
                    log.exception("TriPeaks view could not show the restored game")

    def _setting(self, action: Callable[..., T], *args: Any) -> T | None:
        """Run a state change: directly inside a running action, else under the guard."""
        if self._closed:
            return None
        if self._active:
            return action(*args)
        return self.run(action, *args)

    # ------------------------------------------------------------------ actions
    def play(self, position: int) -> PlayEvent | None:
        """Play the card at ``position`` (0–27) (docs/rules.md §2); ``None`` if refused or ignored."""
        return self.run(self._play, position)

    def draw(self) -> DrawEvent | None:
        """Draw from the stock (docs/rules.md §2); ``None`` if refused or ignored."""
        return self.run(self._draw)

    def undo(self) -> UndoEvent | None:
        """Undo the latest play or draw (docs/rules.md §4); ``None`` if refused or ignored."""
        return self.run(self._undo)

    def redo(self) -> PlayEvent | DrawEvent | None:
        """Make the latest undone action again (docs/rules.md §4): a move; ``None`` if refused or ignored."""
        return self.run(self._redo)

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

    def request_deal_code(self, code: str | GameCode) -> Game | None:
        """The player asks for the deal of ``code`` (docs/rules.md §5): see the module doc.

        Text that is not a code sends :class:`CodeRejected` at once, nothing
        else changing.  Returns the new game, or ``None`` when the player is
        asked first, or the request is ignored (a repeat) or rejected.
        """
        return self.run(self._request_code, code)

    def request_deal_random(self, rule: RuleSet | Rule | str | None = None) -> Game | None:
        """The player asks for a random deal under the rule set ``rule`` (default :attr:`deal_rules`): see the module doc.

        ``rule`` is anything :meth:`RuleSet.parse` reads; an unreadable one fails
        under the guard (message, nothing changed).
        """
        return self.run(self._request_random, rule)

    def request_restart(self) -> Game | None:
        """The player asks to play the same deal from its first move: see the module doc."""
        return self.run(self._request, ReplaceRequest(ReplaceKind.RESTART))

    def answer(self, yes: bool) -> Game | None:
        """Answer the question about :attr:`pending`: Yes carries the request out, No drops it.

        Returns the new game after a Yes; ``None`` otherwise, or with no question open.
        """
        return self.run(self._answer, bool(yes))

    def restart(self) -> Game | None:
        """Deal the same cards again from the first move; returns the new game."""
        return self.run(self._restart)

    def deal_code(self, code: str | GameCode) -> Game | None:
        """Deal the cards of ``code`` under the code's rule (docs/rules.md §5); returns the new game.

        Text that is not a code sends :class:`CodeRejected` (nothing else
        changes) and returns ``None``.
        """
        return self.run(self._deal_code, code)

    def deal_random(self, rule: RuleSet | Rule | str | None = None) -> Game | None:
        """Deal a random game under ``rule`` (default :attr:`deal_rules`) with :attr:`random_game`.

        ``rule`` is anything :meth:`RuleSet.parse` reads (a rule set, a rule,
        ``"C"``, ``"traditional"``, ``"E-SR"``); an unreadable one fails under
        the guard (message, nothing changed).
        """
        return self.run(self._deal_random, rule)

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
        kind = MessageKind(kind)
        self._setting(self._set_message, Message(kind, lambda lang: (render(lang),)))

    def set_highlight(self, positions: Sequence[int] = (), stock: bool = False) -> None:
        """Ring ``positions`` (0–27) and/or the stock until the game changes (e.g. a hint)."""
        wanted = HighlightChanged(frozenset(int(p) for p in positions), bool(stock))
        self._setting(self._set_highlight, wanted)

    def set_error_help(self, on: bool) -> None:
        """Turn error help on or off; turning it off clears a card refusal being shown."""
        self._setting(self._set_error_help, bool(on))

    def set_deal_rule(self, rule: Rule | str) -> None:
        """Deal the next random game under Easy or Classic ("E"/"C" or a :class:`~tripeaks.engine.codes.Rule`).

        Raises ``ValueError`` for anything else.
        """
        self._setting(self._set_deal_rules, RuleSet.from_rule(Rule.parse(rule)))

    def set_deal_rules(self, rules: RuleSet | Rule | str) -> None:
        """The rule set of the next random deal (docs/rules.md §8): a :class:`~tripeaks.engine.rules.RuleSet`,
        a rule, or text that :meth:`RuleSet.parse` reads (``"traditional"``, ``"E-SR"``).

        Raises ``ValueError`` for anything else; nothing changes then.
        """
        self._setting(self._set_deal_rules, RuleSet.parse(rules))

    def set_four_colour(self, on: bool) -> None:
        """Draw the cards in four suit colours (clubs green, diamonds blue) or in the usual two.

        A display setting for the whole session: new deals keep it.
        """
        self._setting(self._set_four_colour, bool(on))

    def close(self) -> None:
        """Forget every observer; later actions do nothing."""
        self._closed = True
        self._observers.clear()
        self._queue.clear()

    # ------------------------------------------------------------------ internals
    def _play(self, position: int) -> PlayEvent | None:
        try:
            event = self._game.play(position)
        except IllegalMoveError as exc:
            self._refused(position, exc.refusal)
            return None
        self._moved(event)
        return event

    def _draw(self) -> DrawEvent | None:
        try:
            event = self._game.draw()
        except IllegalMoveError as exc:
            self._refused("D", exc.refusal)
            return None
        self._moved(event)
        return event

    def _undo(self) -> UndoEvent | None:
        try:
            event = self._game.undo()
        except IllegalMoveError as exc:
            self._refused("U", exc.refusal)
            return None
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = self._state_message(_event_message(event))
        self._emit(*self._counted(), MoveUndone(event), MessageChanged(self._message))
        return event

    def _expire(self) -> TimeUpEvent | None:
        try:
            event = self._game.expire()
        except IllegalMoveError as exc:
            self._emit(MoveRefused("T", exc.refusal))
            return None
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = self._state_message(NO_MESSAGE)
        events: list[SessionEvent] = [
            TimeRanOut(event),
            MessageChanged(self._message),
            GameOver(event.status, event.score),
        ]
        finished = self._tally.end(self._clock())
        if finished is not None:
            events.append(finished)
        self._emit(*events)
        return event

    def _redo(self) -> PlayEvent | DrawEvent | None:
        try:
            event = self._game.redo()
        except IllegalMoveError as exc:
            self._refused(REDO, exc.refusal)
            return None
        self._moved(event)
        return event

    def _undo_many(self, count: int) -> list[UndoEvent] | None:
        game = self._game
        if count > game.undo_depth:  # all or nothing
            self._refused("U", game.undo_refusal() or Refusal.NOTHING_TO_UNDO)
            return None
        events = [game.undo() for _ in range(count)]
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = self._state_message(_event_message(events[-1]))
        self._emit(*self._counted(), *(MoveUndone(e) for e in events), MessageChanged(self._message))
        return events

    def _request_code(self, code: str | GameCode) -> Game | None:
        try:
            parsed = GameCode.parse(code)
        except InvalidCodeError as exc:
            self._emit(CodeRejected(str(code), exc))
            return None
        return self._request(ReplaceRequest(ReplaceKind.CODE, code=parsed))

    def _request_random(self, rule: RuleSet | Rule | str | None) -> Game | None:
        chosen = self._deal_rules if rule is None else RuleSet.parse(rule)
        return self._request(ReplaceRequest(ReplaceKind.RANDOM, rule=chosen))

    def _request(self, request: ReplaceRequest) -> Game | None:
        if request == self._pending or self._repeats(request):  # the same intention: nothing new to do
            return None
        if self.needs_confirmation:
            self._pending = request
            self._emit(ConfirmationAsked(request, self._game.moves))
            return None
        return self._carry_out(request)

    def _repeats(self, request: ReplaceRequest) -> bool:
        """Whether ``request`` would only repeat what is on the table (see the module doc)."""
        game = self._game
        if game.history:  # the game was played: a new intention
            return False
        if request.kind is ReplaceKind.RESTART or (request.kind is ReplaceKind.CODE and request.code == game.code):
            return True  # the result would be this very game, untouched
        carried = self._carried
        return (
            carried is not None
            and carried[0] == request
            and carried[1] is game
            and self.clock() - carried[2] < self.double_press
        )

    def _carry_out(self, request: ReplaceRequest) -> Game:
        if request.kind is ReplaceKind.CODE:
            assert request.code is not None
            game = self._start(Game.from_code(request.code), GameSource.CODE)
        elif request.kind is ReplaceKind.RANDOM:
            game = self._deal_random(request.rule)
        else:
            game = self._restart()
        self._carried = (request, game, self.clock())
        return game

    def _answer(self, yes: bool) -> Game | None:
        request, self._pending = self._pending, None
        if request is None:  # already answered (a double click on Yes), or the game moved on
            return None
        self._emit(ConfirmationClosed(request, yes))
        return self._carry_out(request) if yes else None

    def _moved(self, event: PlayEvent | DrawEvent) -> None:
        self._highlight = HighlightChanged(frozenset(), False)
        self._message = self._state_message(_event_message(event))
        events: list[SessionEvent] = [*self._counted(), MoveMade(event), MessageChanged(self._message)]
        if event.status is not Status.PLAYING:
            events.append(GameOver(event.status, event.score))
        if event.status in _FINAL:  # a blocked game's clock stopped in _counted; an undo starts it again
            finished = self._tally.end(self._clock())
            if finished is not None:
                events.append(finished)
        self._emit(*events)

    def _counted(self) -> list[SessionEvent]:
        """A move was made: the clock follows the game (stopped once it is over or blocked); a replay
        step played on counts from now on, and the game set aside for the replay is left for good
        (abandoned, or blocked)."""
        now = self._clock()
        self._tally.follow(now, self._hidden)
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
        quiet = refusal in _QUIET_REFUSALS or (refusal in _CARD_REFUSALS and not self._error_help)
        if not quiet:
            # A K on an A under Classic gets its own sentence (docs/rules.md §2).
            detail = self._game.refusal_detail(action) if isinstance(action, int) else None
            self._message = _refusal_message(refusal, self._game, detail)
            events.append(MessageChanged(self._message))
        self._emit(*events)

    def _start(self, game: Game, source: GameSource, elapsed: float = 0.0) -> Game:
        now = self._clock()
        previous, aside = self._tally, self._aside
        previous.watch.stop(now)  # left, or set aside while a record is watched
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
        tally.follow(now, self._hidden)
        if source in (GameSource.CODE, GameSource.RANDOM):
            self._deal_rules = game.rules
        self._highlight = HighlightChanged(frozenset(), False)
        welcome = "status.restarted" if source is GameSource.RESTART else "status.welcome"
        self._message = self._state_message(_text_message(welcome))
        self._emit(*events, GameStarted(game, source), MessageChanged(self._message))
        return game

    def _restart(self) -> Game:
        return self._start(self._game.restart(), GameSource.RESTART)

    def _deal_code(self, code: str | GameCode) -> Game | None:
        try:
            parsed = GameCode.parse(code)
        except InvalidCodeError as exc:
            self._emit(CodeRejected(str(code), exc))
            return None
        return self._start(Game.from_code(parsed), GameSource.CODE)

    def _deal_random(self, rule: RuleSet | Rule | str | None) -> Game:
        chosen = self._deal_rules if rule is None else RuleSet.parse(rule)
        return self._start(self.random_game(chosen), GameSource.RANDOM)

    def _set_language(self, lang: str) -> None:
        if lang == self._lang:
            return
        previous, self._lang = self._lang, lang
        self._emit(LanguageChanged(lang, previous))

    def _set_message(self, message: Message) -> None:
        self._message = message
        self._emit(MessageChanged(message))

    def _set_highlight(self, wanted: HighlightChanged) -> None:
        self._highlight = wanted
        self._emit(wanted)

    def _set_error_help(self, on: bool) -> None:
        if on == self._error_help:
            return
        self._error_help = on
        events: list[SessionEvent] = [SettingChanged(Setting.ERROR_HELP, on)]
        if not on and self._message.refusal in _CARD_REFUSALS:
            self._message = self._state_message(NO_MESSAGE)
            events.append(MessageChanged(self._message))
        self._emit(*events)

    def _set_deal_rules(self, rules: RuleSet) -> None:
        if rules == self._deal_rules:
            return
        before, self._deal_rules = self._deal_rules, rules
        events: list[SessionEvent] = [SettingChanged(Setting.DEAL_RULES, rules)]
        if rules.rule is not before.rule:
            events.append(SettingChanged(Setting.DEAL_RULE, rules.rule))
        self._emit(*events)

    def _set_four_colour(self, on: bool) -> None:
        if on == self._four_colour:
            return
        self._four_colour = on
        self._emit(SettingChanged(Setting.FOUR_COLOUR, on))

    def _state_message(self, otherwise: Message) -> Message:
        """The end of the game when it is over (docs/rules.md §2), else ``otherwise``."""
        game = self._game
        if game.status is Status.WON:
            score = game.score
            return Message(
                MessageKind.WON,
                lambda lang: (status_message(Status.WON, lang, score), ui_text("status.won_peaks", lang)),
            )
        if game.status is Status.BLOCKED:
            return Message(MessageKind.BLOCKED, _blocked_sentences)
        if game.status is Status.TIME_UP:
            return Message(MessageKind.BLOCKED, _time_up_sentences)
        return otherwise


class _Tally:
    """What makes a :class:`GameFinished` for one game: whether it counts, its clock, its end."""

    def __init__(self, game: Game, source: GameSource, elapsed: float, moves: int = 0) -> None:
        self.game = game
        self.counts = source is not GameSource.REPLAY
        self.moves_at_start = moves
        self.watch = Stopwatch(time_limit(game), elapsed)
        self.ended = False

    def __copy__(self) -> _Tally:
        twin = _Tally.__new__(_Tally)
        twin.__dict__.update(self.__dict__)
        twin.watch = self.watch.copy()
        return twin

    def follow(self, now: float, hidden: bool) -> None:
        """The clock runs while the game is being played on a visible page."""
        if self.game.status is Status.PLAYING and not hidden:
            self.watch.start(now)
        else:
            self.watch.stop(now)

    def moved(self, now: float) -> bool:
        """Returns True when this move made a replay step count (it plays on from there)."""
        became, self.counts = not self.counts, True
        return became

    def end(self, now: float) -> GameFinished | None:
        """The game was won or ran out of time (nothing can change it any more)."""
        self.watch.stop(now)
        if not self.counts or self.ended:
            return None
        self.ended = True
        return GameFinished(self.game, self.game.status, self.watch.elapsed(now))

    def leave(self, now: float) -> GameFinished | None:
        """The game leaves the table: blocked, or abandoned after a move made (or resumed) here."""
        self.watch.stop(now)
        game = self.game
        if not self.counts or self.ended or not (game.is_over or game.moves > self.moves_at_start):
            return None
        self.ended = True
        return GameFinished(game, game.status, self.watch.elapsed(now))


def _blocked_sentences(lang: str) -> tuple[str, ...]:
    return status_message(Status.BLOCKED, lang), ui_text("status.blocked_help", lang)


def _time_up_sentences(lang: str) -> tuple[str, ...]:
    return status_message(Status.TIME_UP, lang), rules_text("timer.up_help", lang)


def _text_message(key: str) -> Message:
    return Message(MessageKind.INFO, lambda lang: (ui_text(key, lang),))


def _event_message(event: Event) -> Message:
    return Message(MessageKind.INFO, lambda lang: (explain(event, lang),))


def _refusal_message(refusal: Refusal, game: Game, detail: RefusalDetail | None = None) -> Message:
    def sentences(lang: str) -> tuple[str, ...]:
        out = [refusal_message(refusal, lang)]
        if detail is not None:
            out.append(refusal_detail_sentence(detail, lang))
        if game.status is Status.BLOCKED:  # keep saying that the game is over
            out += _blocked_sentences(lang)
        return tuple(out)

    return Message(MessageKind.ERROR, sentences, refusal)
