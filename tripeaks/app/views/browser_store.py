"""The browser's localStorage as a widget (anywidget): the :class:`~tripeaks.app.model.keeper.Store` of the app.

:class:`BrowserStore` is a tiny custom widget whose front end (the ES module
:data:`ESM`) runs in the page, in Voila as in JupyterLab:

* when it is first shown in the page (with the app: every model of the app
  exists in the page by then, so no answer of the kernel is lost), it reads
  the key (:data:`~tripeaks.app.model.keeper.STORAGE_KEY`), checks that it may write, and
  sends ``{"kind": "loaded", "text": …, "available": …, "utc_offset": …}``
  to the kernel, which hands it to the keeper (:meth:`Keeper.loaded`);
* the kernel sends ``{"kind": "write", "replace": {...}}`` (the whole object)
  or ``{"kind": "write", "patch": {...}}`` (some top-level fields); the page
  merges and stores the JSON text; a refused write (storage full) answers
  ``{"kind": "failed"}``;
* ``{"kind": "aside", "key": …, "text": …}`` keeps text under another key;
* ``{"kind": "copy", "text": …}`` puts text on the clipboard and answers
  ``{"kind": "copied", "ok": true/false}``.

Only custom messages travel (no synced value): a page that is not there yet
(a preheated Voila kernel) misses nothing, because nothing is written before
the page has said what it holds.  The widget shows nothing (CSS class ``tp-store``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .. import static
from ..model.keeper import STORAGE_KEY

__all__ = ["BrowserStore", "ESM"]

log = logging.getLogger(__name__)

ESM = static.text("browser_store.js")
"""The widget's front end (an ES module: ``initialize`` writes to localStorage, ``render`` reads it once and shows nothing)."""


class BrowserStore(anywidget.AnyWidget):
    """localStorage under ``key`` through custom messages (module doc).

    ``on_loaded(text, available, today, utc_offset)`` is called for each
    ``loaded`` message of the page, ``on_failed()`` when a write was refused,
    ``on_copied(ok)`` after a copy.  :meth:`write`, :meth:`put_aside` and
    :meth:`copy` send to the page.  A malformed message from the page is
    logged and ignored.
    """

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)

    def __init__(self, key: str = STORAGE_KEY, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.layout.display = "none"
        self.add_class("tp-store")
        self.on_loaded: Callable[[str | None, bool, str | None, int], None] | None = None
        self.on_failed: Callable[[], None] | None = None
        self.on_copied: Callable[[bool], None] | None = None
        self.on_msg(self._received)

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("kind")
        if kind == "loaded" and self.on_loaded is not None:
            text = content.get("text")
            offset = content.get("utc_offset")
            self.on_loaded(
                text if isinstance(text, str) else None,
                content.get("available") is not False,
                content.get("today") if isinstance(content.get("today"), str) else None,
                int(offset) if isinstance(offset, (int, float)) and not isinstance(offset, bool) else 0,
            )
        elif kind == "failed":
            log.warning("TriPeaks storage: the browser refused a write: %s", content.get("error"))
            if self.on_failed is not None:
                self.on_failed()
        elif kind == "copied" and self.on_copied is not None:
            self.on_copied(content.get("ok") is True)

    def write(self, replace: dict[str, Any] | None = None, patch: dict[str, Any] | None = None) -> None:
        """Store the whole object ``replace``, or change the top-level fields of ``patch``."""
        message: dict[str, Any] = {"kind": "write"}
        if replace is not None:
            message["replace"] = replace
        else:
            message["patch"] = patch or {}
        self.send(message)

    def put_aside(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``."""
        self.send({"kind": "aside", "key": key, "text": text})

    def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard (the answer comes to ``on_copied``)."""
        self.send({"kind": "copy", "text": text})
