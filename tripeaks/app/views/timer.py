"""The countdown of a timed game (docs/rules.md §8), showing the game's one clock.

The rules put the clock in the app, not in the engine: when a timed game's
countdown reaches 0 the app ends it through the engine
(:meth:`PlaySession.expire <tripeaks.app.model.session.PlaySession.expire>`,
which records the action ``T``), so a replay ends the same way.  The clock
itself is :class:`~tripeaks.app.model.clock.GameClock` (no widget, re-exported
here); it runs on the kernel's own event loop (``loop.call_later``, the thread
that also handles the clicks), so it never runs in the middle of a click, and
it wakes up only when the time is up: no message goes to the page while the
time runs.  A blocked game's clock starts again if an undo makes it playable.

:class:`TimerView` shows the countdown: a tiny `anywidget <https://anywidget.dev>`_
(:class:`Countdown`) gets the seconds left from the kernel whenever the clock
starts, stops or pauses, and counts them down on the page once a second (the
kernel stays the judge of the end).  The same widget reports whether the page
is visible (``document.visibilityState``): the clock pauses while the page is
hidden (another browser tab, a minimised window), in JupyterLab, Notebook 7
and Voila alike; and the first time the page shows the app, the game dealt
before (in a kernel kept waiting for a page) starts its clock then.  Class ``tp-timer`` (``role="timer"`` on its text;
``tp-timer-low`` in the last 30 seconds, ``tp-timer-up`` once the time is up,
``tp-timer-paused``); hidden in a game without a timer.
"""

from __future__ import annotations

import math
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ...engine.game import Status
from ...i18n.rulesets import rules_text
from .. import static
from ..model.clock import GameClock, Scheduler, kernel_loop
from ..model.session import GAME_CHANGES, LanguageChanged, PlaySession, SessionEvent

__all__ = [
    "GameClock",
    "TimerView",
    "Countdown",
    "Scheduler",
    "format_duration",
    "format_elapsed",
    "kernel_loop",
    "LOW_TIME",
    "CSS",
]

LOW_TIME = 30.0
"""Seconds left from which the countdown shows as running low (``tp-timer-low``)."""

CSS = static.text("timer.css")
"""Style of the countdown (``tp-*`` selectors only)."""


def format_duration(seconds: float) -> str:
    """``seconds`` left (≥ 0, rounded up to a whole second: a countdown shows 0:00 only when the
    time is up) as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    return _clock_text(max(0, math.ceil(seconds - 1e-9)))


def format_elapsed(seconds: float) -> str:
    """``seconds`` played (≥ 0) as ``m:ss``, or ``h:mm:ss`` from an hour on: the whole seconds of the
    time to a tenth, as the class results' CSV gives it (298.6 s is 4:58, as a stopwatch shows it;
    298.96 s is 299.0 in the CSV, so 4:59).  The end of a game and the teacher's page both show a
    game's time with it, so they never differ by a second."""
    return _clock_text(max(0, math.floor(round(seconds, 1) + 1e-9)))


def _clock_text(total: int) -> str:
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


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
        # ipywidgets counts the views of a model whose _view_count is a number: the page showing the app.
        self._view_count = 0
        self.observe(self._shown, names="_view_count")
        clock.on_change(self.render)
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def _shown(self, change: dict[str, Any]) -> None:
        if isinstance(change.get("new"), int) and change["new"] > 0:
            self._clock.page_shown()

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
