function localDate(d) {
  const p = (n) => String(n).padStart(2, "0");
  return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate());
}

// What makes two games of the history the same game: its id, else its summary.
function entryKey(e) {
  if (!e || typeof e !== "object") return "?";
  if (typeof e.id === "string") return "id:" + e.id;
  return ["e", e.code, e.rules, e.result, e.score, e.moves, e.draws, e.undos, e.duration, e.date, e.daily].join("|");
}

// The actions of all but the `keep` newest games are dropped (their summary stays).
function keepActions(history, keep) {
  if (typeof keep !== "number" || keep < 0) return;
  for (let i = 0; i < history.length - keep; i++) {
    const e = history[i];
    if (e && Array.isArray(e.actions) && e.actions.length) e.actions = [];
  }
}

// Who wrote a stored game in play and its revision ("tab#rev"), or null: none, or an earlier release's.
function stampOf(game) {
  if (!game || typeof game !== "object" || typeof game.tab !== "string" || !Number.isInteger(game.rev)) return null;
  return game.tab + "#" + game.rev;
}

function baseStamp(base) {
  return Array.isArray(base) && base.length === 2 ? base[0] + "#" + base[1] : null;
}

function readDoc(text) {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === "object" && Array.isArray(doc.history) ? doc : null;
  } catch (_e) {
    return null;
  }
}

// What each model's page read at load: the kernel has dealt with that text (set it aside or read it).
const loadedText = new WeakMap();

// Keep `text` under the first free key of `base`, `base-2`, … `base-20`, or where it is held
// already: an earlier copy is never replaced.  [the key or null, whether it was written now]
function putAside(base, text) {
  const storage = window.localStorage;
  for (let n = 1; n <= 20; n++) {
    const k = n === 1 ? base : base + "-" + n;
    const held = storage.getItem(k);
    if (held === text) return [k, false];
    if (held === null) {
      storage.setItem(k, text);
      return [k, true];
    }
  }
  return [null, false];
}

function initialize({ model }) {
  const key = model.get("key");
  let doc = null; // the newest document: what this page wrote, or another tab (storage event)
  let mine = []; // games this page added that no other tab's document has shown yet
  let keep = -1;
  const aside = model.get("aside_key");
  let last = null; // the text this page stored last
  let known = null; // the newest text this page knows (its own write, or another tab's)
  let knownGame = null; // the game in play of that text
  // The game in play stored now (parsed only when another tab wrote since the text this page knows).
  const storedGame = () => {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    if (raw === known) return knownGame;
    const current = readDoc(raw);
    return current ? current.game : null;
  };
  // Text under the key that this page did not write and cannot read (another program's, a newer
  // version's) is set aside before it would be overwritten, and the kernel hears where.
  const keepForeign = () => {
    const raw = window.localStorage.getItem(key);
    if (!aside || raw === null || raw === last || raw === loadedText.get(model) || readDoc(raw) !== null) return;
    const [where, fresh] = putAside(aside, raw);
    if (where === null) throw new Error("no free key to set the stored text aside");
    if (fresh) model.send({ kind: "aside", key: where, found: true });
  };
  // Store the document.  Unless it writes this page's own game in play (`own`: its stamp was checked),
  // the stored game in play stays: another tab's newer moves are never overwritten by a stale copy.
  const store = (own) => {
    if (!own) {
      const stored = storedGame();
      if (stampOf(stored) !== null) doc.game = stored;
    }
    keepForeign();
    const text = JSON.stringify(doc);
    window.localStorage.setItem(key, text);
    last = text;
    known = text;
    knownGame = doc.game;
  };
  const addGames = (games) => {
    if (!Array.isArray(doc.history)) doc.history = [];
    const seen = new Set(doc.history.map(entryKey));
    for (const e of games) {
      if (seen.has(entryKey(e))) continue;
      seen.add(entryKey(e));
      doc.history.push(e);
      mine.push(e);
    }
    keepActions(doc.history, keep);
  };
  const onMessage = (msg) => {
    if (!msg || typeof msg !== "object") return;
    try {
      if (msg.kind === "write") {
        if (typeof msg.keep === "number") keep = msg.keep;
        // A write of the game in play says which stored game it continues (`base`): when another
        // tab has stored a newer one since, that one stays and the kernel hears of it.
        const based = "base" in msg;
        let taken = null;
        if (based) {
          const stored = storedGame();
          const stamp = stampOf(stored);
          if (stamp !== null && stamp !== baseStamp(msg.base)) taken = stored;
        }
        const refused = [];
        if (msg.replace) {
          // The games another tab stored since this page's kernel read them stay (`merge`).
          const current = msg.merge ? readDoc(window.localStorage.getItem(key)) : null;
          doc = msg.replace;
          if (current && Array.isArray(doc.history)) {
            const have = new Set(doc.history.map(entryKey));
            const extra = current.history.filter((e) => !have.has(entryKey(e)));
            if (extra.length) {
              doc.history.push(...extra);
              model.send({ kind: "history", added: extra });
            }
          }
        } else if (doc) {
          if (msg.patch) {
            if (taken) delete msg.patch.game;
            Object.assign(doc, msg.patch);
            if ("history" in msg.patch) mine = []; // the history was reset
          }
          if (msg.add && taken) {
            for (const e of msg.add) if (e && typeof e.id === "string") refused.push(e.id);
          } else if (msg.add) {
            addGames(msg.add);
          }
        } else {
          return;
        }
        store(based && taken === null);
        if (taken) model.send({ kind: "taken", game: taken, refused });
      } else if (msg.kind === "aside") {
        let where = null;
        try {
          [where] = putAside(msg.key, msg.text);
          if (where === null) throw new Error("no free key");
        } catch (e) {
          model.send({ kind: "aside", key: null, error: String(e) });
          return;
        }
        model.send({ kind: "aside", key: where });
      } else if (msg.kind === "copy") {
        const done = (ok) => model.send({ kind: "copied", ok });
        // A deal's link: this page's address with ?code= (on Voila's page; elsewhere the code alone).
        const text =
          typeof msg.code === "string"
            ? document.body.dataset.voila !== undefined
              ? `${location.origin}${location.pathname}?code=${encodeURIComponent(msg.code)}`
              : msg.code
            : msg.text;
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(
            () => done(true),
            () => done(false),
          );
        } else {
          done(false);
        }
      }
    } catch (e) {
      model.send({ kind: "failed", error: String(e) });
    }
  };
  // Another tab of the origin wrote: its document is the newest.  The games of this page it does
  // not have yet are added back (nothing is lost to the last writer), and the kernel hears of
  // the games it lacks.
  const onStorage = (event) => {
    if (event.key !== key || doc === null || event.newValue === null) return;
    const incoming = readDoc(event.newValue);
    if (incoming === null) return;
    const before = stampOf(doc.game);
    const had = new Set((Array.isArray(doc.history) ? doc.history : []).map(entryKey));
    const now = new Set(incoming.history.map(entryKey));
    const added = incoming.history.filter((e) => !had.has(entryKey(e)));
    const removed = [...had].some((k) => !now.has(k) && !mine.some((e) => entryKey(e) === k));
    mine = mine.filter((e) => !now.has(entryKey(e)));
    doc = incoming;
    known = event.newValue;
    knownGame = incoming.game;
    if (mine.length) {
      const missing = mine;
      mine = [];
      try {
        addGames(missing);
        store();
      } catch (e) {
        model.send({ kind: "failed", error: String(e) });
      }
    }
    if (removed) model.send({ kind: "history", games: incoming.history });
    else if (added.length) model.send({ kind: "history", added });
    const stamp = stampOf(incoming.game);
    if (stamp !== null && stamp !== before) model.send({ kind: "game", game: incoming.game });
  };
  window.addEventListener("storage", onStorage);
  model.on("msg:custom", onMessage);
  return () => {
    model.off("msg:custom", onMessage);
    window.removeEventListener("storage", onStorage);
  };
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
    loadedText.set(model, text);
    const probe = key + "-probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
  } catch (e) {
    available = false;
    error = String(e);
  }
  const now = new Date();
  model.send({
    kind: "loaded",
    text,
    available,
    error,
    today: localDate(now),
    utc_offset: -now.getTimezoneOffset(),
    languages: [...(navigator.languages || [navigator.language])].filter((l) => typeof l === "string"),
  });
}

export default { initialize, render };
