"""``build_app``: the app composed from its parts, explicitly: the session, the views, the tools.

Each part gets what it needs (the session, a bridge, an action) and the app
places its widgets; no view knows another view, nor the app.
Running the same notebook cell again closes the app that cell built before
(its widgets, its figure), so re-running ``build_app`` does not leak.
"""

from __future__ import annotations

import atexit
import os
import weakref
from typing import TYPE_CHECKING, Any

from ..engine.codes import GameCode, InvalidCodeError
from ..engine.game import Game
from ..i18n import check_language
from ..i18n.ui import ui_text
from .model.keeper import say_link_dealt, say_link_refused
from .model.session import PlaySession
from .persist import Persistence, link_code, voila_query
from .play import TriPeaksApp
from .views.hints import HintTools
from .views.keyboard import AccessTools

if TYPE_CHECKING:
    from ..history.class_results import ClassStore
    from .views.browser_store import BrowserStore

__all__ = ["build_app", "compose", "current_cell", "deal_from_link"]

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
    lang: str | None = None,
    game: Game | None = None,
    hints: bool = True,
    keep: bool = True,
    class_db: ClassStore | str | os.PathLike[str] | None = None,
) -> TriPeaksApp:
    """The app, ready to display: ``game`` if given, else the deal of ``code``, else a random Easy deal.

    ``lang`` is one of :data:`tripeaks.i18n.LANGUAGES` ("en", "pt", "fr", "es"); without it the
    app speaks the browser's language when it is one of them and no language is saved, else English.  With ``hints`` (the default) the app has the
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
    if lang is not None:
        check_language(lang)
    if game is None and code is not None:
        game = Game.from_code(code)
    if class_db is None:
        from ..history.class_results import ENV_DB

        class_db = os.environ.get(ENV_DB, "").strip() or None
    app = compose(TriPeaksApp(session=PlaySession(game, lang or "en")), hints=hints, keep=keep, class_db=class_db)
    if lang is None and app.keep is not None:
        app.keep.keeper.follow_browser = True
    cell = current_cell()
    if cell is not None:
        earlier = _BY_CELL.get(cell)
        if earlier is not None and earlier is not app:
            earlier.close()
        _BY_CELL[cell] = app
    return app


def compose(
    app: TriPeaksApp,
    hints: bool = True,
    keys: bool = True,
    keep: bool = True,
    class_db: ClassStore | str | os.PathLike[str] | None = None,
    store: BrowserStore | None = None,
) -> TriPeaksApp:
    """Give ``app`` its parts (see :func:`build_app`) and return it: the hint tools, the keyboard
    shortcuts, persistence (``store`` replaces the browser store, for tests) and the class results.

    Each part is built on ``app.session`` and placed here, in the app's order; none is added twice.
    """
    session = app.session
    if hints and app.hints is None:
        app.hints = tools = HintTools(session)
        app.add_control(tools.box)
        app.add_new_game_control(tools.only_winnable)
        app.add_new_game_note(tools.deal_note)  # under the panel's "Dealt …" message
        app.end_view.hints_used = lambda: tools.hints_given  # the summary's Hints row
    if keys and app.keyboard is None:
        hint = app.hints.give_hint if app.hints is not None else None
        app.keyboard = access = AccessTools(session, app.page_bridge, deal=app.new_game.deal, hint=hint)
        app.add_control(access.box)
        app.add_panel(access.keys_panel, first=True)  # the top of the side column (a sheet on a phone)
    if keep and app.keep is None:
        app.keep = kept = Persistence(session, store, hints=app.hints is not None, clock=app.clock)
        if app.hints is not None:
            app.hints.on_hint = kept.keeper.save_game  # the count of hints survives a reload
        app.add_new_game_control(kept.daily_button)
        app.add_new_game_control(kept.match_controls)
        app.add_panel(kept.match_bar, after=app.header)
        app.add_panel(kept.taken_row, after=app.status_row)  # "This game was continued in another tab." Continue here
        app.header.add_caption(kept.daily_name)  # "Deal of the day — …" while it is played
        keeper = kept.keeper

        def match_note(lang: str) -> str | None:
            match = keeper.match
            if match is None or match.over or not keeper.is_match_game(session.game):
                return None
            return ui_text("confirm.match", lang)

        app.confirm.note = match_note  # "Abandon this game?" says that a match game then scores 0
        for panel in kept.panels:
            app.add_panel(panel)
        kept.replay.attach_review(app.review)  # Review this game for a record watched (docs/rules.md §9)
    if class_db is not None and app.classroom is None:
        from .views.class_panel import ClassroomTools

        app.classroom = classroom = ClassroomTools(session, class_db, clock=app.clock)
        app.add_top(classroom.bar)  # the challenge is on this line, visible without scrolling
        if app.keep is not None:  # a game the page left blocked counts at the next load: in the class too
            from .model.keeper import LeftGamesCounted

            app.keep.keeper.subscribe(
                lambda event: classroom.record_left(event.entries) if isinstance(event, LeftGamesCounted) else None
            )
            _record_at_exit(classroom, app.keep.keeper)
            classroom.left_blocked = app.keep.keeper.left_blocked  # a game blocked is recorded at once, under its id
    return app


def _record_at_exit(classroom: Any, keeper: Any) -> None:
    """When the kernel stops (Voila stops it as the tab closes), a blocked game still on the table
    goes to the class results: a student who never comes back still has it counted."""
    tools, kept = weakref.ref(classroom), weakref.ref(keeper)

    def at_exit() -> None:
        c, k = tools(), kept()
        if c is not None and k is not None:
            c.record_at_exit(k.left_blocked())

    atexit.register(at_exit)


def deal_from_link(app: TriPeaksApp, query: str | None = None) -> Game | None:
    """Deal the code of the page's link (``?code=TP1-…``) in ``app``; returns the game dealt.

    ``query`` defaults to the page's query string in Voila (with a preheated kernel it
    waits for the page's request first, so the notebook calls this in a cell of its own,
    after the cell that shows the app); outside Voila, or without a ``code``, nothing
    happens.  A code that cannot be read is refused like a pasted one (the New game
    panel and the status line say why, also over a resumed saved game).  With persistence (:attr:`TriPeaksApp.keep`), an unfinished saved
    game of the same code is resumed when the page loads, instead of a fresh deal.
    """
    code = link_code(query if query is not None else voila_query())
    if code is None:
        return None
    if app.keep is not None:
        return app.keep.keeper.follow_link(code)
    try:
        GameCode.parse(code)
    except InvalidCodeError as exc:
        error = exc
    else:
        game = app.session.deal_code(code)
        if game is not None:
            say_link_dealt(app.session, game)  # the status line names the link's game, as with persistence
        return game
    app.session.deal_code(code)  # refused: the New game panel says why
    say_link_refused(app.session, error)
    return None
