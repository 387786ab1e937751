"""The name of the deal of the day in the header, while it is played (docs/rules.md §5).

"Deal of the day — December 2, 2026": the date is the one whose deal it is
(:meth:`~tripeaks.app.model.keeper.Keeper.daily_of`), written for the language
by Babel (:func:`~tripeaks.i18n.core.format_day`).  Hidden for any other game;
it follows every new game, the language, and the store's answer (a deal of the
day resumed after a reload).

CSS class: ``tp-daily-name`` (the text in ``tp-daily-name-text``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...i18n.core import format_day
from ...i18n.keep import keep_text
from ..model.keeper import Keeper, KeeperEvent, StoreChanged
from ..model.session import GAME_CHANGES, LanguageChanged, SessionEvent

__all__ = ["DailyName"]


class DailyName(widgets.HTML):
    """Names the deal of the day on the table, following ``keeper`` and its session."""

    def __init__(self, keeper: Keeper, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._keeper = keeper
        self.add_class("tp-daily-name")
        keeper.session.subscribe(self._on_session)
        keeper.subscribe(self._on_keeper)
        self.render()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, StoreChanged):  # the player's date is known once the store answered
            self.render()

    @property
    def text(self) -> str:
        """What it says now ("" when the game on the table is not a deal of the day)."""
        session = self._keeper.session
        day = self._keeper.daily_of(session.game) if session.counts else None
        if day is None:
            return ""
        return keep_text("daily.playing", session.lang, date=format_day(day, session.lang))

    def render(self) -> None:
        """Show the name of the deal of the day, or hide."""
        text = self.text
        self.value = f'<span class="tp-daily-name-text">{html.escape(text)}</span>' if text else ""
        self.layout.display = None if text else "none"
