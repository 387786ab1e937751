"""The end of a game: a short celebration after a win, a summary and the score's breakdown.

Once the game is over — won, blocked or out of time (docs/rules.md §2, §8) —
:class:`EndOfGameView` shows

* a **heading** saying how the game ended: a cheer after a win, else "No more
  moves possible" or "Time is up" (the status line may be out of sight);
* after a win, a **celebration**: the heading large, the final score large
  and counting up from 0 for under a second, card suits rising in the
  heading's row and a short cascade of cards falling over the felt behind the
  panel (:attr:`EndOfGameView.cascade`, about two seconds), CSS only, nothing
  fetched; with ``prefers-reduced-motion: reduce`` nothing moves (the suits
  stand still, the score shows at once, no cascade).  The decoration is
  hidden from screen readers; the win's sound plays when sound is on
  (:mod:`tripeaks.app.views.sound`);
* a **summary**: final score, moves, draws, undos, hints (with the hint tools) and the time played, from
  the game's finished-game entry (:meth:`EndOfGameView.entry`, whose duration
  is the game's one clock: the same as the history's and the class row's);
* the **breakdown** of the final score (:func:`score_breakdown`): the starting
  score, the plays, the draws, the peak bonuses, and — where the rule set has
  them — the run points, the clear bonus, the undo penalties and what the
  floor at 0 gave back.  The rows come from the engine's
  :class:`~tripeaks.engine.game.ScoreParts` of every event, so they add up to the
  score the header shows.

In the app it lies over the board (the felt, where the player is looking), with
**New game** at hand and **See the board**, which folds it away until the next
game ends (the status line under the board keeps its own New game).

It hides again when the game goes on (an undo from a blocked game) or
another game is dealt.

CSS classes: ``tp-end`` (the panel; ``tp-end-won`` / ``-blocked`` /
``-time_up``; ``tp-end-open`` while it is shown), ``tp-end-title``, ``tp-end-bigscore`` (a win's
score, ``tp-countup`` while it counts), ``tp-celebrate`` (the suits), ``tp-cascade`` (the falling cards),
``tp-end-summary`` (a ``table``, a row per figure), ``tp-end-actions`` (``tp-end-again``,
``tp-end-close``), ``tp-breakdown`` (a ``table``; each row
``tp-part-<key>``, the last ``tp-part-total``).
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from ...engine.game import DrawEvent, Game, PlayEvent, Status, UndoEvent
from ...engine.rules import ScoringRule, UndoRule
from ...history.entry import UTC, GameEntry, Outcome
from ...i18n import format_number, signed_number, status_message
from ...i18n.rulesets import rules_text
from ...i18n.ui import ui_text
from .. import static
from ..model.clock import GameClock
from ..model.session import GAME_CHANGES, GameOver, GameStarted, LanguageChanged, PlaySession, SessionEvent
from .timer import format_elapsed

__all__ = ["BreakdownRow", "ScoreBreakdown", "score_breakdown", "EndOfGameView", "CSS"]

CSS = static.text("endgame.css")
"""Style of the end-of-game panel (``tp-*`` selectors only)."""

_SUITS = (("♠", "tp-black"), ("♥", "tp-red"), ("♣", "tp-black"), ("♦", "tp-red"))
_CASCADE_CARDS = 14
"""How many cards fall over the felt after a win."""


@dataclass(frozen=True)
class BreakdownRow:
    """One part of the final score: ``key`` (``"start"``, ``"plays"``, ``"draws"``, ``"peaks"``,
    ``"clear"``, ``"run"``, ``"penalty"``, ``"floor"``), how many things it counts (``None`` when
    it counts nothing) and its ``points``."""

    key: str
    count: int | None
    points: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """The final score split into :class:`BreakdownRow` s whose points add up to ``total`` (the score)."""

    rows: tuple[BreakdownRow, ...]
    total: int


def score_breakdown(game: Game) -> ScoreBreakdown:
    """The parts of ``game``'s score (docs/rules.md §3, §4, §8), from the engine's ``ScoreParts``.

    The parts of the whole game (:meth:`Game.score_parts`) are split into
    rows: the starting score; the cost of the plays and of the draws (the
    standing ones: an undone move's cost was given back); the peak bonuses;
    under run scoring the run points and the clear bonus; under the undo
    penalty the penalties; and, when it applied, what the floor at 0 gave
    back.  The rows add up to ``game.score``.
    """
    parts = game.score_parts()
    standing = game.standing_actions
    plays = [e for e in standing if isinstance(e, PlayEvent)]
    draws = [e for e in standing if isinstance(e, DrawEvent)]
    play_cost = sum(e.parts.move for e in plays)
    runs = game.rules.scoring is ScoringRule.RUNS
    rows = [BreakdownRow("start", None, parts.start)]
    if not runs or play_cost:
        rows.append(BreakdownRow("plays", len(plays), play_cost))
    rows.append(BreakdownRow("draws", len(draws), parts.move - play_cost))
    if runs or parts.run:
        rows.append(BreakdownRow("run", len(plays), parts.run))
    rows.append(BreakdownRow("peaks", sum(game.peaks_cleared), parts.peaks))
    if runs or parts.clear:
        rows.append(BreakdownRow("clear", 1 if parts.clear else 0, parts.clear))
    if game.rules.undo is UndoRule.PENALTY or parts.penalty:
        penalised = sum(1 for e in game.history if isinstance(e, UndoEvent) and e.parts.penalty)
        rows.append(BreakdownRow("penalty", penalised, parts.penalty))
    if parts.floor:
        rows.append(BreakdownRow("floor", None, parts.floor))
    return ScoreBreakdown(tuple(rows), parts.total)


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class EndOfGameView(widgets.VBox):
    """The end-of-game panel, following ``session`` (and ``clock`` for the time played).

    Widgets (public, read-only): ``title``, ``celebration``, ``body`` (the
    summary and the breakdown).  Hidden while the game is being played.
    """

    def __init__(self, session: PlaySession, clock: GameClock, **kwargs: object) -> None:
        self._session = session
        self._clock = clock
        self.hints_used: Callable[[], int] | None = None
        """How many hints the game used (the summary's *Hints* row), when the app has hints."""
        self.title = widgets.HTML()
        self.title.add_class("tp-end-title")
        self.celebration = widgets.HTML()
        self.celebration.add_class("tp-celebrate")
        self.celebration.layout.display = "none"  # until a win
        self.cascade = widgets.HTML()
        """The cards falling over the felt after a win: the app puts it in the table, behind the panel."""
        self.cascade.add_class("tp-cascade")
        self.cascade.layout.display = "none"  # until a win
        self._counting = False
        self.body = widgets.HTML()
        self.body.add_class("tp-end-body-box")
        self.again_button = widgets.Button()
        self.again_button.add_class("tp-end-again")
        self.again_button.on_click(lambda _b: session.request_deal_random())
        self.close_button = widgets.Button()
        self.close_button.add_class("tp-end-close")
        self.close_button.on_click(lambda _b: self.dismiss())
        self.actions = widgets.HBox([self.again_button, self.close_button])
        """The panel's buttons: New game, See the board; :meth:`add_action` adds one."""
        self.actions.add_class("tp-end-actions")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        style.layout.display = "none"  # takes no room in the panel (the rule still applies)
        super().__init__([self.celebration, self.title, self.body, self.actions, style], **kwargs)
        self.add_class("tp-end")
        self._status: Status | None = None
        self._dismissed = False
        session.subscribe(self._on_event)
        self.render()

    def add_action(self, widget: widgets.Widget) -> None:
        """Add a button (e.g. one that reviews the game) to the panel's row, before See the board."""
        self.actions.children = (*self.actions.children[:-1], widget, self.actions.children[-1])

    def dismiss(self) -> None:
        """Fold the panel away (See the board) until the next game ends; New game stays under the board."""
        self._dismissed = True
        self._open(False)

    @property
    def shown(self) -> bool:
        """Whether the panel is on screen."""
        return self.layout.display != "none"

    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameOver):
            self._dismissed = False  # a game that ends (again, after an undo) shows its end
        if isinstance(event, GameOver) and event.status is Status.WON:
            self.celebrate()
        elif isinstance(event, GAME_CHANGES):
            if isinstance(event, GameStarted) or not self._session.game.is_over:
                self._show(self.celebration, "")
                self._show(self.cascade, "")
            self.render()
        elif isinstance(event, LanguageChanged):
            self.render()

    def celebrate(self) -> None:
        """Start the celebration of a win (once: a language switch does not start it again)."""
        spans = "".join(
            f'<span class="{cls}" style="left: {58 + 2.9 * i:.1f}%; animation-delay: {(i % 4) * 0.12:.2f}s">{suit}</span>'
            for i, (suit, cls) in enumerate(_SUITS * 3)
        )
        self._show(self.celebration, f'<div class="tp-confetti" aria-hidden="true">{spans}</div>')
        cards = "".join(
            f'<span class="tp-fall" style="left: {3 + 88 * ((i * 5) % _CASCADE_CARDS) / (_CASCADE_CARDS - 1):.1f}%;'
            f' animation-delay: {(i % 5) * 0.11 + (i % 3) * 0.05:.2f}s">'
            f'<span class="tp-fall-card {cls}">{suit}</span></span>'
            for i, (suit, cls) in enumerate((_SUITS * 4)[:_CASCADE_CARDS])
        )
        self._show(self.cascade, f'<div class="tp-cascade-cards" aria-hidden="true">{cards}</div>')
        self._counting = True  # the score counts up once: a later rendering (a language switch) shows it still
        self.render()

    def render(self) -> None:
        """Show the end of the game in the session's language, or hide while it is being played."""
        game, lang = self._session.game, self._session.lang
        status = game.status
        if status is Status.PLAYING:
            self._dismissed = False
            self._open(False)
            self._show(self.title, "")
            self.body.value = ""
            self._set_status(None)
            return
        self._set_status(status)
        # The panel says how the game ended (the status line may be out of sight): a cheer for a win,
        # "No more moves possible" or "Time is up" otherwise.
        heading = rules_text("end.won_title", lang) if status is Status.WON else status_message(status, lang)
        self._show(self.title, f'<div role="heading" aria-level="2">{_esc(heading)}</div>{self._big_score(game, lang)}')
        self.body.value = f'<div class="tp-end-body">{self._summary(game, lang)}{self._breakdown(game, lang)}</div>'
        self.again_button.description = ui_text("new.again", lang)
        self.close_button.description = ui_text("end.close", lang)
        self.close_button.tooltip = ui_text("end.close_tip", lang)
        self._open(not self._dismissed)

    def _big_score(self, game: Game, lang: str) -> str:
        """A win's final score, large under the heading; right after the win it counts up from 0 (CSS,
        the count ``aria-hidden``: the number itself is the real text, shown once the count is done)."""
        if game.status is not Status.WON:
            return ""
        counting, self._counting = self._counting, False
        count = (
            f'<span class="tp-countup" aria-hidden="true" style="--tp-final: {max(game.score, 0)}"></span>'
            if counting
            else ""
        )
        return (
            f'<div class="tp-end-bigscore{" tp-counting" if counting else ""}">'
            f'<span class="tp-bigscore-label">{_esc(rules_text("end.score", lang))}</span>'
            f'<span class="tp-bigscore-value">{count}<span class="tp-bigscore-number">'
            f"{_esc(format_number(game.score, lang))}</span></span></div>"
        )

    def _open(self, on: bool) -> None:
        """Show or fold the panel; ``tp-end-open`` marks it shown (the board's win banner then steps aside)."""
        self.layout.display = None if on else "none"
        if on:
            self.add_class("tp-end-open")
        else:
            self.remove_class("tp-end-open")

    @staticmethod
    def _show(widget: widgets.HTML, value: str) -> None:
        """Set ``widget``'s HTML; an empty one takes no room (no blank line at the top of the panel)."""
        widget.value = value
        display = None if value else "none"
        if widget.layout.display != display:
            widget.layout.display = display

    def _set_status(self, status: Status | None) -> None:
        if status is self._status:
            return
        if self._status is not None:
            self.remove_class(f"tp-end-{self._status.value}")
        if status is not None:
            self.add_class(f"tp-end-{status.value}")
        self._status = status

    def entry(self) -> GameEntry:
        """The finished-game entry of the game on the table as it is now: its outcome (ABANDONED while
        it is being played), score (points), moves, undos and duration (seconds, from the game clock)."""
        game = self._session.game
        return GameEntry.of(game, Outcome.of(game), self._clock.elapsed(), datetime.datetime.now(UTC))

    def _summary(self, game: Game, lang: str) -> str:
        entry = self.entry()
        draws = len(game.dealt_stock) - game.stock_count  # the draws that stand (the entry counts undone ones too)
        items = (
            ("end.score", format_number(entry.score, lang)),
            ("end.moves", format_number(entry.moves, lang)),
            ("end.draws", format_number(draws, lang)),
            ("end.undos", format_number(entry.undos, lang)),
            *((("end.hints", format_number(self.hints_used(), lang)),) if self.hints_used is not None else ()),
            ("end.time", format_elapsed(entry.duration)),
        )
        rows = "".join(
            f'<tr class="tp-sum-{key[4:]}"><th scope="row">{_esc(rules_text(key, lang))}</th>'
            f'<td class="tp-num">{_esc(value)}</td></tr>'
            for key, value in items
        )
        title = _esc(rules_text("end.summary", lang))
        return f'<section><h3>{title}</h3><table class="tp-end-summary"><tbody>{rows}</tbody></table></section>'

    def _breakdown(self, game: Game, lang: str) -> str:
        breakdown = score_breakdown(game)
        labels = {
            "start": "end.part.start",
            "plays": "end.part.plays",
            "draws": "end.part.draws",
            "peaks": "end.part.peaks",
            "clear": "end.part.clear",
            "run": "end.part.run",
            "penalty": "end.part.penalty",
            "floor": "end.part.floor",
        }
        body = []
        for row in breakdown.rows:
            count = "" if row.count is None else format_number(row.count, lang)
            points = format_number(row.points, lang) if row.key == "start" else signed_number(row.points, lang)
            body.append(
                f'<tr class="tp-part-{row.key}"><th scope="row">{_esc(rules_text(labels[row.key], lang))}</th>'
                f'<td class="tp-num tp-count">{_esc(count)}</td><td class="tp-num tp-points">{_esc(points)}</td></tr>'
            )
        body.append(
            f'<tr class="tp-part-total"><th scope="row">{_esc(rules_text("end.part.total", lang))}</th>'
            f'<td class="tp-num tp-count"></td>'
            f'<td class="tp-num tp-points">{_esc(format_number(breakdown.total, lang))}</td></tr>'
        )
        head = (
            f'<thead><tr><th scope="col">{_esc(rules_text("end.col.part", lang))}</th>'
            f'<th scope="col" class="tp-num">{_esc(rules_text("end.col.count", lang))}</th>'
            f'<th scope="col" class="tp-num">{_esc(rules_text("end.col.points", lang))}</th></tr></thead>'
        )
        return (
            f"<section><h3>{_esc(rules_text('end.breakdown', lang))}</h3>"
            f'<table class="tp-breakdown">{head}<tbody>{"".join(body)}</tbody></table></section>'
        )
