"""The controls row (Undo, Redo, Restart, Error help, Language) and the status line (with New game at the end).

Both observe a :class:`~tripeaks.app.model.session.PlaySession` and forward
clicks to it; neither decides anything (docs/rules.md §4 for undo and
redo).  Restart and New game are the player's requests
(:meth:`~tripeaks.app.model.session.PlaySession.request_restart`,
:meth:`~tripeaks.app.model.session.PlaySession.request_deal_random`): the session
asks before a game in progress is abandoned.

CSS classes: ``tp-controls`` (the row), ``tp-undo``, ``tp-redo``, ``tp-restart``,
``tp-error-help``, ``tp-lang``, ``tp-more-toggle`` (``tp-more-open`` on the row while
it is pressed); ``tp-status-row``, ``tp-status`` (plus
``tp-status-error`` / ``-won`` / ``-blocked``; each sentence a ``tp-msg``
``tp-msg-<kind>`` span) and ``tp-again``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...i18n import LANGUAGE_NAMES, LANGUAGES
from ...i18n.ui import ui_text
from ..model.session import (
    GAME_CHANGES,
    LanguageChanged,
    MessageChanged,
    MessageKind,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)

__all__ = ["ControlsView", "StatusView"]


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class ControlsView(widgets.HBox):
    """Undo, Redo, Restart, the Error help toggle and the language menu, following ``session``.

    Widgets (public, read-only): ``undo_button``, ``redo_button``, ``restart_button``,
    ``error_help`` (a ToggleButton), ``language`` (a Dropdown).
    :meth:`add_control` appends another widget (e.g. a Hint button).

    The row shows the play bar first (Undo, Redo, the Hint and Rewind of
    :mod:`tripeaks.app.views.hints`, Restart), then the settings (theme.css orders
    them).  On a phone Restart and the settings fold behind ``more_toggle`` ("More",
    shown only there) and the play bar stays at the window's bottom edge while the
    controls are below it, so Undo and Hint are always at hand.
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self.undo_button = widgets.Button()
        self.undo_button.add_class("tp-undo")
        self.undo_button.on_click(lambda _b: session.undo())
        self.redo_button = widgets.Button()
        self.redo_button.add_class("tp-redo")
        self.redo_button.on_click(lambda _b: session.redo())
        self.restart_button = widgets.Button()
        self.restart_button.add_class("tp-restart")
        self.restart_button.on_click(lambda _b: session.request_restart())
        self.error_help = widgets.ToggleButton(
            value=session.error_help, layout=widgets.Layout(width="auto", min_width="148px")
        )
        self.error_help.add_class("tp-error-help")
        self.error_help.observe(lambda c: session.set_error_help(c["new"]), names="value")
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
            value=session.lang,
            layout=widgets.Layout(width="220px"),
            style={"description_width": "initial"},
        )
        self.language.add_class("tp-lang")
        self.language.observe(lambda c: session.set_language(c["new"]), names="value")
        self.more_toggle = widgets.ToggleButton(value=False)
        self.more_toggle.add_class("tp-more-toggle")
        self.more_toggle.observe(self._show_more, names="value")
        super().__init__(
            [
                self.undo_button,
                self.redo_button,
                self.restart_button,
                self.more_toggle,
                self.error_help,
                self.language,
            ],
            **kwargs,
        )
        self.add_class("tp-controls")
        session.subscribe(self._on_event)
        self.render()

    def add_control(self, widget: widgets.Widget) -> None:
        """Append ``widget`` to the row."""
        self.children = (*self.children, widget)

    def _show_more(self, change: dict[str, object]) -> None:
        if change["new"]:
            self.add_class("tp-more-open")
        else:
            self.remove_class("tp-more-open")

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)) or (
            isinstance(event, SettingChanged) and event.setting is Setting.ERROR_HELP
        ):
            self.render()

    def render(self) -> None:
        """Labels in the session's language; Undo, Redo and Restart enabled when they can act
        (Undo and Redo never while a replay step is only watched: they would be refused)."""
        session = self._session
        g, lang = session.game, session.lang
        self.undo_button.description = ui_text("controls.undo", lang)
        self.undo_button.disabled = not g.can_undo or session.watching
        self.redo_button.description = ui_text("controls.redo", lang)
        self.redo_button.tooltip = ui_text("controls.redo_tip", lang)
        self.redo_button.disabled = not g.can_redo or session.watching
        self.restart_button.description = ui_text("controls.restart", lang)
        self.restart_button.tooltip = ui_text("controls.restart_tip", lang)
        self.restart_button.disabled = not g.moves
        on = session.error_help
        self.error_help.value = on
        # The state in words, not only by colour and tick: screen readers read the button text.
        self.error_help.description = ui_text("controls.error_help_on" if on else "controls.error_help_off", lang)
        self.error_help.tooltip = ui_text("controls.error_help_tip", lang)
        self.error_help.icon = "check" if on else ""
        self.language.value = lang
        self.language.description = ui_text("controls.language", lang)
        self.more_toggle.description = ui_text("controls.more", lang)
        self.more_toggle.tooltip = ui_text("controls.more_tip", lang)


class StatusView(widgets.HBox):
    """The status line (the session's message) and, once the game is over, the New game button.

    Widgets (public, read-only): ``status`` (HTML) and ``again_button``
    (deals a random game under the session's ``deal_rules``).
    """

    def __init__(self, session: PlaySession, **kwargs: object) -> None:
        self._session = session
        self._kind: MessageKind | None = None
        self.status = widgets.HTML()
        self.status.add_class("tp-status")
        self.status.layout.flex = "1 1 auto"
        self.again_button = widgets.Button(layout=widgets.Layout(display="none"))
        self.again_button.add_class("tp-again")
        self.again_button.on_click(lambda _b: session.request_deal_random())
        super().__init__([self.status, self.again_button], layout=widgets.Layout(align_items="center"), **kwargs)
        self.add_class("tp-status-row")
        session.subscribe(self._on_event)
        self.render()

    def _on_event(self, event: SessionEvent) -> None:
        # A game change carries its message already (the session sets it first): shown at once, before
        # the slower views (the plot, the solver's indicator) follow, not after them.
        if isinstance(event, (MessageChanged, LanguageChanged, *GAME_CHANGES)):
            self.render_message()
        if isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            self.render_again()

    def render(self) -> None:
        """The message and the New game button."""
        self.render_message()
        self.render_again()

    def render_message(self) -> None:
        """The session's message in the session's language."""
        message, lang = self._session.message, self._session.lang
        kind = message.kind
        self.status.value = " ".join(
            f'<span class="tp-msg tp-msg-{kind}">{_esc(t)}</span>' for t in message.sentences(lang)
        )
        if kind is not self._kind:
            if self._kind in (MessageKind.ERROR, MessageKind.WON, MessageKind.BLOCKED):
                self.status.remove_class(f"tp-status-{self._kind}")
            if kind is not MessageKind.INFO:
                self.status.add_class(f"tp-status-{kind}")
            self._kind = kind

    def render_again(self) -> None:
        """New game shows once the game is over."""
        game, lang = self._session.game, self._session.lang
        self.again_button.description = ui_text("new.again", lang)
        self.again_button.layout.display = None if game.is_over else "none"
