"""Playing without a mouse, and a deck for every eye: keyboard shortcuts, their help panel, four colours.

:func:`add_access` gives a :class:`~tripeaks.app.play.TriPeaksApp`:

* **keyboard shortcuts**, heard through the app's
  :class:`~tripeaks.app.views.bridge.PageBridge` (the only way a key reaches the
  kernel).  Each key presses the button a mouse would press, so it does
  exactly what that button does (and nothing when the button is disabled):

  ===  =============================================  ==========================
  D    draw from the stock                            the stock
  U    undo                                           Undo
  H    a hint (when the app has hints)                Hint
  N    a new game                                     Deal (New game at the end)
  R    restart the deal                               Restart
  ?    show or hide the list of shortcuts             Keyboard shortcuts
  Esc  answer No to "Abandon this game?", else       No
       hide the list
  ===  =============================================  ==========================

  Tab and the arrow keys move between the cards that can be played (the
  board's tab stops), Enter or Space plays the card in focus.
* a **Keyboard shortcuts** toggle (``tp-keys-toggle``) in the controls row
  and the panel it opens (``tp-keys-help``, right under the controls),
  listing the keys in the chosen language;
* a **Four-colour deck** toggle (``tp-four-colour``): clubs green and
  diamonds blue, for players who tell red from black poorly or who like
  each suit apart; a setting of the :class:`~tripeaks.app.model.session.PlaySession`,
  so every deal of the session keeps it.

Every action runs under the session's guard (the buttons' own handlers).
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable

import ipywidgets as widgets

from ...i18n.ui import ui_text
from .. import static
from ..model.session import LanguageChanged, SessionEvent, Setting, SettingChanged
from ..play import TriPeaksApp
from .hints import hint_tools

__all__ = ["AccessTools", "add_access", "access_tools", "SHORTCUTS", "CSS"]

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("d", "keys.draw"),
    ("u", "keys.undo"),
    ("h", "keys.hint"),
    ("n", "keys.new"),
    ("r", "keys.restart"),
    ("?", "keys.help"),
)
"""The shortcut keys and the catalogue key of what each does, in the order the help panel lists them."""

CSS = static.text("keyboard.css")
"""Style of the help panel (colours from the theme's ``--tp-*`` properties)."""

_TOOLS: weakref.WeakValueDictionary[int, AccessTools] = weakref.WeakValueDictionary()


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class AccessTools:
    """The shortcuts, their help panel and the four-colour toggle of one app (build with :func:`add_access`).

    Widgets (public, read-only): ``keys_toggle`` (ToggleButton), ``keys_help``
    (HTML panel), ``four_colour`` (ToggleButton).  :attr:`actions` maps each
    shortcut key to what it does.
    """

    def __init__(self, app: TriPeaksApp) -> None:
        self.app = app
        session = self.session = app.session
        self.keys_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.keys_toggle.add_class("tp-keys-toggle")
        self.keys_toggle.observe(lambda c: self._show_help(bool(c["new"])), names="value")
        self.four_colour = widgets.ToggleButton(value=session.four_colour, layout=widgets.Layout(width="auto"))
        self.four_colour.add_class("tp-four-colour")
        self.four_colour.observe(lambda c: session.set_four_colour(bool(c["new"])), names="value")
        self.keys_help = widgets.HTML(layout=widgets.Layout(display="none"))
        self.keys_help.add_class("tp-panel")
        self.keys_help.add_class("tp-keys-help")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")

        self.actions: dict[str, Callable[[], object]] = {
            "d": lambda: _press(app.board.stock_button),
            "u": lambda: _press(app.undo_button),
            "n": lambda: _press(app.again_button if session.game.is_over else app.deal_button),
            "r": lambda: _press(app.restart_button),
            "?": lambda: self.keys_toggle.set_trait("value", not self.keys_toggle.value),
            "escape": self._escape,
        }
        tools = hint_tools(app)
        if tools is not None:
            hint_button = tools.hint_button
            self.actions["h"] = lambda: _press(hint_button)
        bridge = app.page_bridge
        bridge.shortcuts = list(self.actions)
        bridge.on_key(self._key)

        box = widgets.HBox([self.keys_toggle, self.four_colour, style])
        box.add_class("tp-access-box")
        app.add_control(box)
        app.add_panel(self.keys_help, after=app.controls)
        session.subscribe(self._on_event)
        self.render()

    def _key(self, key: str) -> None:
        action = self.actions.get(key)
        if action is not None:
            action()

    def _escape(self) -> None:
        confirm = getattr(self.app, "confirm", None)  # the "Abandon this game?" question, when asked
        if confirm is not None and confirm.asking:
            _press(confirm.no_button)
        else:
            self.keys_toggle.value = False

    def _show_help(self, on: bool) -> None:
        self.keys_help.layout.display = None if on else "none"

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self.render()
        elif isinstance(event, SettingChanged) and event.setting is Setting.FOUR_COLOUR:
            self.render()

    def render(self) -> None:
        """Labels and the help panel in the session's language; the toggles show the settings."""
        lang = self.session.lang
        self.keys_toggle.description = ui_text("keys.toggle", lang)
        self.keys_toggle.tooltip = ui_text("keys.toggle_tip", lang)
        on = self.session.four_colour
        self.four_colour.value = on
        # The state in words, not only by colour: screen readers read the button text.
        self.four_colour.description = ui_text("deck.four_on" if on else "deck.four_off", lang)
        self.four_colour.tooltip = ui_text("deck.four_tip", lang)
        rows = [(_esc(ui_text("keys.move_keys", lang)), ui_text("keys.move", lang))]
        rows.append((_esc(ui_text("keys.play_keys", lang)), ui_text("keys.play", lang)))
        rows += [
            (f"<kbd>{_esc(key.upper())}</kbd>", ui_text(what, lang)) for key, what in SHORTCUTS if key in self.actions
        ]
        body = "".join(f'<tr><th scope="row">{keys}</th><td>{_esc(what)}</td></tr>' for keys, what in rows)
        self.keys_help.value = (
            f'<div class="tp-panel-title" role="heading" aria-level="3">{_esc(ui_text("keys.toggle", lang))}</div>'
            f'<p class="tp-keys-intro">{_esc(ui_text("keys.intro", lang))}</p>'
            f"<table>{body}</table>"
        )


def _press(button: widgets.Button) -> None:
    """Press ``button`` as a click would, unless it is disabled or hidden."""
    if not button.disabled and button.layout.display != "none":
        button.click()


def add_access(app: TriPeaksApp) -> AccessTools:
    """Give ``app`` its keyboard shortcuts, their help panel and the four-colour toggle.

    Call it after :func:`~tripeaks.app.views.hints.add_hints` so that H gives a hint.
    Returns the :class:`AccessTools` (the same one if ``app`` already has them).
    """
    tools = access_tools(app)
    if tools is None:
        tools = AccessTools(app)
        _TOOLS[id(app)] = tools
    return tools


def access_tools(app: TriPeaksApp) -> AccessTools | None:
    """The :class:`AccessTools` of ``app``, or ``None`` if :func:`add_access` was not called on it."""
    tools = _TOOLS.get(id(app))
    return tools if tools is not None and tools.app is app else None
