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

function typing(t) {
  return !!(t && t.closest && t.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], .cm-editor"));
}
function keyOf(e) {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return null;
  if (e.key === "Escape") return "escape";
  return e.key && e.key.length === 1 ? e.key.toLowerCase() : null;
}
// ipywidgets' sliders (noUiSlider) send Home and End to the ends of the range they were built
// with, not of the range they have now (the replay slider's End went to step 0): here both keys
// go to the slider's current ends.
function sliderEnds(e) {
  if ((e.key !== "Home" && e.key !== "End") || e.ctrlKey || e.altKey || e.metaKey) return;
  const handle = e.target && e.target.closest ? e.target.closest(".noUi-handle") : null;
  const target = handle ? handle.closest(".noUi-target") : null;
  const slider = target ? target.noUiSlider : null;
  const range = slider && slider.options ? slider.options.range : null;
  if (!range) return;
  const end = e.key === "End" ? range.max : range.min;
  const value = Array.isArray(end) ? end[0] : end;
  if (typeof value !== "number") return;
  e.preventDefault();
  e.stopPropagation();
  slider.set(value);
}
// A question that asks before something is lost ("Abandon this game?", "Clear the statistics?"):
// brought whole into view as it opens, wherever the page was scrolled (it sits under the controls).
const QUESTIONS = ".tp-confirm, .tp-stats-confirm";
function stillMotion() { return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches); }
function inVoila() { return !!(document.body && document.body.hasAttribute("data-voila")); }

function render({ model, el }) {
  el.classList.add("tp-bridge");
  let root = null, observer = null, pending = false;
  const asked = new Set();
  const showQuestions = () => {
    for (const n of root.querySelectorAll(QUESTIONS)) {
      const open = n.getClientRects().length > 0;
      if (open && !asked.has(n)) {
        asked.add(n);
        // once drawn, after the focus the kernel gives its No button (which shows only the button)
        requestAnimationFrame(() => requestAnimationFrame(() => {
          if (n.isConnected && n.getClientRects().length) n.scrollIntoView({ block: "nearest", behavior: stillMotion() ? "auto" : "smooth" });
        }));
      } else if (!open) asked.delete(n);
    }
  };
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
    showQuestions();
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
    root.addEventListener("keydown", sliderEnds, true);
    if (inVoila()) document.addEventListener("keydown", pressOnPage);
    observer = new MutationObserver(liveLater);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "style"] });
  });
  // The kernel asks for a part of the app to be brought into view (a panel it just opened): once
  // drawn (two frames later), scrolled the least that shows it, in whatever box scrolls the page.
  const onMessage = (msg) => {
    if (!msg || typeof msg.view !== "string") return;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const target = root ? root.querySelector(msg.view) : null;
      if (!target || !target.isConnected) return;
      target.scrollIntoView({ block: "nearest", behavior: stillMotion() ? "auto" : "smooth" });
    }));
  };
  model.on("change:lang", applyPage);
  model.on("change:title", applyPage);
  model.on("change:live", applyLive);
  model.on("change:images", applyLive);
  model.on("msg:custom", onMessage);
  return () => {
    model.off("msg:custom", onMessage);
    stop();
    model.off("change:lang", applyPage);
    model.off("change:title", applyPage);
    model.off("change:live", applyLive);
    model.off("change:images", applyLive);
    if (observer) observer.disconnect();
    if (root) root.removeEventListener("keydown", press);
    if (root) root.removeEventListener("keydown", sliderEnds, true);
    document.removeEventListener("keydown", pressOnPage);
  };
}
export default { render };
