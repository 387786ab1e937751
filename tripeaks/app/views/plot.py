"""The score panel: one matplotlib ``Figure`` (no pyplot) drawn into a ``widgets.Image``.

What it shows (docs/rules.md §3–§4), x = the standing moves (the k-th play or draw
that no undo took back), y = points:

* the **score line**: the standing moves, from the start (0, 500) to the
  score now after the last of them, so it always ends at the score the
  header shows;  an undo takes its move off the line, so after an Undo or a
  Rewind the line goes back (the header's move counter keeps counting, the
  plot does not: no level stretch for moves taken back);
* **undone moves** as a faded branch where they stood (a Rewind leaves the
  stretch it took back faded, ahead of the line);
* a **star** at each peak clear that still stands (an undone clear loses it);
* under run scoring (docs/rules.md §8, the score starts at 0): each standing
  play's **run points as a bar** under the score line (on a second axis at
  the right, "run points"), and a **ring** where the clear bonus of the
  28th card was earned.

:class:`ScoreTrace` keeps these lines up to date event by event (the app's
plot never walks the whole history after a click); :class:`ScorePlot` draws
a trace (or a whole game) synchronously and puts the PNG into its image;
:class:`PlotView` is the app's panel, observing a
:class:`~tripeaks.app.model.session.PlaySession`.
"""

from __future__ import annotations

import io
import math
from collections import OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...engine.game import START_SCORE, DrawEvent, Event, Game, PlayEvent, UndoEvent
from ...engine.rules import ScoringRule
from ...i18n.rulesets import rules_text
from ...i18n.ui import ui_text
from ..model.review import GameReview
from ..model.session import (
    GameStarted,
    LanguageChanged,
    MoveMade,
    MoveUndone,
    PlaySession,
    SessionEvent,
    StateRestored,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import PolyCollection
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

__all__ = ["ScoreLines", "ScoreTrace", "ScorePlot", "PlotView", "score_lines", "UNDONE_DRAWN"]

Point = tuple[int, int]

_LINE = "#1f7a44"
_UNDONE = "#c62828"
_FACE = "#fbfaf5"
"""The figure's background: the panel's colour (tripeaks.app.views.theme)."""
_PEAK = "#f2b705"
_RUN = "#5b8fd6"
_CLEAR = "#7b3fa0"
_MARK = "#1a1a1a"  # the review's turning point
UNDONE_DRAWN = 100
"""At most this many undone moves (the latest) are drawn as faded branches: a click costs the same in a long game."""
_BACKGROUNDS_KEPT = 8
"""Backgrounds kept (about 0.5 MB each at 460 × 250 px): languages × axis limits seen lately."""


@dataclass(frozen=True)
class ScoreLines:
    """What the plot draws, in (move, score) points.

    ``line``: the score line, from (0, the starting score) to (standing moves now, score now);
    ``undone``: the faded branches, one (from, to) segment per undone move,
    the latest :data:`UNDONE_DRAWN`; ``peaks``: a point per standing peak clear.
    Under run scoring (``runs`` true, docs/rules.md §8): ``run_points`` is
    (move, run points) for each standing play and ``clears`` the point where
    the clear bonus was earned (at most one).
    """

    line: tuple[Point, ...]
    undone: tuple[tuple[Point, Point], ...]
    peaks: tuple[Point, ...]
    runs: bool = False
    run_points: tuple[Point, ...] = ()
    clears: tuple[Point, ...] = ()

    @property
    def end(self) -> Point:
        """The last point of the score line: (the standing moves, the score as the header shows it)."""
        return self.line[-1]


class ScoreTrace:
    """The plot's lines for one game, updated by each event: :meth:`add` costs the same at any length.

    ``ScoreTrace(game)`` reads the game's history once; then call
    :meth:`add` with each new event (play, draw or undo) of that game; the
    timer's end changes no point and is skipped.
    """

    def __init__(self, game: Game | None = None) -> None:
        # (from, to, peak cleared, run points, clear bonus) per standing move
        self._standing: list[tuple[Point, Point, bool, int, bool]] = []
        self._undone: deque[tuple[Point, Point]] = deque(maxlen=UNDONE_DRAWN)
        self._start = game.start_score if game is not None else START_SCORE
        self._runs = game is not None and game.rules.scoring is ScoringRule.RUNS
        self._end: Point = (0, self._start)
        if game is not None:
            for event in game.history:
                self.add(event)

    def add(self, event: Event) -> None:
        """Follow one more event of the game (docs/rules.md §4: an undo takes back the latest standing move)."""
        if isinstance(event, UndoEvent):
            start, end, *_rest = self._standing.pop()
            self._undone.append((start, end))
        elif isinstance(event, (PlayEvent, DrawEvent)):
            k = len(self._standing) + 1  # its place among the standing moves: the x of its point
            start, end = (k - 1, event.score - event.points), (k, event.score)
            if isinstance(event, PlayEvent):
                self._standing.append((start, end, bool(event.peaks_cleared), event.parts.run, bool(event.parts.clear)))
            else:
                self._standing.append((start, end, False, 0, False))
        else:  # the timer's end (docs/rules.md §8): no move, no point
            return
        self._end = (len(self._standing), event.score)  # an undo's penalty (§8) drops the line's end

    def lines(self) -> ScoreLines:
        """The lines to draw now."""
        line: list[Point] = [(0, self._start)]
        for start, end, *_rest in self._standing:
            if start != line[-1]:
                line.append(start)
            line.append(end)
        if self._end != line[-1]:
            line.append(self._end)
        peaks = tuple(end for _start, end, peak, _run, _clear in self._standing if peak)
        if not self._runs:
            return ScoreLines(tuple(line), tuple(self._undone), peaks)
        run_points = tuple((end[0], run) for _start, end, _peak, run, _clear in self._standing if run)
        clears = tuple(end for _start, end, _peak, _run, clear in self._standing if clear)
        return ScoreLines(tuple(line), tuple(self._undone), peaks, True, run_points, clears)


def score_lines(game: Game) -> ScoreLines:
    """The plot's lines for ``game`` (see :class:`ScoreLines`)."""
    return ScoreTrace(game).lines()


def _limits(lines: ScoreLines) -> tuple[int, ...]:
    """Axis limits in coarse steps, so that they rarely change (each change costs a full draw).

    x: 0 to 30, 60, 120 … (doubling) past the last standing move (and the faded undone ones); y: 400 to 800
    (a score stays within 772, docs/rules.md §3), lower in steps of 100 when a
    score drawn comes within 20 points of the bottom.  Under run scoring
    (docs/rules.md §8): y from 0 to 100, 200, 400 … (doubling) with 20 points
    to spare, and a fourth limit for the run bars' axis: 3 times 10, 20, 40 …
    past the largest bar, so the bars keep to the lower third.
    """
    x_high = 30
    x_last = max([lines.end[0], *(m for seg in lines.undone for m, _ in seg)])  # a faded stretch ahead is shown
    while x_high < x_last + 2:
        x_high *= 2
    scores = [s for _, s in lines.line] + [s for seg in lines.undone for _, s in seg]
    if lines.runs:
        y_high = 100
        while y_high < max(scores) + 20:
            y_high *= 2
        bar_high = 10
        while bar_high < max((r for _, r in lines.run_points), default=0):
            bar_high *= 2
        return x_high, 0, y_high, 3 * bar_high
    low = min(scores)
    y_low = 400
    while y_low > 0 and low - 20 < y_low:
        y_low -= 100
    return x_high, y_low, 800


def _xy(points: Iterable[Point]) -> tuple[list[float], list[float]]:
    pts = list(points)
    return [float(m) for m, _ in pts], [float(s) for _, s in pts]


@dataclass
class _Drawing:
    """The figure and its artists (matplotlib is imported on the first draw, not with this module)."""

    figure: Figure
    canvas: FigureCanvasAgg
    ax: Axes
    undone: Line2D
    line: Line2D
    start: Line2D
    peaks: Line2D
    bar_ax: Axes
    bars: PolyCollection
    clears: Line2D
    mark: Line2D

    @classmethod
    def build(cls, width_px: int, height_px: int) -> _Drawing:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.collections import PolyCollection
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        dpi = 100
        figure = Figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi, facecolor=_FACE)
        canvas = FigureCanvasAgg(figure)
        ax = figure.add_subplot(1, 1, 1)
        # Fixed margins (tight_layout on every redraw would cost a third of the time).
        figure.subplots_adjust(left=0.15, right=0.97, top=0.89, bottom=0.19)
        # Run scoring (docs/rules.md §8): each play's run points as bars on a second axis, under the line.
        bar_ax = ax.twinx()
        bar_ax.set_visible(False)
        bars = PolyCollection([], facecolors=_RUN, edgecolors="none", alpha=0.6, animated=True)
        bar_ax.add_collection(bars)
        # The data artists are "animated": a full draw leaves them out, so the rest (axes, ticks,
        # labels, legend) is drawn once into a kept background and only these are drawn per move.
        (line,) = ax.plot([], [], color=_LINE, linewidth=2, animated=True)
        # Over the score line (an undone move often starts on it), faded.
        (undone,) = ax.plot([], [], color=_UNDONE, alpha=0.55, linewidth=1.5, linestyle="--", animated=True)
        # The starting point (0, 500): without it a one-point line draws nothing before the first move.
        (start,) = ax.plot(
            [0], [START_SCORE], linestyle="none", marker="o", markersize=7, color=_LINE, clip_on=False, animated=True
        )  # whole, though on the axis
        (peaks,) = ax.plot(
            [], [], linestyle="none", marker="*", markersize=14, color=_PEAK, markeredgecolor="#7a5c00", animated=True
        )
        # A ring around the point of the last play (which also clears the last peak: a star inside the ring).
        (clears,) = ax.plot(
            [],
            [],
            linestyle="none",
            marker="o",
            markersize=19,
            markerfacecolor="none",
            markeredgewidth=2.5,
            color=_CLEAR,
            animated=True,
        )
        # The game review's turning point (docs/rules.md §9): a cross on the point of that move.
        (mark,) = ax.plot(
            [], [], linestyle="none", marker="X", markersize=13, color=_MARK, markeredgecolor="#ffffff", animated=True
        )
        ax.grid(True, color="#dddddd", linewidth=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        return cls(figure, canvas, ax, undone, line, start, peaks, bar_ax, bars, clears, mark)


class ScorePlot:
    """Owns one ``Figure`` and the ``widgets.Image`` (class ``tp-plot``) it is drawn into.

    :meth:`redraw` draws a game, :meth:`draw` a :class:`ScoreTrace`'s lines;
    both draw now (no thread) and replace the PNG bytes of :attr:`image`.
    Everything but the data (axes, ticks, texts, legend) is drawn once per
    (language, axis limits) and kept as a background, so a click costs only
    the data and the PNG.  :meth:`close` frees the figure and closes the image.
    """

    def __init__(self, lang: str = "en", width_px: int = 460, height_px: int = 250) -> None:
        self._size = (width_px, height_px)
        self._lang = lang
        self._configured: tuple[Any, ...] | None = None
        self._backgrounds: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._drawing: _Drawing | None = None
        self.lines: ScoreLines | None = None
        """The lines drawn last (``None`` before the first draw)."""
        self.mark: Point | None = None
        """The reviewed move marked on the plot, ``(its place among the standing moves, score after it)``
        (docs/rules.md §9), or ``None``."""
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width_px}px"))
        self.image.add_class("tp-plot")

    @property
    def figure(self) -> Figure | None:
        """The one matplotlib ``Figure`` (``None`` before the first draw and after :meth:`close`)."""
        return self._drawing.figure if self._drawing is not None else None

    def redraw(self, game: Game, lang: str | None = None) -> bytes:
        """Draw ``game``'s score (in ``lang`` if given) into :attr:`image`; returns the PNG bytes."""
        return self.draw(score_lines(game), lang)

    def draw(self, lines: ScoreLines, lang: str | None = None) -> bytes:
        """Draw ``lines`` (in ``lang`` if given) into :attr:`image`; returns the PNG bytes."""
        if self._drawing is None:
            self._drawing = _Drawing.build(*self._size)
        d = self._drawing
        if lang is not None:
            self._lang = lang
        d.line.set_data(*_xy(lines.line))
        xs: list[float] = []
        ys: list[float] = []
        for (m0, s0), (m1, s1) in lines.undone:  # one line, broken between the segments
            xs += [m0, m1, math.nan]
            ys += [s0, s1, math.nan]
        d.undone.set_data(xs, ys)
        d.peaks.set_data(*_xy(lines.peaks))
        d.start.set_data([0.0], [float(lines.line[0][1])])
        d.clears.set_data(*_xy(lines.clears))
        d.bars.set_verts([[(m - 0.8, 0), (m - 0.8, r), (m - 0.2, r), (m - 0.2, 0)] for m, r in lines.run_points])
        key = (self._lang, _limits(lines))
        self._configure(d, key)
        background = self._backgrounds.get(key)
        if background is None:
            d.canvas.draw()  # everything but the data
            background = self._backgrounds[key] = d.canvas.copy_from_bbox(d.figure.bbox)
            while len(self._backgrounds) > _BACKGROUNDS_KEPT:
                self._backgrounds.popitem(last=False)
        else:
            self._backgrounds.move_to_end(key)
            d.canvas.restore_region(background)
        if lines.runs:
            d.bar_ax.draw_artist(d.bars)
        for artist in (d.line, d.undone, d.start, d.peaks):
            d.ax.draw_artist(artist)
        if lines.runs:
            d.ax.draw_artist(d.clears)
        if self.mark is not None:
            d.mark.set_data([float(self.mark[0])], [float(self.mark[1])])
            d.ax.draw_artist(d.mark)
        data = _png(d.canvas)
        self.image.value = data
        self.lines = lines
        return data

    def pixel(self, move: float, score: float) -> tuple[int, int]:
        """Where the point (move, score) is in the PNG: (column, row) from the top left, in pixels.

        Raises ``RuntimeError`` before the first draw.
        """
        if self._drawing is None:
            raise RuntimeError("nothing drawn yet")
        x, y = self._drawing.ax.transData.transform((move, score))
        return round(x), self._drawing.canvas.get_width_height()[1] - round(y)

    def close(self) -> None:
        """Free the figure (and its kept backgrounds) and close the image widget."""
        self._backgrounds.clear()
        self._configured = None
        self._drawing = None  # dropped, not cleared: nothing else refers to it
        self.image.close()

    def _configure(self, d: _Drawing, key: tuple[Any, ...]) -> None:
        """Set the texts, limits and legend for ``key`` = (language, limits)."""
        if key == self._configured:
            return
        lang, (x_high, y_low, y_high, *bar_high) = key
        ax = d.ax
        d.line.set_label(ui_text("plot.score", lang))
        d.peaks.set_label(ui_text("plot.peak", lang))
        d.undone.set_label(ui_text("plot.undo", lang))
        d.bars.set_label(rules_text("plot.run", lang))
        d.clears.set_label(rules_text("plot.clear", lang))
        runs = bool(bar_high)
        d.bar_ax.set_visible(runs)
        if runs:  # docs/rules.md §8: the bars' own axis, at the right
            d.bar_ax.set_ylim(0, bar_high[0])
            d.bar_ax.set_ylabel(rules_text("plot.run", lang), fontsize=8, color=_RUN)
            d.bar_ax.tick_params(axis="y", labelsize=8, colors=_RUN)
            d.figure.subplots_adjust(right=0.88)
        else:
            d.figure.subplots_adjust(right=0.97)
        ax.set_title(ui_text("plot.title", lang), fontsize=11)
        ax.set_xlabel(ui_text("plot.x", lang))
        ax.set_ylabel(ui_text("plot.y", lang))
        ax.set_xlim(0, x_high)
        ax.set_ylim(y_low, y_high)
        # Always the three entries (a legend that grows would need another background).
        legend = ax.get_legend()
        if legend is not None:
            legend.remove()
        handles = [d.line, d.bars, d.peaks, d.clears, d.undone] if runs else [d.line, d.peaks, d.undone]
        ax.legend(handles=handles, loc="upper left", fontsize=8, frameon=False, markerscale=0.7 if runs else 1.0)
        self._configured = key


def _png(canvas: FigureCanvasAgg) -> bytes:
    from PIL import Image as PILImage

    width, height = canvas.get_width_height()
    image = PILImage.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buf = io.BytesIO()
    # A 256-colour palette PNG: looks the same, 2–3 times smaller than RGB and faster to encode,
    # send and decode (the plot is the largest message of a click).
    quantized = image.convert("RGB").quantize(256, method=PILImage.Quantize.FASTOCTREE)
    # The background exactly the panel's colour (the palette's colours are averages).
    corner = quantized.getpixel((0, 0))
    palette = quantized.getpalette() or []
    if isinstance(corner, int) and len(palette) >= 3 * corner + 3:
        palette[3 * corner : 3 * corner + 3] = [int(_FACE[i : i + 2], 16) for i in (1, 3, 5)]
        quantized.putpalette(palette)
    quantized.save(buf, format="png", compress_level=1)
    return buf.getvalue()


class PlotView(widgets.VBox):
    """The app's score panel (classes ``tp-panel tp-plot-panel``), following ``session``.

    Keeps a :class:`ScoreTrace` of the session's game up to date with each
    move and redraws after each change.  ``plot`` is its :class:`ScorePlot`.
    """

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self.plot = ScorePlot(session.lang)
        self._trace = ScoreTrace(session.game)
        self._review: GameReview | None = None
        super().__init__([self.plot.image], **kwargs)
        self.add_class("tp-panel")
        self.add_class("tp-plot-panel")
        session.subscribe(self._on_event)
        self.plot.draw(self._trace.lines(), session.lang)

    def attach_review(self, review: GameReview) -> None:
        """Mark the move that ``review`` points at (docs/rules.md §9) while it applies to the game shown."""
        self._review = review
        review.subscribe(self._redraw)
        self._redraw()

    def _redraw(self) -> None:
        marked = self._review.marked_event(self._session.game) if self._review is not None else None
        event = marked[1] if marked is not None else None
        self.plot.mark = None
        if isinstance(event, (PlayEvent, DrawEvent)):  # on the line where it stands (x = its place), if it does
            place = next((i for i, e in enumerate(self._session.game.standing_actions, 1) if e == event), None)
            self.plot.mark = (place, event.score) if place is not None else None
        self.plot.draw(self._trace.lines(), self._session.lang)

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (MoveMade, MoveUndone)):
            self._trace.add(event.event)
        elif isinstance(event, (GameStarted, StateRestored)):
            self._trace = ScoreTrace(self._session.game)
        elif not isinstance(event, LanguageChanged):
            return
        self._redraw()

    def close(self) -> None:
        """Close the panel and free the figure."""
        self.plot.close()
        super().close()
