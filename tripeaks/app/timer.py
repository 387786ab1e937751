"""The game clock and the countdown of a timed game (docs/rules.md §8).

The rules put the clock in the app, not in the engine: when a timed game's
countdown reaches 0 the app ends it through the engine
(:meth:`PlaySession.expire <tripeaks.app.session.PlaySession.expire>`,
which records the action ``T``), so a replay ends the same way.

:class:`GameClock` (no widget) measures how long the game on the table has
been played — for every game, so that the end-of-game summary can say it —
and, under a timer, counts down and ends the game at 0.  It runs on the
kernel's own event loop (``loop.call_later``, the thread that also handles
the clicks): a tick never runs in the middle of a click, and a click is
never blocked by a tick, which only updates one small widget.  It ticks
once a second while a timed game is being played, and not at all otherwise:
no tick once the game is won, blocked or out of time, or after another game
is dealt (the countdown then starts again for that game if it has a timer).
A blocked game's clock starts again if an undo makes it playable.  Where no
event loop runs (a plain script, the tests) nothing ticks by itself:
:meth:`GameClock.tick` does one tick.

The clock pauses while the page is hidden (another browser tab, a minimised
window) when the browser can say so: :class:`PageVisibility`, a tiny
`anywidget <https://anywidget.dev>`_ that reports ``document.visibilityState``,
works in JupyterLab, Notebook 7 and Voila.  Without anywidget the clock
never pauses.

:class:`TimerView` shows the countdown (class ``tp-timer``, ``role="timer"``;
``tp-timer-low`` in the last 30 seconds, ``tp-timer-up`` once the time is up,
``tp-timer-paused``); it is hidden in a game without a timer.
"""

from __future__ import annotations

import asyncio
import html
import logging
import math
import time
from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as widgets
import traitlets

from ..game import Status
from ..i18n.rulesets import rules_text
from .session import (
    GAME_CHANGES,
    GameStarted,
    LanguageChanged,
    PlaySession,
    SessionEvent,
    StateRestored,
)

__all__ = ["GameClock", "TimerView", "PageVisibility", "Scheduler", "format_duration", "LOW_TIME", "CSS"]

log = logging.getLogger(__name__)

LOW_TIME = 30.0
"""Seconds left from which the countdown shows as running low (``tp-timer-low``)."""
_EPSILON = 0.01
"""A tick lands this long after the whole second it waits for, so that the second has surely passed."""

CSS = """
.tp-timer .tp-timer-text {
  font-weight: 700; font-size: 15px; font-variant-numeric: tabular-nums;
  background: #eef6ee; color: #14532d; border: 1px solid #86c98f; border-radius: 999px; padding: 1px 10px;
}
.tp-timer.tp-timer-low .tp-timer-text { background: #fff4e0; color: #8a4b00; border-color: #f0c27a; }
.tp-timer.tp-timer-up .tp-timer-text { background: #fdecea; color: #a61b1b; border-color: #f4c2bd; }
.tp-timer.tp-timer-paused .tp-timer-text { background: #f1f1f1; color: #555; border-color: #d0d0d0; }
.tp-visibility { display: none !important; }
"""
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
    """How long the session's game has been played, and its countdown under a timer (docs/rules.md §8).

    ``GameClock(session, clock=time.monotonic, scheduler=None)``: ``clock``
    gives seconds (a fake one in tests); ``scheduler`` runs the ticks (by
    default the event loop running when a countdown starts, if any).
    :meth:`on_change` registers a function called after every change (a tick,
    a pause, a new game) — the :class:`TimerView` uses it.
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
        self.ticks = 0
        """How many ticks ran (for tests and benchmarks)."""
        session.subscribe(self._on_event)
        self._restart()

    # ------------------------------------------------------------------ reading
    @property
    def limit(self) -> float | None:
        """The game's time limit in seconds (docs/rules.md §8), or ``None`` without a timer."""
        minutes = self._session.game.rules.timer
        return None if minutes is None else 60.0 * minutes

    def elapsed(self) -> float:
        """Seconds the game has been played (paused while the page is hidden or the game is over)."""
        if self._since is None:
            return self._elapsed
        return self._elapsed + max(0.0, self._clock() - self._since)

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
        """True while a tick is scheduled."""
        return self._handle is not None

    def on_change(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every tick, pause, resume and new game."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ driving
    def set_hidden(self, hidden: bool) -> None:
        """The page is hidden (pause) or visible again (resume)."""
        if bool(hidden) == self._hidden or self._closed:
            return
        self._hidden = bool(hidden)
        self._follow()

    def tick(self) -> None:
        """One tick: end a timed game whose time is up, else update the views and wait for the next second."""
        self._handle = None
        if self._closed or not self.running:
            return
        self.ticks += 1
        remaining = self.remaining()
        if remaining is not None and remaining <= 0:
            self._stop()
            self._session.expire()  # TimeRanOut → GameOver; the clock is stopped already
            return
        self._changed()
        self._schedule()

    def close(self) -> None:
        """Stop for good: no tick any more (the app is closed)."""
        self._closed = True
        self._stop()
        self._listeners.clear()

    # ------------------------------------------------------------------ internals
    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted):
            self._restart()
        elif isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            if isinstance(event, StateRestored):
                self._stop()  # the game as it was: count on from here
            self._follow()

    def _restart(self) -> None:
        self._stop()
        self._elapsed = 0.0
        self._follow()

    def _follow(self) -> None:
        """Run while the game is being played and the page is visible; tick when it has a timer."""
        game = self._session.game
        should_run = not self._closed and game.status is Status.PLAYING and not self._hidden
        if should_run and self._since is None:
            self._since = self._clock()
        elif not should_run:
            self._stop()
        if should_run and self.limit is not None and self._handle is None:
            self._schedule()
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
        # Wake up just after the shown second changes (the display rounds up): 4:59.3 → at 4:59.0.
        delay = remaining - (math.ceil(remaining) - 1) if remaining > 0 else 0.0
        self._handle = scheduler.call_later(delay + _EPSILON, self._safe_tick)

    def _safe_tick(self) -> None:
        try:
            self.tick()
        except Exception:  # noqa: BLE001 - a view failing must not stop the countdown for good
            log.exception("TriPeaks timer tick failed")
            if self._handle is None and self.running:
                self._schedule()

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()


def _page_visibility_class() -> type[widgets.DOMWidget] | None:
    try:
        import anywidget
    except ImportError:  # pragma: no cover - anywidget is a dependency; without it the clock never pauses
        return None

    class PageVisibility(anywidget.AnyWidget):
        """Reports whether the page showing it is visible (``document.visibilityState``); shows nothing."""

        _esm = """
        function render({ model, el }) {
          const report = () => {
            model.set("visible", document.visibilityState !== "hidden");
            model.save_changes();
          };
          document.addEventListener("visibilitychange", report);
          report();
          return () => document.removeEventListener("visibilitychange", report);
        }
        export default { render };
        """
        visible = traitlets.Bool(True).tag(sync=True)

    return PageVisibility


PageVisibility = _page_visibility_class()
"""The anywidget class reporting ``document.visibilityState`` as its ``visible`` trait (``None`` without anywidget)."""


class TimerView(widgets.HBox):
    """The countdown of a timed game, following ``clock`` and ``session``; hidden without a timer.

    ``text`` is the HTML (class ``tp-timer``); ``visibility`` the
    :data:`PageVisibility` widget that pauses the clock while the page is
    hidden (``None`` without anywidget).
    """

    def __init__(self, session: PlaySession, clock: GameClock, **kwargs: object) -> None:
        self._session = session
        self._clock = clock
        self._state: tuple[Any, ...] | None = None
        self.text = widgets.HTML()
        self.text.add_class("tp-timer")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        children: list[widgets.Widget] = [self.text, style]
        self.visibility: widgets.DOMWidget | None = None
        if PageVisibility is not None:
            self.visibility = PageVisibility()
            self.visibility.add_class("tp-visibility")
            self.visibility.observe(lambda change: clock.set_hidden(not change["new"]), names="visible")
            children.append(self.visibility)
        super().__init__(children, **kwargs)
        self.add_class("tp-timer-box")
        clock.on_change(self.render)
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def render(self) -> None:
        """Show the time left (only when it changed: one small update a second at most)."""
        game, lang, clock = self._session.game, self._session.lang, self._clock
        remaining = clock.remaining()
        if remaining is None:
            state: tuple[Any, ...] = ("none",)
        elif game.status is Status.TIME_UP:
            state = ("up", lang)
        else:
            shown = format_duration(remaining)
            if game.is_over:
                kind = "stopped"
            elif clock.paused:
                kind = "paused"
            else:
                kind = "left"
            state = (kind, lang, shown, remaining <= LOW_TIME)
        if state == self._state:
            return
        self._state = state
        with self.text.hold_sync():
            for cls in ("tp-timer-low", "tp-timer-up", "tp-timer-paused"):
                if cls in self.text._dom_classes:
                    self.text.remove_class(cls)
            if state[0] == "none":
                self.text.value = ""
                self.layout.display = "none"
                return
            self.layout.display = None
            if state[0] == "up":
                text = rules_text("timer.up", lang)
                self.text.add_class("tp-timer-up")
            else:
                key = {"left": "timer.left", "paused": "timer.paused", "stopped": "timer.stopped"}[state[0]]
                text = rules_text(key, lang, time=state[2])
                if state[0] == "paused":
                    self.text.add_class("tp-timer-paused")
                elif state[3]:
                    self.text.add_class("tp-timer-low")
            self.text.value = f'<span class="tp-timer-text" role="timer">{html.escape(text)}</span>'
