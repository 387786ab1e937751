"""The inline question "Abandon this game?" with Yes and No, before a game in progress is replaced.

Observes a :class:`~tripeaks.app.model.session.PlaySession`: Deal, Restart and New
game are the player's requests, and the session asks first when moves were
made and the game is not over (:class:`~tripeaks.app.model.session.ConfirmationAsked`).
This view shows the question, says what would happen and what would be lost,
and forwards the answer (:meth:`~tripeaks.app.model.session.PlaySession.answer`).
It hides again once the question is closed — answered, or the game moved on.
Nothing is replaced before a Yes, so a No (or just playing on) loses nothing.

CSS classes: ``tp-confirm`` (the row), ``tp-confirm-text`` (the question,
a ``role="alert"`` region so that screen readers say it), ``tp-confirm-yes``,
``tp-confirm-no``.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...i18n.ui import ui_text
from .. import static
from ..model.session import (
    ConfirmationAsked,
    ConfirmationClosed,
    LanguageChanged,
    PlaySession,
    ReplaceKind,
    SessionEvent,
)

__all__ = ["ConfirmView", "CSS"]

CSS = static.text("confirm.css")
"""The question's style (``tp-*`` selectors, colours of :mod:`tripeaks.app.views.theme`)."""

_DETAIL = {
    ReplaceKind.CODE: "confirm.deal_code",
    ReplaceKind.RANDOM: "confirm.deal_random",
    ReplaceKind.RESTART: "confirm.restart",
}


class ConfirmView(widgets.HBox):
    """The question row, following ``session``; hidden while no question is open.

    Widgets (public, read-only): ``question`` (HTML), ``yes_button``, ``no_button``.
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self._asked: ConfirmationAsked | None = None
        self.question = widgets.HTML()
        self.question.add_class("tp-confirm-text")
        self.yes_button = widgets.Button(layout=widgets.Layout(width="auto", min_width="80px"))
        self.yes_button.add_class("tp-confirm-yes")
        self.yes_button.on_click(lambda _b: self._answer(True))
        self.no_button = widgets.Button(layout=widgets.Layout(width="auto", min_width="80px"))
        self.no_button.add_class("tp-confirm-no")
        self.no_button.on_click(lambda _b: self._answer(False))
        self.focus_after: widgets.DOMWidget | None = None
        """Where the keyboard focus goes once Yes or No is pressed (the question, and its buttons, hide)."""
        self._answered = False
        self.note: Callable[[str], str | None] | None = None
        """More to say about what a Yes loses, in a language (e.g. a match's game scoring 0), if anything."""
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        super().__init__([self.question, self.yes_button, self.no_button, style], **kwargs)
        self.add_class("tp-confirm")
        self.layout.display = "none"
        session.subscribe(self._on_event)
        self.render()

    @property
    def asking(self) -> bool:
        """True while the question is shown."""
        return self._asked is not None

    def _answer(self, yes: bool) -> None:
        self._answered = True
        try:
            self._session.answer(yes)
        finally:
            self._answered = False

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, ConfirmationAsked):
            self._asked = event
            self.render()
            self.no_button.focus()  # keyboard players land on the answer that loses nothing
        elif isinstance(event, ConfirmationClosed):
            self._asked = None
            self.render()
            if self._answered and self.focus_after is not None:  # not to the page's body, nor when play went on
                self.focus_after.focus()
        elif isinstance(event, LanguageChanged):
            self.render()

    def render(self) -> None:
        """The question in the session's language, or nothing (hidden)."""
        lang, asked = self._session.lang, self._asked
        self.yes_button.description = ui_text("confirm.yes", lang)
        self.no_button.description = ui_text("confirm.no", lang)
        if asked is None:
            self.question.value = ""
            self.layout.display = "none"
            return
        request = asked.request
        detail = ui_text(_DETAIL[request.kind], lang, moves=asked.moves, code=str(request.code))
        sentences = [detail]
        if self._session.counts:
            sentences.append(ui_text("confirm.counts", lang))  # docs/rules.md §7: an abandoned game is lost
            note = self.note(lang) if self.note is not None else None
            if note:
                sentences.append(note)
        text = " ".join(html.escape(t) for t in sentences)
        self.question.value = (
            f'<div role="alert"><span class="tp-confirm-question">{html.escape(ui_text("confirm.question", lang))}'
            f"</span> {text}</div>"
        )
        self.layout.display = None
