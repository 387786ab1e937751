"""Playing without a mouse, a deck for every eye, sound: shortcuts, their help panel, four colours, sound.

:class:`AccessTools` gives the app (:func:`tripeaks.app.factory.build_app` places its widgets):

* **keyboard shortcuts**, heard through the app's
  :class:`~tripeaks.app.views.bridge.PageBridge` (the only way a key reaches the
  kernel).  Each key makes the session action of the button a mouse would press,
  so it does exactly what that button does (and nothing when the button is disabled):

  ===  =============================================  ==========================
  D    draw from the stock                            the stock
  U    undo                                           Undo
  H    a hint (when the app has hints)                Hint
  N    a new game                                     Deal (New game at the end)
  0    restart the deal (R too)                       Restart
  ?    show or hide the list of shortcuts             Keyboard shortcuts
  Esc  answer No to "Abandon this game?", else       No
       hide the list
  ===  =============================================  ==========================

  French and Portuguese write the queen D: there the list shows P (*piocher*) and C
  (*comprar*) for a draw, keys that draw too (D still draws in every language).
  They write the king R: restart is listed as 0 (back to move 0) in every language,
  a key that is no card's rank anywhere (R still restarts, as before).
  Tab and the arrow keys move between the cards that can be played (the
  board's tab stops), Enter or Space plays the card in focus.
* a **Keyboard shortcuts** toggle (``tp-keys-toggle``) in the controls row
  and the panel it opens (``tp-keys-help``, right under the controls),
  listing the keys in the chosen language;
* a **Four-colour deck** toggle (``tp-four-colour``): clubs green and
  diamonds blue, for players who tell red from black poorly or who like
  each suit apart; a setting of the :class:`~tripeaks.app.model.session.PlaySession`,
  so every deal of the session keeps it;
* a **Sound** toggle (``tp-sound``, :class:`~tripeaks.app.views.sound.SoundToggle`), off by
  default: short sounds for a play, a draw, a refusal and a win, made in the browser.

Every action runs under the session's guard.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...engine.game import Status
from ...i18n.ui import ui_text
from .. import static
from ..model.session import LanguageChanged, PlaySession, SessionEvent, Setting, SettingChanged
from .bridge import PageBridge
from .sound import SoundToggle

__all__ = ["AccessTools", "SHORTCUTS", "CSS"]

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("d", "keys.draw"),
    ("u", "keys.undo"),
    ("h", "keys.hint"),
    ("n", "keys.new"),
    ("0", "keys.restart"),
    ("?", "keys.help"),
)
"""The shortcut keys and the catalogue key of what each does, in the order the help panel lists them."""

RESTART_ALIAS = {"r": "0"}
"""Keys that do what another does without being listed: R restarts too (the list shows 0, since French and
Portuguese write the king R)."""

CSS = static.text("keyboard.css")
"""Style of the help panel (colours from the theme's ``--tp-*`` properties)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class AccessTools:
    """The shortcuts, their help panel, the four-colour and the sound toggles of one app.

    ``AccessTools(session, bridge, deal=None, hint=None)`` hears the keys through
    ``bridge``; ``deal`` is what N does while a game is on (the New game panel's
    Deal, by default a random deal) and ``hint`` what H does (no H without it).
    Widgets (public, read-only): ``keys_toggle`` (ToggleButton), ``keys_help``
    (HTML panel, the app places it under its controls), ``four_colour``
    (ToggleButton), ``sound`` (:class:`~tripeaks.app.views.sound.SoundToggle`) and ``box``
    (the three toggles, for the controls row).
    :attr:`actions` maps each shortcut key to what it does.
    """

    def __init__(
        self,
        session: PlaySession,
        bridge: PageBridge,
        deal: Callable[[], object] | None = None,
        hint: Callable[[], object] | None = None,
    ) -> None:
        self.session = session
        self._bridge = bridge
        self.keys_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.keys_toggle.add_class("tp-keys-toggle")
        self.keys_toggle.observe(lambda c: self._show_help(bool(c["new"])), names="value")
        self.four_colour = widgets.ToggleButton(value=session.four_colour, layout=widgets.Layout(width="auto"))
        self.four_colour.add_class("tp-four-colour")
        self.four_colour.observe(lambda c: session.set_four_colour(bool(c["new"])), names="value")
        self.sound = SoundToggle(session)
        # The list of shortcuts, at the top of the side column (right under the controls on a phone):
        # opened by "?" or its button, it is scrolled into view wherever the page was scrolled.
        self.keys_help = widgets.HTML()
        self.keys_help.add_class("tp-keys-help")
        self.keys_close = widgets.Button(icon="times", layout=widgets.Layout(width="auto"))
        self.keys_close.add_class("tp-keys-close")
        self.keys_close.on_click(lambda _b: self.keys_toggle.set_trait("value", False))
        self.keys_panel = widgets.Box([self.keys_help, self.keys_close], layout=widgets.Layout(display="none"))
        self.keys_panel.add_class("tp-panel")
        self.keys_panel.add_class("tp-keys-panel")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")

        deal_on = deal if deal is not None else session.request_deal_random
        game = lambda: session.game  # noqa: E731 - the game on the table when the key comes
        # Each key does what its button does, and nothing when that button is disabled.
        self.actions: dict[str, Callable[[], object]] = {
            "d": lambda: None if game().status in (Status.WON, Status.TIME_UP) else session.draw(),
            "u": lambda: game().can_undo and session.undo(),
            "n": lambda: session.request_deal_random() if game().is_over else deal_on(),
            "0": lambda: game().moves and session.request_restart(),
            "?": lambda: self.keys_toggle.set_trait("value", not self.keys_toggle.value),
            "escape": self._escape,
        }
        if hint is not None:
            self.actions["h"] = lambda: not game().is_over and hint()
        bridge.on_key(self._key)

        self.box = widgets.HBox([self.keys_toggle, self.four_colour, self.sound, style])
        self.box.add_class("tp-access-box")
        session.subscribe(self._on_event)
        self.render()

    def draw_key(self) -> str:
        """The draw key shown in the session's language, lower case: a letter that is no card's rank
        there (French and Portuguese write the queen D: they draw with P and C); D draws in every language."""
        return ui_text("keys.draw_key", self.session.lang).strip().lower()

    def _key(self, key: str) -> None:
        key = "d" if key == self.draw_key() else RESTART_ALIAS.get(key, key)
        action = self.actions.get(key)
        if action is not None:
            action()

    def _escape(self) -> None:
        if self.session.pending is not None:  # "Abandon this game?" is asked: No loses nothing
            self.session.answer(False)
        else:
            self.keys_toggle.value = False

    def _show_help(self, on: bool) -> None:
        self.keys_panel.layout.display = None if on else "none"
        if on:
            self._bridge.bring_into_view(".tp-keys-panel")

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
        self.keys_close.tooltip = ui_text("keys.close", lang)
        on = self.session.four_colour
        self.four_colour.value = on
        # The state in words, not only by colour: screen readers read the button text.
        self.four_colour.description = ui_text("deck.four_on" if on else "deck.four_off", lang)
        self.four_colour.tooltip = ui_text("deck.four_tip", lang)
        rows = [(_esc(ui_text("keys.move_keys", lang)), ui_text("keys.move", lang))]
        rows.append((_esc(ui_text("keys.play_keys", lang)), ui_text("keys.play", lang)))
        draw = self.draw_key()
        extra = [k for k in (draw, *RESTART_ALIAS) if k not in self.actions]
        self._bridge.shortcuts = [*self.actions, *extra]
        rows += [
            (f"<kbd>{_esc((draw if key == 'd' else key).upper())}</kbd>", ui_text(what, lang))
            for key, what in SHORTCUTS
            if key in self.actions
        ]
        body = "".join(f'<tr><th scope="row">{keys}</th><td>{_esc(what)}</td></tr>' for keys, what in rows)
        self.keys_help.value = (
            f'<div class="tp-panel-title" role="heading" aria-level="3">{_esc(ui_text("keys.toggle", lang))}</div>'
            f'<p class="tp-keys-intro">{_esc(ui_text("keys.intro", lang))}</p>'
            f"<table>{body}</table>"
        )
