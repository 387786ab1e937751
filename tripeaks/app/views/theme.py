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

from .. import static

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
    "hint-ring": "#84ffff",
    "error-ring": "#ff6e6e",
    "plot-face": "#fbfaf5",
}


def _properties(palette: dict[str, str]) -> str:
    return "; ".join(f"--tp-{name}: {value}" for name, value in palette.items())


_ROOTS = ":is(.tp-app, .tp-lessons, .tp-themed)"

CSS = f"""
:root {{ {_properties(_FIXED)}; {_properties(PALETTE_LIGHT)} }}
body[data-jp-theme-light="false"] {{ {_properties(PALETTE_DARK)} }}
""" + static.text("theme.css")
"""The style sheet; every selector starts from a ``tp-*`` class (or the page's theme attribute)."""


def theme_widget() -> widgets.HTML:
    """A hidden ``widgets.HTML`` holding the <style> block; put it anywhere in the displayed tree."""
    w = widgets.HTML(value=f"<style>{CSS}</style>")
    w.add_class("tp-style")
    return w
