"""The score panel: one matplotlib ``Figure`` (no pyplot) redrawn into a ``widgets.Image``.

The line is the score after each move (x = move number, from
:meth:`Game.score_series`; an undo keeps the move number, so it shows as a
vertical step).  Markers show where a peak was cleared and where an undo
happened (read from the game's events, docs/rules.md §3–§4); a peak clear that was
undone loses its marker.  A dot marks the start, (0, 500), so the plot is
not empty before the first move.

matplotlib is imported on the first draw, not with this module, and
:meth:`ScorePlot.redraw_soon` can do that first draw in a background thread,
so the board is on screen and clickable before the plot library has loaded.
"""

from __future__ import annotations

import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..game import DrawEvent, Event, Game, PlayEvent, UndoEvent
from ..i18n.ui import ui_text

__all__ = ["ScorePlot", "score_points", "standing_actions"]

log = logging.getLogger(__name__)

_LINE = "#1f7a44"
_PEAK = "#f2b705"
_UNDO = "#c62828"
_MAX_BACKGROUNDS = 24
"""Backgrounds kept (about 0.5 MB each at 460 × 250 px)."""
_PREPARE_DELAY = 0.05
"""Seconds after a draw before the likely next backgrounds are drawn (the click's messages go first)."""


def standing_actions(history: Sequence[Event]) -> list[PlayEvent | DrawEvent]:
    """The plays and draws of ``history`` that no later undo took back, oldest first.

    An undo always takes back the latest action still standing (docs/rules.md §4).
    """
    standing: list[PlayEvent | DrawEvent] = []
    for e in history:
        if isinstance(e, UndoEvent):
            # The latest standing action equal to the undone one (normally the last in the list).
            for i in range(len(standing) - 1, -1, -1):
                if standing[i] == e.undone:
                    del standing[i]
                    break
        else:
            standing.append(e)
    return standing


def score_points(game: Game) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """``(series, peaks, undos)``: the score line and the marker points, each a list of (move, score).

    ``series`` starts at (0, 500), before any move.  ``peaks`` marks only the
    peak clears that still stand: a clear taken back by an undo loses its
    star (the header counts it out too); the undo has its own marker.
    """
    series = game.score_series()
    peaks = [(e.moves, e.score) for e in standing_actions(game.history) if isinstance(e, PlayEvent) and e.peaks_cleared]
    undos = [(e.moves, e.score) for e in game.history if isinstance(e, UndoEvent)]
    return series, peaks, undos


class ScorePlot:
    """Owns one ``Figure`` and the ``widgets.Image`` (class ``tp-plot``) it is drawn into.

    :meth:`redraw` updates the artists in place and replaces the PNG bytes;
    :meth:`redraw_soon` does the same in a background thread (a later
    :meth:`redraw` waits for it, and an outdated background draw is skipped).
    Everything but the data (axes, ticks, texts, legend) is drawn once per
    (language, axis limits, legend entries) and kept; after each draw the
    backgrounds the next move, peak clear or undo may need are drawn ahead in
    a background thread, so a click costs only the data and the PNG.
    """

    def __init__(self, lang: str = "en", width_px: int = 460, height_px: int = 250) -> None:
        self._size = (width_px, height_px)
        self._lang = lang
        self._lock = threading.RLock()
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._prepare_timer: threading.Timer | None = None
        self.figure: Any = None
        """The one matplotlib ``Figure`` (``None`` until the first draw)."""
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width_px}px"))
        self.image.add_class("tp-plot")

    def _build(self) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        width_px, height_px = self._size
        dpi = 100
        figure = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi, facecolor="#fbfaf5")
        self._canvas = FigureCanvasAgg(figure)
        self._ax = figure.add_subplot(1, 1, 1)
        # Fixed margins (tight_layout on every redraw would cost a third of the time).
        figure.subplots_adjust(left=0.15, right=0.97, top=0.89, bottom=0.19)
        ax = self._ax
        # The data artists are "animated": a full draw leaves them out, so the rest (axes, ticks,
        # labels, legend) is drawn once into a cached background and only these are drawn per move.
        (self._line,) = ax.plot([], [], color=_LINE, linewidth=2, animated=True)
        # The starting point (0, 500): without it a one-point line draws nothing before the first move.
        (self._start,) = ax.plot(
            [], [], linestyle="none", marker="o", markersize=7, color=_LINE, clip_on=False, animated=True
        )  # whole, though on the axis
        (self._peaks,) = ax.plot(
            [], [], linestyle="none", marker="*", markersize=14, color=_PEAK, markeredgecolor="#7a5c00", animated=True
        )
        (self._undos,) = ax.plot(
            [], [], linestyle="none", marker="x", markersize=8, markeredgewidth=2, color=_UNDO, animated=True
        )
        ax.grid(True, color="#dddddd", linewidth=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        # Finished backgrounds by key (language, limits, legend entries), most recent last.
        self._backgrounds: OrderedDict[tuple, Any] = OrderedDict()
        self._configured: tuple | None = None  # the key the axes are set up for
        self.figure = figure

    def redraw_soon(self, game: Game, lang: str | None = None) -> None:
        """Like :meth:`redraw`, in a background thread, from a copy of ``game`` taken now."""
        self._generation += 1
        generation, snapshot = self._generation, game.copy()

        def work() -> None:
            try:
                with self._lock:
                    if generation == self._generation:  # else a newer draw has been asked for
                        self._draw(snapshot, lang)
            except Exception:  # noqa: BLE001 - the next redraw tries again; never a traceback on screen
                log.exception("background score plot failed")

        self._thread = threading.Thread(target=work, name="tripeaks-score-plot", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a background draw started by :meth:`redraw_soon` (``timeout`` in seconds)."""
        if self._thread is not None:
            self._thread.join(timeout)

    @staticmethod
    def _limits(series: list[tuple[int, int]]) -> tuple[int, int, int]:
        """Axis limits in coarse steps, so that the cached background rarely changes."""
        last_move = max(m for m, _ in series)
        scores = [s for _, s in series]
        x_high = max(20, -(-(last_move + 2) // 20) * 20)
        y_low = max(0, min(400, (min(scores) - 20) // 50 * 50))
        y_high = max(600, -(-(max(scores) + 60) // 100) * 100)
        return x_high, y_low, y_high

    def redraw(self, game: Game, lang: str | None = None) -> bytes:
        """Draw ``game``'s score (in ``lang`` if given) and put the PNG into :attr:`image`; returns the bytes."""
        self._generation += 1
        with self._lock:
            return self._draw(game, lang)

    def _draw(self, game: Game, lang: str | None) -> bytes:
        if self.figure is None:
            self._build()
        if lang is not None:
            self._lang = lang
        lang = self._lang
        series, peaks, undos = score_points(game)
        self._line.set_data([m for m, _ in series], [s for _, s in series])
        self._start.set_data([series[0][0]], [series[0][1]])
        self._peaks.set_data([m for m, _ in peaks], [s for _, s in peaks])
        self._undos.set_data([m for m, _ in undos], [s for _, s in undos])
        key = (lang, self._limits(series), bool(peaks), bool(undos))
        background = self._backgrounds.get(key)
        if background is None:
            self._draw_background(key)
        else:
            self._configure(key)
            self._backgrounds.move_to_end(key)
            self._canvas.restore_region(background)
        for artist in (self._line, self._start, self._peaks, self._undos):
            self._ax.draw_artist(artist)
        from PIL import Image as PILImage

        width, height = self._canvas.get_width_height()
        image = PILImage.frombuffer("RGBA", (width, height), self._canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
        buf = io.BytesIO()
        # A 256-colour palette PNG: looks the same, 2–3 times smaller than RGB and faster to encode,
        # send and decode (the plot is the largest message of a click).
        image.convert("RGB").quantize(256, method=PILImage.Quantize.FASTOCTREE).save(
            buf, format="png", compress_level=1
        )
        data = buf.getvalue()
        self.image.value = data
        self._prepare_soon(key, series)
        return data

    def _likely_keys(self, key: tuple, series: list[tuple[int, int]]) -> list[tuple]:
        """Backgrounds the next action may need: a move (axis limits step up), a peak cleared, an undo."""
        lang, limits, peaks, undos = key
        move, score = series[-1]
        after_move = self._limits([*series, (move + 1, max(0, score - 1))])
        after_peak = self._limits([*series, (move + 1, score + 99)])
        return [(lang, after_move, peaks, undos), (lang, after_peak, True, undos), (lang, limits, peaks, True)]

    def _prepare_soon(self, key: tuple, series: list[tuple[int, int]]) -> None:
        """Draw, in a background thread and while the player thinks, the backgrounds the next action may need.

        A full background costs 20–40 ms (text layout of ticks, labels and
        legend), against 2–3 ms for a move on a ready background; drawn ahead,
        a peak cleared or a longer axis does not slow the click.  Skipped when
        a newer draw comes first.
        """
        missing = [k for k in self._likely_keys(key, series) if k not in self._backgrounds]
        if not missing:
            return
        generation = self._generation

        def work() -> None:
            try:
                for k in missing:
                    with self._lock:
                        if generation != self._generation:
                            return  # a newer draw asks for its own
                        if k not in self._backgrounds:
                            self._draw_background(k)
                            self._configure(key)  # the axes show the current game again
            except Exception:  # noqa: BLE001 - the next draw draws what it needs itself
                log.exception("background score plot preparation failed")

        timer = threading.Timer(_PREPARE_DELAY, work)
        timer.name = "tripeaks-score-plot-prepare"
        # Not a daemon: the interpreter waits for it at exit (a daemon thread stopped inside Agg aborts the process).
        timer.start()
        self._prepare_timer = timer

    def _configure(self, key: tuple) -> None:
        """Set the axes (texts, limits, legend) for ``key`` without drawing."""
        if key == self._configured:
            return
        lang, (x_high, y_low, y_high), peaks, undos = key
        ax = self._ax
        self._line.set_label(ui_text("plot.score", lang))
        self._peaks.set_label(ui_text("plot.peak", lang))
        self._undos.set_label(ui_text("plot.undo", lang))
        ax.set_title(ui_text("plot.title", lang), fontsize=11)
        ax.set_xlabel(ui_text("plot.x", lang))
        ax.set_ylabel(ui_text("plot.y", lang))
        ax.set_xlim(0, x_high)
        ax.set_ylim(y_low, y_high)
        handles = [self._line] + [h for h, shown in ((self._peaks, peaks), (self._undos, undos)) if shown]
        legend = ax.get_legend()
        if legend is not None:
            legend.remove()
        ax.legend(handles=handles, loc="upper left", fontsize=8, frameon=False)
        self._configured = key

    def _draw_background(self, key: tuple) -> None:
        """Draw everything but the data for ``key`` and keep it (the data artists are left out: "animated")."""
        self._configure(key)
        self._canvas.draw()
        self._backgrounds[key] = self._canvas.copy_from_bbox(self.figure.bbox)
        while len(self._backgrounds) > _MAX_BACKGROUNDS:
            self._backgrounds.popitem(last=False)
