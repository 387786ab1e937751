"""How a :class:`~tripeaks.engine.game.Game` shows itself in a notebook (docs/rules.md §1).

A game left alone at the end of a notebook cell is drawn by the notebook's
rich display: :func:`game_html` is the HTML picture behind
``Game._repr_html_`` (the three peaks as they lie, face-down cards as backs,
the waste card, the stock count and a status line), and :func:`game_text` the
text one behind ``print(game)`` (and, with the status added, IPython's plain
text display), with ``##`` for a face-down card and ``..`` for a removed one.

Only plain strings are built here: no widget library and no IPython import.
The HTML inherits the notebook's text colour and font, so it reads in light
and dark themes; red suits use JupyterLab's error colour when it is defined.

>>> from tripeaks import Game
>>> g = Game.from_code("TP1-E-AAAAAAD")
>>> print(game_text(g).splitlines()[-1])
waste 9♦  stock 23  score 500  moves 0
>>> "9♦" in game_html(g) and game_html(g).count('class="tp-nb-card') == 28 + 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from .cards import Card, Joker
from .codes import GameCode
from .events import Slot, Status
from .layout import COLUMN, ROW_OF, ROWS
from .rules import RuleSet


class Game(Protocol):
    """What the pictures read of a :class:`~tripeaks.engine.game.Game` (which calls them: no import back)."""

    @property
    def tableau(self) -> Sequence[Slot | None]: ...
    @property
    def waste_top(self) -> Card | Joker | None: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def status(self) -> Status: ...
    @property
    def code(self) -> GameCode | None: ...
    @property
    def rules(self) -> RuleSet: ...


__all__ = ["game_html", "game_text"]

_RED = "color:var(--jp-error-color1, #c62828);"
_CELL = "2.2em"
"""Width of one grid column: a card spans two columns (docs/rules.md §1's picture)."""


def game_text(game: Game) -> str:
    """The text picture of ``game``: four rows of the tableau, then the waste, stock, score and moves.

    Each card takes three characters at its column (``COLUMN`` in
    :mod:`tripeaks.engine.layout`): its symbol (``9♦``), ``##`` when face down,
    ``..`` when already played.  Returns a string of five lines.
    """
    tableau = game.tableau
    lines = []
    for row in ROWS:
        line = [" "] * 44
        for p in row:
            slot = tableau[p]
            text = ".." if slot is None else (slot.card.symbol if slot.face_up else "##")
            col = COLUMN[p] * 2
            line[col : col + 3] = list(text.rjust(3))
        lines.append("".join(line).rstrip())
    top = game.waste_top
    lines.append(
        f"waste {top.symbol if top is not None else '--'}  stock {game.stock_count}  "
        f"score {game.score}  moves {game.moves}"
    )
    return "\n".join(lines)


def _card(card: Card | Joker | None, face_up: bool, where: str, label: str) -> str:
    base = (
        f"grid-area:{where};display:flex;align-items:center;justify-content:center;"
        "height:2.6em;border:1px solid currentColor;border-radius:0.3em;font-weight:600;"
    )
    if card is None:
        return (
            f'<div class="tp-nb-card tp-nb-gone" style="{base}opacity:0.2;border-style:dashed" title="{label}"></div>'
        )
    if not face_up:
        back = "background:repeating-linear-gradient(45deg,#2e6b3f 0 4px,#3f8a52 4px 8px);"
        return f'<div class="tp-nb-card tp-nb-back" style="{base}{back}" title="{label}"></div>'
    red = isinstance(card, Joker) or card.is_red
    colour = _RED if red else ""
    text = escape(card.symbol)
    return f'<div class="tp-nb-card" style="{base}{colour}" title="{label} {text}">{text}</div>'


def game_html(game: Game) -> str:
    """An HTML picture of ``game`` for a notebook: the tableau on a grid, the waste and stock, a status line.

    Positions sit on the grid of :data:`tripeaks.engine.layout.COLUMN` (a card
    two columns wide, one row per tableau row); a played card leaves a faint
    dashed outline.  Text only (no images, no script), so it survives being
    saved in a notebook and shown by any front end.
    """
    tableau = game.tableau
    cells = []
    for p, slot in enumerate(tableau):
        where = f"{ROW_OF[p] + 1} / {COLUMN[p] + 1} / span 1 / span 2"
        if slot is None:
            cells.append(_card(None, False, where, f"position {p}: played"))
        else:
            state = "face up" if slot.face_up else "face down"
            cells.append(_card(slot.card, slot.face_up, where, f"position {p}, {state}"))
    grid = (
        f'<div style="display:grid;grid-template-columns:repeat(20,{_CELL});'
        f'grid-auto-rows:2.8em;gap:0.15em 0;margin-bottom:0.6em">{"".join(cells)}</div>'
    )
    top = game.waste_top
    waste = _card(top, True, "auto", "waste") if top is not None else "<span>—</span>"
    where = escape(str(game.code)) if game.code is not None else "custom layout"
    status = escape(game.status.value.replace("_", " "))
    foot = (
        '<div style="display:flex;gap:1em;align-items:center">'
        f'<span>waste</span><div style="width:{_CELL}">{waste}</div>'
        f"<span>stock {game.stock_count}</span>"
        f"<span>score {game.score}</span><span>moves {game.moves}</span>"
        f"<strong>{status}</strong></div>"
    )
    head = f'<div style="opacity:0.75;margin-bottom:0.3em">{where} · rule set {escape(str(game.rules))}</div>'
    return f'<div class="tp-nb-game" style="font-family:inherit;color:inherit">{head}{grid}{foot}</div>'
