"""The browser's localStorage as a widget (anywidget): the :class:`~tripeaks.app.model.keeper.Store` of the app.

:class:`BrowserStore` is a tiny custom widget whose front end (the ES module
:data:`ESM`) runs in the page, in Voila as in JupyterLab:

* when it is first shown in the page (with the app: every model of the app
  exists in the page by then, so no answer of the kernel is lost), it reads
  the key (:data:`~tripeaks.app.model.keeper.STORAGE_KEY`), checks that it may write, and
  sends ``{"kind": "loaded", "text": …, "available": …, "utc_offset": …, "languages": […]}``
  (the browser's preferred languages, ``navigator.languages``)
  to the kernel, which hands it to the keeper (:meth:`Keeper.loaded`);
* the kernel sends ``{"kind": "write", "replace": {...}, "merge": true}`` (the
  whole object; with ``merge`` the games another tab stored meanwhile stay, and
  the kernel hears of them) or ``{"kind": "write", "patch": {...}, "add": [...], "keep": 500}`` (some
  top-level fields, and games to add to the history, each once by its ``id``;
  the actions of all but the ``keep`` newest games are dropped); the page
  applies them to the newest document and stores its JSON text; a refused
  write (storage full) answers ``{"kind": "failed"}``;
* another tab's write (the browser's ``storage`` event) makes its document
  the newest: the games this page added that it lacks are added back and
  stored, and the page tells the kernel ``{"kind": "history", "added": [...]}``
  (games it lacks) or ``{"kind": "history", "games": [...]}`` (the whole
  history, when games were removed: a reset), and ``{"kind": "game", "game": {...}}``
  when it stored another game in play (another stamp, ``tab`` and ``rev``);
* the game in play is written only by a write with ``"base"`` (the stamp the kernel
  writes over, or ``null``), when the stored game's stamp is still that one; else the
  stored game stays, the games of its ``add`` are not added, and the page answers
  ``{"kind": "taken", "game": {...}, "refused": [ids]}``.  Any other write keeps the
  stored game in play as it is (the newest, even when its ``storage`` event is still on
  its way), so that a tab never writes its stale game over another tab's newer moves;
* ``{"kind": "aside", "key": …, "text": …}`` keeps text under the first free
  key of ``key``, ``key-2``, … ``key-20`` (an earlier copy is never replaced)
  and answers ``{"kind": "aside", "key": …}`` (``null``: it could not);
* before any write, text under the key that this page did not store and
  cannot read (another program's, a newer version's) is kept the same way
  under ``aside_key`` and the page says ``{"kind": "aside", "key": …, "found": true}``;
  when it cannot be kept the write is refused (``{"kind": "failed"}``), so it is never overwritten;
* ``{"kind": "copy", "text": …}`` puts text on the clipboard and answers
  ``{"kind": "copied", "ok": true/false}``; ``{"kind": "copy", "code": …}`` puts
  the deal's link there instead (the page's address with ``?code=``, on Voila's
  page; the code alone elsewhere).

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
from ..model.keeper import ASIDE_KEY, KEEP_ACTIONS, STORAGE_KEY

__all__ = ["BrowserStore", "ESM"]

log = logging.getLogger(__name__)

ESM = static.text("browser_store.js")
"""The widget's front end (an ES module: ``initialize`` writes to localStorage, ``render`` reads it once and shows nothing)."""


class BrowserStore(anywidget.AnyWidget):
    """localStorage under ``key`` through custom messages (module doc).

    ``on_loaded(text, available, today, utc_offset, languages)`` is called for each
    ``loaded`` message of the page, ``on_failed(error)`` when a write was refused (the browser's error text),
    ``on_aside(key)`` when content was set aside (``None``: it could not be),
    ``on_found(key)`` when the page set aside unreadable text it found under the key before a write,
    ``on_synced(games, replace)`` when another tab changed the history (a JSON
    list), ``on_game(game, refused)`` when the stored game in play was found to be
    another tab's (a JSON object, and the ids of the games not added), ``on_copied(ok)`` after a copy.  :meth:`write`, :meth:`put_aside` and
    :meth:`copy` send to the page.  A malformed message from the page is
    logged and ignored.
    """

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    aside_key = traitlets.Unicode(ASIDE_KEY).tag(sync=True)

    def __init__(self, key: str = STORAGE_KEY, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.layout.display = "none"
        self.add_class("tp-store")
        self.on_loaded: Callable[[str | None, bool, str | None, int, tuple[str, ...]], None] | None = None
        self.on_failed: Callable[[str], None] | None = None
        self.on_copied: Callable[[bool], None] | None = None
        self.on_aside: Callable[[str | None], None] | None = None
        self.on_found: Callable[[str], None] | None = None
        self.on_synced: Callable[[Any, bool], None] | None = None
        self.on_game: Callable[[Any, Any], None] | None = None
        self.on_msg(self._received)

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("kind")
        if kind == "loaded" and self.on_loaded is not None:
            text = content.get("text")
            offset = content.get("utc_offset")
            languages = content.get("languages")
            self.on_loaded(
                text if isinstance(text, str) else None,
                content.get("available") is not False,
                content.get("today") if isinstance(content.get("today"), str) else None,
                int(offset) if isinstance(offset, (int, float)) and not isinstance(offset, bool) else 0,
                tuple(x for x in languages[:20] if isinstance(x, str)) if isinstance(languages, list) else (),
            )
        elif kind == "failed":
            log.warning("TriPeaks storage: the browser refused a write: %s", content.get("error"))
            if self.on_failed is not None:
                self.on_failed(str(content.get("error", "")))
        elif kind == "copied" and self.on_copied is not None:
            self.on_copied(content.get("ok") is True)
        elif kind == "aside" and content.get("found") is True:
            if self.on_found is not None and isinstance(content.get("key"), str):
                self.on_found(content["key"])
        elif kind == "aside" and self.on_aside is not None:
            key = content.get("key")
            self.on_aside(key if isinstance(key, str) else None)
        elif kind in ("game", "taken") and self.on_game is not None:
            if isinstance(content.get("game"), dict):
                self.on_game(content["game"], content.get("refused", []))
        elif kind == "history" and self.on_synced is not None:
            if isinstance(content.get("games"), list):
                self.on_synced(content["games"], True)
            elif isinstance(content.get("added"), list):
                self.on_synced(content["added"], False)

    def write(
        self,
        replace: dict[str, Any] | None = None,
        patch: dict[str, Any] | None = None,
        add: list[dict[str, Any]] | None = None,
        keep: int = KEEP_ACTIONS,
        merge: bool = False,
        based: bool = False,
        base: tuple[str, int] | None = None,
    ) -> None:
        """Store the whole object ``replace`` (with ``merge``, the games stored meanwhile by another
        tab stay), or change the top-level fields of ``patch`` and add the games ``add`` to the
        newest stored history (each once); keep the actions of the ``keep`` newest games.  With
        ``based``, the game in play (and the games added) only over the stored stamp ``base``."""
        message: dict[str, Any] = {"kind": "write", "keep": keep}
        if based:
            message["base"] = list(base) if base is not None else None
        if replace is not None:
            message["replace"] = replace
            message["merge"] = merge
        else:
            message["patch"] = patch or {}
            if add:
                message["add"] = add
        self.send(message)

    def put_aside(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``."""
        self.send({"kind": "aside", "key": key, "text": text})

    def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard (the answer comes to ``on_copied``)."""
        self.send({"kind": "copy", "text": text})

    def copy_link(self, code: str) -> None:
        """Put the link that deals ``code`` on the clipboard: this page's address with ``?code=``
        (docs/rules.md §5 for codes; the answer comes to ``on_copied``)."""
        self.send({"kind": "copy", "code": code})
