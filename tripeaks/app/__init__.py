"""The notebook app (ipywidgets): a play session (the model) and the views that observe it.

The app only shows the engine's state and forwards clicks; every rule lives
in :mod:`tripeaks.engine.game`.  :mod:`tripeaks.app.model.session` is the model (no
widgets: importing it, or this package, loads no widget library); the views
(header, board, controls, new game, move log, score plot, hints) observe it
and are loaded on first use.  In a notebook cell::

    from tripeaks.app import build_app
    build_app()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model.session import PlaySession

if TYPE_CHECKING:
    from .factory import build_app, deal_from_link
    from .play import TriPeaksApp
    from .views.board import BoardView
    from .views.plot import ScorePlot

__all__ = ["BoardView", "PlaySession", "TriPeaksApp", "ScorePlot", "build_app", "deal_from_link"]


def __getattr__(name: str) -> Any:
    """The views, imported when first asked for (they load ipywidgets)."""
    if name == "build_app":
        from .factory import build_app

        return build_app
    if name == "deal_from_link":
        from .factory import deal_from_link

        return deal_from_link
    if name == "TriPeaksApp":
        from .play import TriPeaksApp

        return TriPeaksApp
    if name == "BoardView":
        from .views.board import BoardView

        return BoardView
    if name == "ScorePlot":
        from .views.plot import ScorePlot

        return ScorePlot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
