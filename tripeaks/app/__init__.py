"""The notebook app (ipywidgets): a play session (the model) and the views that observe it.

The app only shows the engine's state and forwards clicks; every rule lives
in :mod:`tripeaks.game`.  :mod:`tripeaks.app.session` is the model (no
widgets); the views (header, board, controls, new game, move log, score plot,
hints) observe it.  In a notebook cell::

    from tripeaks.app import build_app
    build_app()
"""

from .board import BoardView
from .factory import build_app
from .play import TriPeaksApp
from .plot import ScorePlot
from .session import PlaySession

__all__ = ["BoardView", "PlaySession", "TriPeaksApp", "ScorePlot", "build_app"]
