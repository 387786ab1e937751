"""Nothing lost: the app keeps its game, settings, history and match in the browser.

:class:`Persistence` gives the app (:func:`tripeaks.app.factory.build_app`
places its widgets), through its session:

* the store (:class:`~tripeaks.app.views.browser_store.BrowserStore`, localStorage) and
  the :class:`~tripeaks.app.model.keeper.Keeper` that resumes the unfinished game
  after a reload and keeps the settings, the history and the match;
* a *Deal of the day* button (``tp-daily``, docs/rules.md §5), the name of the deal of the
  day in the header while it is played (``tp-daily-name``), and the match
  controls in the New game panel, the match bar under the header;
* the Statistics and the Replay and share panels at the end;
* a row under the status line (``tp-keep-taken``: its sentences ``tp-keep-taken-text``, a
  ``role="alert"`` region, and the *Continue here* button ``tp-keep-continue``) while another tab
  of the browser has the game in play (the status line says so, once on the page; the row says
  what it means here) (:attr:`~tripeaks.app.model.keeper.Keeper.taken`): this
  page saves nothing over it, and the button brings its newest moves here;
* a quiet note (``tp-keep-note``) when the browser keeps nothing, or refused a write
  (its storage is full: said plainly, with the history's download link,
  ``tp-keep-export``, next to it), or content could not be set aside;
* with ``hints``, the hint options (the session settings ``winnable`` and
  ``only_winnable``) kept under ``settings.hints``.

:func:`link_code` and :func:`voila_query` read the code of a Voila link ending in
``?code=TP1-…`` (:func:`tripeaks.app.factory.deal_from_link` deals it).
"""

from __future__ import annotations

import base64
import html
import os
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..history.daily import daily_code
from ..history.stats import export_history
from ..i18n.keep import keep_text
from . import static
from .model.clock import GameClock
from .model.keeper import GameTaken, HistoryChanged, Keeper, KeeperEvent, StoreChanged
from .model.session import LanguageChanged, PlaySession, SessionEvent, Setting
from .views.browser_store import BrowserStore
from .views.daily import DailyName
from .views.match_panel import MatchBar, MatchControls
from .views.replay_panel import ReplayPanel
from .views.stats_panel import StatsPanel

__all__ = ["Persistence", "link_code", "voila_query", "HINT_OPTIONS"]

TAKEN_CSS = static.text("keep_taken.css")
"""The style of the row that says another tab has the game in play."""

HINT_OPTIONS = {"winnable": Setting.WINNABLE, "only_winnable": Setting.ONLY_WINNABLE}
"""The hint options kept under ``settings.hints``: their stored names and the session settings."""


class Persistence:
    """What the app keeps, and its widgets: ``store``, ``keeper``, ``daily_button``, ``daily_name``,
    ``match_controls``, ``match_bar``, ``stats``, ``replay``, ``note`` and ``taken_row`` (with
    ``continue_button``; the app places it under the status line).

    ``Persistence(session, store=None, hints=False, clock=None)``: ``store`` replaces the browser
    store (tests); with ``hints`` the hint options are kept too; with the app's ``clock``
    (:class:`~tripeaks.app.model.clock.GameClock`) the game is kept whenever it starts, stops or pauses.  The app places
    ``daily_button`` and ``match_controls`` in the New game row, ``match_bar``
    under the header, ``daily_name`` after the header's title and :attr:`panels` at the end.
    """

    def __init__(
        self,
        session: PlaySession,
        store: BrowserStore | None = None,
        hints: bool = False,
        clock: GameClock | None = None,
    ) -> None:
        self.store = store if store is not None else BrowserStore()
        self.keeper = keeper = Keeper(session, self.store)
        self.store.on_loaded = keeper.loaded
        self.store.on_failed = keeper.write_failed
        self.store.on_aside = keeper.aside_done
        self.store.on_found = keeper.found_aside
        self.store.on_synced = keeper.synced
        self.store.on_game = keeper.game_stored
        if clock is not None:
            clock.on_change(keeper.save_game)  # a paused or stopped clock is kept at once
        self.daily_button = widgets.Button(icon="calendar", layout=widgets.Layout(width="auto"))
        self.daily_button.add_class("tp-daily")
        self.daily_button.on_click(lambda _b: keeper.deal_daily())
        self.match_controls = MatchControls(keeper)
        self.daily_name = DailyName(keeper)
        self.match_bar = MatchBar(keeper)
        self.stats = StatsPanel(keeper)
        self.replay = ReplayPanel(keeper, copy=self.store.copy, copy_link=self.store.copy_link)
        self.store.on_copied = self.replay.copied
        self.note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.note.add_class("tp-keep-note")
        self.taken_text = widgets.HTML()
        self.taken_text.add_class("tp-keep-taken-text")
        self.continue_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.continue_button.add_class("tp-keep-continue")
        self.continue_button.on_click(lambda _b: keeper.continue_here())
        taken_style = widgets.HTML(f"<style>{TAKEN_CSS}</style>")
        taken_style.add_class("tp-style")
        self.taken_row = widgets.HBox(
            [self.taken_text, self.continue_button, taken_style], layout=widgets.Layout(display="none")
        )
        self.taken_row.add_class("tp-keep-taken")
        if hints:
            keeper.add_setting("hints", self._hint_options, self._restore_hint_options)
        self.panels = (self.stats, self.replay, self.note, self.store)
        """The panels at the end of the app, in order."""
        keeper.subscribe(self._on_keeper)
        session.subscribe(self._on_session)
        self.render()

    def _hint_options(self) -> dict[str, bool]:
        return {name: self.keeper.session.option(setting) for name, setting in HINT_OPTIONS.items()}

    def _restore_hint_options(self, value: Any) -> None:
        if isinstance(value, dict):  # a stored value of another shape changes nothing
            for name, setting in HINT_OPTIONS.items():
                if isinstance(value.get(name), bool):
                    self.keeper.session.set_option(setting, value[name])

    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, GameTaken):
            self.render()
        elif isinstance(event, StoreChanged) or (isinstance(event, HistoryChanged) and self.keeper.state.failed):
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
        self._render_taken(lang)
        state = keeper.state
        if not state.available:
            key: str | None = "keep.unavailable"
        elif state.locked:
            key = "keep.aside_failed"
        elif state.full:
            key = "keep.storage_full"
        elif state.failed:
            key = "keep.write_failed"
        else:
            key = None
        if key is None:
            self.note.layout.display = "none"
            self.note.value = ""
            return
        self.note.layout.display = None
        text = f'<span class="tp-keep-note-text">{html.escape(keep_text(key, lang))}</span>'
        if state.failed and keeper.history:  # the history can still be downloaded, next to the message
            payload = base64.b64encode(export_history(keeper.history).encode("utf-8")).decode("ascii")
            text += (
                f' <a class="tp-keep-export" download="tripeaks-history.json"'
                f' href="data:application/json;base64,{payload}">{html.escape(keep_text("stats.export", lang))}</a>'
            )
        self.note.value = text

    def _render_taken(self, lang: str) -> None:
        """The row under the status line while another tab has the game in play, else hidden."""
        self.continue_button.description = keep_text("keep.continue_here", lang)
        if self.keeper.taken is None:
            self.taken_row.layout.display = "none"
            self.taken_text.value = ""
            return
        # What happened ("This game was continued in another tab.") is the status line's, right above:
        # said once on the page; the row says what it means here, by its Continue here button.
        self.taken_text.value = f'<div role="alert">{html.escape(keep_text("keep.taken_detail", lang))}</div>'
        self.taken_row.layout.display = None


def link_code(query: str | None) -> str | None:
    """The ``code`` parameter of a page's query string (``"code=TP1-E-AAAAAAD"``), else ``None``.

    >>> link_code("code=TP1-E-AAAAAAD&x=1"), link_code(""), link_code(None)
    ('TP1-E-AAAAAAD', None, None)
    """
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get("code")
    return values[0].strip() if values and values[0].strip() else None


def voila_query() -> str | None:
    """The page's query string in Voila (waiting for the request in a preheated kernel), else ``None``."""
    if "VOILA_PREHEAT" not in os.environ and "VOILA_KERNEL_ID" not in os.environ:
        return None  # not a Voila kernel (JupyterLab, a script)
    from voila.utils import wait_for_request

    wait_for_request()
    return os.environ.get("QUERY_STRING")
