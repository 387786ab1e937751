"""A fake of the browser's localStorage for headless app tests: the store widget without a page.

:class:`FakeStore` is a :class:`~tripeaks.app.views.browser_store.BrowserStore` whose
messages go to a dict (``storage``: key → text) that behaves like the page's
script (tripeaks/app/static/browser_store.js): a whole object replaces the key,
a patch changes top-level fields and adds games to the newest history (each
once), a refused write answers ``failed``, content set aside goes to the first
free key; the game in play is written only over the stamp a write is based on, and any
other write keeps the stored one.  :meth:`FakeStore.load` plays the page's "loaded" message.  Share one
``storage`` dict between two apps to play a reload; share a :class:`Origin`
too to play two tabs open at once (their ``storage`` events wait in each tab's
queue until :meth:`FakeStore.deliver`).  ``quota`` (characters of every key
together) plays a browser whose storage fills up.
"""

from __future__ import annotations

import json
from typing import Any

from stored_games import as_doubles

from tripeaks.app.factory import compose
from tripeaks.app.model.keeper import ASIDE_KEY, STORAGE_KEY
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.browser_store import BrowserStore
from tripeaks.engine.game import Game


class QuotaExceeded(Exception):
    """The fake storage is full."""


class Origin:
    """The tabs of one origin: their storage events."""

    def __init__(self) -> None:
        self.tabs: list[FakeStore] = []


def _entry_key(e: Any) -> str:
    if not isinstance(e, dict):
        return "?"
    if isinstance(e.get("id"), str):
        return "id:" + e["id"]
    return "|".join(
        str(e.get(k))
        for k in ("code", "rules", "result", "score", "moves", "draws", "undos", "duration", "date", "daily")
    )


def _keep_actions(history: list[Any], keep: int) -> None:
    for e in history[: max(0, len(history) - keep)]:
        if isinstance(e, dict) and e.get("actions"):
            e["actions"] = []


def _read_doc(text: str) -> Any:
    """The page's ``readDoc``: a JSON object with a history list, else ``None``."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) and isinstance(doc.get("history"), list) else None


def _stamp(game: Any) -> str | None:
    """The page's ``stampOf``: who wrote a stored game in play and its revision, or ``None``."""
    if not isinstance(game, dict) or not isinstance(game.get("tab"), str):
        return None
    rev = game.get("rev")
    if isinstance(rev, bool) or not isinstance(rev, (int, float)) or rev != int(rev):
        return None
    return f"{game['tab']}#{int(rev)}"


def _stringify(value: Any) -> str:
    """``JSON.stringify``: compact, and every number a double (an integer past 2**53 loses digits)."""
    return json.dumps(as_doubles(value), separators=(",", ":"), ensure_ascii=False)


class FakeStore(BrowserStore):
    """localStorage in a dict; ``available=False`` plays a browser that keeps nothing,
    ``full=True`` one whose writes are refused, ``quota`` one that fills up."""

    def __init__(
        self,
        storage: dict[str, str] | None = None,
        available: bool = True,
        full: bool = False,
        origin: Origin | None = None,
        quota: int | None = None,
    ) -> None:
        super().__init__()
        self.storage: dict[str, str] = {} if storage is None else storage
        self.available = available
        self.full = full
        self.quota = quota
        self.messages: list[dict[str, Any]] = []
        self.clipboard: str | None = None
        self.address = "http://127.0.0.1:8866/"  # the page's address, for a copied link
        self.events: list[str] = []
        self.origin = origin
        if origin is not None:
            origin.tabs.append(self)
        self._doc: dict[str, Any] | None = None
        self._mine: list[Any] = []
        self._keep = -1
        self._last: str | None = None

    def load(self, utc_offset: int = 0, languages: list[Any] | None = None) -> None:
        """The page's first message: what the key holds (and, given ``languages``, the browser's
        ``navigator.languages``)."""
        text = self.storage.get(STORAGE_KEY) if self.available else None
        self._doc = None
        self._last = text  # the kernel deals with what it read at load
        self._received(
            self,
            {"kind": "loaded", "text": text, "available": self.available, "today": None, "utc_offset": utc_offset}
            | ({} if languages is None else {"languages": languages}),
            [],
        )

    def _set_item(self, key: str, text: str) -> None:
        if self.full:
            raise QuotaExceeded
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.storage.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                raise QuotaExceeded
        self.storage[key] = text
        if key == STORAGE_KEY and self.origin is not None:
            for tab in self.origin.tabs:
                if tab is not self:
                    tab.events.append(text)

    def _add_games(self, games: list[Any]) -> None:
        assert self._doc is not None
        history = self._doc.setdefault("history", [])
        seen = {_entry_key(e) for e in history}
        for e in games:
            if _entry_key(e) not in seen:
                seen.add(_entry_key(e))
                history.append(e)
                self._mine.append(e)
        _keep_actions(history, self._keep)

    def send(self, content: Any, buffers: Any = None) -> None:  # what the page's script does
        message = json.loads(json.dumps(content, allow_nan=False))  # only JSON travels
        self.messages.append(message)
        kind = message["kind"]
        try:
            if kind == "write":
                if isinstance(message.get("keep"), int):
                    self._keep = message["keep"]
                based = "base" in message
                taken = None
                if based:  # the page's check of the stamp of the stored game in play
                    stored = self._stored_game()
                    base = message["base"]
                    wanted = f"{base[0]}#{base[1]}" if isinstance(base, list) and len(base) == 2 else None
                    if _stamp(stored) is not None and _stamp(stored) != wanted:
                        taken = stored
                refused: list[str] = []
                if "replace" in message:
                    current = None
                    if message.get("merge") and STORAGE_KEY in self.storage:
                        try:
                            current = json.loads(self.storage[STORAGE_KEY])
                        except ValueError:
                            current = None
                    self._doc = message["replace"]
                    if isinstance(current, dict) and isinstance(current.get("history"), list):
                        have = {_entry_key(e) for e in self._doc["history"]}
                        extra = [e for e in current["history"] if _entry_key(e) not in have]
                        if extra:
                            self._doc["history"].extend(extra)
                            self._received(self, {"kind": "history", "added": extra}, [])
                elif self._doc is not None:
                    if message.get("patch"):
                        if taken is not None:
                            message["patch"].pop("game", None)
                        self._doc.update(message["patch"])
                        if "history" in message["patch"]:
                            self._mine = []
                    if message.get("add") and taken is not None:
                        refused = [
                            e["id"] for e in message["add"] if isinstance(e, dict) and isinstance(e.get("id"), str)
                        ]
                    elif message.get("add"):
                        self._add_games(message["add"])
                else:
                    return
                self._store(own=based and taken is None)
                if taken is not None:
                    self._received(self, {"kind": "taken", "game": taken, "refused": refused}, [])
            elif kind == "aside":
                try:
                    where, _fresh = self._put_aside(message["key"], message["text"])
                    if where is None:
                        raise QuotaExceeded
                except QuotaExceeded:
                    self._received(self, {"kind": "aside", "key": None}, [])
                else:
                    self._received(self, {"kind": "aside", "key": where}, [])
            elif kind == "copy":  # as the page: a code becomes the page's link (here a fake address)
                self.clipboard = f"{self.address}?code={message['code']}" if "code" in message else message["text"]
                self._received(self, {"kind": "copied", "ok": True}, [])
        except QuotaExceeded:
            self._received(self, {"kind": "failed", "error": "QuotaExceededError"}, [])

    def _put_aside(self, base: str, text: str) -> tuple[str | None, bool]:
        """The page's ``putAside``: the first free key of ``base``, ``base-2``, …, or where ``text`` is held."""
        for n in range(1, 21):
            key = base if n == 1 else f"{base}-{n}"
            held = self.storage.get(key)
            if held == text:
                return key, False
            if held is None:
                self._set_item(key, text)
                return key, True
        return None, False

    def _stored_game(self) -> Any:
        """The page's ``storedGame``: the game in play stored now."""
        raw = self.storage.get(STORAGE_KEY)
        doc = _read_doc(raw) if raw is not None else None
        return doc.get("game") if doc is not None else None

    def _store(self, own: bool = False) -> None:
        """The page's ``store``: the stored game in play stays unless this write's own was checked;
        unreadable text this page did not write is set aside first."""
        assert self._doc is not None
        if not own:
            stored = self._stored_game()
            if _stamp(stored) is not None:
                self._doc["game"] = stored
        raw = self.storage.get(STORAGE_KEY)
        if raw is not None and raw != self._last and _read_doc(raw) is None:
            where, fresh = self._put_aside(ASIDE_KEY, raw)
            if where is None:
                raise QuotaExceeded
            if fresh:
                self._received(self, {"kind": "aside", "key": where, "found": True}, [])
        text = _stringify(self._doc)
        self._set_item(STORAGE_KEY, text)
        self._last = text

    def deliver(self) -> None:
        """The storage events of the other tabs' writes, in order (the page's ``onStorage``)."""
        events, self.events = self.events, []
        for text in events:
            if self._doc is None:
                continue
            try:
                incoming = json.loads(text)
            except ValueError:
                continue
            if not isinstance(incoming, dict) or not isinstance(incoming.get("history"), list):
                continue
            had_game = _stamp(self._doc.get("game"))
            before = {_entry_key(e) for e in self._doc.get("history", [])}
            now = {_entry_key(e) for e in incoming["history"]}
            added = [e for e in incoming["history"] if _entry_key(e) not in before]
            mine_keys = {_entry_key(e) for e in self._mine}
            removed = any(k not in now and k not in mine_keys for k in before)
            self._mine = [e for e in self._mine if _entry_key(e) not in now]
            self._doc = incoming
            if self._mine:
                missing, self._mine = self._mine, []
                self._add_games(missing)
                try:
                    self._store()
                except QuotaExceeded:
                    self._received(self, {"kind": "failed", "error": "QuotaExceededError"}, [])
            if removed:
                self._received(self, {"kind": "history", "games": incoming["history"]}, [])
            elif added:
                self._received(self, {"kind": "history", "added": added}, [])
            stamp = _stamp(incoming.get("game"))
            if stamp is not None and stamp != had_game:
                self._received(self, {"kind": "game", "game": incoming["game"]}, [])

    def saved(self) -> dict[str, Any]:
        """The stored object, as the page would read it."""
        return json.loads(self.storage[STORAGE_KEY])


def deliver_all(*stores: FakeStore) -> None:
    """Deliver every waiting storage event, until none is left."""
    while any(s.events for s in stores):
        for s in stores:
            s.deliver()


def kept_app(storage: dict[str, str] | None = None, game: Game | None = None, load: bool = True, **store: Any):
    """An app with hints-free persistence on a :class:`FakeStore` (loaded unless ``load=False``);
    returns (app, persistence)."""
    app = TriPeaksApp(session=PlaySession(game if game is not None else Game.from_code("TP1-E-AAAAAAB")))
    kept = compose(app, hints=False, keys=False, store=FakeStore(storage, **store)).keep
    assert kept is not None
    if load:
        kept.store.load()
    return app, kept
