"""The playable TriPeaks app: header, board, controls, status, new game, move log, score plot.

:class:`TriPeaksApp` shows a :class:`~tripeaks.game.Game` and forwards the
player's clicks to it; every rule, refusal and score comes from the engine
and every text from :mod:`tripeaks.i18n`.  Each callback is guarded: a
failure shows a short message and the game is put back exactly as it was.

CSS classes (stable, used by the browser tests): ``tp-app``, ``tp-undo``,
``tp-restart``, ``tp-error-help``, ``tp-lang``, ``tp-status``, ``tp-score``,
``tp-moves``, ``tp-peaks-count``, ``tp-rule``, ``tp-code``, ``tp-new-rule``,
``tp-code-input``, ``tp-deal``, ``tp-new-message``, ``tp-again``,
``tp-log``, ``tp-plot``; the board's classes are listed in
:mod:`tripeaks.app.board`.  ``tp-hint`` is reserved for a Hint button.

Extension points (for a Hint button or a "winnable deals only" option, without
editing this module): :meth:`TriPeaksApp.add_control`,
:meth:`TriPeaksApp.add_new_game_control`, :attr:`TriPeaksApp.new_game_factory`,
:meth:`TriPeaksApp.show_message`, :meth:`TriPeaksApp.on_update` and
``app.board.highlight(positions, stock=...)``.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

import ipywidgets as widgets

from ..codes import GameCode, InvalidCodeError, Rule
from ..game import Event, Game, IllegalMoveError, Refusal, Status
from ..i18n import LANGUAGE_NAMES, LANGUAGES, explain, refusal_message, status_message
from ..i18n.ui import code_error_message, rule_name, ui_text
from .board import BoardView
from .plot import ScorePlot

__all__ = ["TriPeaksApp"]

log = logging.getLogger(__name__)

# Status line states: re-rendered in the current language on every refresh.
_WELCOME = ("welcome",)


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class TriPeaksApp(widgets.VBox):
    """The whole game in one widget.

    ``TriPeaksApp(game=None, lang="en")``: plays ``game`` (a random Easy
    deal when ``None``).  :meth:`set_game` swaps in another game (e.g. a
    hand-built layout); :meth:`set_language` switches every text at once.
    The child widgets are public attributes so tests can click them like a
    user (``app.undo_button.click()``); treat them as read-only.
    """

    def __init__(self, game: Game | None = None, lang: str = "en", **kwargs: object) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
        self._game = game if game is not None else Game.new(Rule.EASY)
        self._lang = lang
        self._busy = False
        self._status_state: tuple = _WELCOME
        self._new_state: tuple = ("none",)
        self._update_callbacks: list[Callable[[Game], object]] = []
        self.new_game_factory: Callable[[Rule], Game] = Game.new
        """Makes the random deal for *Deal* with an empty code and *New game* (e.g. only winnable deals)."""

        # Header -------------------------------------------------------------
        self.title_label = widgets.HTML()
        self.title_label.add_class("tp-title")
        self.score_label = widgets.HTML()
        self.moves_label = widgets.HTML()
        self.peaks_label = widgets.HTML()
        self.rule_label = widgets.HTML()
        self.code_label = widgets.HTML()
        for w, cls in (
            (self.score_label, "tp-score"),
            (self.moves_label, "tp-moves"),
            (self.peaks_label, "tp-peaks-count"),
            (self.rule_label, "tp-rule"),
            (self.code_label, "tp-code"),
        ):
            w.add_class("tp-stat")
            w.add_class(cls)
        header = widgets.HBox(
            [self.title_label, self.score_label, self.moves_label, self.peaks_label, self.rule_label, self.code_label]
        )
        header.add_class("tp-header")

        # Board --------------------------------------------------------------
        self.board = BoardView(self._game, lang)
        self.board.on_card_click(self._on_card)
        self.board.on_stock_click(self._on_stock)

        # Controls -----------------------------------------------------------
        self.undo_button = widgets.Button()
        self.undo_button.add_class("tp-undo")
        self.undo_button.on_click(lambda _b: self._guard(self._undo))
        self.restart_button = widgets.Button()
        self.restart_button.add_class("tp-restart")
        self.restart_button.on_click(lambda _b: self._guard(self._restart))
        self.error_help = widgets.ToggleButton(value=True, layout=widgets.Layout(width="auto", min_width="148px"))
        self.error_help.add_class("tp-error-help")
        self.error_help.observe(lambda _c: self._guard(self._error_help_changed), names="value")
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
            value=lang,
            layout=widgets.Layout(width="220px"),
            style={"description_width": "initial"},
        )
        self.language.add_class("tp-lang")
        self.language.observe(lambda c: self._guard(self._language_changed, c["new"]), names="value")
        self.controls = widgets.HBox([self.undo_button, self.restart_button, self.error_help, self.language])
        self.controls.add_class("tp-controls")

        # Status line and end-of-game offer -----------------------------------
        self.status = widgets.HTML()
        self.status.add_class("tp-status")
        self.status.layout.flex = "1 1 auto"
        self.again_button = widgets.Button(layout=widgets.Layout(display="none"))
        self.again_button.add_class("tp-again")
        self.again_button.on_click(lambda _b: self._guard(self._deal_random))
        status_row = widgets.HBox([self.status, self.again_button], layout=widgets.Layout(align_items="center"))
        status_row.add_class("tp-status-row")

        # New game panel -------------------------------------------------------
        self.new_title = widgets.HTML()
        self.new_title.add_class("tp-panel-title")
        self.new_rule = widgets.Dropdown(
            options=self._rule_options(),
            value="E",
            layout=widgets.Layout(width="170px"),
            style={"description_width": "initial"},
        )
        self.new_rule.add_class("tp-new-rule")
        self.code_input = widgets.Text(layout=widgets.Layout(width="460px"), style={"description_width": "initial"})
        self.code_input.add_class("tp-code-input")
        self.deal_button = widgets.Button(button_style="success")
        self.deal_button.add_class("tp-deal")
        self.deal_button.on_click(lambda _b: self._guard(self._deal))
        self.new_message = widgets.HTML()
        self.new_message.add_class("tp-new-message")
        self._new_row = widgets.HBox(
            [self.new_rule, self.code_input, self.deal_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        new_panel = widgets.VBox([self.new_title, self._new_row, self.new_message])
        new_panel.add_class("tp-panel")
        new_panel.add_class("tp-new")

        # Move log and score plot ---------------------------------------------
        self.log_title = widgets.HTML()
        self.log_title.add_class("tp-panel-title")
        self.move_log = widgets.HTML()
        self.move_log.add_class("tp-log")
        log_panel = widgets.VBox(
            [self.log_title, self.move_log], layout=widgets.Layout(flex="1 1 0", min_width="300px")
        )
        log_panel.add_class("tp-panel")
        self._plot = ScorePlot(lang)
        self.plot_image = self._plot.image
        plot_panel = widgets.VBox([self.plot_image])
        plot_panel.add_class("tp-panel")
        plot_panel.add_class("tp-plot-panel")
        bottom = widgets.HBox([log_panel, plot_panel], layout=widgets.Layout(align_items="flex-start", grid_gap="10px"))
        bottom.add_class("tp-bottom")  # wraps: the plot goes below the log when narrow (theme.py)

        super().__init__([header, self.board, self.controls, status_row, new_panel, bottom], **kwargs)
        self.add_class("tp-app")
        # The first plot (which loads matplotlib) is drawn in the background: the board comes first.
        self._render(plot_soon=True)

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    @property
    def lang(self) -> str:
        """The current language ("en", "pt" or "fr")."""
        return self._lang

    def set_game(self, game: Game) -> None:
        """Play ``game`` from now on (a new deal or a hand-built layout); refreshes everything."""
        self._game = game
        self._status_state = _WELCOME
        self.board.set_game(game)
        self._render()

    def set_language(self, lang: str) -> None:
        """Switch all labels, messages, card letters and the log to ``lang``."""
        self.language.value = lang  # the observer does the work (and validates)

    def add_control(self, widget: widgets.Widget) -> None:
        """Append a widget (e.g. a Hint button, class ``tp-hint``) to the controls row."""
        self.controls.children = (*self.controls.children, widget)

    def add_new_game_control(self, widget: widgets.Widget) -> None:
        """Append a widget (e.g. a "deal only winnable games" checkbox) to the New game row."""
        self._new_row.children = (*self._new_row.children, widget)

    def on_update(self, callback: Callable[[Game], object]) -> None:
        """Call ``callback(game)`` after every refresh (each action, new game, language switch)."""
        self._update_callbacks.append(callback)

    def show_message(self, render: Callable[[str], str], kind: str = "info") -> None:
        """Show a message in the status line; ``render(lang)`` gives its text, so it follows language switches.

        ``kind`` is ``"info"`` or ``"error"``.
        """
        self._status_state = ("custom", render, kind)
        self._render_status()

    # ------------------------------------------------------------------ guarded callbacks
    def _guard(self, action: Callable[..., object], *args: object) -> None:
        """Run one user action; on any failure restore the game and show a short message."""
        if self._busy:  # a callback fired from inside another one: ignore it
            return
        self._busy = True
        original = self._game
        fingerprint = (original.state_key(), original.moves, len(original.history))
        snapshot = original.copy()
        try:
            action(*args)
        except Exception:  # noqa: BLE001 - every failure must end in a message, never a traceback
            log.exception("TriPeaks app callback failed; the game was restored")
            untouched = (original.state_key(), original.moves, len(original.history)) == fingerprint
            self._game = original if untouched else snapshot
            self._status_state = ("failure",)
            try:
                self.board.set_game(self._game)
                self._render()
            except Exception:  # noqa: BLE001
                log.exception("TriPeaks app could not redraw after a failure")
                self.status.value = _esc(ui_text("status.failure", self._lang))
        finally:
            self._busy = False

    def _on_card(self, position: int) -> None:
        self._guard(self._play, position)

    def _on_stock(self) -> None:
        self._guard(self._draw)

    def _play(self, position: int) -> None:
        try:
            event = self._game.play(position)
        except IllegalMoveError as exc:
            self._refused(exc.refusal)
            return
        self._acted(event)

    def _draw(self) -> None:
        try:
            event = self._game.draw()
        except IllegalMoveError as exc:
            self._refused(exc.refusal)
            return
        self._acted(event)

    def _undo(self) -> None:
        try:
            event = self._game.undo()
        except IllegalMoveError as exc:
            self._refused(exc.refusal)
            return
        self._acted(event)

    def _restart(self) -> None:
        self._game = self._game.restart()
        self.board.set_game(self._game)
        self._status_state = ("restarted",)
        self._render()

    def _deal(self) -> None:
        text = self.code_input.value.strip()
        if not text:
            self._deal_random()
            return
        try:
            code = GameCode.parse(text)
        except InvalidCodeError as exc:
            self._new_state = ("error", exc)
            self._render_new_message()
            return
        self._start(Game.from_code(code), "new.dealt_code")

    def _deal_random(self) -> None:
        self._start(self.new_game_factory(Rule.parse(self.new_rule.value)), "new.dealt_random")

    def _start(self, game: Game, key: str) -> None:
        self._game = game
        if game.code is not None:
            self.new_rule.value = game.code.rule.value
        self.code_input.value = ""
        self._new_state = ("ok", key)
        self._status_state = _WELCOME
        self.board.set_game(game)
        self._render()

    def _error_help_changed(self) -> None:
        self._render_controls()
        if not self.error_help.value and self._status_state[0] == "refusal":
            self._status_state = ("none",)
            self._render_status()

    def _language_changed(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self._lang = lang
        self.board.set_language(lang)
        self._render()

    # ------------------------------------------------------------------ reactions
    def _refused(self, refusal: Refusal) -> None:
        """A refused action: the game did not change; maybe say why (docs/rules.md §2)."""
        if refusal is Refusal.EMPTY:
            # The card is already gone: typically the second click of a fast double click. Nothing to say.
            return
        if refusal in (Refusal.NOT_ADJACENT, Refusal.BLOCKED) and not self.error_help.value:
            return
        self._status_state = ("refusal", refusal)
        self._render_status()

    def _acted(self, event: Event) -> None:
        self._status_state = ("event", event)
        self.board.refresh()  # the board first: it is what the player watches
        self._render(board=False)

    # ------------------------------------------------------------------ rendering
    def _render(self, board: bool = True, plot_soon: bool = False) -> None:
        if board:
            self.board.refresh()
        # What the player watches first: board, score, message, plot; then the rest.
        self._render_header()
        self._render_status()
        if plot_soon:
            self._plot.redraw_soon(self._game, self._lang)
        else:
            self._plot.redraw(self._game, self._lang)
        self._render_controls()
        self._render_log()
        self._render_new_message()
        for callback in list(self._update_callbacks):
            callback(self._game)

    def _render_header(self) -> None:
        g, lang = self._game, self._lang
        self.title_label.value = f'<span class="tp-title-text">{_esc(ui_text("app.title", lang))}</span>'
        self.score_label.value = (
            f'<span class="tp-stat-text">{_esc(ui_text("header.score", lang, score=g.score))}</span>'
        )
        self.moves_label.value = (
            f'<span class="tp-stat-text">{_esc(ui_text("header.moves", lang, moves=g.moves))}</span>'
        )
        self.peaks_label.value = _esc(ui_text("header.peaks", lang, cleared=sum(g.peaks_cleared)))
        self.rule_label.value = _esc(ui_text("header.rule", lang, rule=rule_name(g.rule, lang)))
        code = str(g.code) if g.code is not None else ui_text("header.custom", lang)
        marker = "\x00CODE\x00"
        span = f'<span class="tp-code-text" title="{_esc(ui_text("header.code_help", lang))}">{_esc(code)}</span>'
        self.code_label.value = _esc(ui_text("header.code", lang, code=marker)).replace(_esc(marker), span)

    def _rule_options(self) -> list[tuple[str, str]]:
        return [(rule_name(Rule.EASY, self._lang), "E"), (rule_name(Rule.CLASSIC, self._lang), "C")]

    def _render_controls(self) -> None:
        g, lang = self._game, self._lang
        self.undo_button.description = ui_text("controls.undo", lang)
        self.undo_button.disabled = not g.can_undo
        self.restart_button.description = ui_text("controls.restart", lang)
        self.restart_button.tooltip = ui_text("controls.restart_tip", lang)
        self.restart_button.disabled = not g.history
        # The state in words, not only by colour and tick: screen readers read the button text.
        self.error_help.description = ui_text(
            "controls.error_help_on" if self.error_help.value else "controls.error_help_off", lang
        )
        self.error_help.tooltip = ui_text("controls.error_help_tip", lang)
        self.error_help.icon = "check" if self.error_help.value else ""
        self.language.description = ui_text("controls.language", lang)
        self.again_button.description = ui_text("new.again", lang)
        self.again_button.layout.display = None if g.is_over else "none"
        self.new_title.value = _esc(ui_text("new.title", lang))
        self.new_rule.description = ui_text("new.rule", lang)
        options = self._rule_options()
        if list(self.new_rule.options) != options:
            value = self.new_rule.value
            self.new_rule.options = options
            self.new_rule.value = value
        self.code_input.description = ui_text("new.code", lang)
        self.code_input.placeholder = ui_text("new.placeholder", lang)
        self.deal_button.description = ui_text("new.deal", lang)
        self.log_title.value = _esc(ui_text("log.title", lang))

    def _status_text(self) -> tuple[list[str], str]:
        """(sentences, kind) of the status line in the current language."""
        g, lang = self._game, self._lang
        state = self._status_state
        what = state[0]
        if what == "refusal":
            if g.status is Status.BLOCKED:  # keep saying that the game is over
                return [
                    refusal_message(state[1], lang),
                    status_message(Status.BLOCKED, lang),
                    ui_text("status.blocked_help", lang),
                ], "error"
            return [refusal_message(state[1], lang)], "error"
        if what == "failure":
            return [ui_text("status.failure", lang)], "error"
        if what == "custom":
            return [state[1](lang)], state[2]
        if g.status is Status.WON:
            return [status_message(Status.WON, lang, g.score), ui_text("status.won_peaks", lang)], "won"
        if g.status is Status.BLOCKED:
            return [status_message(Status.BLOCKED, lang), ui_text("status.blocked_help", lang)], "blocked"
        if what == "event":
            return [explain(state[1], lang)], "info"
        if what == "restarted":
            return [ui_text("status.restarted", lang)], "info"
        if what == "none":
            return [], "info"
        return [ui_text("status.welcome", lang)], "info"

    def _render_status(self) -> None:
        sentences, kind = self._status_text()
        self.status.value = " ".join(f'<span class="tp-msg tp-msg-{kind}">{_esc(t)}</span>' for t in sentences if t)
        for k in ("error", "won", "blocked"):
            cls = f"tp-status-{k}"
            if k == kind and cls not in self.status._dom_classes:
                self.status.add_class(cls)
            elif k != kind and cls in self.status._dom_classes:
                self.status.remove_class(cls)

    def _render_new_message(self) -> None:
        lang, state = self._lang, self._new_state
        if state[0] == "error":
            self.new_message.value = f'<span class="tp-msg-error">{_esc(code_error_message(state[1], lang))}</span>'
        elif state[0] == "ok" and self._game.code is not None:
            text = ui_text(state[1], lang, code=str(self._game.code), rule=rule_name(self._game.rule, lang))
            self.new_message.value = f'<span class="tp-msg-ok">{_esc(text)}</span>'
        else:
            self.new_message.value = ""

    def _render_log(self) -> None:
        lang = self._lang
        history = self._game.history
        if not history:
            self.move_log.value = f'<p class="tp-log-empty">{_esc(ui_text("log.empty", lang))}</p>'
            return
        items = []
        for e in reversed(history):
            # An undo keeps the move number, so it gets no "Move n:" label of its own.
            sentence = (
                explain(e, lang)
                if e.kind == "undo"
                else ui_text("log.entry", lang, moves=e.moves, sentence=explain(e, lang))
            )
            items.append(f'<li class="tp-log-{e.kind.value}">{_esc(sentence)}</li>')
        self.move_log.value = '<ol class="tp-log-list">' + "".join(items) + "</ol>"
