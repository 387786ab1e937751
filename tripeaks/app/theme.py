"""The app's look: one CSS block injected with a ``widgets.HTML`` <style> (works in Voila and Lab).

Green felt board, white cards with rounded corners, a blue patterned card
back.  Selectors use the app's ``tp-*`` classes only.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["CSS", "theme_widget"]

CSS = """
.tp-app {
  font-family: "Segoe UI", "Helvetica Neue", Arial, "DejaVu Sans", sans-serif;
  color: #1d2b22; max-width: 960px; gap: 10px;
}
.tp-style { display: none !important; }
/* Our panels have light backgrounds: keep their labels dark in a dark JupyterLab theme too. */
.tp-app :where(.widget-label, .widget-html) { color: #1d2b22; }
.tp-app :where(.widget-html-content) { color: inherit; }
.tp-header {
  align-items: center; column-gap: 16px; row-gap: 2px; padding: 8px 14px; border-radius: 12px;
  background: #f4f1e8; border: 1px solid #d8d2c0; flex-wrap: wrap;
}
.tp-title { font-size: 22px; font-weight: 700; color: #14532d; letter-spacing: .5px; }
.tp-title .tp-title-text { font-size: 22px; }
.tp-stat { font-size: 15px; }
.tp-stat .tp-stat-text { font-weight: 600; font-size: 15px; }
.tp-code .tp-code-text {
  font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 15px; font-weight: 600;
  background: #fff; border: 1px dashed #8a9a8e; border-radius: 6px; padding: 2px 8px;
  user-select: all; -webkit-user-select: all; cursor: text;
}
.tp-board {
  background: radial-gradient(ellipse at 50% 35%, #2f8f57 0%, #227244 55%, #185a35 100%);
  border-radius: 18px; padding: 18px 12px 14px 12px;
  box-shadow: inset 0 0 40px rgba(0, 0, 0, .35), 0 2px 6px rgba(0, 0, 0, .25);
  border: 6px solid #6b4a2b; gap: 14px; overflow-x: auto;
}
/* Narrow windows: the peaks (20 half-card columns, 720 px) never spill past the left edge ("safe"
   centring puts any overflow on the right, reachable by scrolling the board), and they scale down
   in steps to fit the board's width (a container query on .tp-board), down to 38 % (cards 25 px wide). */
.tp-board { container: tp-board / inline-size; }
.tp-peaks { overflow: visible !important; justify-content: safe center !important; }
@container tp-board (max-width: 719.98px) { .tp-peaks { zoom: .9; } }
@container tp-board (max-width: 647.98px) { .tp-peaks { zoom: .8; } }
@container tp-board (max-width: 575.98px) { .tp-peaks { zoom: .7; } }
@container tp-board (max-width: 503.98px) { .tp-peaks { zoom: .6; } }
@container tp-board (max-width: 431.98px) { .tp-peaks { zoom: .5; } }
@container tp-board (max-width: 359.98px) { .tp-peaks { zoom: .45; } }
@container tp-board (max-width: 323.98px) { .tp-peaks { zoom: .38; } }
/* Scaled down to 60 % or less, the card text is a little larger (26 px still fits "10♥"). */
@container tp-board (max-width: 503.98px) { .tp-peaks .widget-button.tp-card { font-size: 26px; } }
@media (max-width: 600px) { .tp-board { padding: 12px 4px 10px 4px; border-width: 4px; } }
.tp-banner { display: flex; align-items: center; justify-content: center; }
.tp-banner .widget-html-content { display: flex; align-items: center; justify-content: center; height: 100%; }
.tp-banner .widget-html-content, .tp-banner .tp-banner-text {
  color: #fffde7; font-size: 26px; font-weight: 700; text-align: center; line-height: 1.3;
  text-shadow: 0 2px 6px rgba(0, 0, 0, .5);
}
.widget-button.tp-card, .widget-button.tp-stock {
  border-radius: 8px; border: 1px solid #b9b9b9; padding: 0; margin: 0;
  font-size: 23px; line-height: 1.1; font-family: Georgia, "DejaVu Serif", serif;
  box-shadow: 0 2px 4px rgba(0, 0, 0, .45); transition: transform .08s ease, box-shadow .08s ease;
  overflow: hidden; white-space: nowrap;
}
.widget-button.tp-card.tp-up:hover { transform: translateY(-3px); box-shadow: 0 6px 10px rgba(0, 0, 0, .45); }
.widget-button.tp-card.tp-down, .widget-button.tp-stock {
  background-image: repeating-linear-gradient(45deg, rgba(255,255,255,.16) 0 5px, transparent 5px 10px),
                    repeating-linear-gradient(-45deg, rgba(255,255,255,.10) 0 5px, transparent 5px 10px);
  box-shadow: inset 0 0 0 3px #ffffff, 0 2px 4px rgba(0, 0, 0, .45);
}
.widget-button.tp-card.tp-down { font-size: 1px; }
/* A removed card stays an invisible, disabled (click-swallowing) button for a moment, so the
   second click of a fast double click cannot land on the card that was lying under it. */
.widget-button.tp-card.tp-gone { box-shadow: none; animation: tp-vanish .4s linear forwards; }
@keyframes tp-vanish { 0%, 99% { visibility: visible; } 100% { visibility: hidden; } }
/* The stock's label wraps inside the white frame: "Monte:" over "9" rather than a digit in the frame. */
.widget-button.tp-stock { font-size: 13px; font-family: inherit; white-space: normal; padding: 0 5px; }
.widget-button.tp-stock:hover { transform: translateY(-3px); }
/* The stock lifted under the pointer (after a draw) or ringed by a highlight is never clipped by its boxes. */
.tp-piles, .tp-piles > .widget-box { overflow: visible !important; }
.widget-button.tp-stock.tp-stock-empty {
  background-image: none; border: 2px dashed rgba(255,255,255,.6); box-shadow: none; color: #e8f5e9 !important;
}
.widget-button.tp-card:focus-visible, .widget-button.tp-stock:focus-visible {
  outline: 3px solid #ffd54f; outline-offset: 2px; z-index: 5;
}
.widget-button.tp-highlight { box-shadow: 0 0 0 4px #ffd54f, 0 0 16px 4px #ffeb3b !important; z-index: 4; }
.tp-waste .tp-face {
  width: 66px; height: 96px; box-sizing: border-box; border-radius: 8px; background: #fff;
  border: 1px solid #b9b9b9; box-shadow: 0 2px 4px rgba(0, 0, 0, .45);
  font-family: Georgia, "DejaVu Serif", serif; font-size: 23px; font-weight: bold;
  display: flex; align-items: center; justify-content: center; line-height: 1.1;
}
.tp-waste .tp-face.tp-empty { background: transparent; border: 2px dashed rgba(255,255,255,.6); box-shadow: none; }
.tp-red, .tp-red .tp-face-text { color: #c62828; }
.tp-black, .tp-black .tp-face-text { color: #1b1b1b; }
.tp-pile-label { color: #e8f5e9; font-size: 13px; text-align: center; }
.tp-pile-label .widget-html-content { color: #e8f5e9; font-size: 13px; }
.tp-controls { align-items: center; gap: 8px; flex-wrap: wrap; }
.tp-controls .widget-button, .tp-controls .widget-toggle-button, .tp-new .widget-button, .tp-again {
  border-radius: 8px; font-weight: 600;
}
.widget-toggle-button.tp-error-help { background: #e6e6e6; box-shadow: none; }
.widget-toggle-button.tp-error-help.mod-active { background: #cfe8d3; color: #14532d; box-shadow: inset 0 0 0 1px #86c98f; }
.widget-button.tp-again { background: #2e7d32; color: #fff; }
.tp-status {
  min-height: 30px; padding: 6px 12px; border-radius: 10px; background: #eef6ee; border: 1px solid #c8e0c8;
  font-size: 15px;
}
/* Each sentence of the message on its own line: no punctuation is added between them. */
.tp-status .tp-msg { display: block; }
.tp-status .tp-msg + .tp-msg { font-weight: 400; }
.tp-status .tp-msg-error { color: #a61b1b; font-weight: 600; }
.tp-status .tp-msg-won { color: #14532d; font-weight: 700; }
.tp-status .tp-msg-blocked { color: #8a4b00; font-weight: 700; }
.tp-status.tp-status-error { background: #fdecea; border-color: #f4c2bd; }
.tp-status.tp-status-won { background: #e3f6e5; border-color: #86c98f; }
.tp-status.tp-status-blocked { background: #fff4e0; border-color: #f0c27a; }
.tp-panel {
  border: 1px solid #d8d2c0; border-radius: 12px; padding: 8px 12px; background: #fbfaf5;
}
.tp-panel-title { font-weight: 700; font-size: 15px; color: #14532d; }
.tp-new-message { font-size: 14px; }
.tp-new-message .tp-msg-error { color: #a61b1b; font-weight: 600; }
.tp-new-message .tp-msg-ok { color: #14532d; }
.tp-log { max-height: 260px; overflow-y: auto; font-size: 14px; }
.tp-log ol { margin: 4px 0; padding-left: 0; list-style: none; }
.tp-log li { margin: 3px 0; line-height: 1.35; padding: 3px 6px; border-left: 3px solid #9cc5a6; }
.tp-log li.tp-log-undo { border-left-color: #e0a0a0; }
.tp-log li:first-child { font-weight: 600; }
.tp-log li.tp-log-more { border-left-color: transparent; color: #5b6b60; font-style: italic; }
/* The log and the plot side by side when there is room, else the plot wraps below the log. */
.tp-bottom { flex-wrap: wrap; }
.tp-bottom > .tp-panel { min-width: min(300px, 100%) !important; box-sizing: border-box; }
.tp-plot-panel { flex: 0 1 auto; max-width: 100%; box-sizing: border-box; }
.tp-plot, .tp-plot img { max-width: 100%; height: auto; }
"""
"""The style sheet; every selector starts from a ``tp-*`` class."""


def theme_widget() -> widgets.HTML:
    """A hidden ``widgets.HTML`` holding the <style> block; put it anywhere in the displayed tree."""
    w = widgets.HTML(value=f"<style>{CSS}</style>")
    w.add_class("tp-style")
    return w
