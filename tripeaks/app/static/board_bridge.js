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

// A face-up card shows its index in two corners, like a real card: the rank and the suit, read from the
// card's own text into data attributes that the style draws (board.css, never in its accessible name).
const FACES = ".tp-card.tp-up, .tp-waste .tp-face";
const SUITS = "\u2660\u2665\u2666\u2663";
function index(face) {
  const text = face.classList.contains("tp-empty") ? "" : face.textContent.trim();
  const suit = text.slice(-1);
  return text.length > 1 && SUITS.includes(suit) ? [text.slice(0, -1), suit] : null;
}
function markCorners(board) {
  for (const face of board.querySelectorAll(FACES)) {
    const found = index(face);
    const rank = found ? found[0] : null, suit = found ? found[1] : null;
    if (face.getAttribute("data-tp-rank") === rank && face.getAttribute("data-tp-suit") === suit) continue;
    if (found) { face.setAttribute("data-tp-rank", rank); face.setAttribute("data-tp-suit", suit); }
    else { face.removeAttribute("data-tp-rank"); face.removeAttribute("data-tp-suit"); }
  }
  for (const face of board.querySelectorAll(".tp-card.tp-down[data-tp-rank], .tp-card.tp-gone[data-tp-rank]")) {
    face.removeAttribute("data-tp-rank"); face.removeAttribute("data-tp-suit");
  }
}

function render({ model, el }) {
  el.classList.add("tp-bridge");
  let board = null, last = null, lastRect = null, observer = null, pending = false;
  let faces = null, facesPending = false;
  const cornersLater = () => {
    if (facesPending) return;
    facesPending = true;
    requestAnimationFrame(() => { facesPending = false; if (board) markCorners(board); });
  };
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
    if (target) { target.focus({ preventScroll: true }); remember(target); return; }
    // Nothing left to play (the last card won the game): the end's New game button takes the focus,
    // once it is shown, so keyboard play goes on there and not from the page's body.
    remember(null);
    const app = board.closest(".tp-app");
    let tries = 0;
    const toAgain = () => {
      const now = document.activeElement;
      if (now && now !== document.body && board && !board.contains(now)) return;  // the player went on
      // the end's panel first; the status line's New game once the panel was closed or never came
      const last = ++tries >= 100;  // up to 10 s: a busy kernel draws the panel late
      const again = app ? app.querySelector(last ? ".tp-again" : ".tp-end-again") : null;
      if (again && usable(again)) again.focus({ preventScroll: true });
      else if (!last) setTimeout(toAgain, 100);
    };
    toAgain();
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
    markCorners(board);
    faces = new MutationObserver(cornersLater);
    faces.observe(board, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["class"] });
  });
  model.on("change:motion", onMotion);
  return () => {
    stop();
    model.off("change:motion", onMotion);
    if (observer) observer.disconnect();
    if (faces) faces.disconnect();
    if (board) {
      board.removeEventListener("focusin", onFocusIn);
      board.removeEventListener("focusout", later);
      board.removeEventListener("keydown", onKey);
    }
  };
}
export default { render };
