// The lesson view's scrolling: a new lesson brings its title into view; after a click the
// current instruction and its feedback (one box) are scrolled into view when they are not.
function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function render({ model, el }) {
  el.classList.add("tp-bridge");
  let done = -1;
  const apply = () => {
    const request = model.get("request") || {};
    if (typeof request.seq !== "number" || request.seq === done || !request.target) return;
    const root = el.closest(".tp-lessons");
    const target = root ? root.querySelector(request.target) : null;
    if (!target || !target.isConnected) return;
    done = request.seq;
    const behavior = reducedMotion() ? "auto" : "smooth";
    // "start" for a new lesson (its title at the top), "nearest" within one (no move when in view)
    target.scrollIntoView({ block: request.block === "start" ? "start" : "nearest", behavior });
  };
  // the view's widgets are drawn after this message: wait a frame or two
  const later = () => requestAnimationFrame(() => requestAnimationFrame(apply));
  model.on("change:request", later);
  later();
  return () => model.off("change:request", later);
}

export default { render };
