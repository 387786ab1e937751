"""The TriPeaks board widget: three overlapping peaks, the stock and the waste.

:class:`BoardView` only *shows* a :class:`~tripeaks.engine.game.Game` and forwards
clicks; it decides nothing (the engine owns every rule).  Its 28 card
buttons, the stock button and the waste card are created once and updated
in place by :meth:`BoardView.refresh`.

CSS classes (a stable API for browser tests and themes):
``tp-board``; every card ``tp-card`` and ``tp-pos-{p}`` (p = 0–27) plus its
state ``tp-up`` / ``tp-down`` / ``tp-gone`` and colour ``tp-red`` /
``tp-black`` (with the four-colour deck, clubs ``tp-green`` and diamonds
``tp-blue``); ``tp-stock`` (``tp-stock-empty`` when empty, ``tp-stock-done``
and disabled once the game is won or out of time); ``tp-waste``;
``tp-highlight`` on whatever :meth:`BoardView.highlight` marks; ``tp-banner``
(the end-of-game sentence shown on the empty felt after a win).  Rule sets
(docs/rules.md §8): a joker on the waste is ``tp-face tp-joker`` (named in
words, with a ``tp-joker-mark``); an empty waste is ``tp-face tp-empty`` with
its prompt in ``tp-empty-prompt``; the stock's label counts its jokers;
the board has ``tp-open-peaks`` while its game deals every card face up, and a face-up card
still under another one is dimmed, ``tp-covered``, its tooltip saying so.  A refused card (or the
stock) shakes: ``tp-refused-a`` / ``tp-refused-b`` (:meth:`BoardView.flash_refused`).

Keyboard: only the cards a player can act on (face up and exposed) and the
stock are tab stops; the arrow keys move between them, and after a play the
focus stays on a neighbouring card (:class:`~tripeaks.app.views.bridge.BoardBridge`,
which also slides a played or drawn card onto the waste).  A card's tooltip
says where it lies in words ("base row, card 1 from the left"); its
position 0–27 is the ``tp-pos-{p}`` class.

In the app the board observes a :class:`~tripeaks.app.model.session.PlaySession`
(:meth:`BoardView.attach`); the lesson view drives it directly.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets

from ...engine.cards import Card, Joker, Suit
from ...engine.game import Game, Refusal, Status
from ...engine.layout import COLUMN, N_TABLEAU, ROW_OF, ROWS
from ...engine.rules import DrawRule, PeaksRule
from ...i18n import card_name, status_message
from ...i18n.rulesets import rules_text
from ...i18n.ui import ui_text
from .. import static
from ..model.session import (
    GAME_CHANGES,
    HighlightChanged,
    LanguageChanged,
    MoveRefused,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)
from .bridge import BoardBridge
from .lifecycle import shared
from .theme import theme_widget

__all__ = ["BoardView", "CARD_WIDTH", "CARD_HEIGHT"]

HALF_CARD_PX = 36
"""Width of one grid column at the reference size: half a card (COLUMN is in half-card units).

On screen the column is ``var(--tp-col)``, which follows the board's width (:mod:`tripeaks.app.views.theme`)."""
ROW_UNIT_PX = 25
"""Height of one grid row at the reference size (``var(--tp-row)`` on screen); a card spans 4 rows
and each tableau row starts 2 lower (half overlap)."""
CARD_SPAN_ROWS = 4
ROW_STEP = 2
CARD_WIDTH = 2 * HALF_CARD_PX - 6
"""Card width in pixels at the reference size (two grid columns less a small gap)."""
CARD_HEIGHT = CARD_SPAN_ROWS * ROW_UNIT_PX - 4
"""Card height in pixels at the reference size."""

_N_COLUMNS = max(COLUMN) + 2
_N_ROWS = ROW_STEP * (len(ROWS) - 1) + CARD_SPAN_ROWS

# Shared styles, swapped per card state (created once for every board).
# A face's text colour comes from its colour class (tp-red, tp-black, tp-green, tp-blue) in the theme.
_STYLE_FACE = shared(widgets.ButtonStyle(button_color="#ffffff", font_weight="bold"))
_STYLE_BACK = shared(widgets.ButtonStyle(button_color="#1f4e9c", text_color="transparent"))
_STYLE_STOCK = shared(widgets.ButtonStyle(button_color="#1f4e9c", text_color="#ffffff", font_weight="bold"))
_STYLE_GONE = shared(widgets.ButtonStyle(button_color="transparent", text_color="transparent"))
_STYLE_DONE = shared(widgets.ButtonStyle(button_color="#9aa5b8", text_color="#ffffff", font_weight="normal"))

_REFUSED = ("tp-refused-a", "tp-refused-b")  # alternate: a new animation name shakes the card again
_STATE_CLASSES: tuple[str, ...] = ("tp-up", "tp-down", "tp-gone", "tp-red", "tp-black", "tp-green", "tp-blue")
_STATE_CLASSES += ("tp-covered", *_REFUSED)

# The tooltip of a face-up card in each row, top row first (whole sentences in the catalogue).
CSS = static.text("board.css")
"""The board's own style on top of :mod:`tripeaks.app.views.theme`: a finished stock lies flat and greyed."""


def _is_red(card: Card) -> bool:
    return card.suit in (Suit.DIAMONDS, Suit.HEARTS)


def colour_class(card: object, four_colour: bool = False) -> str:
    """The colour class of a card's face: ``tp-red`` (♦ ♥) or ``tp-black`` (♣ ♠, and a joker).

    With the four-colour deck clubs are ``tp-green`` and diamonds ``tp-blue``.
    """
    if not isinstance(card, Card):
        return "tp-black"
    if four_colour and card.suit is Suit.CLUBS:
        return "tp-green"
    if four_colour and card.suit is Suit.DIAMONDS:
        return "tp-blue"
    return "tp-red" if _is_red(card) else "tp-black"


def grid_area(position: int) -> str:
    """The CSS ``grid-area`` of a tableau position (0–27), from ``ROW_OF`` and ``COLUMN``.

    Rows overlap: row r starts at grid row ``2r + 1`` and spans 4 grid rows;
    a card spans 2 half-card columns from its ``COLUMN``.
    """
    row = ROW_STEP * ROW_OF[position] + 1
    col = COLUMN[position] + 1
    return f"{row} / {col} / {row + CARD_SPAN_ROWS} / {col + 2}"


class BoardView(widgets.VBox):
    """The board of one game: 28 card buttons in three peaks, the stock and the waste.

    ``BoardView(game, lang="en")``; :meth:`set_game`, :meth:`refresh`,
    :meth:`set_language`, :meth:`set_four_colour`, :meth:`highlight`; register click handlers with
    :meth:`on_card_click` (called with the position 0–27) and
    :meth:`on_stock_click` (called with no argument).
    """

    def __init__(self, game: Game, lang: str = "en", **kwargs: object) -> None:
        self._game = game
        self._lang = lang
        self._card_callbacks: list[Callable[[int], object]] = []
        self._stock_callbacks: list[Callable[[], object]] = []
        self._shown: list[tuple | None] = [None] * N_TABLEAU
        self._highlighted: set[int] = set()
        self._stock_highlighted = False
        self._stock_empty = False
        self._four_colour = False
        self._stock_done = False
        self._session: PlaySession | None = None
        self._last_waste: tuple[object, int] | None = None  # (waste top, stock count) last shown
        self._marks: dict[int, str] = {}
        self._refused_phase = 0

        self._cards: list[widgets.Button] = [None] * N_TABLEAU
        for row in ROWS:
            for p in row:
                b = widgets.Button(
                    layout=widgets.Layout(grid_area=grid_area(p), width="auto", height="auto"),
                    style=_STYLE_BACK,
                    _dom_classes=("tp-card", f"tp-pos-{p}"),  # in the first message, not two more each
                )
                b.on_click(lambda _b, p=p: self._card_clicked(p))
                self._cards[p] = b

        # Shown over the empty felt once every card is gone.
        self._banner = widgets.HTML(layout=widgets.Layout(grid_area="1 / 1 / -1 / -1", display="none"))
        self._banner.add_class("tp-banner")
        self._grid = widgets.GridBox(
            # Row by row, top first: later children draw on top, so the base row lies over row 2.
            children=[self._banner] + [self._cards[p] for row in ROWS for p in row],
            layout=widgets.Layout(
                grid_template_columns=f"repeat({_N_COLUMNS}, var(--tp-col, {HALF_CARD_PX}px))",
                grid_template_rows=f"repeat({_N_ROWS}, var(--tp-row, {ROW_UNIT_PX}px))",
                justify_content="center",
                overflow="visible",
            ),
        )
        self._grid.add_class("tp-peaks")

        self._stock = widgets.Button(style=_STYLE_STOCK)  # sized by the theme (--tp-pile-w, --tp-pile-h)
        self._stock.add_class("tp-stock")
        self._stock.on_click(lambda _b: self._stock_clicked())
        self._stock_label = widgets.HTML()
        self._stock_label.add_class("tp-pile-label")
        self._waste = widgets.HTML()
        self._waste.add_class("tp-waste")
        self._waste_label = widgets.HTML()
        self._waste_label.add_class("tp-pile-label")
        piles = widgets.HBox(
            [
                widgets.VBox([self._stock, self._stock_label], layout=widgets.Layout(align_items="center")),
                widgets.VBox([self._waste, self._waste_label], layout=widgets.Layout(align_items="center")),
            ],
            layout=widgets.Layout(justify_content="center", grid_gap="28px"),
        )
        piles.add_class("tp-piles")
        self._bridge = BoardBridge()
        style = theme_widget()
        style.value += f"<style>{CSS}</style>"
        super().__init__([style, self._grid, piles, self._bridge], **kwargs)
        self.add_class("tp-board")
        self.refresh()

    # ------------------------------------------------------------------ API
    @property
    def game(self) -> Game:
        """The game shown."""
        return self._game

    @property
    def lang(self) -> str:
        """The language of the texts ("en", "pt" or "fr")."""
        return self._lang

    @property
    def card_buttons(self) -> tuple[widgets.Button, ...]:
        """The 28 card buttons, indexed by position 0–27 (for tests and lessons)."""
        return tuple(self._cards)

    @property
    def stock_button(self) -> widgets.Button:
        """The stock button."""
        return self._stock

    @property
    def waste_html(self) -> widgets.HTML:
        """The waste card widget."""
        return self._waste

    @property
    def bridge(self) -> BoardBridge:
        """The board's browser-side helper (focus, arrow keys, the slide onto the waste)."""
        return self._bridge

    @property
    def four_colour(self) -> bool:
        """Whether clubs are drawn green and diamonds blue."""
        return self._four_colour

    def set_four_colour(self, on: bool) -> None:
        """Draw clubs green and diamonds blue (``True``) or the usual red and black, and refresh."""
        self._four_colour = bool(on)
        self.refresh()

    def set_game(self, game: Game) -> None:
        """Show another game (e.g. a new deal) and refresh."""
        self._game = game
        self.refresh()

    def set_language(self, lang: str) -> None:
        """Switch the texts and card letters to ``lang`` ("en", "pt", "fr") and refresh."""
        ui_text("card.face_down", lang)  # raises ValueError for an unknown language
        self._lang = lang
        self.refresh()

    def on_card_click(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(position)`` (0–27) when a card button is pressed."""
        self._card_callbacks.append(callback)

    def on_stock_click(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` when the stock is pressed."""
        self._stock_callbacks.append(callback)

    def attach(self, session: PlaySession) -> None:
        """Show ``session``'s game from now on and forward the clicks to it (card → play, stock → draw)."""
        self._session = session
        self.on_card_click(session.play)
        self.on_stock_click(session.draw)
        session.subscribe(self._on_session_event)
        self._game, self._lang = session.game, session.lang
        self._four_colour = session.four_colour
        self.refresh()

    def _on_session_event(self, event: SessionEvent) -> None:
        session = self._session
        assert session is not None
        if isinstance(event, GAME_CHANGES):
            self._game = session.game
            self.refresh()
        elif isinstance(event, LanguageChanged):
            self._lang = event.lang
            self.refresh()
        elif isinstance(event, HighlightChanged):
            self.highlight(event.positions, stock=event.stock)
        elif isinstance(event, SettingChanged) and event.setting is Setting.FOUR_COLOUR:
            self.set_four_colour(bool(event.value))
        elif isinstance(event, MoveRefused) and event.refusal is not Refusal.EMPTY:  # not a double click's echo
            self.flash_refused(event.action)

    def flash_refused(self, action: object) -> None:
        """Shake the card at ``action`` (a position 0–27) or the stock (``"D"``): the move was refused.

        Under ``prefers-reduced-motion: reduce`` the outline flashes instead (CSS).  Anything
        else (an undo, a redo, the timer) has no place on the board and is ignored.
        """
        if isinstance(action, int) and 0 <= action < N_TABLEAU:
            button = self._cards[action]
        elif action == "D":
            button = self._stock
        else:
            return
        self._refused_phase = 1 - self._refused_phase
        classes = [c for c in button._dom_classes if c not in _REFUSED]
        button._dom_classes = (*classes, _REFUSED[self._refused_phase])

    def highlight(self, positions: Iterable[int] = (), stock: bool = False) -> None:
        """Ring the given positions (0–27) and/or the stock, e.g. for a hint.

        Replaces any previous highlight; :meth:`refresh` clears it.
        """
        wanted = set(positions)
        for p in self._highlighted - wanted:
            self._cards[p].remove_class("tp-highlight")
        for p in wanted - self._highlighted:
            self._cards[p].add_class("tp-highlight")
        self._highlighted = wanted
        if stock != self._stock_highlighted:
            (self._stock.add_class if stock else self._stock.remove_class)("tp-highlight")
            self._stock_highlighted = stock

    def set_marks(self, marks: Mapping[int, str]) -> None:
        """Give card buttons an extra CSS class: ``marks`` maps positions 0–27 to a ``tp-*`` class
        (e.g. the peak a card counts for, in a lesson).  Replaces the previous marks; refreshing keeps them."""
        wanted = dict(marks)
        for p, css in self._marks.items():
            if wanted.get(p) != css:
                self._cards[p].remove_class(css)
        for p, css in wanted.items():
            if self._marks.get(p) != css:
                self._cards[p].add_class(css)
        self._marks = wanted

    def refresh(self) -> None:
        """Update every button in place from the game's state.

        Clears the highlight (in the app: shows the session's highlight).
        """
        if self._session is not None:
            self.highlight(self._session.highlight.positions, stock=self._session.highlight.stock)
        else:
            self.highlight()
        lang = self._lang
        game = self._game
        tableau = game.tableau
        played = []  # positions whose face-up card just left the table
        open_peaks = game.rules.peaks is PeaksRule.OPEN  # docs/rules.md §8: cards read at their top
        over = game.status in (Status.WON, Status.TIME_UP)  # nothing can be played any more
        if open_peaks != ("tp-open-peaks" in self._dom_classes):
            (self.add_class if open_peaks else self.remove_class)("tp-open-peaks")
        for p, slot in enumerate(tableau):
            if slot is None:
                state: tuple = ("gone",)
            elif slot.face_up:
                # A face-up card under another one (open peaks, docs/rules.md §8) cannot be acted on.
                state = ("up", slot.card, lang, game.is_exposed(p), self._four_colour, over)
            else:
                state = ("down", lang)
            before = self._shown[p]
            if state != before:
                self._show_card(p, state)
                self._shown[p] = state
                if state[0] == "gone" and before is not None and before[0] == "up":
                    played.append(p)
        if self._game.status is Status.WON:
            text = status_message(Status.WON, lang, self._game.score)
            self._banner.value = f'<div class="tp-banner-text" role="status">{html.escape(text)}</div>'
            self._banner.layout.display = None
        else:
            self._banner.layout.display = "none"
        count = self._game.stock_count
        with self._stock.hold_sync():
            self._show_stock(count, lang)
        top = self._game.waste_top
        shown_waste = (top, count)
        moved_from: int | str | None = None  # what slid onto the waste: a position or the stock
        if self._last_waste is not None and top is not None and top != self._last_waste[0]:
            if len(played) == 1:
                moved_from = played[0]
            elif not played and count == self._last_waste[1] - 1:
                moved_from = "stock"
        self._last_waste = shown_waste
        if top is None:  # an empty waste (docs/rules.md §8): an empty place and what to do
            aria = html.escape(rules_text("waste.empty_help", lang))
            title = html.escape(ui_text("waste.empty", lang))
            prompt = html.escape(rules_text("waste.empty_prompt", lang))
            self._waste.value = (
                f'<div class="tp-face tp-empty" role="img" aria-label="{aria}" title="{title}">'
                f'<span class="tp-empty-prompt" aria-hidden="true">{prompt}</span></div>'
            )
        elif isinstance(top, Joker):  # a wild card (docs/rules.md §8): drawn as a joker and named in words
            name = html.escape(card_name(top, lang))
            aria = html.escape(ui_text("waste.aria", lang, card=card_name(top, lang)))
            mark = html.escape(rules_text("waste.joker_mark", lang))
            self._waste.value = (
                f'<div class="tp-face tp-black tp-joker" role="img" aria-label="{aria}" title="{aria}">'
                f'<span class="tp-joker-star" aria-hidden="true">★</span>'
                f'<span class="tp-face-text">{name}</span>'
                f'<span class="tp-joker-mark" aria-hidden="true">{mark}</span></div>'
            )
        else:
            name = html.escape(card_name(top, lang))
            colour = colour_class(top, self._four_colour)
            aria = html.escape(ui_text("waste.aria", lang, card=card_name(top, lang)))
            self._waste.value = (
                f'<div class="tp-face {colour}" role="img" aria-label="{aria}" title="{aria}">'
                f'<span class="tp-face-text">{name}</span></div>'
            )
        self._waste_label.value = html.escape(ui_text("waste.label", lang))
        self._stock_label.value = html.escape(ui_text("stock.name", lang))
        if moved_from is not None:  # after the waste is shown: the browser slides the new waste card in
            self._bridge.show_motion(moved_from)

    # ------------------------------------------------------------------ internals
    def _show_stock(self, count: int, lang: str) -> None:
        # Finished once nothing more can be done (docs/rules.md §2, §8): no draw is offered, a click does nothing.
        done = self._game.status in (Status.WON, Status.TIME_UP)
        self._stock.disabled = done
        if done != self._stock_done:
            (self._stock.add_class if done else self._stock.remove_class)("tp-stock-done")
            self._stock_done = done
        if done:
            self._stock.description = (
                ui_text("stock.label", lang, count=count) if count else ui_text("stock.empty", lang)
            )
            self._stock.style = _STYLE_DONE
            self._stock.tooltip = ui_text("stock.done_tip", lang)
            if self._stock_empty != (not count):
                (self._stock.add_class if not count else self._stock.remove_class)("tp-stock-empty")
            self._stock_empty = not count
            return
        rules = self._game.rules
        jokers = sum(isinstance(c, Joker) for c in self._game.stock_cards) if rules.jokers else 0
        if count and jokers:  # docs/rules.md §8: how many jokers are still in the stock (never "0 jokers")
            self._stock.description = rules_text("stock.label_jokers", lang, count=count, jokers=jokers)
            self._stock.style = _STYLE_STOCK
            if self._stock_empty:
                self._stock.remove_class("tp-stock-empty")
        elif count:
            self._stock.description = ui_text("stock.label", lang, count=count)
            self._stock.style = _STYLE_STOCK
            if self._stock_empty:
                self._stock.remove_class("tp-stock-empty")
        else:
            self._stock.description = ui_text("stock.empty", lang)
            self._stock.style = _STYLE_GONE
            if not self._stock_empty:
                self._stock.add_class("tp-stock-empty")
        self._stock_empty = not count
        # The tooltip says what the label does not: what a click does, or that the stock is empty.
        if not count:
            self._stock.tooltip = ui_text("stock.empty_tip", lang)
            return
        tip = [ui_text("stock.tip", lang, count=count)]
        if rules.jokers:
            tip.append(rules_text("stock.jokers_tip", lang, jokers=jokers))
        if rules.draw is DrawRule.STUCK:
            tip.append(rules_text("stock.stuck_tip", lang))
        self._stock.tooltip = " ".join(tip)

    def _show_card(self, p: int, state: tuple) -> None:
        b = self._cards[p]
        kind = state[0]
        keep = [c for c in b._dom_classes if c not in _STATE_CLASSES]
        with b.hold_sync():  # one message per card instead of one per trait
            if kind == "gone":
                b.description = ""
                b.tooltip = None
                b.style = _STYLE_GONE
                b.disabled = True
                b.tabbable = False
                b._dom_classes = tuple(keep + ["tp-gone"])
            elif kind == "down":
                b.description = ui_text("card.face_down", self._lang)
                b.tooltip = ui_text("card.face_down_tip", self._lang)
                b.style = _STYLE_BACK
                b.disabled = False
                b.tabbable = False  # nothing to do with it: Tab skips it
                b._dom_classes = tuple(keep + ["tp-down"])
            else:
                _, card, lang, exposed, four_colour, over = state
                name = card_name(card, lang)
                b.description = name
                if over:
                    b.tooltip = ui_text("card.over_tip", lang)
                elif exposed:
                    b.tooltip = ui_text("card.face_up_tip", lang)
                else:  # open peaks (docs/rules.md §8): face up, but still under another card
                    b.tooltip = ui_text("card.covered_tip", lang)
                b.style = _STYLE_FACE
                b.disabled = False
                b.tabbable = bool(exposed)
                css = ["tp-up", colour_class(card, four_colour)] + ([] if exposed else ["tp-covered"])
                b._dom_classes = tuple(keep + css)

    def _card_clicked(self, position: int) -> None:
        for callback in list(self._card_callbacks):
            callback(position)

    def _stock_clicked(self) -> None:
        for callback in list(self._stock_callbacks):
            callback()
