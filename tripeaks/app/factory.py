"""``build_app``: the app assembled from its parts (the session, the views and the hint tools).

Kept apart from the views so that no view imports another view's module.
Running the same notebook cell again closes the app that cell built before
(its widgets, its figure), so re-running ``build_app`` does not leak.
"""

from __future__ import annotations

import os
import weakref
from typing import TYPE_CHECKING, Any

from ..engine.codes import GameCode
from ..engine.game import Game
from ..i18n import check_language
from .model.session import PlaySession
from .persist import add_persistence
from .play import TriPeaksApp
from .views.hints import add_hints
from .views.keyboard import add_access

if TYPE_CHECKING:
    from ..history.class_results import ClassStore

__all__ = ["build_app", "current_cell"]

# The latest app built by each notebook cell (cell id -> app); an app closed or forgotten drops out.
_BY_CELL: weakref.WeakValueDictionary[str, TriPeaksApp] = weakref.WeakValueDictionary()


def current_cell() -> str | None:
    """The id of the notebook cell running now (JupyterLab and Notebook 7 send it), else ``None``."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell: Any = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent("shell")
    except (AttributeError, TypeError):
        parent = getattr(kernel, "_parent_header", None)
    metadata = parent.get("metadata", {}) if isinstance(parent, dict) else {}
    cell = metadata.get("cellId") if isinstance(metadata, dict) else None
    return cell if isinstance(cell, str) and cell else None


def build_app(
    code: str | GameCode | None = None,
    lang: str = "en",
    game: Game | None = None,
    hints: bool = True,
    keep: bool = True,
    class_db: ClassStore | str | os.PathLike[str] | None = None,
) -> TriPeaksApp:
    """The app, ready to display: ``game`` if given, else the deal of ``code``, else a random Easy deal.

    ``lang`` is "en", "pt" or "fr".  With ``hints`` (the default) the app has the
    Hint button, the Winnable? indicator and the "deal only winnable games"
    option of :mod:`tripeaks.app.views.hints`.  Keyboard shortcuts, their help panel and the
    four-colour deck come from :mod:`tripeaks.app.views.keyboard`.  With ``keep`` (the default) it keeps
    the game, the settings, the history and a match in the browser (resumed after a reload), with
    statistics, the deal of the day, matches, replay and sharing (:mod:`tripeaks.app.persist`).
    With a class database (``class_db``, a
    path or a :class:`~tripeaks.history.class_results.ClassStore`; by default the path in
    ``TRIPEAKS_CLASS_DB``, if set) the app asks for the student's name, records
    every finished game there and shows the class challenge
    (:mod:`tripeaks.app.views.class_panel`); without one it records nothing.  Raises :class:`~tripeaks.engine.codes.InvalidCodeError`
    for an unreadable code and :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language.
    Built again in the same notebook cell, it closes the app that cell built before.
    """
    check_language(lang)
    if game is None and code is not None:
        game = Game.from_code(code)
    session = PlaySession(game, lang)
    app = TriPeaksApp(session=session)
    if hints:
        add_hints(app)
    add_access(app)
    if keep:
        add_persistence(app)
    if class_db is None:
        from ..history.class_results import ENV_DB

        class_db = os.environ.get(ENV_DB, "").strip() or None
    if class_db is not None:
        from .views.class_panel import add_classroom

        add_classroom(app, class_db)
    cell = current_cell()
    if cell is not None:
        earlier = _BY_CELL.get(cell)
        if earlier is not None and earlier is not app:
            earlier.close()
        _BY_CELL[cell] = app
    return app
