"""The New game panel: a rule set, a code field and Deal (docs/rules.md §5, §8).

Deal with an empty field deals a random game under the chosen rule set (a
preset or Custom, :class:`~tripeaks.app.rulesets.RuleSetMenu`); with text it
deals that code (under the code's rule set, flags included) or says, in one
sentence, what is wrong with it, leaving the game alone.  The panel observes a
:class:`~tripeaks.app.session.PlaySession`: it learns that a code was dealt
from :class:`~tripeaks.app.session.GameStarted` (``source``), never from
its own field.

CSS classes: ``tp-panel tp-new``; ``tp-panel-title``, ``tp-new-rule`` (the
rule-set menu, see :mod:`tripeaks.app.rulesets` for its description and
Custom options), ``tp-code-input``, ``tp-deal``, ``tp-new-message``
(``tp-msg-ok`` / ``tp-msg-error`` inside).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..codes import InvalidCodeError
from ..i18n.ui import code_error_message, preset_name, ui_text
from .rulesets import RuleSetMenu
from .session import (
    CodeRejected,
    GameSource,
    GameStarted,
    LanguageChanged,
    PlaySession,
    SessionEvent,
)

__all__ = ["NewGamePanel"]


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class NewGamePanel(widgets.VBox):
    """The New game panel, following ``session``.

    Widgets (public, read-only): ``title``, ``rule`` (the rule-set menu, a
    Dropdown whose values are ``"E"``, ``"C"``, ``"E-SR"``, ``"C-OP"``,
    ``"E-OP"`` and ``"custom"``), ``rules`` (its
    :class:`~tripeaks.app.rulesets.RuleSetMenu`, with the Custom options),
    ``code_input``, ``deal_button``, ``message``.  :meth:`add_control` adds a
    widget to the row (e.g. an option), :meth:`add_note` a line under the message.
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self._said: tuple[str, GameSource] | tuple[str, InvalidCodeError] | None = None
        self.title = widgets.HTML()
        self.title.add_class("tp-panel-title")
        self.rules = RuleSetMenu(session)
        self.rule = self.rules.menu
        self.code_input = widgets.Text(layout=widgets.Layout(width="460px"), style={"description_width": "initial"})
        self.code_input.add_class("tp-code-input")
        self.deal_button = widgets.Button(button_style="success")
        self.deal_button.add_class("tp-deal")
        self.deal_button.on_click(lambda _b: self._deal())
        self.message = widgets.HTML()
        self.message.add_class("tp-new-message")
        self._row = widgets.HBox(
            [self.rule, self.code_input, self.deal_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        super().__init__([self.title, self._row, self.rules.details, self.message], **kwargs)
        self.add_class("tp-panel")
        self.add_class("tp-new")
        session.subscribe(self._on_event)
        self.render()

    def add_control(self, widget: widgets.Widget) -> None:
        """Append ``widget`` to the row of rule, code and Deal."""
        self._row.children = (*self._row.children, widget)

    def add_note(self, widget: widgets.Widget) -> None:
        """Add ``widget`` as a line under the panel's message."""
        self.children = (*self.children, widget)

    def _deal(self) -> None:
        text = self.code_input.value.strip()
        if text:
            self._session.deal_code(text)
        else:
            self._session.deal_random()  # under the session's deal_rules, which the menu sets

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted):
            if event.source in (GameSource.CODE, GameSource.RANDOM):
                key = "new.dealt_code" if event.source is GameSource.CODE else "new.dealt_random"
                self._said = (key, event.source)
                self.code_input.value = ""
            self.render()
        elif isinstance(event, CodeRejected):
            self._said = ("error", event.error)
            self.render_message()
        elif isinstance(event, LanguageChanged):
            self.render()

    def render(self) -> None:
        """Labels in the session's language and the message (the rule-set menu follows the session itself)."""
        lang = self._session.lang
        self.title.value = _esc(ui_text("new.title", lang))
        self.code_input.description = ui_text("new.code", lang)
        self.code_input.placeholder = ui_text("new.placeholder", lang)
        self.deal_button.description = ui_text("new.deal", lang)
        self.render_message()

    def render_message(self) -> None:
        """What the latest Deal did: the game dealt, or what is wrong with the code."""
        lang, said, game = self._session.lang, self._said, self._session.game
        if said is not None and said[0] == "error" and isinstance(said[1], InvalidCodeError):
            self.message.value = f'<span class="tp-msg-error">{_esc(code_error_message(said[1], lang))}</span>'
        elif said is not None and game.code is not None:
            text = ui_text(said[0], lang, code=str(game.code), rule=preset_name(game.rules, lang))
            self.message.value = f'<span class="tp-msg-ok">{_esc(text)}</span>'
        else:
            self.message.value = ""
