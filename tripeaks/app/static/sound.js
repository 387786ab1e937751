// Short sounds made in the page with Web Audio (oscillators: no file is fetched), only while sound is on.
// Each sound is a few notes: [frequency in Hz, start in s, length in s, wave].
const SOUNDS = {
  play: [[660, 0, 0.07, "triangle"], [990, 0.05, 0.09, "triangle"]],
  draw: [[392, 0, 0.06, "sine"], [294, 0.04, 0.07, "sine"]],
  refusal: [[196, 0, 0.16, "square"]],
  win: [[523, 0, 0.13, "triangle"], [659, 0.11, 0.13, "triangle"], [784, 0.22, 0.13, "triangle"], [1047, 0.33, 0.35, "triangle"]],
};
const LOUDNESS = { play: 0.16, draw: 0.12, refusal: 0.06, win: 0.16 };

// One audio context for the page, made (or resumed) by a click or a key: browsers start audio
// only after a gesture of the player.
let context = null;
function wake() {
  const Maker = window.AudioContext || window.webkitAudioContext;
  if (!Maker) return null;
  try {
    if (context === null) context = new Maker();
    if (context.state === "suspended") context.resume().catch(() => {});
  } catch (_e) {
    context = null;
  }
  return context;
}

function sound(name) {
  const notes = SOUNDS[name];
  const ctx = notes ? wake() : null;
  if (!ctx) return;
  const t0 = ctx.currentTime + 0.01;
  for (const [frequency, at, length, wave] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(LOUDNESS[name], t0 + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + length + 0.02);
  }
}

// Once per model: the kernel's {"kind": "sound", "name": …} is heard while sound is on; with sound
// on (restored after a reload), the player's first click or key in the page wakes the audio.
function initialize({ model }) {
  const onMessage = (msg) => {
    if (msg && msg.kind === "sound" && model.get("on")) sound(msg.name);
  };
  const gesture = () => {
    if (model.get("on")) wake();
  };
  model.on("msg:custom", onMessage);
  document.addEventListener("pointerdown", gesture, true);
  document.addEventListener("keydown", gesture, true);
  return () => {
    model.off("msg:custom", onMessage);
    document.removeEventListener("pointerdown", gesture, true);
    document.removeEventListener("keydown", gesture, true);
  };
}

// The toggle: a button with its state in aria-pressed (and in its label), styled like the app's toggles.
function render({ model, el }) {
  el.classList.add("tp-sound");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-toggle-button tp-sound-toggle";
  const show = () => {
    const on = !!model.get("on");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.classList.toggle("mod-active", on);
    button.textContent = model.get(on ? "label_on" : "label_off");
    button.title = model.get("tip");
  };
  const toggle = () => {
    const on = !model.get("on");
    if (on) wake(); // this click is the gesture that lets the page make sounds
    model.set("on", on);
    model.save_changes();
    show();
  };
  button.addEventListener("click", toggle);
  el.appendChild(button);
  show();
  model.on("change:on", show);
  model.on("change:label_on", show);
  model.on("change:label_off", show);
  model.on("change:tip", show);
  return () => {
    button.removeEventListener("click", toggle);
    model.off("change:on", show);
    model.off("change:label_on", show);
    model.off("change:label_off", show);
    model.off("change:tip", show);
  };
}

export default { initialize, render };
