"""The header: title, score, move counter, peaks cleared, rule and game code.

Observes a :class:`~tripeaks.app.model.session.PlaySession`; shows only what the
engine says (docs/rules.md §3 for the score and the move counter, §5 for the code,
§8 for the rule set: its preset's name, or Custom, and the full code with its flags).

CSS classes: ``tp-header``; ``tp-title``; each figure ``tp-stat`` plus
``tp-score``, ``tp-moves``, ``tp-peaks-count``, ``tp-rule``, ``tp-code``
(the code itself in ``tp-code-text``, easy to select and copy; the words around it in
``tp-code-label``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...i18n.ui import preset_name, ui_text
from ..model.session import GAME_CHANGES, LanguageChanged, PlaySession, SessionEvent

__all__ = ["HeaderView"]


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class HeaderView(widgets.HBox):
    """The header of the app, following ``session``.

    Widgets (public, read-only): ``title_label``, ``score_label``,
    ``moves_label``, ``peaks_label``, ``rule_label``, ``code_label``.
    :meth:`add_stat` appends another figure (e.g. the run or the timer), :meth:`add_caption` a caption
    after the title (the deal of the day, :mod:`tripeaks.app.views.daily`).
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self.title_label = widgets.HTML()
        self.title_label.add_class("tp-title")
        self.score_label = widgets.HTML()
        self.moves_label = widgets.HTML()
        self.peaks_label = widgets.HTML()
        self.rule_label = widgets.HTML()
        self.code_label = widgets.HTML()
        for w, cls in (
            (self.score_label, "tp-score"),
            (self.moves_label, "tp-moves"),
            (self.peaks_label, "tp-peaks-count"),
            (self.rule_label, "tp-rule"),
            (self.code_label, "tp-code"),
        ):
            w.add_class("tp-stat")
            w.add_class(cls)
        super().__init__(
            [self.title_label, self.score_label, self.moves_label, self.peaks_label, self.rule_label, self.code_label],
            **kwargs,
        )
        self.add_class("tp-header")
        session.subscribe(self._on_event)
        self.render()

    def add_stat(self, widget: widgets.Widget) -> None:
        """Append ``widget`` to the header's figures (it keeps itself up to date)."""
        widget.add_class("tp-stat")
        self.children = (*self.children, widget)

    def add_caption(self, widget: widgets.Widget) -> None:
        """Put ``widget`` right after the title (e.g. the name of the deal of the day; it keeps itself up to date)."""
        self.children = (self.children[0], widget, *self.children[1:])

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render()

    def render(self) -> None:
        """Show the session's game in the session's language."""
        g, lang = self._session.game, self._session.lang
        self.title_label.value = f'<span class="tp-title-text">{_esc(ui_text("app.title", lang))}</span>'
        self.score_label.value = (
            f'<span class="tp-stat-text">{_esc(ui_text("header.score", lang, score=g.score))}</span>'
        )
        self.moves_label.value = (
            f'<span class="tp-stat-text">{_esc(ui_text("header.moves", lang, moves=g.moves))}</span>'
        )
        self.peaks_label.value = _esc(ui_text("header.peaks", lang, cleared=sum(g.peaks_cleared)))
        self.rule_label.value = _esc(ui_text("header.rule", lang, rule=preset_name(g.rules, lang)))
        code = str(g.code) if g.code is not None else ui_text("header.custom", lang)
        marker = "\x00CODE\x00"
        span = f'<span class="tp-code-text" title="{_esc(ui_text("header.code_help", lang))}">{_esc(code)}</span>'
        before, _, after = _esc(ui_text("header.code", lang, code=marker)).partition(_esc(marker))
        # The words around the code in their own spans: a phone on its side keeps them for screen readers only.
        words = [f'<span class="tp-code-label">{w}</span>' if w.strip() else w for w in (before, after)]
        self.code_label.value = f"{words[0]}{span}{words[1]}"
