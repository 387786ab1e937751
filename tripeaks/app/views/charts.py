"""One matplotlib ``Figure`` (no pyplot) drawn into a ``widgets.Image``: the statistics and match plots.

:class:`FigureImage` makes the figure on its first drawing (so a panel that
stays closed costs nothing), redraws it in place, and frees it on :meth:`close`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["FigureImage", "FACE", "WON", "LOST", "DAILY", "LINE"]

FACE = "#fbfaf5"
"""The panels' background colour (tripeaks.app.views.theme)."""
WON = "#1f7a44"
LOST = "#c0504d"
DAILY = "#f2b705"
LINE = "#1d4e89"


class FigureImage:
    """A figure of ``width`` × ``height`` pixels and the ``image`` widget (PNG) that shows it."""

    def __init__(self, width: int, height: int, css_class: str, fill: bool = False, scale: int = 1) -> None:
        """``fill``: the image takes its panel's whole width (else ``width`` pixels at most);
        ``scale``: the PNG has that many pixels per CSS pixel (sharp on a phone's screen)."""
        self.size = (width, height)
        self.scale = scale
        self.image = widgets.Image(
            format="png",
            layout=widgets.Layout(
                display="none", width="100%" if fill else f"{width}px", max_width="100%", height="auto"
            ),
        )
        self.image.add_class(css_class)
        self.png = b""
        """The latest PNG drawn."""
        self._figure: Figure | None = None
        self._canvas: Any = None

    def draw(self, paint: Callable[[Figure], None]) -> bytes:
        """Clear the figure, call ``paint(figure)`` and show the PNG; returns it."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        if self._figure is None:
            width, height = self.size
            self._figure = Figure(figsize=(width / 100, height / 100), dpi=100 * self.scale, facecolor=FACE)
            self._canvas = FigureCanvasAgg(self._figure)
        self._figure.clear()
        paint(self._figure)
        buffer = io.BytesIO()
        self._canvas.print_png(buffer)
        self.png = buffer.getvalue()
        self.image.value = self.png
        self.image.layout.display = None
        return self.png

    def hide(self) -> None:
        """Show no image."""
        self.image.layout.display = "none"

    def close(self) -> None:
        """Free the figure (the widget is closed with its panel)."""
        if self._figure is not None:
            self._figure.clear()
        self._figure = None
        self._canvas = None
