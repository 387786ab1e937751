"""The New game panel: a rule set, a code field and Deal (docs/rules.md §5, §8).

Deal (or Enter in the code field) with an empty field deals a random game
under the chosen rule set (a preset or Custom,
:class:`~tripeaks.app.views.rulesets.RuleSetMenu`); with text it deals that code
(under the code's rule set, flags included) or says, in one sentence, what is wrong with it, leaving the game alone.
Next to Deal, ``tp-next-deal`` says which rule set a random Deal uses ("Next deal: Easy"): always
the one chosen in the menu, which a dealt code (pasted, a link, the deal of the day) does not change.  The
panel observes a :class:`~tripeaks.app.model.session.PlaySession`: it learns that
a code was dealt from :class:`~tripeaks.app.model.session.GameStarted`
(``source``), never from its own field.

One intention gives one deal.  Deal is the player's request
(:meth:`~tripeaks.app.model.session.PlaySession.request_deal_code`,
:meth:`~tripeaks.app.model.session.PlaySession.request_deal_random`): a game in
progress is abandoned only after a Yes.  A dealt code stays in the field
until the game moves on, so a second press of a double click still sees the
code, and the session knows that deal is already on the table.  An error
about the code goes away as soon as the player acts again (edits the field,
plays, chooses a rule…), not when the saved game is resumed at load: a link
whose code cannot be read says why, with or without a saved game; a long
paste is quoted by its start.

The panel is opened on demand: its toggle (``tp-new-toggle``) shows or folds away the
rest (``tp-new-body``); it opens by itself to say why a code was refused.

CSS classes: ``tp-panel tp-new``; ``tp-new-toggle``, ``tp-new-body``, ``tp-panel-title``, ``tp-new-rule`` (the
rule-set menu, see :mod:`tripeaks.app.views.rulesets` for its description and
Custom options), ``tp-code-input``, ``tp-deal``, ``tp-next-deal``, ``tp-new-message``
(``tp-msg-ok`` / ``tp-msg-error`` inside).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...engine.codes import GameCode, InvalidCodeError
from ...engine.game import Game
from ...i18n.ui import code_error_message, preset_name, ui_text
from ..model.session import (
    CodeRejected,
    ConfirmationAsked,
    GameSource,
    GameStarted,
    LanguageChanged,
    MoveMade,
    MoveUndone,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
    StateRestored,
)
from .rulesets import RuleSetMenu

__all__ = ["NewGamePanel"]


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class NewGamePanel(widgets.VBox):
    """The New game panel, following ``session``.

    Widgets (public, read-only): ``toggle``, ``body`` (all but the toggle), ``title``, ``rule`` (the rule-set menu, a
    Dropdown whose values are ``"E"``, ``"C"``, ``"E-SR"``, ``"C-OP"``,
    ``"E-OP"`` and ``"custom"``), ``rules`` (its
    :class:`~tripeaks.app.views.rulesets.RuleSetMenu`, with the Custom options),
    ``code_input``, ``deal_button``, ``next_deal`` (the rule set of the next random Deal), ``message``.  :meth:`add_control` adds a
    widget to the row (e.g. an option), :meth:`add_note` a line under the message.
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self._said: tuple[str, GameSource] | tuple[str, InvalidCodeError] | None = None
        self._rendering = False
        self._dealt_text: str | None = None  # the field's text when its code was dealt, kept until the game moves on
        self.title = widgets.HTML()
        self.title.add_class("tp-panel-title")
        self.rules = RuleSetMenu(session)
        self.rules.on_choice(self._clear_error)  # the player chose a rule set: acting again
        self.rule = self.rules.menu
        self.code_input = widgets.Text(layout=widgets.Layout(width="460px"), style={"description_width": "initial"})
        self.code_input.add_class("tp-code-input")
        self.code_input.on_msg(self._input_message)  # Enter sends "submit"
        self.code_input.observe(self._typed, names="value")
        self.deal_button = widgets.Button(button_style="success")
        self.deal_button.add_class("tp-deal")
        self.deal_button.on_click(lambda _b: self.deal())
        self.next_deal = widgets.HTML()
        self.next_deal.add_class("tp-next-deal")
        self.message = widgets.HTML()
        self.message.add_class("tp-new-message")
        self._row = widgets.HBox(
            [self.rule, self.code_input, self.deal_button, self.next_deal],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        self.toggle = widgets.Button(layout=widgets.Layout(width="auto"))
        self.toggle.add_class("tp-new-toggle")
        self.toggle.on_click(lambda _b: self.set_open(not self.is_open))
        self.body = widgets.VBox(
            [self.title, self._row, self.rules.details, self.message], layout=widgets.Layout(display="none")
        )
        self.body.add_class("tp-new-body")
        super().__init__([self.toggle, self.body], **kwargs)
        self.add_class("tp-panel")
        self.add_class("tp-new")
        session.subscribe(self._on_event)
        self.render()

    def add_control(self, widget: widgets.Widget) -> None:
        """Append ``widget`` to the row of rule, code and Deal."""
        self._row.children = (*self._row.children, widget)

    def add_note(self, widget: widgets.Widget) -> None:
        """Add ``widget`` as a line under the panel's message."""
        self.body.children = (*self.body.children, widget)

    @property
    def is_open(self) -> bool:
        """Whether the panel's choices (rule, code, Deal…) are shown; only its toggle shows otherwise."""
        return self.body.layout.display != "none"

    def set_open(self, on: bool) -> None:
        """Show (``True``) or fold away the panel's choices."""
        self.body.layout.display = None if on else "none"
        self._render_toggle()

    def _render_toggle(self) -> None:
        lang = self._session.lang
        self.toggle.description = ui_text("new.hide" if self.is_open else "new.show", lang)
        self.toggle.icon = "chevron-down" if self.is_open else "chevron-right"

    def deal(self) -> None:
        """What Deal does: the code in the field, or a random deal when it is empty (module doc)."""
        text = self.code_input.value.strip()
        if text:
            self._session.request_deal_code(text)
        else:
            self._session.request_deal_random()  # under the session's deal_rules, which the menu sets

    def _input_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.deal()

    def _typed(self, _change: object) -> None:
        if not self._rendering:  # the player edited the field: an error about the old text is stale
            self._clear_error()

    def _clear_error(self) -> None:
        if self._said is not None and self._said[0] == "error":
            self._said = None
            self.render_message()

    def _set_field(self, text: str) -> None:
        self._rendering = True
        try:
            self.code_input.value = text
        finally:
            self._rendering = False

    def _holds(self, game: Game) -> bool:
        """Whether the field holds the code of ``game`` (as the code readers read it, docs/rules.md §5)."""
        try:
            return GameCode.parse(self.code_input.value) == game.code
        except InvalidCodeError:
            return False

    def _moved_on(self) -> None:
        """The game on the table moved on: a dealt code leaves the field (a new Deal deals afresh)."""
        if self._dealt_text is not None and self.code_input.value == self._dealt_text:
            self._set_field("")
        self._dealt_text = None

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameStarted):
            if event.source is GameSource.CODE:
                self._dealt_text = self.code_input.value if self._holds(event.game) else None
            else:
                self._moved_on()
            if event.source in (GameSource.CODE, GameSource.RANDOM):
                key = "new.dealt_code" if event.source is GameSource.CODE else "new.dealt_random"
                self._said = (key, event.source)
                if event.source is GameSource.RANDOM:
                    self._set_field("")
            elif self._said is not None and self._said[0] == "error":
                if event.source is not GameSource.RESUMED:
                    # A game resumed at load is not the player acting again: a refused link's code keeps saying why.
                    self._said = None
            elif event.source is not GameSource.RESTART:
                # "Dealt …" names the game on the table: a record, a replay's step, a game resumed or handed
                # over was not dealt here (the message would name its code as dealt).  A restart is the same deal.
                self._said = None
            self.render()
        elif isinstance(event, (MoveMade, MoveUndone, StateRestored)):
            self._moved_on()
            self._clear_error()
        elif isinstance(event, ConfirmationAsked):
            self._clear_error()
        elif isinstance(event, CodeRejected):
            self._said = ("error", event.error)
            self.set_open(True)  # the player reads why, wherever the code came from (a field, a link)
            self.render_message()
        elif isinstance(event, SettingChanged) and event.setting is Setting.DEAL_RULES:
            self.render_next_deal()  # the menu's choice, or the settings restored at load (not the player acting)
        elif isinstance(event, LanguageChanged):
            self.render()

    def render(self) -> None:
        """Labels in the session's language and the message (the rule-set menu follows the session itself)."""
        lang = self._session.lang
        self.title.value = _esc(ui_text("new.title", lang))
        self.code_input.description = ui_text("new.code", lang)
        self.code_input.placeholder = ui_text("new.placeholder", lang)
        self.deal_button.description = ui_text("new.deal", lang)
        self._render_toggle()
        self.render_next_deal()
        self.render_message()

    def render_next_deal(self) -> None:
        """The rule set a random Deal uses now (the session's :attr:`~PlaySession.deal_rules`, the menu's choice)."""
        lang, rules = self._session.lang, self._session.deal_rules
        if rules.preset is None:
            text = ui_text("new.next_deal_custom", lang, rules=str(rules))
        else:
            text = ui_text("new.next_deal", lang, rule=preset_name(rules, lang))
        tip = _esc(ui_text("new.next_deal_tip", lang))
        self.next_deal.value = f'<span class="tp-next-deal-text" title="{tip}">{_esc(text)}</span>'

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
