"""The notebook app (ipywidgets): the board, the playable game, the score plot.

The app only shows the engine's state and forwards clicks; every rule lives
in :mod:`tripeaks.game`.  ``from tripeaks.app import build_app; build_app()``
in a notebook cell gives the whole game.
"""

from .board import BoardView

__all__ = ["BoardView"]
