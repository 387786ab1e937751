"""The move log: every move explained in one sentence, newest first (docs/rules.md §2–§4).

Observes a :class:`~tripeaks.app.model.session.PlaySession`.  It lists the newest
:data:`LOG_ENTRIES` events; a last line counts the earlier ones.  Each move
adds one rendered entry (the others are kept, not rendered again), so the
cost of a click does not grow with the length of the game.

CSS classes: ``tp-panel`` (the panel), ``tp-panel-title``, ``tp-log`` (an
``ol.tp-log-list`` of ``li.tp-log-play`` / ``-draw`` / ``-undo`` / ``-time_up``, then
``li.tp-log-more`` when older entries are left out; ``p.tp-log-empty``
before the first move).
"""

from __future__ import annotations

import html
from collections import deque

import ipywidgets as widgets

from ...engine.game import Event, EventKind
from ...i18n import explain
from ...i18n.review import review_text
from ...i18n.ui import ui_text
from ..model.review import GameReview
from ..model.session import (
    GameStarted,
    LanguageChanged,
    MoveMade,
    MoveUndone,
    PlaySession,
    SessionEvent,
    StateRestored,
    TimeRanOut,
)

__all__ = ["MoveLogView", "LOG_ENTRIES", "log_entry"]

LOG_ENTRIES = 50
"""How many of the newest events the log lists (the panel shows about ten at once, with a scroll bar)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def log_entry(event: Event, lang: str) -> str:
    """One log entry: ``Move n: <the move explained>``; an undo keeps the move number, so it has no
    label, and neither has the timer's end (docs/rules.md §8), which is no move."""
    if event.kind is EventKind.UNDO or event.kind is EventKind.TIME_UP:
        return explain(event, lang)
    return ui_text("log.entry", lang, moves=event.moves, sentence=explain(event, lang))


class MoveLogView(widgets.VBox):
    """The log panel, following ``session``.

    Widgets (public, read-only): ``title``, ``entries`` (HTML, class ``tp-log``).
    """

    def __init__(self, session: PlaySession, entries: int = LOG_ENTRIES, **kwargs: object) -> None:
        self._session = session
        self._entries = entries
        self._items: deque[str] = deque(maxlen=entries)  # rendered <li>, newest first
        self._total = 0  # events in the game
        self._review: GameReview | None = None
        self._marked: Event | None = None  # the reviewed move to mark, when it is shown
        self.title = widgets.HTML()
        self.title.add_class("tp-panel-title")
        self.entries = widgets.HTML()
        self.entries.add_class("tp-log")
        super().__init__([self.title, self.entries], **kwargs)
        self.add_class("tp-panel")
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (MoveMade, MoveUndone, TimeRanOut)):
            self._items.appendleft(self._item(event.event))
            self._total += 1
            self._show()
        elif isinstance(event, LanguageChanged):
            self.render()
        elif isinstance(event, (GameStarted, StateRestored)):
            self.render()

    def attach_review(self, review: GameReview) -> None:
        """Mark the move that ``review`` points at (docs/rules.md §9) while it applies to the game shown."""
        self._review = review
        review.subscribe(self.render)
        self.render()

    def _item(self, event: Event) -> str:
        text = _esc(log_entry(event, self._session.lang))
        if self._marked is not None and event is self._marked:
            mark = _esc(review_text("review.mark", self._session.lang))
            return f'<li class="tp-log-{event.kind} tp-log-turning"><strong class="tp-log-mark">{mark}</strong> {text}</li>'
        return f'<li class="tp-log-{event.kind}">{text}</li>'

    def render(self) -> None:
        """Render the newest entries of the session's game again, in the session's language."""
        self.title.value = _esc(ui_text("log.title", self._session.lang))
        history = self._session.game.history
        marked = self._review.marked_event(self._session.game) if self._review is not None else None
        self._marked = marked[1] if marked is not None else None
        self._total = len(history)
        self._items.clear()
        self._items.extend(self._item(e) for e in reversed(history[-self._entries :]))
        self._show()

    def _show(self) -> None:
        lang = self._session.lang
        if not self._total:
            self.entries.value = f'<p class="tp-log-empty">{_esc(ui_text("log.empty", lang))}</p>'
            return
        more = self._total - len(self._items)
        tail = f'<li class="tp-log-more">{_esc(ui_text("log.more", lang, count=more))}</li>' if more else ""
        if self._marked is not None and not any("tp-log-turning" in item for item in self._items):
            tail += self._item(self._marked)  # the reviewed move, older than the entries shown
        # The list scrolls: a tab stop, so that the keyboard can scroll it too.
        self.entries.value = '<ol class="tp-log-list" tabindex="0">' + "".join(self._items) + tail + "</ol>"
