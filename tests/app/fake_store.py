"""A fake of the browser's localStorage for headless app tests: the store widget without a page.

:class:`FakeStore` is a :class:`~tripeaks.app.views.browser_store.BrowserStore` whose
messages go to a dict (``storage``: key → text) that behaves like the page's
script: a whole object replaces the key, a patch changes top-level fields, a
refused write answers ``failed``.  :meth:`FakeStore.load` plays the page's
"loaded" message.  Share one ``storage`` dict between two apps to play a reload.
"""

from __future__ import annotations

import json
from typing import Any

from tripeaks.app.factory import compose
from tripeaks.app.model.keeper import STORAGE_KEY
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.browser_store import BrowserStore
from tripeaks.engine.game import Game


class FakeStore(BrowserStore):
    """localStorage in a dict; ``available=False`` plays a browser that keeps nothing,
    ``full=True`` one whose writes are refused."""

    def __init__(self, storage: dict[str, str] | None = None, available: bool = True, full: bool = False) -> None:
        super().__init__()
        self.storage: dict[str, str] = {} if storage is None else storage
        self.available = available
        self.full = full
        self.messages: list[dict[str, Any]] = []
        self.clipboard: str | None = None
        self._doc: dict[str, Any] | None = None

    def load(self, utc_offset: int = 0) -> None:
        """The page's first message: what the key holds."""
        text = self.storage.get(STORAGE_KEY) if self.available else None
        self._doc = None
        self._received(
            self,
            {"kind": "loaded", "text": text, "available": self.available, "today": None, "utc_offset": utc_offset},
            [],
        )

    def send(self, content: Any, buffers: Any = None) -> None:  # what the page's script does
        message = json.loads(json.dumps(content))  # only JSON travels
        self.messages.append(message)
        kind = message["kind"]
        if kind == "write":
            if self.full:
                self._received(self, {"kind": "failed", "error": "QuotaExceededError"}, [])
                return
            if "replace" in message:
                self._doc = message["replace"]
            elif self._doc is not None:
                self._doc.update(message["patch"])
            else:
                return
            self.storage[STORAGE_KEY] = json.dumps(self._doc)
        elif kind == "aside":
            self.storage[message["key"]] = message["text"]
        elif kind == "copy":
            self.clipboard = message["text"]
            self._received(self, {"kind": "copied", "ok": True}, [])

    def saved(self) -> dict[str, Any]:
        """The stored object, as the page would read it."""
        return json.loads(self.storage[STORAGE_KEY])


def kept_app(storage: dict[str, str] | None = None, game: Game | None = None, load: bool = True, **store: Any):
    """An app with hints-free persistence on a :class:`FakeStore` (loaded unless ``load=False``);
    returns (app, persistence)."""
    app = TriPeaksApp(session=PlaySession(game if game is not None else Game.from_code("TP1-E-AAAAAAB")))
    kept = compose(app, hints=False, keys=False, store=FakeStore(storage, **store)).keep
    assert kept is not None
    if load:
        kept.store.load()
    return app, kept
