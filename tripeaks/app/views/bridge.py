"""What the app does in the browser itself: two small anywidgets, invisible, no rules.

The kernel hears the keyboard only through a widget (here, messages of an
anywidget); everything else in this module is presentation that Python
cannot do from the kernel: where the focus goes, the page's language and
title, ARIA live regions, a card sliding onto the waste.

:class:`BoardBridge` (inside every :class:`~tripeaks.app.views.board.BoardView`):

* the arrow keys move the focus between the board's tab stops (the cards a
  player can act on and the stock), towards the card in that direction;
* after a play the focused card leaves the table: the focus goes to the
  nearest card still in play, so keyboard play goes on without the mouse;
* :meth:`BoardBridge.show_motion` slides the waste's new card in from the
  played card (or the stock), a CSS transition that is skipped under
  ``prefers-reduced-motion: reduce``.

:class:`PageBridge` (one per app or lesson view):

* sets ``lang`` on the view's root element and, in Voila (where the view is
  the page), on ``<html>`` and the page's ``<title>``; the root is a
  ``region`` landmark named by the title;
* gives the pictures listed in :attr:`PageBridge.images` their text
  alternative (``alt``), which an ipywidgets ``Image`` cannot carry;
* makes the elements matching :attr:`PageBridge.live` ARIA live regions
  (``role="status"``, ``aria-live="polite"``), e.g. the status line;
* sends the keys listed in :attr:`PageBridge.shortcuts` to the kernel
  (:meth:`PageBridge.on_key`) when they are pressed in the view (or on the
  page's body in Voila), never while the player types in a text box, and
  keeps them from JupyterLab's command-mode shortcuts (``D D`` deletes a cell);
* Home and End on a slider of the view (the replay's) go to its current first and last
  steps (ipywidgets' slider sent them to the ends of the range it was built with: End went to step 0).

CSS class: ``tp-bridge`` (both are hidden).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .. import static

__all__ = ["BoardBridge", "PageBridge", "KEYS"]

KEYS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789?") | {"escape"}
"""The keys a :class:`PageBridge` can listen for: a letter or digit (lower case), ``?`` and ``escape``."""


class BoardBridge(anywidget.AnyWidget):
    """The board's browser side: arrow keys, focus kept after a play, the slide onto the waste.

    It finds its board as the nearest ``.tp-board`` around it in the page.
    :attr:`motion` is ``{"seq": n, "from": p}`` (p a position 0–27) or
    ``{"seq": n, "from": "stock"}``; each new value slides the waste card in.
    """

    _esm = static.text("board_bridge.js")
    motion = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tp-bridge")
        self._seq = 0

    def show_motion(self, source: int | str) -> None:
        """Slide the waste's top card in from ``source``: a position 0–27 or ``"stock"``.

        Raises ``ValueError`` for anything else.
        """
        if not (source == "stock" or (isinstance(source, int) and not isinstance(source, bool) and 0 <= source < 28)):
            raise ValueError(f"a motion starts at a position 0–27 or at the stock, not {source!r}")
        self._seq += 1
        self.motion = {"seq": self._seq, "from": source}


class PageBridge(anywidget.AnyWidget):
    """The page's browser side: language and title, live regions, keyboard shortcuts.

    ``PageBridge(lang="en", title="", live=".tp-live", root=".tp-app, .tp-lessons, .tp-themed")``:
    ``root`` is a CSS selector for the view around the bridge (the nearest
    match is taken), ``live`` one for the live regions inside it;
    :attr:`images` maps a CSS selector (an image, or a box around one) to the
    image's text alternative.
    :attr:`shortcuts` lists the keys sent to the kernel (see :data:`KEYS`);
    :meth:`on_key` registers a handler, :meth:`press` acts as if a key came in.
    """

    _esm = static.text("page_bridge.js")
    lang = traitlets.Unicode("en").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    live = traitlets.Unicode(".tp-live").tag(sync=True)
    root = traitlets.Unicode(".tp-app, .tp-lessons, .tp-themed").tag(sync=True)
    shortcuts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    images = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tp-bridge")
        self._key_callbacks: list[Callable[[str], object]] = []
        self.on_msg(self._message)

    @traitlets.validate("shortcuts")
    def _valid_shortcuts(self, proposal: dict[str, Any]) -> list[str]:
        keys = list(proposal["value"])
        unknown = [k for k in keys if k not in KEYS]
        if unknown:
            raise traitlets.TraitError(f"unknown shortcut keys {unknown}: use letters, digits, '?' or 'escape'")
        return keys

    def set_page(self, lang: str, title: str, images: dict[str, str] | None = None) -> None:
        """The page's language code ("en", "pt", "fr"), its title and (if given) the images' texts."""
        with self.hold_sync():
            self.lang = lang
            self.title = title
            if images is not None:
                self.images = dict(images)

    def bring_into_view(self, selector: str) -> None:
        """Scroll the page the least that shows the app's part matching the CSS ``selector`` (e.g. a
        panel just opened), once the browser has drawn it; nothing when no such part is shown."""
        self.send({"view": str(selector)})

    def on_key(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(key)`` for each shortcut pressed (a key of :attr:`shortcuts`)."""
        self._key_callbacks.append(callback)

    def press(self, key: str) -> bool:
        """Act as if ``key`` had been pressed in the browser; returns whether it is a shortcut here.

        A key that is not in :attr:`shortcuts` changes nothing.
        """
        if key not in self.shortcuts:
            return False
        for callback in list(self._key_callbacks):
            callback(key)
        return True

    def _message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("key"), str):
            self.press(content["key"])
