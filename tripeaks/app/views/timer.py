"""The game clock and the countdown of a timed game (docs/rules.md §8).

The rules put the clock in the app, not in the engine: when a timed game's
countdown reaches 0 the app ends it through the engine
(:meth:`PlaySession.expire <tripeaks.app.model.session.PlaySession.expire>`,
which records the action ``T``), so a replay ends the same way.

:class:`GameClock` (no widget) measures how long the game on the table has
been played — for every game, so that the end-of-game summary can say it —
and, under a timer, ends the game at 0.  It runs on the kernel's own event
loop (``loop.call_later``, the thread that also handles the clicks), so it
never runs in the middle of a click, and it wakes up only when the time is
up: no message goes to the page while the time runs.  Nothing is scheduled
once the game is won, blocked or out of time, or after another game is dealt
(the countdown then starts again for that game if it has a timer).  A blocked
game's clock starts again if an undo makes it playable.  Where no event loop
runs (a plain script, the tests) nothing wakes up by itself:
:meth:`GameClock.tick` checks the time by hand.

:class:`TimerView` shows the countdown: a tiny `anywidget <https://anywidget.dev>`_
(:class:`Countdown`) gets the seconds left from the kernel whenever the clock
starts, stops or pauses, and counts them down on the page once a second (the
kernel stays the judge of the end).  The same widget reports whether the page
is visible (``document.visibilityState``): the clock pauses while the page is
hidden (another browser tab, a minimised window), in JupyterLab, Notebook 7
and Voila alike.  Class ``tp-timer`` (``role="timer"`` on its text;
``tp-timer-low`` in the last 30 seconds, ``tp-timer-up`` once the time is up,
``tp-timer-paused``); hidden in a game without a timer.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from typing import Any, Protocol

import anywidget
import ipywidgets as widgets
import traitlets

from ...engine.game import Status
from ...i18n.rulesets import rules_text
from .. import static
from ..model.session import GAME_CHANGES, GameStarted, LanguageChanged, PlaySession, SessionEvent

__all__ = ["GameClock", "TimerView", "Countdown", "Scheduler", "format_duration", "LOW_TIME", "CSS"]

log = logging.getLogger(__name__)

LOW_TIME = 30.0
"""Seconds left from which the countdown shows as running low (``tp-timer-low``)."""
_EPSILON = 0.01
"""The clock wakes up this long after the time is up, so that it has surely passed."""

CSS = static.text("timer.css")
"""Style of the countdown (``tp-*`` selectors only)."""


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


def format_duration(seconds: float) -> str:
    """``seconds`` (≥ 0, rounded up to a whole second) as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    total = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class GameClock:
    """How long the session's game has been played, and its end at 0 under a timer (docs/rules.md §8).

    ``GameClock(session, clock=time.monotonic, scheduler=None)``: ``clock``
    gives seconds (a fake one in tests); ``scheduler`` wakes the clock up when
    the time is up (by default the event loop running when a countdown
    starts, if any).  :meth:`on_change` registers a function called whenever
    the clock starts, stops or pauses (:attr:`epoch` counts those changes) —
    the :class:`TimerView` uses it to send the page the seconds left.
    """

    def __init__(
        self,
        session: PlaySession,
        clock: Callable[[], float] = time.monotonic,
        scheduler: Scheduler | None = None,
    ) -> None:
        self._session = session
        self._clock = clock
        self._scheduler = scheduler
        self._listeners: list[Callable[[], object]] = []
        self._handle: Handle | None = None
        self._elapsed = 0.0  # seconds counted before self._since
        self._since: float | None = None  # when the clock last started running, None while stopped
        self._hidden = False
        self._closed = False
        self.epoch = 0
        """Counts the times the clock started, stopped, paused or was reset."""
        self.ticks = 0
        """How many times the clock woke up (for tests and benchmarks)."""
        session.subscribe(self._on_event)
        self._restart()

    # ------------------------------------------------------------------ reading
    @property
    def limit(self) -> float | None:
        """The game's time limit in seconds (docs/rules.md §8), or ``None`` without a timer."""
        minutes = self._session.game.rules.timer
        return None if minutes is None else 60.0 * minutes

    def elapsed(self) -> float:
        """Seconds the game has been played (paused while the page is hidden or the game is over).

        Under a timer, never more than its limit: the clock wakes up a moment after the
        countdown reaches 0, but the game was played for exactly the limit.
        """
        seconds = self._elapsed if self._since is None else self._elapsed + max(0.0, self._clock() - self._since)
        limit = self.limit
        return seconds if limit is None else min(seconds, limit)

    def remaining(self) -> float | None:
        """Seconds left on the countdown (≥ 0), or ``None`` without a timer."""
        limit = self.limit
        return None if limit is None else max(0.0, limit - self.elapsed())

    @property
    def running(self) -> bool:
        """True while the clock counts: a game being played, on a visible page."""
        return self._since is not None

    @property
    def paused(self) -> bool:
        """True while the page is hidden (the clock does not count then)."""
        return self._hidden

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
        if bool(hidden) == self._hidden or self._closed:
            return
        self._hidden = bool(hidden)
        self._follow()

    def tick(self) -> None:
        """Check the time: end a timed game whose time is up, else wait for the rest of it."""
        self._handle = None
        if self._closed or not self.running:
            return
        self.ticks += 1
        remaining = self.remaining()
        if remaining is not None and remaining <= 0:
            self._stop()
            self._session.expire()  # TimeRanOut → GameOver; the clock is stopped already
            return
        self._schedule()

    def close(self) -> None:
        """Stop for good: nothing is scheduled any more (the app is closed)."""
        self._closed = True
        self._stop()
        self._listeners.clear()

    # ------------------------------------------------------------------ internals
    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted):
            self._restart()
        elif isinstance(event, GAME_CHANGES):
            self._follow()

    def _restart(self) -> None:
        self._stop()
        self._elapsed = 0.0
        self._changed()
        self._follow()

    def _follow(self) -> None:
        """Run while the game is being played and the page is visible; wake up at 0 under a timer."""
        game = self._session.game
        should_run = not self._closed and game.status is Status.PLAYING and not self._hidden
        if should_run and self._since is None:
            self._since = self._clock()
            if self.limit is not None:
                self._schedule()
            self._changed()
        elif not should_run and self._since is not None:
            self._stop()
            self._changed()

    def _stop(self) -> None:
        if self._since is not None:
            self._elapsed += max(0.0, self._clock() - self._since)
            self._since = None
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


class Countdown(anywidget.AnyWidget):
    """The countdown on the page: counts ``seconds`` down from when they arrive while ``running``.

    ``template`` is the sentence shown, with ``{time}`` where the time goes
    (``m:ss``, rounded up); ``state`` is ``"none"`` (hidden), ``"left"``,
    ``"paused"``, ``"stopped"`` or ``"up"``; ``low`` the seconds left from
    which it shows as running low; ``epoch`` changes whenever the kernel's
    clock starts, stops or pauses.  ``visible`` is what the page reports:
    ``document.visibilityState`` is not ``"hidden"``.
    """

    _esm = static.text("countdown.js")
    seconds = traitlets.Float(0.0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    template = traitlets.Unicode("").tag(sync=True)
    state = traitlets.Unicode("none").tag(sync=True)
    low = traitlets.Float(LOW_TIME).tag(sync=True)
    epoch = traitlets.Int(0).tag(sync=True)
    visible = traitlets.Bool(True).tag(sync=True)


class TimerView(widgets.HBox):
    """The countdown of a timed game, following ``clock`` and ``session``; hidden without a timer.

    ``countdown`` is the :class:`Countdown` widget (class ``tp-timer``); it
    also pauses the clock while the page is hidden.  :meth:`shown` is the
    text the page shows now.
    """

    def __init__(self, session: PlaySession, clock: GameClock, **kwargs: object) -> None:
        self._session = session
        self._clock = clock
        self._state: tuple[Any, ...] | None = None
        self.countdown = Countdown()
        self.countdown.add_class("tp-timer")
        self.countdown.observe(lambda change: clock.set_hidden(not change["new"]), names="visible")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        super().__init__([self.countdown, style], **kwargs)
        self.add_class("tp-timer-box")
        clock.on_change(self.render)
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def _wanted(self) -> tuple[str, str, bool]:
        """(state, template, running) for the session's game and the clock now."""
        game, lang, clock = self._session.game, self._session.lang, self._clock
        if clock.remaining() is None:
            return "none", "", False
        if game.status is Status.TIME_UP:
            return "up", rules_text("timer.up", lang), False
        if game.is_over:
            return "stopped", rules_text("timer.stopped", lang, time="{time}"), False
        if clock.paused:
            return "paused", rules_text("timer.paused", lang, time="{time}"), False
        return "left", rules_text("timer.left", lang, time="{time}"), clock.running

    def render(self) -> None:
        """Send the page what to show — only when the clock or the text changed, never once a second."""
        state, template, running = self._wanted()
        key = (state, template, running, self._clock.epoch)
        if key == self._state:
            return
        self._state = key
        remaining = self._clock.remaining()
        self.layout.display = "none" if state == "none" else None
        with self.countdown.hold_sync():
            self.countdown.seconds = remaining or 0.0
            self.countdown.running = running
            self.countdown.template = template
            self.countdown.state = state
            self.countdown.epoch = self._clock.epoch

    def shown(self) -> str:
        """The text the page shows now (its countdown follows the clock); ``""`` without a timer."""
        state, template, _running = self._wanted()
        if state == "none":
            return ""
        return template.replace("{time}", format_duration(self._clock.remaining() or 0.0))
