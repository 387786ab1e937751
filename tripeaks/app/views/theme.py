"""The app's look: one CSS block injected with a ``widgets.HTML`` <style> (works in Voila and Lab).

Green felt board, white cards with rounded corners, a blue patterned card
back.  Selectors use the app's ``tp-*`` classes only (and, for the page
margins of a phone, Voila's own page classes).

**Palette.**  Every colour is a CSS custom property (``--tp-*``) defined on
``:root`` for a light page and again on ``body[data-jp-theme-light="false"]``
(JupyterLab's dark theme and Voila's ``--theme=dark`` both set it), so a
view that uses the properties follows the theme.  The pairs used for text
(each ``--tp-*-text`` on its ``--tp-*-bg``, ``--tp-text`` on ``--tp-surface``)
meet WCAG AA contrast (4.5:1) in both palettes.  A new view's CSS writes, for
example, ``color: var(--tp-text); background: var(--tp-surface);`` and puts
the class ``tp-themed`` on its root so that its ipywidgets labels follow too.

**Sizes.**  The board is a CSS size container; the peaks' column width
``--tp-col`` (half a card) follows the board's width, capped by the window's
height so that the peaks, the stock and the waste fit on screen, from a phone
(cards about 34×46 px at 375 px) up to a large screen (cards 106×152 px).
In a short landscape window (a phone on its side) the stock and the waste
stand beside the peaks, so a draw never needs a scroll.

**Motion.**  A revealed card flips (``tp-flip``), a card played or drawn
slides onto the waste (``tp-moving``, set by :mod:`tripeaks.app.views.bridge`);
both are off under ``prefers-reduced-motion: reduce``.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["CSS", "PALETTE_LIGHT", "PALETTE_DARK", "theme_widget"]

PALETTE_LIGHT: dict[str, str] = {
    "text": "#1d2b22",
    "text-muted": "#4f5f55",
    "heading": "#14532d",
    "surface": "#fbfaf5",
    "surface-alt": "#f4f1e8",
    "border": "#d8d2c0",
    "field-bg": "#ffffff",
    "field-border": "#8a9a8e",
    "info-bg": "#eef6ee",
    "info-border": "#c8e0c8",
    "ok-text": "#14532d",
    "ok-bg": "#e3f6e5",
    "ok-border": "#86c98f",
    "error-text": "#a61b1b",
    "error-bg": "#fdecea",
    "error-border": "#f4c2bd",
    "warn-text": "#8a4b00",
    "warn-bg": "#fff4e0",
    "warn-border": "#f0c27a",
    "note-text": "#6b5000",
    "note-bg": "#fff8dc",
    "note-border": "#f0d98a",
    "toggle-bg": "#e6e6e6",
    "toggle-text": "#1d2b22",
    "toggle-on-bg": "#cfe8d3",
    "toggle-on-text": "#14532d",
    "toggle-on-ring": "#86c98f",
    "accent-bg": "#2e7d32",
    "accent-text": "#ffffff",
    "info-button-bg": "#1565c0",
    "focus": "#1f4e9c",
}
"""Light page: name → colour of each ``--tp-<name>`` property (text pairs checked in the tests)."""

PALETTE_DARK: dict[str, str] = {
    "text": "#e3ece6",
    "text-muted": "#b4c3b9",
    "heading": "#93d6a3",
    "surface": "#1b2320",
    "surface-alt": "#222c27",
    "border": "#43524a",
    "field-bg": "#0f1512",
    "field-border": "#75897c",
    "info-bg": "#1b2b21",
    "info-border": "#37543f",
    "ok-text": "#a3e6b0",
    "ok-bg": "#173221",
    "ok-border": "#3f7a4c",
    "error-text": "#ffb8ad",
    "error-bg": "#3b1d1b",
    "error-border": "#7a3a34",
    "warn-text": "#ffd08f",
    "warn-bg": "#3a2b14",
    "warn-border": "#7a5a26",
    "note-text": "#f5da85",
    "note-bg": "#2e2913",
    "note-border": "#6b5d22",
    "toggle-bg": "#3a443e",
    "toggle-text": "#e3ece6",
    "toggle-on-bg": "#1f4a2c",
    "toggle-on-text": "#c4f2cd",
    "toggle-on-ring": "#4f9a60",
    "accent-bg": "#2e7d32",
    "accent-text": "#ffffff",
    "info-button-bg": "#1565c0",
    "focus": "#8ab4ff",
}
"""Dark page (JupyterLab Dark, Voila ``--theme=dark``): the same names."""

# The felt, the cards and the plot keep their colours in both themes (a card is white on any page).
_FIXED = {
    "felt-1": "#2a7f4e",
    "felt-2": "#227244",
    "felt-3": "#185a35",
    "felt-text": "#ffffff",
    "frame": "#6b4a2b",
    "card-face": "#ffffff",
    "card-edge": "#b9b9b9",
    "card-back": "#1f4e9c",
    "suit-red": "#c62828",
    "suit-black": "#1b1b1b",
    "suit-green": "#1b7a33",
    "suit-blue": "#1a55c4",
    "ring": "#ffd54f",
    "plot-face": "#fbfaf5",
}


def _properties(palette: dict[str, str]) -> str:
    return "; ".join(f"--tp-{name}: {value}" for name, value in palette.items())


_ROOTS = ":is(.tp-app, .tp-lessons, .tp-themed)"

CSS = (
    f"""
:root {{ {_properties(_FIXED)}; {_properties(PALETTE_LIGHT)} }}
body[data-jp-theme-light="false"] {{ {_properties(PALETTE_DARK)} }}
"""
    + """
.tp-app, .tp-lessons, .tp-themed {
  font-family: "Segoe UI", "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; color: var(--tp-text);
}
.tp-app { max-width: 1200px; gap: 10px; }
/* In Voila the app (or the lessons) is the page: centred once the window is wider than it. */
body[data-voila] :is(.tp-app, .tp-lessons) { margin-left: auto; margin-right: auto; }
.tp-style, .tp-bridge { display: none !important; }
/* Our panels follow the theme: their labels and texts take our colours, not ipywidgets' own. */
.tp-app .widget-label, .tp-app .widget-html, .tp-app .widget-checkbox label,
.tp-lessons .widget-label, .tp-lessons .widget-html, .tp-lessons .widget-checkbox label,
.tp-themed .widget-label, .tp-themed .widget-html, .tp-themed .widget-checkbox label { color: var(--tp-text); }
.tp-app .widget-html-content, .tp-lessons .widget-html-content, .tp-themed .widget-html-content { color: inherit; }
.tp-header {
  align-items: center; column-gap: 16px; row-gap: 2px; padding: 8px 14px; border-radius: 12px;
  background: var(--tp-surface-alt); border: 1px solid var(--tp-border); flex-wrap: wrap;
}
.tp-app .tp-title, .tp-app .tp-title .widget-html-content { font-size: 22px; font-weight: 700; color: var(--tp-heading); letter-spacing: .5px; }
.tp-title .tp-title-text { font-size: 22px; }
.tp-stat { font-size: 15px; }
.tp-stat .tp-stat-text { font-weight: 600; font-size: 15px; }
.tp-code .tp-code-text {
  font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 15px; font-weight: 600;
  background: var(--tp-field-bg); color: var(--tp-text); border: 1px dashed var(--tp-field-border);
  border-radius: 6px; padding: 2px 8px; user-select: all; -webkit-user-select: all; cursor: text;
}

/* ---- The board: a size container; every size below follows its width (and the window's height). */
.tp-board {
  background: radial-gradient(ellipse at 50% 35%, var(--tp-felt-1) 0%, var(--tp-felt-2) 55%, var(--tp-felt-3) 100%);
  border-radius: 18px; padding: 18px 12px 14px 12px;
  box-shadow: inset 0 0 40px rgba(0, 0, 0, .35), 0 2px 6px rgba(0, 0, 0, .25);
  border: 6px solid var(--tp-frame); gap: 14px; overflow-x: auto;
  container: tp-board / inline-size;
  --tp-side: 0px;        /* width taken beside the peaks (the piles, in a short landscape window) */
  --tp-col-max: 56px;    /* half a card on a large screen: cards 106 x 152 px */
  --tp-chrome-h: 330px;  /* window height used by the header, the controls, the status and the frame */
  --tp-height-cols: 9.8; /* the peaks and the piles below them are this many half-card widths tall */
}
.tp-board > * {
  --tp-col: max(15px, min(calc((100cqi - var(--tp-side)) / 20), var(--tp-col-max),
                          calc((100svh - var(--tp-chrome-h)) / var(--tp-height-cols))));
  --tp-row: calc(var(--tp-col) * 25 / 36);
  --tp-gap-x: clamp(1px, calc(var(--tp-col) / 12), 3px);
  --tp-card-w: calc(2 * var(--tp-col) - 2 * var(--tp-gap-x));
  --tp-card-h: calc(4 * var(--tp-row) - 4px);
  --tp-pile-w: max(var(--tp-card-w), 56px);
  --tp-pile-h: calc(var(--tp-pile-w) * 96 / 66);
}
/* The peaks (20 half-card columns) never spill past the left edge ("safe" centring puts any overflow
   on the right, reachable by scrolling the board). */
.tp-peaks { overflow: visible !important; justify-content: safe center !important; }
.tp-peaks > .widget-button.tp-card { margin: 2px var(--tp-gap-x); }
@media (max-width: 600px) { .tp-board { padding: 10px 2px 8px 2px; border-width: 3px; border-radius: 12px; gap: 10px; } }
/* A phone held upright: the page's own margins give way to the board (Voila only). */
@media (max-width: 480px) {
  body[data-voila] .lm-BoxPanel-child:has(.tp-app, .tp-lessons) { padding-left: 4px !important; padding-right: 4px !important; }
  body[data-voila] .jp-Cell:has(.tp-app, .tp-lessons) { padding-left: 0; padding-right: 0; }
  body[data-voila] .jp-OutputArea-output:has(.tp-app, .tp-lessons) { margin-left: 0; }
}
/* A phone on its side (a short landscape window): the stock and the waste stand beside the peaks,
   the header is compact, and the peaks fit the window's height. */
@media (orientation: landscape) and (max-height: 520px) {
  .widget-vbox.tp-board { flex-direction: row; align-items: center; justify-content: center;
    --tp-side: 92px; --tp-chrome-h: 128px; --tp-height-cols: 6.95; padding: 6px 4px; gap: 8px; }
  .widget-hbox.tp-piles { flex-direction: column; gap: 4px !important; }
  .tp-piles .tp-pile-label, .tp-piles .tp-pile-label .widget-html-content { font-size: 12px; line-height: 1.2; }
  .tp-header { padding: 3px 10px; column-gap: 12px; row-gap: 0; }
  .tp-app .tp-title, .tp-app .tp-title .widget-html-content, .tp-title .tp-title-text { font-size: 17px; }
  .tp-stat, .tp-stat .tp-stat-text, .tp-code .tp-code-text { font-size: 13px; }
  .tp-app { gap: 6px; }
}
.tp-banner { display: flex; align-items: center; justify-content: center; }
.tp-banner .widget-html-content { display: flex; align-items: center; justify-content: center; height: 100%; }
.tp-board .tp-banner .widget-html-content, .tp-banner .tp-banner-text {
  color: var(--tp-felt-text); font-size: 26px; font-weight: 700; text-align: center; line-height: 1.3;
  text-shadow: 0 2px 6px rgba(0, 0, 0, .5);
}

/* ---- Cards */
.widget-button.tp-card, .widget-button.tp-stock {
  border-radius: 8px; border: 1px solid var(--tp-card-edge); padding: 0; margin: 0;
  line-height: 1.1; font-family: Georgia, "DejaVu Serif", serif;
  transition: transform .08s ease, box-shadow .08s ease; overflow: hidden; white-space: nowrap;
  --tp-card-shadow: 0 2px 4px rgba(0, 0, 0, .45);
}
/* One shadow per state, whatever ipywidgets does on hover, focus or press (its rules would drop
   the white frame of the stock and the card backs, which then looked cut off after a draw). */
.tp-board .widget-button.tp-card, .tp-board .widget-button.tp-stock,
.tp-board .widget-button.tp-card:is(:hover, :focus, :active):enabled,
.tp-board .widget-button.tp-stock:is(:hover, :focus, :active):enabled { box-shadow: var(--tp-card-shadow); outline: none; }
.widget-button.tp-card { font-size: max(12px, calc(var(--tp-col) * .64)); }
.widget-button.tp-card.tp-up { background-color: var(--tp-card-face); }
.widget-button.tp-card.tp-red { color: var(--tp-suit-red); }
.widget-button.tp-card.tp-black { color: var(--tp-suit-black); }
.widget-button.tp-card.tp-green { color: var(--tp-suit-green); }
.widget-button.tp-card.tp-blue { color: var(--tp-suit-blue); }
.widget-button.tp-card.tp-up:hover { transform: translateY(-3px); --tp-card-shadow: 0 6px 10px rgba(0, 0, 0, .45); }
.widget-button.tp-card.tp-down, .widget-button.tp-stock {
  background-image: repeating-linear-gradient(45deg, rgba(255,255,255,.16) 0 5px, transparent 5px 10px),
                    repeating-linear-gradient(-45deg, rgba(255,255,255,.10) 0 5px, transparent 5px 10px);
  --tp-card-shadow: inset 0 0 0 3px #ffffff, 0 2px 4px rgba(0, 0, 0, .45);
}
/* A face-down card says so in words for screen readers; on screen only its back shows. */
.widget-button.tp-card.tp-down { font-size: 1px; color: transparent; }
/* A removed card stays an invisible, disabled (click-swallowing) button for a moment, so the
   second click of a fast double click cannot land on the card that was lying under it. */
.widget-button.tp-card.tp-gone { --tp-card-shadow: none; animation: tp-vanish .4s linear forwards; }
@keyframes tp-vanish { 0%, 99% { visibility: visible; } 100% { visibility: hidden; } }
/* A card turned face up flips over. */
.widget-button.tp-card.tp-up { animation: tp-flip .32s ease-out; }
@keyframes tp-flip {
  0% { transform: perspective(500px) rotateY(90deg); }
  100% { transform: perspective(500px) rotateY(0deg); }
}

/* ---- Stock and waste: at least 56 px wide (a finger's target), the card size on a large screen. */
.widget-button.tp-stock {
  width: var(--tp-pile-w); height: var(--tp-pile-h); padding: 4px 6px; box-sizing: border-box;
  font-family: inherit; font-weight: 700; white-space: normal; overflow-wrap: anywhere;
  font-size: clamp(11px, calc(var(--tp-pile-w) * .2), 18px); line-height: 1.2; color: #ffffff;
}
.widget-button.tp-stock:hover { transform: translateY(-3px); }
/* The stock lifted under the pointer (after a draw) or ringed by a highlight is never clipped by its boxes. */
.tp-piles, .tp-piles > .widget-box { overflow: visible !important; }
.widget-button.tp-stock.tp-stock-empty {
  background-image: none; border: 2px dashed rgba(255,255,255,.75); --tp-card-shadow: none; color: var(--tp-felt-text) !important;
}
.widget-button.tp-stock.tp-stock-empty:hover { transform: none; }
/* Nothing around the piles clips a card lifted by the pointer, ringed by a hint or sliding in. */
.tp-piles, .tp-piles > .widget-box, .tp-waste, .tp-waste .widget-html-content { overflow: visible !important; }
.tp-board .widget-button.tp-card:focus-visible, .tp-board .widget-button.tp-stock:focus-visible {
  outline: 3px solid var(--tp-ring); outline-offset: 2px; z-index: 5;
}
.widget-button.tp-highlight { box-shadow: 0 0 0 4px var(--tp-ring), 0 0 16px 4px #ffeb3b !important; z-index: 4; }
.tp-waste .tp-face {
  width: var(--tp-pile-w); height: var(--tp-pile-h); box-sizing: border-box; border-radius: 8px;
  background: var(--tp-card-face); border: 1px solid var(--tp-card-edge); box-shadow: 0 2px 4px rgba(0, 0, 0, .45);
  font-family: Georgia, "DejaVu Serif", serif; font-size: max(16px, calc(var(--tp-pile-w) * .35)); font-weight: bold;
  display: flex; align-items: center; justify-content: center; line-height: 1.1;
}
.tp-waste .tp-face.tp-empty { background: transparent; border: 2px dashed rgba(255,255,255,.75); box-shadow: none; }
.tp-waste .tp-face.tp-moving { transition: transform .3s ease-out; position: relative; z-index: 20; }
.tp-red, .tp-red .tp-face-text { color: var(--tp-suit-red); }
.tp-black, .tp-black .tp-face-text { color: var(--tp-suit-black); }
.tp-green, .tp-green .tp-face-text { color: var(--tp-suit-green); }
.tp-blue, .tp-blue .tp-face-text { color: var(--tp-suit-blue); }
.tp-board .tp-pile-label, .tp-board .tp-pile-label .widget-html-content {
  color: var(--tp-felt-text); font-size: 13px; text-align: center;
}
@media (prefers-reduced-motion: reduce) {
  .widget-button.tp-card, .widget-button.tp-stock, .tp-waste .tp-face.tp-moving { transition: none !important; }
  .widget-button.tp-card.tp-up { animation: none; }
  .widget-button.tp-card.tp-up:hover, .widget-button.tp-stock:hover { transform: none; }
}

/* ---- Controls, status, panels */
.tp-controls, .tp-controls .widget-hbox { align-items: center; gap: 8px; flex-wrap: wrap; }
/* A control keeps its whole label: the row wraps instead of cutting it ("Nov…"). */
.tp-app .widget-button, .tp-app .widget-toggle-button { flex-shrink: 0; max-width: 100%; }
.tp-controls .widget-button, .tp-controls .widget-toggle-button { width: auto; min-width: 90px; padding: 0 12px; }
.tp-controls .widget-button, .tp-controls .widget-toggle-button, .tp-new .widget-button, .tp-again {
  border-radius: 8px; font-weight: 600;
}
.tp-app .widget-toggle-button, .tp-themed .widget-toggle-button {
  background: var(--tp-toggle-bg); color: var(--tp-toggle-text); box-shadow: none;
}
.tp-app .widget-toggle-button.mod-active, .tp-themed .widget-toggle-button.mod-active {
  background: var(--tp-toggle-on-bg); color: var(--tp-toggle-on-text); box-shadow: inset 0 0 0 1px var(--tp-toggle-on-ring);
}
.tp-app .widget-button.tp-again, .tp-app .widget-button.tp-deal { background: var(--tp-accent-bg); color: var(--tp-accent-text); }
.tp-status-row { flex-wrap: wrap; gap: 8px; }
.tp-status-row > .tp-status { min-width: min(260px, 100%); }
.tp-status-row > .widget-button.tp-again { flex: 0 0 auto; width: auto; min-width: 120px; padding: 0 18px; }
.tp-status {
  min-height: 30px; padding: 6px 12px; border-radius: 10px; background: var(--tp-info-bg);
  border: 1px solid var(--tp-info-border); font-size: 15px; box-sizing: border-box;
}
/* Each sentence of the message on its own line: no punctuation is added between them. */
.tp-status .tp-msg { display: block; }
.tp-status .tp-msg + .tp-msg { font-weight: 400; }
.tp-status .tp-msg-error { color: var(--tp-error-text); font-weight: 600; }
.tp-status .tp-msg-won { color: var(--tp-ok-text); font-weight: 700; }
.tp-status .tp-msg-blocked { color: var(--tp-warn-text); font-weight: 700; }
.tp-status.tp-status-error { background: var(--tp-error-bg); border-color: var(--tp-error-border); }
.tp-status.tp-status-won { background: var(--tp-ok-bg); border-color: var(--tp-ok-border); }
.tp-status.tp-status-blocked { background: var(--tp-warn-bg); border-color: var(--tp-warn-border); }
.tp-panel {
  border: 1px solid var(--tp-border); border-radius: 12px; padding: 8px 12px; background: var(--tp-surface);
}
.tp-app .tp-panel-title, .tp-app .tp-panel-title .widget-html-content,
.tp-themed .tp-panel-title, .tp-themed .tp-panel-title .widget-html-content { font-weight: 700; font-size: 15px; color: var(--tp-heading); }
.tp-new-message { font-size: 14px; }
.tp-new-message .tp-msg-error { color: var(--tp-error-text); font-weight: 600; }
.tp-new-message .tp-msg-ok { color: var(--tp-ok-text); }
/* The code field takes the room left in its row, and a whole row on a phone (its example stays whole). */
.tp-new .widget-text.tp-code-input { flex: 1 1 300px; width: auto !important; max-width: 460px; min-width: 0; }
@media (max-width: 560px) { .tp-new .widget-text.tp-code-input { flex-basis: 100%; max-width: 100%; } }
.tp-log { max-height: 260px; overflow-y: auto; font-size: 14px; }
.tp-log ol { margin: 4px 0; padding-left: 0; list-style: none; }
.tp-log li { margin: 3px 0; line-height: 1.35; padding: 3px 6px; border-left: 3px solid #9cc5a6; }
.tp-log li.tp-log-undo { border-left-color: #e0a0a0; }
.tp-log li:first-child { font-weight: 600; }
.tp-log li.tp-log-more { border-left-color: transparent; color: var(--tp-text-muted); font-style: italic; }
/* The log and the plot side by side when there is room, else the plot wraps below the log. */
.tp-bottom { flex-wrap: wrap; }
.tp-bottom > .tp-panel { min-width: min(300px, 100%) !important; box-sizing: border-box; }
/* The plot is a picture with its own light background: its panel keeps that colour in a dark theme. */
.tp-plot-panel { flex: 0 1 auto; max-width: 100%; box-sizing: border-box; background: var(--tp-plot-face); }
.tp-plot, .tp-plot img { max-width: 100%; height: auto; }
"""
)
"""The style sheet; every selector starts from a ``tp-*`` class (or the page's theme attribute)."""


def theme_widget() -> widgets.HTML:
    """A hidden ``widgets.HTML`` holding the <style> block; put it anywhere in the displayed tree."""
    w = widgets.HTML(value=f"<style>{CSS}</style>")
    w.add_class("tp-style")
    return w
