"""The notebook app (ipywidgets): the board, the playable game, the score plot.

The app only shows the engine's state and forwards clicks; every rule lives
in :mod:`tripeaks.game`.  In a notebook cell::

    from tripeaks.app import build_app
    build_app()
"""

from .board import BoardView
from .factory import build_app
from .play import TriPeaksApp
from .plot import ScorePlot

__all__ = ["BoardView", "TriPeaksApp", "ScorePlot", "build_app"]
