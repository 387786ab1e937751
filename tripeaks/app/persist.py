"""Nothing lost: the app keeps its game, settings, history and match in the browser.

:func:`add_persistence` gives a :class:`~tripeaks.app.play.TriPeaksApp`,
through its extension points (``add_panel``, ``add_new_game_control``) and
its session:

* the store (:class:`~tripeaks.app.views.browser_store.BrowserStore`, localStorage) and
  the :class:`~tripeaks.app.model.keeper.Keeper` that resumes the unfinished game
  after a reload and keeps the settings, the history and the match;
* a *Deal of the day* button (``tp-daily``, docs/rules.md §5) and the match
  controls in the New game panel, the match bar under the header;
* the Statistics and the Replay and share panels at the end;
* a quiet note (``tp-keep-note``) when the browser keeps nothing, or refused a write.

:func:`deal_from_link` deals the code of a Voila link ending in
``?code=TP1-…``; with a preheated kernel it waits for the page's request
with Voila's own helper (``voila.utils.wait_for_request``) before reading
``QUERY_STRING``, so the notebook calls it in a cell of its own, after the
cell that shows the app.
"""

from __future__ import annotations

import html
import os
import weakref
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..engine.game import Game
from ..history.daily import daily_code
from ..i18n.keep import keep_text
from .model.keeper import Keeper, KeeperEvent, StoreChanged
from .model.session import LanguageChanged, SessionEvent
from .play import TriPeaksApp
from .views.browser_store import BrowserStore
from .views.hints import hint_tools
from .views.match_panel import MatchBar, MatchControls
from .views.replay_panel import ReplayPanel
from .views.stats_panel import StatsPanel

__all__ = ["Persistence", "add_persistence", "persistence", "deal_from_link", "link_code"]

# id(app) -> what was added to it; it lives as long as the app (the app's widgets' callbacks hold it).
_BY_APP: weakref.WeakValueDictionary[int, Persistence] = weakref.WeakValueDictionary()


class Persistence:
    """Everything :func:`add_persistence` added to one app: ``store``, ``keeper``, ``daily_button``,
    ``match_controls``, ``match_bar``, ``stats``, ``replay`` and ``note``."""

    def __init__(self, app: TriPeaksApp, store: BrowserStore | None = None) -> None:
        session = app.session
        self.app_ref = weakref.ref(app)
        self.store = store if store is not None else BrowserStore()
        self.keeper = keeper = Keeper(session, self.store)
        self.store.on_loaded = keeper.loaded
        self.store.on_failed = keeper.write_failed
        app.clock.on_change(keeper.save_game)  # a paused or stopped clock is kept at once
        self.daily_button = widgets.Button(icon="calendar", layout=widgets.Layout(width="auto"))
        self.daily_button.add_class("tp-daily")
        self.daily_button.on_click(lambda _b: keeper.deal_daily())
        self.match_controls = MatchControls(keeper)
        self.match_bar = MatchBar(keeper)
        self.stats = StatsPanel(keeper)
        self.replay = ReplayPanel(keeper, copy=self.store.copy)
        self.store.on_copied = self.replay.copied
        self.note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.note.add_class("tp-keep-note")
        tools = hint_tools(app)
        if tools is not None:
            toggle, only = tools.winnable_toggle, tools.only_winnable

            def restore_hints(value: Any) -> None:
                if isinstance(value, dict):
                    if isinstance(value.get("winnable"), bool):
                        toggle.value = value["winnable"]
                    if isinstance(value.get("only_winnable"), bool):
                        only.value = value["only_winnable"]

            keeper.add_setting(
                "hints", lambda: {"winnable": bool(toggle.value), "only_winnable": bool(only.value)}, restore_hints
            )
            toggle.observe(lambda _c: keeper.save_settings(), names="value")
            only.observe(lambda _c: keeper.save_settings(), names="value")
        app.add_new_game_control(self.daily_button)
        app.add_new_game_control(self.match_controls)
        app.add_panel(self.match_bar, after=app.header)
        app.add_panel(self.stats)
        app.add_panel(self.replay)
        app.add_panel(self.note)
        app.add_panel(self.store)
        keeper.subscribe(self._on_keeper)
        session.subscribe(self._on_session)
        self.render()

    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, StoreChanged):
            self.render()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self.render()

    def render(self) -> None:
        """Labels in the session's language; the note when the store keeps nothing."""
        keeper = self.keeper
        lang = keeper.session.lang
        self.daily_button.description = keep_text("daily.button", lang)
        self.daily_button.tooltip = keep_text("daily.tip", lang, code=str(daily_code(keeper.today())))
        state = keeper.state
        key = "keep.unavailable" if not state.available else "keep.write_failed" if state.failed else None
        if key is None:
            self.note.layout.display = "none"
            self.note.value = ""
        else:
            self.note.layout.display = None
            self.note.value = f'<span class="tp-keep-note-text">{html.escape(keep_text(key, lang))}</span>'


def add_persistence(app: TriPeaksApp, store: BrowserStore | None = None) -> Persistence:
    """Give ``app`` its storage, daily deal, matches, statistics and replay (module doc); returns them.
    ``store`` replaces the browser store (tests)."""
    kept = Persistence(app, store)
    _BY_APP[id(app)] = kept
    return kept


def persistence(app: TriPeaksApp) -> Persistence | None:
    """What :func:`add_persistence` added to ``app``, if anything."""
    kept = _BY_APP.get(id(app))
    return kept if kept is not None and kept.app_ref() is app else None


def link_code(query: str | None) -> str | None:
    """The ``code`` parameter of a page's query string (``"code=TP1-E-AAAAAAD"``), else ``None``.

    >>> link_code("code=TP1-E-AAAAAAD&x=1"), link_code(""), link_code(None)
    ('TP1-E-AAAAAAD', None, None)
    """
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get("code")
    return values[0].strip() if values and values[0].strip() else None


def _voila_query() -> str | None:
    """The page's query string in Voila (waiting for the request in a preheated kernel), else ``None``."""
    if "VOILA_PREHEAT" not in os.environ and "VOILA_KERNEL_ID" not in os.environ:
        return None  # not a Voila kernel (JupyterLab, a script)
    from voila.utils import wait_for_request

    wait_for_request()
    return os.environ.get("QUERY_STRING")


def deal_from_link(app: TriPeaksApp, query: str | None = None) -> Game | None:
    """Deal the code of the page's link (``?code=TP1-…``) in ``app``; returns the game dealt.

    ``query`` defaults to the page's query string in Voila (module doc);
    outside Voila, or without a ``code``, nothing happens.  A code that
    cannot be read is refused like a pasted one (the New game panel says why).
    With :func:`add_persistence`, an unfinished saved game of the same code
    is resumed when the page loads, instead of a fresh deal.
    """
    code = link_code(query if query is not None else _voila_query())
    if code is None:
        return None
    kept = persistence(app)
    if kept is not None:
        return kept.keeper.follow_link(code)
    return app.session.deal_code(code)
