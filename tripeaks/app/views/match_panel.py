"""Matches in the app: the controls that start one and the match bar under the header.

A match (:mod:`tripeaks.history.match`) is several deals under one rule set, their
scores added.  :class:`MatchControls` (in the New game panel) starts a match
of 3, 5 or 10 deals under the rule set of the next random deal;
:class:`MatchBar` (under the header) says which deal of how many is on the
table and the total so far, offers Next deal between deals and Stop the
match, and at the end a summary with a plot: a bar for each deal's score and
the running total as a line.  Both observe a :class:`~tripeaks.app.model.keeper.Keeper`
(which keeps the match, also across a reload) and the session.

CSS classes: ``tp-match-size``, ``tp-match-start``; ``tp-match`` (the bar),
``tp-match-status``, ``tp-match-next``, ``tp-match-stop``, ``tp-match-close``,
``tp-match-summary``, ``tp-match-plot``.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...history.match import MATCH_SIZES, Match, MatchError
from ...i18n.keep import keep_text
from .. import static
from ..model.keeper import Keeper, KeeperEvent, MatchChanged
from ..model.session import GameStarted, LanguageChanged, MessageKind, SessionEvent, StateRestored
from .charts import LINE, LOST, WON, FigureImage

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["MatchControls", "MatchBar", "CSS"]

CSS = static.text("match_panel.css")
"""Style of the match widgets (``tp-*`` classes)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class MatchControls(widgets.HBox):
    """The number of deals (``size``, a Dropdown of 3, 5, 10) and ``start_button``."""

    def __init__(self, keeper: Keeper, **kwargs: Any) -> None:
        self._keeper = keeper
        self.size = widgets.Dropdown(
            options=[(str(n), n) for n in MATCH_SIZES],
            value=MATCH_SIZES[0],
            layout=widgets.Layout(width="150px"),
            style={"description_width": "initial"},
        )
        self.size.add_class("tp-match-size")
        self.start_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.start_button.add_class("tp-match-start")
        self.start_button.on_click(lambda _b: self._start())
        super().__init__([self.size, self.start_button], layout=widgets.Layout(align_items="center"), **kwargs)
        keeper.session.subscribe(lambda e: self.render() if isinstance(e, LanguageChanged) else None)
        self.render()

    def _start(self) -> None:
        try:
            self._keeper.start_match(int(self.size.value))
        except MatchError:  # a rule set a match cannot take: say it like any failure
            self._keeper.session.show_message(lambda lang: keep_text("match.start_tip", lang), MessageKind.ERROR)

    def render(self) -> None:
        """Labels in the session's language."""
        lang = self._keeper.session.lang
        self.size.description = keep_text("match.size", lang)
        self.start_button.description = keep_text("match.start", lang)
        self.start_button.tooltip = keep_text("match.start_tip", lang)


class MatchBar(widgets.VBox):
    """The match bar (hidden when there is no match); see the module doc.

    Widgets (public, read-only): ``status``, ``next_button``, ``stop_button``,
    ``close_button``, ``summary``, ``plot`` (a :class:`~tripeaks.app.views.charts.FigureImage`).
    """

    def __init__(self, keeper: Keeper, **kwargs: Any) -> None:
        self._keeper = keeper
        self._session = keeper.session
        self.status = widgets.HTML()
        self.status.add_class("tp-match-status")
        self.next_button = widgets.Button()
        self.next_button.add_class("tp-match-next")
        self.next_button.on_click(lambda _b: keeper.next_deal())
        self.stop_button = widgets.Button()
        self.stop_button.add_class("tp-match-stop")
        self.stop_button.on_click(lambda _b: keeper.stop_match())
        self.close_button = widgets.Button()
        self.close_button.add_class("tp-match-close")
        self.close_button.on_click(lambda _b: keeper.stop_match())
        row = widgets.HBox([self.status, self.next_button, self.stop_button, self.close_button])
        row.add_class("tp-match-row")
        self.summary = widgets.HTML()
        self.summary.add_class("tp-match-summary")
        self.plot = FigureImage(520, 260, "tp-match-plot")
        self._drawn: tuple[Any, ...] | None = None
        style = widgets.HTML(f"<style>{CSS}</style>")
        style.add_class("tp-style")
        super().__init__([style, row, self.summary, self.plot.image], **kwargs)
        self.add_class("tp-match")
        keeper.subscribe(self._on_keeper)
        self._session.subscribe(self._on_session)
        self.render()

    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, MatchChanged):
            self.render()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, (GameStarted, StateRestored, LanguageChanged)):
            self.render()

    def render(self) -> None:
        """Show the keeper's match in the session's language (hidden without a match)."""
        match, lang = self._keeper.match, self._session.lang
        if match is None:
            self.layout.display = "none"
            self.plot.hide()
            self.summary.value = ""
            self._drawn = None
            return
        self.layout.display = None
        self.next_button.description = keep_text("match.next", lang)
        self.stop_button.description = keep_text("match.stop", lang)
        self.close_button.description = keep_text("match.close", lang)
        on_table = match.playing is not None and self._keeper.is_match_game(self._session.game)
        if match.over:
            text = keep_text("match.over", lang, total=match.total, won=sum(match.won), size=match.size)
        elif on_table:
            text = keep_text("match.playing", lang, deal=match.finished + 1, size=match.size, total=match.total)
        else:
            text = keep_text("match.between", lang, done=match.finished, size=match.size, total=match.total)
        self.status.value = _esc(text)
        self.next_button.layout.display = None if not match.over and not on_table else "none"
        self.stop_button.layout.display = None if not match.over else "none"
        self.close_button.layout.display = None if match.over else "none"
        if match.over:
            self._render_summary(match, lang)
        else:
            self.summary.value = ""
            self.plot.hide()
            self._drawn = None

    def _render_summary(self, match: Match, lang: str) -> None:
        lines = [
            keep_text("match.deal_won" if won else "match.deal_lost", lang, deal=i + 1, code=str(code), score=score)
            for i, (code, score, won) in enumerate(zip(match.codes, match.scores, match.won))
        ]
        best = max(range(match.size), key=lambda i: match.scores[i])
        items = "".join(f"<li>{_esc(line)}</li>" for line in lines)
        best_line = _esc(keep_text("match.best", lang, deal=best + 1, score=match.scores[best]))
        alt = _esc(keep_text("match.plot_alt", lang))
        self.summary.value = f'<ul>{items}</ul><div>{best_line}</div><span class="tp-sr-only">{alt}</span>'
        key = (match, lang)
        if self._drawn != key:
            self._drawn = key
            self.plot.draw(lambda fig: _paint_match(fig, match, lang))

    def close(self) -> None:
        """Close the bar and free its figure."""
        self.plot.close()
        super().close()


def _paint_match(fig: Figure, match: Match, lang: str) -> None:
    """A bar per deal's score and the running total as a line with a marker per deal; margins keep
    every bar and marker whole inside the axes (the last marker was cut), ticks are whole numbers."""
    ax = fig.subplots()
    deals = list(range(1, match.size + 1))
    ax.bar(
        deals, match.scores, color=[WON if w else LOST for w in match.won], label=keep_text("match.axis_score", lang)
    )
    ax.set_xticks(deals)
    ax.set_xlim(0.4, match.size + 0.6)  # room for the first and last bars and markers
    _score_axis(ax, match.scores)
    ax.set_xlabel(keep_text("match.axis_deal", lang), fontsize=9)
    ax.set_ylabel(keep_text("match.axis_score", lang), fontsize=9)
    ax.set_title(keep_text("match.plot_title", lang), fontsize=10)
    twin = ax.twinx()
    twin.plot(deals, match.cumulative, color=LINE, marker="o", label=keep_text("match.axis_total", lang))
    twin.set_ylabel(keep_text("match.axis_total", lang), fontsize=9)
    _score_axis(twin, match.cumulative)
    handles = ax.get_legend_handles_labels()[0] + twin.get_legend_handles_labels()[0]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize=8, frameon=False)
    for a in (ax, twin):
        a.tick_params(labelsize=8)
    ax.set_facecolor("#ffffff")
    fig.tight_layout()


def _score_axis(ax: Axes, values: tuple[int, ...]) -> None:
    """Limits with room over the highest value and under the lowest (a marker on 0 stays whole; the
    two axes of the plot keep their 0 level), whole ticks, none below the lowest value or 0."""
    from matplotlib.ticker import MaxNLocator

    low, high = _room(values)
    ax.set_ylim(low - 0.06 * (high - low), high)
    ax.set_yticks([t for t in MaxNLocator(nbins=6, integer=True).tick_values(low, high) if low <= t <= high])


def _room(values: tuple[int, ...]) -> tuple[float, float]:
    """From 0 (or the lowest value, under 0) to the highest value with an eighth to spare."""
    low, high = min(0, *values), max(0, *values)
    return low, high + max(10.0, (high - low) * 0.12)
