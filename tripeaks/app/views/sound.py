"""Sound, off by default: a short sound for a play, a draw, a refusal and a win, made in the browser.

:class:`SoundToggle` is a small anywidget (its front end is ``sound.js``) that is both the
toggle and the player:

* the toggle is a real ``<button>`` (CSS classes ``tp-sound``, ``tp-sound-toggle``) with its
  state in ``aria-pressed`` and in its label (*Sound: off* / *Sound: on*, in the session's
  language); it is the session setting :attr:`~tripeaks.app.model.events.Setting.SOUND`,
  kept in the browser with the other settings (:mod:`tripeaks.app.model.keeper`);
* while it is on, the kernel sends ``{"kind": "sound", "name": …}`` for each play, draw,
  refused move (docs/rules.md §2; a double click's echo is silent) and win, and the page plays
  it with Web Audio oscillators: no audio file is fetched.  Browsers start audio only after a
  gesture of the player, so the click that turns sound on makes (or resumes) the page's
  ``AudioContext``; after a reload with sound on, the player's first click or key does.

The same module runs in Voila and in JupyterLab (anywidget); with sound off nothing is sent
and nothing sounds.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ...engine.game import DrawEvent, Refusal, Status
from ...i18n.ui import ui_text
from .. import static
from ..model.session import (
    GameOver,
    LanguageChanged,
    MoveMade,
    MoveRefused,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)

__all__ = ["SoundToggle", "SOUNDS", "sound_for"]

SOUNDS = ("play", "draw", "refusal", "win")
"""The sounds the page can make."""


def sound_for(event: SessionEvent) -> str | None:
    """The sound of a session event (one of :data:`SOUNDS`), or ``None`` for a silent one.

    >>> sound_for(GameOver(Status.WON, 753)), sound_for(GameOver(Status.BLOCKED, 480))
    ('win', None)
    """
    if isinstance(event, MoveMade):
        return "draw" if isinstance(event.event, DrawEvent) else "play"
    if isinstance(event, MoveRefused):
        return None if event.refusal is Refusal.EMPTY else "refusal"  # EMPTY: a double click's echo
    if isinstance(event, GameOver) and event.status is Status.WON:
        return "win"
    return None


class SoundToggle(anywidget.AnyWidget):
    """The sound toggle and player of ``session`` (module doc).

    :attr:`on` follows the session's ``sound`` setting both ways; :attr:`label_on`,
    :attr:`label_off` and :attr:`tip` are the texts in the session's language.
    """

    _esm = static.text("sound.js")
    on = traitlets.Bool(False).tag(sync=True)
    label_on = traitlets.Unicode("").tag(sync=True)
    label_off = traitlets.Unicode("").tag(sync=True)
    tip = traitlets.Unicode("").tag(sync=True)

    def __init__(self, session: PlaySession, **kwargs: Any) -> None:
        super().__init__(on=session.sound, **kwargs)
        self.add_class("tp-sound")
        self.session = session
        self.observe(lambda c: session.set_sound(bool(c["new"])), names="on")
        session.subscribe(self._on_event)
        self.render()

    @property
    def label(self) -> str:
        """The label the button shows now (its accessible name)."""
        return self.label_on if self.on else self.label_off

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self.render()
        elif isinstance(event, SettingChanged) and event.setting is Setting.SOUND:
            self.render()
        elif self.session.sound:
            name = sound_for(event)
            if name is not None:
                self.send({"kind": "sound", "name": name})

    def render(self) -> None:
        """The texts in the session's language; the toggle shows the setting."""
        lang = self.session.lang
        with self.hold_sync():
            self.on = self.session.sound
            self.label_on = ui_text("sound.on", lang)
            self.label_off = ui_text("sound.off", lang)
            self.tip = ui_text("sound.tip", lang)
