"""The Statistics panel (collapsed at first): figures per rule set and overall, three plots, reset,
export and import of the history.  It observes a :class:`~tripeaks.app.model.keeper.Keeper` (the history)
and the session (the language); the figures come from :mod:`tripeaks.history.stats`.

Figures (per rule set, docs/rules.md §8, and for all of them): played, won,
win %, current and best streak of wins, best and average final score
(docs/rules.md §3) and average moves over the finished games, the games abandoned (counted apart,
outside those), the games continued from a saved one (a tooltip says how they count); and the
deal-of-the-day line (days played, won, daily streak).  The plots (one figure, drawn only while the panel is
open, :func:`paint_statistics`): the final score of each game in order (wins marked), the win
rate by rule set, a histogram of final scores.  Run-scored games (docs/rules.md §8: they start at
0, not 500) never share a score axis with the others: each kind has its own labelled panels.

CSS classes: ``tp-panel tp-stats``; ``tp-stats-toggle``, ``tp-stats-body``,
``tp-stats-table``, ``tp-stats-daily``, ``tp-stats-plot``, ``tp-stats-export``,
``tp-stats-import``, ``tp-stats-reset``, ``tp-stats-confirm`` (with
``tp-stats-reset-yes`` / ``tp-stats-reset-no``), ``tp-stats-message``.
"""

from __future__ import annotations

import base64
import html
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...engine.rules import RuleSet, ScoringRule
from ...history.entry import GameEntry
from ...history.stats import HistoryError, Summary, by_rules, daily_summary, export_history, summarize
from ...i18n.core import format_number, format_percentage
from ...i18n.keep import keep_text
from ...i18n.ui import preset_name
from .. import static
from ..model.keeper import HistoryChanged, Keeper, KeeperEvent
from ..model.session import LanguageChanged, SessionEvent
from .charts import DAILY, LINE, LOST, WON, FigureImage

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["StatsPanel", "CSS", "rules_label", "paint_statistics", "run_scored", "PLOT_SIZE", "TICK_POINTS"]

CSS = static.text("stats_panel.css")
"""Style of the panel (``tp-*`` classes, the colours of :mod:`tripeaks.app.views.theme`)."""

PLOT_SIZE = (380, 680)
"""The plots' size in CSS pixels at their drawn size (PNG at twice that): about the side column's width
beside the board and a phone's, which the image fills, so its words are read at about their size."""
_MIXED_HEIGHT = 1020
"""The plots' height in pixels when run-scored games and 500-based ones each have their own panels."""
TICK_POINTS = 9
"""The size of the plots' smallest words (ticks, legends), in points at the drawn size."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def rules_label(rules: str, lang: str) -> str:
    """A rule set's name and its text, e.g. "Traditional (E-SR)" (a custom one: "Custom (E-JW)")."""
    try:
        name = preset_name(RuleSet.parse(rules), lang)
    except ValueError:
        name = preset_name(None, lang)
    return keep_text("stats.rule_set", lang, name=name, rules=rules)


log = logging.getLogger(__name__)


class StatsPanel(widgets.VBox):
    """The Statistics panel of ``keeper`` (see the module doc); collapsed until its toggle is pressed.

    Widgets (public, read-only): ``toggle``, ``body``, ``table``, ``daily``,
    ``plot`` (a :class:`~tripeaks.app.views.charts.FigureImage`), ``export_link``,
    ``import_upload``, ``reset_button``, ``confirm``, ``reset_yes``,
    ``reset_no``, ``message``.
    """

    def __init__(self, keeper: Keeper, **kwargs: Any) -> None:
        self._keeper = keeper
        session = self._session = keeper.session
        self._dirty = True
        self._said: tuple[str, dict[str, Any], str, str | None] | None = None
        self.toggle = widgets.Button(layout=widgets.Layout(width="auto"))
        self.toggle.add_class("tp-stats-toggle")
        self.toggle.on_click(lambda _b: self.set_open(not self.is_open))
        self.table = widgets.HTML()
        self.table.add_class("tp-stats-table")
        self.daily = widgets.HTML()
        self.daily.add_class("tp-stats-daily")
        self.caption = widgets.HTML()
        self.plot = FigureImage(*PLOT_SIZE, "tp-stats-plot", fill=True, scale=2)
        self.export_link = widgets.HTML()
        self.export_link.add_class("tp-stats-export")
        self.import_upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.import_upload.add_class("tp-stats-import")
        self.import_upload.observe(self._imported, names="value")
        self.reset_button = widgets.Button()
        self.reset_button.add_class("tp-stats-reset")
        self.reset_button.on_click(lambda _b: self._ask_reset())
        self.question = widgets.HTML()
        self.reset_yes = widgets.Button(button_style="danger")
        self.reset_yes.add_class("tp-stats-reset-yes")
        self.reset_yes.on_click(lambda _b: self._reset())
        self.reset_no = widgets.Button()
        self.reset_no.add_class("tp-stats-reset-no")
        self.reset_no.on_click(lambda _b: self._cancel_reset())
        self.confirm = widgets.HBox(
            [self.question, self.reset_yes, self.reset_no], layout=widgets.Layout(display="none")
        )
        self.confirm.add_class("tp-stats-confirm")
        self.message = widgets.HTML()
        self.message.add_class("tp-stats-message")
        actions = widgets.HBox([self.export_link, self.import_upload, self.reset_button])
        actions.add_class("tp-stats-actions")
        self.body = widgets.VBox(
            [self.table, self.daily, self.caption, self.plot.image, actions, self.confirm, self.message],
            layout=widgets.Layout(display="none"),
        )
        self.body.add_class("tp-stats-body")
        style = widgets.HTML(f"<style>{CSS}</style>")
        style.add_class("tp-style")
        super().__init__([style, self.toggle, self.body], **kwargs)
        self.add_class("tp-panel")
        self.add_class("tp-stats")
        keeper.subscribe(self._on_keeper)
        session.subscribe(self._on_session)
        self.render()

    @property
    def is_open(self) -> bool:
        """True while the panel shows its figures."""
        return self.body.layout.display != "none"

    def set_open(self, on: bool) -> None:
        """Open or collapse the panel (opening draws what changed)."""
        self.body.layout.display = None if on else "none"
        self.render()

    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, HistoryChanged):
            self._dirty = True
            self.render()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self._dirty = True
            self.render()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """Labels in the session's language; the figures and plots when open and changed."""
        lang = self._session.lang
        self.toggle.description = keep_text("stats.hide" if self.is_open else "stats.show", lang)
        self.reset_button.description = keep_text("stats.reset", lang)
        self.import_upload.description = keep_text("stats.import", lang)
        self.reset_yes.description = keep_text("stats.reset_yes", lang)
        self.reset_no.description = keep_text("stats.reset_no", lang)
        history = self._keeper.history
        self.reset_button.disabled = not history
        self.question.value = _esc(keep_text("stats.reset_ask", lang, count=len(history)))
        self._render_message()
        if not self.is_open or not self._dirty:
            return
        self._dirty = False
        if not history:
            self.table.value = f"<p>{_esc(keep_text('stats.empty', lang))}</p>"
            self.daily.value = ""
            self.caption.value = ""
            self.export_link.value = ""
            self.plot.hide()
            return
        self.table.value = self._table_html(lang)
        day = daily_summary(history, self._keeper.today())
        self.daily.value = _esc(
            keep_text(
                "stats.daily", lang, played=day.played, won=day.won, current=day.current_streak, best=day.best_streak
            )
        )
        payload = base64.b64encode(export_history(history).encode("utf-8")).decode("ascii")
        self.export_link.value = (
            f'<a download="tripeaks-history.json" href="data:application/json;base64,{payload}">'
            f"{_esc(keep_text('stats.export', lang))}</a>"
        )
        self.caption.value = f'<span class="tp-sr-only">{_esc(keep_text("stats.plot_alt", lang))}</span>'
        self.plot.draw(lambda fig: self._paint(fig, lang))

    def _table_html(self, lang: str) -> str:
        history = self._keeper.history
        heads = (
            "stats.rules",
            "stats.played",
            "stats.won",
            "stats.win_rate",
            "stats.streak",
            "stats.best_streak",
            "stats.best_score",
            "stats.average_score",
            "stats.average_moves",
            "stats.abandoned",
            "stats.from_record",
        )
        titles = {
            # A deal played again (Try again, Restart) is another game, as in most solitaire apps: said here.
            "stats.played": f' title="{_esc(keep_text("stats.played_tip", lang))}"',
            "stats.from_record": f' title="{_esc(keep_text("stats.from_record_tip", lang))}"',
        }
        # One column per rule set, then all of them; a row per figure: narrow enough for the side
        # column beside the board, and a phone (a row per rule set needed ten columns).
        columns = [(rules_label(r, lang), s, "") for r, s in by_rules(history).items()]
        columns.append((keep_text("stats.overall", lang), summarize(history), "tp-stats-all"))
        values = [self._cells(s, lang) for _name, s, _cls in columns]
        head = f'<th scope="col">{_esc(keep_text(heads[0], lang))}</th>' + "".join(
            f'<th scope="col" class="{cls}">{_esc(name)}</th>' for name, _s, cls in columns
        )
        body = "".join(
            f'<tr><th scope="row"{titles.get(h, "")}>{_esc(keep_text(h, lang))}</th>'
            + "".join(f'<td class="{cls}">{_esc(v[i])}</td>' for v, (_n, _s, cls) in zip(values, columns))
            + "</tr>"
            for i, h in enumerate(heads[1:])
        )
        return f'<div class="tp-stats-scroll"><table><tr>{head}</tr>{body}</table></div>'

    @staticmethod
    def _cells(s: Summary, lang: str) -> list[str]:
        none = keep_text("stats.none", lang)

        def num(x: float | None, digits: int = 0) -> str:
            return none if x is None else format_number(x, lang, digits=digits)

        values = [
            format_number(s.played, lang),
            format_number(s.won, lang),
            format_percentage(s.win_rate, lang, digits=0) if s.win_rate is not None else none,
            format_number(s.current_streak, lang),
            format_number(s.best_streak, lang),
            num(s.best_score),
            num(s.average_score, 1),
            num(s.average_moves, 1),
            format_number(s.abandoned, lang),
            format_number(s.from_record, lang),
        ]
        return values

    def _paint(self, fig: Figure, lang: str) -> None:
        paint_statistics(fig, self._keeper.history, lang)

    # ------------------------------------------------------------------ reset, import
    def _say(self, key: str, kind: str = "ok", detail: str | None = None, **values: Any) -> None:
        self._said = (key, values, kind, detail)
        self._render_message()

    def _render_message(self) -> None:
        lang = self._session.lang
        if self._said is None:
            self.message.value = ""
            return
        key, values, kind, detail = self._said
        text = f'<span class="tp-msg-{kind}">{_esc(keep_text(key, lang, **values))}</span>'
        if detail is not None:
            text += f" <span>{_esc(keep_text('stats.detail', lang, detail=detail))}</span>"
        self.message.value = text

    def _ask_reset(self) -> None:
        if self._keeper.history:
            self.confirm.layout.display = None
            self.render()

    def _cancel_reset(self) -> None:
        self.confirm.layout.display = "none"

    def _reset(self) -> None:
        self.confirm.layout.display = "none"
        self._keeper.reset_history()
        self._say("stats.reset_done")

    def _imported(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else getattr(item, "content", b"")
        try:
            added = self._keeper.import_history(bytes(content))
        except HistoryError as exc:
            self._say("stats.import_bad", "error", detail=str(exc))
        except Exception as exc:  # noqa: BLE001 - never out of the upload handler: nothing changed
            log.exception("TriPeaks import failed")
            self._say("stats.import_bad", "error", detail=type(exc).__name__)
        else:
            self._say("stats.imported", added=added)
        self.import_upload.set_trait("value", ())


def run_scored(entry: GameEntry) -> bool:
    """Whether ``entry`` was scored by runs (docs/rules.md §8: from 0, not 500); an unreadable rule set is not."""
    try:
        return RuleSet.parse(entry.rules).scoring is ScoringRule.RUNS
    except ValueError:
        return False


def _whole_range(values: Sequence[int], pad: float = 0.08) -> tuple[float, float]:
    """Limits around ``values`` with some room, at least 5 points either side (no ticks 750.6…751.4)."""
    low, high = min(values), max(values)
    room = max(5.0, (high - low) * pad)
    return low - room, high + room


def paint_statistics(fig: Figure, history: Sequence[GameEntry], lang: str) -> None:
    """Draw the statistics plots of ``history`` (in order, oldest first) into ``fig``, in ``lang``.

    For each kind of scoring present (500-based, then run scoring, docs/rules.md §8): the final
    score of each game (numbered 1… in the whole history) and a histogram of its final scores;
    between them, the win rate by rule set.  Ticks are whole numbers for any number of games.
    With both kinds the figure grows to hold their panels.
    """
    from matplotlib.ticker import MaxNLocator

    t = lambda key, **v: keep_text(key, lang, **v)  # noqa: E731
    numbered = list(enumerate(history, start=1))
    kinds = [(runs, [(x, e) for x, e in numbered if run_scored(e) is runs]) for runs in (False, True)]
    kinds = [(runs, games) for runs, games in kinds if games]
    mixed = len(kinds) > 1
    fig.set_size_inches(PLOT_SIZE[0] / 100, (_MIXED_HEIGHT if mixed else PLOT_SIZE[1]) / 100)
    ratios = [1.2] * len(kinds) + [1.0] + [1.0] * len(kinds)
    axes = list(fig.subplots(len(ratios), 1, gridspec_kw={"height_ratios": ratios}, squeeze=False)[:, 0])
    score_axes, middle, hist_axes = axes[: len(kinds)], axes[len(kinds)], axes[len(kinds) + 1 :]

    titles = {  # the titles say the kind of scoring when both kinds are shown
        ("stats.plot_scores", False): "stats.plot_scores_standard",
        ("stats.plot_scores", True): "stats.plot_scores_runs",
        ("stats.plot_histogram", False): "stats.plot_histogram_standard",
        ("stats.plot_histogram", True): "stats.plot_histogram_runs",
    }

    def name(key: str, runs: bool) -> str:
        return t(titles[key, runs]) if mixed else t(key)

    for ax, (runs, games) in zip(score_axes, kinds):
        xs = [x for x, _ in games]
        scores = [e.score for _, e in games]
        ax.plot(xs, scores, color=LINE, linewidth=1, alpha=0.5, zorder=1)
        for won, colour, label in ((True, WON, t("stats.legend_won")), (False, LOST, t("stats.legend_lost"))):
            pts = [(x, e.score) for x, e in games if e.won is won]
            if pts:
                ax.scatter(*zip(*pts), color=colour, s=22 if won else 14, label=label, zorder=2)
        daily = [(x, e.score) for x, e in games if e.daily is not None]
        if daily:
            ax.scatter(
                *zip(*daily), facecolors="none", edgecolors=DAILY, s=80, linewidths=1.5, label=t("stats.legend_daily")
            )
        ax.set_title(name("stats.plot_scores", runs), fontsize=TICK_POINTS + 2)
        ax.set_xlabel(t("stats.axis_game"), fontsize=TICK_POINTS + 1)
        ax.set_ylabel(t("stats.axis_score_runs" if runs else "stats.axis_score"), fontsize=TICK_POINTS + 1)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.set_xlim(0.5, len(history) + 0.5)  # whole games only, even for one game (no ticks 0.96…1.04)
        ax.set_ylim(*_whole_range(scores))
        ax.legend(loc="best", fontsize=TICK_POINTS, frameon=False)
    groups = by_rules(history)
    names = [rules_label(r, lang) for r in groups]
    rates = [100 * (s.win_rate or 0) for s in groups.values()]
    bars = middle.barh(range(len(names)), rates, color=WON)
    middle.set_yticks(range(len(names)), names)
    middle.set_xlim(0, 100)
    middle.invert_yaxis()
    for bar, summary in zip(bars, groups.values()):
        middle.text(
            min(bar.get_width() + 1, 88),
            bar.get_y() + bar.get_height() / 2,
            f"{summary.won}/{summary.played}",
            va="center",
            fontsize=TICK_POINTS,
        )
    middle.set_title(t("stats.plot_rates"), fontsize=TICK_POINTS + 2)
    middle.set_xlabel(t("stats.axis_rate"), fontsize=TICK_POINTS + 1)
    for ax, (runs, games) in zip(hist_axes, kinds):
        scores = [e.score for _, e in games]
        low, high = min(scores), max(scores)
        if high - low < 10:  # a few close scores: a range of whole points around them (no ticks 750.6…751.4)
            low, high = low - 5, high + 5
        counts, _edges, _bars = ax.hist(
            [[e.score for _, e in games if e.won], [e.score for _, e in games if not e.won]],
            bins=min(20, max(1, high - low + 1)),
            range=(low - 0.5, high + 0.5),
            stacked=True,
            color=[WON, LOST],
            label=[t("stats.legend_won"), t("stats.legend_lost")],
        )
        ax.set_xlim(low - 0.5, high + 0.5)  # the scores' range: the ticks stay among them
        tallest = max(float(max(c)) for c in counts)  # stacked: the last row holds the totals
        ax.set_ylim(0, tallest * 1.15 + 0.25)  # headroom: the tallest bar never touches the frame
        ax.set_title(name("stats.plot_histogram", runs), fontsize=TICK_POINTS + 2)
        ax.set_xlabel(t("stats.axis_score_runs" if runs else "stats.axis_score"), fontsize=TICK_POINTS + 1)
        ax.set_ylabel(t("stats.axis_count"), fontsize=TICK_POINTS + 1)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
        ax.legend(loc="best", fontsize=TICK_POINTS, frameon=False)
    for ax in axes:
        ax.set_facecolor("#ffffff")
        ax.tick_params(labelsize=TICK_POINTS)
    fig.tight_layout()
