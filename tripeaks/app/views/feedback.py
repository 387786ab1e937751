"""The reason of a refused move, shown on the felt where the player is looking (docs/rules.md §2, §4).

The status line under the board says why a move was refused, but on a short
screen (a phone on its side) that line is below the fold.  :class:`RefusalNote`
shows the same sentences over the top of the board for a few seconds (a
CSS fade, no timer in the kernel): it appears when a refusal changes the
message, and goes as soon as the game moves on, another message replaces it
or the language changes.  The refused card itself shakes (or, under reduced
motion, flashes its outline): :meth:`~tripeaks.app.views.board.BoardView.flash_refused`.

The note is decoration for the eyes: screen readers already hear the status
line (an ARIA live region), so the note is ``aria-hidden``.

CSS classes: ``tp-refusal-note`` (the widget; ``tp-note-a`` / ``tp-note-b``
alternate so that each refusal starts the fade again; ``tp-note-low`` when the
refused card is a peak's tip, so the note goes to the bottom of the felt instead
of the top), ``tp-note-text``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..model.session import (
    GAME_CHANGES,
    LanguageChanged,
    MessageChanged,
    MessageKind,
    MoveRefused,
    PlaySession,
    SessionEvent,
)

__all__ = ["RefusalNote"]

_PHASES = ("tp-note-a", "tp-note-b")
_TIPS = 3  # positions 0–2: the peaks' tips, in the top row (docs/rules.md §1)


class RefusalNote(widgets.HTML):
    """The last refusal's reason over the board, following ``session``; empty (and hidden) otherwise."""

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._session = session
        self._pending = False  # a refusal was just sent: the message that follows (if any) is its reason
        self._phase = 0
        self.add_class("tp-refusal-note")
        self.layout.display = "none"
        session.subscribe(self._on_event)

    @property
    def shown(self) -> bool:
        """Whether a reason is shown."""
        return self.layout.display != "none"

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, MoveRefused):
            self._pending = True
            # Over the top of the felt, unless the refused card is a peak's tip: then over the bottom.
            low = isinstance(event.action, int) and event.action < _TIPS
            (self.add_class if low else self.remove_class)("tp-note-low")
            return
        pending, self._pending = self._pending, False
        if isinstance(event, MessageChanged):
            if pending and event.message.kind is MessageKind.ERROR:
                self._show(event.message.sentences(self._session.lang))
            else:
                self.hide()
        elif isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.hide()

    def _show(self, sentences: tuple[str, ...] | list[str]) -> None:
        text = "<br>".join(html.escape(s) for s in sentences)  # a line each: some end without a full stop
        self.remove_class(_PHASES[self._phase])
        self._phase = 1 - self._phase
        self.add_class(_PHASES[self._phase])  # a new animation name: the fade starts again
        self.value = f'<div class="tp-note-text" aria-hidden="true">{text}</div>'
        self.layout.display = None

    def hide(self) -> None:
        """Take the note away."""
        if self.shown:
            self.layout.display = "none"
            self.value = ""
