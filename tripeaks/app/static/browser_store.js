function localDate(d) {
  const p = (n) => String(n).padStart(2, "0");
  return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate());
}

function initialize({ model }) {
  const key = model.get("key");
  let doc = null;
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.kind === "write") {
        if (msg.replace) doc = msg.replace;
        else if (msg.patch && doc) Object.assign(doc, msg.patch);
        else return;
        window.localStorage.setItem(key, JSON.stringify(doc));
      } else if (msg.kind === "aside") {
        window.localStorage.setItem(msg.key, msg.text);
      } else if (msg.kind === "copy") {
        const done = (ok) => model.send({ kind: "copied", ok });
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(msg.text).then(() => done(true), () => done(false));
        } else {
          done(false);
        }
      }
    } catch (e) {
      model.send({ kind: "failed", error: String(e) });
    }
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

// Said once per model, when the app is on the page: by then every model of the app exists in the
// page, so the changes the kernel makes in answer (a resumed game) all arrive.
function render({ model, el }) {
  el.classList.add("tp-store");
  el.style.display = "none";
  if (model.get("_tp_announced")) return;
  model.set("_tp_announced", true);
  const key = model.get("key");
  let text = null;
  let available = true;
  let error = "";
  try {
    const storage = window.localStorage;
    text = storage.getItem(key);
    const probe = key + "-probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
  } catch (e) {
    available = false;
    error = String(e);
  }
  const now = new Date();
  model.send({
    kind: "loaded", text, available, error,
    today: localDate(now), utc_offset: -now.getTimezoneOffset(),
  });
}

export default { initialize, render };
