"""``build_app``: the app assembled from its parts (the base view and the hint tools).

Kept apart from the views so that no view imports another view's module.
"""

from __future__ import annotations

from ..codes import GameCode
from ..game import Game
from .hints import add_hints
from .play import TriPeaksApp

__all__ = ["build_app"]


def build_app(
    code: str | GameCode | None = None, lang: str = "en", game: Game | None = None, hints: bool = True
) -> TriPeaksApp:
    """The app, ready to display: ``game`` if given, else the deal of ``code``, else a random Easy deal.

    ``lang`` is "en", "pt" or "fr".  With ``hints`` (the default) the app has the
    Hint button, the Winnable? indicator and the "deal only winnable games"
    option of :mod:`tripeaks.app.hints`.  Raises :class:`~tripeaks.codes.InvalidCodeError`
    for an unreadable code and ``ValueError`` for an unknown language.
    """
    if game is None and code is not None:
        game = Game.from_code(code)
    app = TriPeaksApp(game=game, lang=lang)
    if hints:
        add_hints(app)
    return app
