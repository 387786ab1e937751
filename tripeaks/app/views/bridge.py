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
  keeps them from JupyterLab's command-mode shortcuts (``D D`` deletes a cell).

CSS class: ``tp-bridge`` (both are hidden).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["BoardBridge", "PageBridge", "KEYS"]

KEYS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789?") | {"escape"}
"""The keys a :class:`PageBridge` can listen for: a letter or digit (lower case), ``?`` and ``escape``."""

_COMMON_JS = r"""
const STOPS = ".tp-card, .tp-stock";
function whenConnected(el, then) {
  let tries = 0;
  const look = () => {
    if (el.isConnected) { then(); return; }
    if (++tries < 1200) timer = setTimeout(look, 50);
  };
  let timer = null;
  look();
  return () => clearTimeout(timer);
}
"""

_BOARD_ESM = (
    _COMMON_JS
    + r"""
function usable(b) {
  if (!b || b.disabled || b.tabIndex < 0 || b.classList.contains("tp-gone")) return false;
  const r = b.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}
function centre(r) { return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }
function nearest(rect, list) {
  const c = centre(rect);
  let best = null, bestDistance = Infinity;
  for (const b of list) {
    const d = centre(b.getBoundingClientRect());
    const distance = Math.hypot(d.x - c.x, d.y - c.y);
    if (distance < bestDistance) { bestDistance = distance; best = b; }
  }
  return best;
}
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
function towards(from, list, [dx, dy]) {
  const a = centre(from.getBoundingClientRect());
  let best = null, bestScore = Infinity;
  for (const b of list) {
    if (b === from) continue;
    const c = centre(b.getBoundingClientRect());
    const along = (c.x - a.x) * dx + (c.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((c.x - a.x) * dy) + Math.abs((c.y - a.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = b; }
  }
  return best;
}
function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function render({ model, el }) {
  el.classList.add("tp-bridge");
  let board = null, last = null, lastRect = null, observer = null, pending = false;
  const stops = () => Array.from(board.querySelectorAll(STOPS)).filter(usable);

  const remember = (b) => { last = b; lastRect = b ? b.getBoundingClientRect() : null; };
  const onFocusIn = (e) => {
    const b = e.target.closest ? e.target.closest(STOPS) : null;
    remember(b && board.contains(b) ? b : null);
  };
  // The focused card left the table (or turned face down in a new deal): focus its nearest neighbour.
  const rescue = () => {
    pending = false;
    if (!board || !last || !lastRect || usable(last)) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== last && !board.contains(active)) { remember(null); return; }
    const all = stops();
    const cards = all.filter((b) => b.classList.contains("tp-card"));
    const target = nearest(lastRect, cards.length ? cards : all);
    if (target) { target.focus({ preventScroll: true }); remember(target); }
  };
  const later = () => { if (!pending) { pending = true; requestAnimationFrame(rescue); } };
  const onKey = (e) => {
    const dir = DIRECTIONS[e.key];
    if (!dir || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const from = e.target.closest ? e.target.closest(STOPS) : null;
    if (!from || !board.contains(from)) return;
    e.preventDefault();
    e.stopPropagation();
    const to = towards(from, stops(), dir);
    if (to) to.focus();
  };
  const onMotion = () => {
    const m = model.get("motion");
    if (!board || !m || m.from === undefined || m.from === null || reducedMotion()) return;
    requestAnimationFrame(() => {
      const face = board.querySelector(".tp-waste .tp-face");
      const from = m.from === "stock" ? board.querySelector(".tp-stock") : board.querySelector(".tp-pos-" + m.from);
      if (!face || !from) return;
      const a = from.getBoundingClientRect(), b = face.getBoundingClientRect();
      if (!a.width || !b.width) return;
      face.classList.remove("tp-moving");
      face.style.transition = "none";
      face.style.transformOrigin = "0 0";
      face.style.transform =
        `translate(${a.left - b.left}px, ${a.top - b.top}px) scale(${a.width / b.width}, ${a.height / b.height})`;
      face.getBoundingClientRect();  // the start is laid out before the transition begins
      face.style.transition = "";
      face.classList.add("tp-moving");
      face.style.transform = "";
      const done = () => face.classList.remove("tp-moving");
      face.addEventListener("transitionend", done, { once: true });
      setTimeout(done, 1500);
    });
  };
  const stop = whenConnected(el, () => {
    board = el.closest(".tp-board");
    if (!board) return;
    board.addEventListener("focusin", onFocusIn);
    board.addEventListener("focusout", later);
    board.addEventListener("keydown", onKey);
    observer = new MutationObserver(later);
    observer.observe(board, { subtree: true, attributes: true, attributeFilter: ["class", "disabled", "tabindex"] });
  });
  model.on("change:motion", onMotion);
  return () => {
    stop();
    model.off("change:motion", onMotion);
    if (observer) observer.disconnect();
    if (board) {
      board.removeEventListener("focusin", onFocusIn);
      board.removeEventListener("focusout", later);
      board.removeEventListener("keydown", onKey);
    }
  };
}
export default { render };
"""
)

_PAGE_ESM = (
    _COMMON_JS
    + r"""
function typing(t) {
  return !!(t && t.closest && t.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], .cm-editor"));
}
function keyOf(e) {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return null;
  if (e.key === "Escape") return "escape";
  return e.key && e.key.length === 1 ? e.key.toLowerCase() : null;
}
function inVoila() { return !!(document.body && document.body.hasAttribute("data-voila")); }

function render({ model, el }) {
  el.classList.add("tp-bridge");
  let root = null, observer = null, pending = false;
  const applyPage = () => {
    const lang = model.get("lang"), title = model.get("title");
    if (root && lang) root.setAttribute("lang", lang);
    if (root && title) { root.setAttribute("role", "region"); root.setAttribute("aria-label", title); }
    if (inVoila()) {  // the view is the page
      if (lang) document.documentElement.setAttribute("lang", lang);
      if (title) document.title = title;
    }
  };
  const applyLive = () => {
    pending = false;
    if (!root) return;
    const images = model.get("images") || {};
    for (const [selector, text] of Object.entries(images)) {
      for (const n of root.querySelectorAll(selector)) {
        const img = n.tagName === "IMG" ? n : n.querySelector("img");
        if (img && img.getAttribute("alt") !== text) img.setAttribute("alt", text);
      }
    }
    if (!model.get("live")) return;
    for (const n of root.querySelectorAll(model.get("live"))) {
      if (n.getAttribute("aria-live") !== "polite") {
        n.setAttribute("role", "status");
        n.setAttribute("aria-live", "polite");
        n.setAttribute("aria-atomic", "true");
      }
    }
  };
  const liveLater = () => { if (!pending) { pending = true; requestAnimationFrame(applyLive); } };
  const press = (e) => {
    if (e.defaultPrevented || typing(e.target)) return;
    const k = keyOf(e);
    if (k === null) return;
    if ((model.get("shortcuts") || []).includes(k)) {
      e.preventDefault();
      e.stopPropagation();
      model.send({ key: k });
    } else if (k.length === 1 && k.trim()) {
      e.stopPropagation();  // a letter in the game is not a notebook command (D D deletes a cell)
    }
  };
  // On Voila's page, a key pressed with nothing focused goes to the first view of the page.
  const pressOnPage = (e) => {
    if (e.target !== document.body && e.target !== document.documentElement) return;
    if (!root || document.querySelector(".tp-app, .tp-lessons") !== root) return;
    press(e);
  };
  const stop = whenConnected(el, () => {
    root = el.closest(model.get("root"));
    if (!root) return;
    applyPage();
    applyLive();
    root.addEventListener("keydown", press);
    if (inVoila()) document.addEventListener("keydown", pressOnPage);
    observer = new MutationObserver(liveLater);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  });
  model.on("change:lang", applyPage);
  model.on("change:title", applyPage);
  model.on("change:live", applyLive);
  model.on("change:images", applyLive);
  return () => {
    stop();
    model.off("change:lang", applyPage);
    model.off("change:title", applyPage);
    model.off("change:live", applyLive);
    model.off("change:images", applyLive);
    if (observer) observer.disconnect();
    if (root) root.removeEventListener("keydown", press);
    document.removeEventListener("keydown", pressOnPage);
  };
}
export default { render };
"""
)


class BoardBridge(anywidget.AnyWidget):
    """The board's browser side: arrow keys, focus kept after a play, the slide onto the waste.

    It finds its board as the nearest ``.tp-board`` around it in the page.
    :attr:`motion` is ``{"seq": n, "from": p}`` (p a position 0–27) or
    ``{"seq": n, "from": "stock"}``; each new value slides the waste card in.
    """

    _esm = _BOARD_ESM
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

    _esm = _PAGE_ESM
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
