const pad = (n) => String(n).padStart(2, "0");
function duration(seconds) {
  let t = Math.max(0, Math.ceil(seconds - 1e-9));
  const h = Math.floor(t / 3600); t -= 3600 * h;
  const m = Math.floor(t / 60), s = t - 60 * m;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
function render({ model, el }) {
  const text = document.createElement("span");
  text.className = "tp-timer-text";
  text.setAttribute("role", "timer");
  el.appendChild(text);
  let base = performance.now(), seconds = 0, timer = null;
  const left = () => model.get("running") ? seconds - (performance.now() - base) / 1000 : seconds;
  function show() {
    const state = model.get("state"), s = left();
    el.style.display = state === "none" ? "none" : "";
    text.textContent = model.get("template").replace("{time}", duration(s));
    el.classList.toggle("tp-timer-low", state === "left" && s <= model.get("low"));
    el.classList.toggle("tp-timer-up", state === "up");
    el.classList.toggle("tp-timer-paused", state === "paused");
  }
  function next() {  // just after the shown second changes (it is rounded up)
    clearTimeout(timer);
    const s = left();
    if (!model.get("running") || s <= 0) return;
    timer = setTimeout(() => { show(); next(); }, 1000 * (s - (Math.ceil(s) - 1)) + 10);
  }
  function rebase() { seconds = model.get("seconds"); base = performance.now(); show(); next(); }
  for (const name of ["epoch", "seconds", "running", "state", "template"]) model.on(`change:${name}`, rebase);
  const report = () => {
    const visible = document.visibilityState !== "hidden";
    if (visible !== model.get("visible")) { model.set("visible", visible); model.save_changes(); }
  };
  document.addEventListener("visibilitychange", report);
  report();
  rebase();
  return () => { clearTimeout(timer); document.removeEventListener("visibilitychange", report); };
}
export default { render };
