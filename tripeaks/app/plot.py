"""The score panel: one matplotlib ``Figure`` (no pyplot) redrawn into a ``widgets.Image``.

The line is the score after each move (x = move number, from
:meth:`Game.score_series`; an undo keeps the move number, so it shows as a
vertical step).  Markers show where a peak was cleared and where an undo
happened (read from the game's events, SPEC §3–§4).
"""

from __future__ import annotations

import io

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..game import Game, PlayEvent, UndoEvent
from ..i18n.ui import ui_text

__all__ = ["ScorePlot", "score_points"]

_LINE = "#1f7a44"
_PEAK = "#f2b705"
_UNDO = "#c62828"


def score_points(game: Game) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """``(series, peaks, undos)``: the score line and the marker points, each a list of (move, score)."""
    series = game.score_series()
    peaks = [(e.moves, e.score) for e in game.history if isinstance(e, PlayEvent) and e.peaks_cleared]
    undos = [(e.moves, e.score) for e in game.history if isinstance(e, UndoEvent)]
    return series, peaks, undos


class ScorePlot:
    """Owns one ``Figure`` and the ``widgets.Image`` (class ``tp-plot``) it is drawn into.

    :meth:`redraw` updates the artists in place and replaces the PNG bytes.
    """

    def __init__(self, lang: str = "en", width_px: int = 460, height_px: int = 250) -> None:
        dpi = 100
        self.figure = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi, facecolor="#fbfaf5")
        self._canvas = FigureCanvasAgg(self.figure)
        self._ax = self.figure.add_subplot(1, 1, 1)
        # Fixed margins (tight_layout on every redraw would cost a third of the time).
        self.figure.subplots_adjust(left=0.15, right=0.97, top=0.89, bottom=0.19)
        ax = self._ax
        (self._line,) = ax.plot([], [], color=_LINE, linewidth=2, drawstyle="default")
        (self._peaks,) = ax.plot([], [], linestyle="none", marker="*", markersize=14, color=_PEAK,
                                 markeredgecolor="#7a5c00")
        (self._undos,) = ax.plot([], [], linestyle="none", marker="x", markersize=8, markeredgewidth=2,
                                 color=_UNDO)
        ax.grid(True, color="#dddddd", linewidth=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width_px}px"))
        self.image.add_class("tp-plot")
        self._lang = lang

    def redraw(self, game: Game, lang: str | None = None) -> bytes:
        """Draw ``game``'s score (in ``lang`` if given) and put the PNG into :attr:`image`; returns the bytes."""
        if lang is not None:
            self._lang = lang
        lang = self._lang
        series, peaks, undos = score_points(game)
        ax = self._ax
        self._line.set_data([m for m, _ in series], [s for _, s in series])
        self._peaks.set_data([m for m, _ in peaks], [s for _, s in peaks])
        self._undos.set_data([m for m, _ in undos], [s for _, s in undos])
        self._line.set_label(ui_text("plot.score", lang))
        self._peaks.set_label(ui_text("plot.peak", lang))
        self._undos.set_label(ui_text("plot.undo", lang))
        ax.set_title(ui_text("plot.title", lang), fontsize=11)
        ax.set_xlabel(ui_text("plot.x", lang))
        ax.set_ylabel(ui_text("plot.y", lang))
        last_move = max(m for m, _ in series)
        scores = [s for _, s in series]
        ax.set_xlim(0, max(10, last_move + 1))
        low, high = min(scores), max(scores)
        ax.set_ylim(max(0, min(low, 450) - 10), max(high, 520) + 20)
        handles = [self._line] + [h for h, pts in ((self._peaks, peaks), (self._undos, undos)) if pts]
        legend = ax.get_legend()
        if legend is not None:
            legend.remove()
        ax.legend(handles=handles, loc="best", fontsize=8, frameon=False)
        buf = io.BytesIO()
        self._canvas.print_png(buf, pil_kwargs={"compress_level": 1})
        data = buf.getvalue()
        self.image.value = data
        return data
