"""The game clock, without widgets: how long a game has been played, and its countdown (docs/rules.md §8).

:class:`Stopwatch` is the one clock of one game (the session holds it):
every duration — the history's entry, the class row, the end-of-game
summary, the countdown, ``GameFinished.duration`` — is read from it.
:class:`GameClock` follows a session: it pauses the clock while the page is
hidden, says when it starts, stops or pauses, and ends a timed game at 0.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import math
from collections.abc import Callable
from typing import Protocol

from ...engine.game import Game
from .events import GAME_CHANGES, GameStarted, Observer, SessionEvent

__all__ = ["Stopwatch", "GameClock", "Scheduler", "Handle", "kernel_loop", "time_limit"]

log = logging.getLogger(__name__)

_EPSILON = 0.01
"""The clock wakes up this long after the time is up, so that it has surely passed."""


def time_limit(game: Game) -> float | None:
    """The time limit of ``game`` in seconds (its rule set's timer, docs/rules.md §8), or ``None`` without a timer."""
    minutes = game.rules.timer
    return None if minutes is None else 60.0 * minutes


class Stopwatch:
    """The seconds one game has been played; under a timer, never more than its limit.

    ``Stopwatch(limit=None, elapsed=0.0)``: ``limit`` in seconds (``None``:
    no timer), ``elapsed`` the seconds already played (a resumed game).  It
    counts only between :meth:`start` and :meth:`stop`; every method takes
    ``now``, the seconds of the session's time source.  Raises ``ValueError``
    for an ``elapsed`` or a ``limit`` that is not a number of seconds ≥ 0.
    """

    def __init__(self, limit: float | None = None, elapsed: float = 0.0) -> None:
        for name, value in (("limit", 0.0 if limit is None else limit), ("elapsed", elapsed)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
                raise ValueError(f"a stopwatch's {name} must be a number of seconds ≥ 0, got {value!r}")
        self.limit = None if limit is None else float(limit)
        self._carried = self._capped(float(elapsed))
        self._initial = self._carried
        self._since: float | None = None

    def _capped(self, seconds: float) -> float:
        return seconds if self.limit is None else min(seconds, self.limit)

    @property
    def running(self) -> bool:
        """True between :meth:`start` and :meth:`stop`."""
        return self._since is not None

    def elapsed(self, now: float) -> float:
        """Seconds played up to ``now`` (≥ 0, at most the limit)."""
        since = self._since
        return self._capped(self._carried + (max(0.0, now - since) if since is not None else 0.0))

    def remaining(self, now: float) -> float | None:
        """Seconds left on the countdown at ``now`` (≥ 0), or ``None`` without a timer."""
        return None if self.limit is None else max(0.0, self.limit - self.elapsed(now))

    def start(self, now: float) -> None:
        """Count from ``now`` on (nothing changes if it already counts)."""
        if self._since is None:
            self._since = now

    def stop(self, now: float) -> None:
        """Stop counting at ``now``, keeping the seconds counted (nothing changes if it is stopped)."""
        if self._since is not None:
            self._carried = self.elapsed(now)
            self._since = None

    def restart(self, now: float) -> None:
        """Back to 0 at ``now``, still counting if it counted."""
        self._carried = 0.0
        if self._since is not None:
            self._since = now

    def reset(self, now: float) -> None:
        """Back to the seconds it was made with (0, or a resumed game's) at ``now``, still counting if it counted."""
        self._carried = self._initial
        if self._since is not None:
            self._since = now

    def rebase(self, old_now: float, new_now: float) -> None:
        """The time source changes: ``old_now`` on the old one is ``new_now`` on the new one."""
        if self._since is not None:
            self._carried = self.elapsed(old_now)
            self._since = new_now

    def copy(self) -> Stopwatch:
        """An independent copy."""
        return copy.copy(self)


class Handle(Protocol):
    """What a scheduler returns: something that can be cancelled (an ``asyncio.TimerHandle``)."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Calls ``callback()`` once after ``delay`` seconds (an asyncio event loop is one)."""

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle: ...


def kernel_loop() -> Scheduler | None:
    """The event loop running now (the kernel's, when called from a cell or a click), else ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Session(Protocol):
    """What :class:`GameClock` needs of a :class:`~tripeaks.app.model.session.PlaySession`."""

    clock: Callable[[], float]

    @property
    def game(self) -> Game: ...
    @property
    def stopwatch(self) -> Stopwatch: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def hidden(self) -> bool: ...
    def set_hidden(self, hidden: bool) -> None: ...
    def expire(self) -> object: ...
    def subscribe(self, observer: Observer) -> Callable[[], None]: ...


class GameClock:
    """The clock of the session's game on the table, and its end at 0 under a timer (docs/rules.md §8).

    ``GameClock(session, clock=None, scheduler=None)``: ``clock`` replaces the
    session's time source (seconds, a fake one in tests); ``scheduler`` wakes
    the clock up when the time is up (by default the event loop running when
    a countdown starts, if any).  It reads the session's
    :attr:`~tripeaks.app.model.session.PlaySession.stopwatch`, so it shows the
    same seconds as every other duration.  It wakes up only when the time is
    up; nothing is scheduled once the game is won, blocked or out of time, or
    after another game is dealt (the countdown then starts for that one if it
    has a timer).  Where no event loop runs, :meth:`tick` checks the time by
    hand.  :meth:`on_change` registers a function called whenever the clock
    starts, stops, pauses or is reset (:attr:`epoch` counts those changes).
    """

    def __init__(
        self,
        session: Session,
        clock: Callable[[], float] | None = None,
        scheduler: Scheduler | None = None,
    ) -> None:
        self._session = session
        if clock is not None:
            session.clock = clock
        self._scheduler = scheduler
        self._listeners: list[Callable[[], object]] = []
        self._handle: Handle | None = None
        self._closed = False
        self._watch: Stopwatch | None = None
        self._running = False
        self._before_shown = True  # a kernel kept waiting for a page: nothing it counted is time played
        self.epoch = 0
        """Counts the times the clock started, stopped, paused or was reset."""
        self.ticks = 0
        """How many times the clock woke up (for tests and benchmarks)."""
        session.subscribe(self._on_event)
        self._follow(reset=True)

    # ------------------------------------------------------------------ reading
    @property
    def limit(self) -> float | None:
        """The game's time limit in seconds (docs/rules.md §8), or ``None`` without a timer."""
        return self._session.stopwatch.limit

    def elapsed(self) -> float:
        """Seconds the game has been played (the session's :attr:`~tripeaks.app.model.session.PlaySession.elapsed`)."""
        return self._session.elapsed

    def remaining(self) -> float | None:
        """Seconds left on the countdown (≥ 0), or ``None`` without a timer."""
        session = self._session
        return session.stopwatch.remaining(session.clock())

    @property
    def running(self) -> bool:
        """True while the clock counts: a game being played, on a visible page."""
        return not self._closed and self._session.stopwatch.running

    @property
    def paused(self) -> bool:
        """True while the page is hidden (the clock does not count then)."""
        return self._session.hidden

    @property
    def ticking(self) -> bool:
        """True while a wake-up is scheduled (a timed game being played on a visible page)."""
        return self._handle is not None

    def on_change(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` whenever the clock starts, stops, pauses or is reset."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ driving
    def set_hidden(self, hidden: bool) -> None:
        """The page is hidden (pause) or visible again (resume)."""
        if self._closed or bool(hidden) == self._session.hidden:
            return
        self._session.set_hidden(bool(hidden))
        self._follow()

    def page_shown(self) -> None:
        """The page shows the app for the first time: the game on the table, put there before (a
        kernel kept waiting for a page, a challenge or a link's code dealt as the page loaded), still
        without a move, counts from now, from 0 or from a resumed game's seconds.  Only the first
        call counts."""
        if not self._before_shown:
            return
        self._before_shown = False
        session = self._session
        if not session.game.history:
            session.stopwatch.reset(session.clock())
            self._follow(reset=True)

    def tick(self) -> None:
        """Check the time: end a timed game whose time is up, else wait for the rest of it."""
        self._handle = None
        if self._closed or not self.running:
            return
        self.ticks += 1
        remaining = self.remaining()
        if remaining is not None and remaining <= 0:
            self._session.expire()  # TimeRanOut → GameOver → GameFinished; the session stops the clock
            self._follow()
            return
        self._schedule()

    def close(self) -> None:
        """Stop for good: nothing is scheduled any more (the app is closed)."""
        self._closed = True
        self._cancel()
        self._listeners.clear()

    # ------------------------------------------------------------------ internals
    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted):
            self._follow(reset=True)
        elif isinstance(event, GAME_CHANGES):
            self._follow()

    def _follow(self, reset: bool = False) -> None:
        """Say when the clock started, stopped or paused; wake up at 0 under a timer."""
        watch = self._session.stopwatch
        running = self.running
        if not reset and watch is self._watch and running == self._running:
            return
        self._watch, self._running = watch, running
        self._cancel()
        if running and watch.limit is not None:
            self._schedule()
        self._changed()

    def _cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _schedule(self) -> None:
        remaining = self.remaining()
        if remaining is None or self._closed:
            return
        scheduler = self._scheduler or kernel_loop()
        if scheduler is None:  # no event loop (a script, a test): tick() by hand
            return
        self._scheduler = scheduler
        self._handle = scheduler.call_later(remaining + _EPSILON, self._safe_tick)

    def _safe_tick(self) -> None:
        try:
            self.tick()
        except Exception:  # noqa: BLE001 - a view failing must not stop the clock for good
            log.exception("TriPeaks timer failed")
            if self._handle is None and self.running:
                self._schedule()

    def _changed(self) -> None:
        self.epoch += 1
        for callback in list(self._listeners):
            callback()
