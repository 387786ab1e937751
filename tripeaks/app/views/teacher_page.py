"""The teacher's view of the class results: a leaderboard per code, each student's progress,
plots of the class's scores, the class challenge, and a Refresh button.

Widgets only: every figure comes from :class:`tripeaks.history.class_results.ClassStore`
and every sentence from :mod:`tripeaks.i18n.classroom`.  The notebook
``notebooks/class_results.ipynb`` is one call::

    from tripeaks.app.views.teacher_page import build_class_results
    build_class_results()            # the database in TRIPEAKS_CLASS_DB; lang="pt" or "fr" also

With no database configured (or one that cannot be read) the view says so
and how to set one up.  Student names are shown as typed, escaped as text
(a name is never read as HTML).  The plots are one matplotlib ``Figure``
(no pyplot) drawn into a ``widgets.Image``, with a text for screen readers.
The view follows the page's light or dark theme (the palette of
:mod:`tripeaks.app.views.theme`), and a page bridge sets the page's language and
title (:class:`~tripeaks.app.views.bridge.PageBridge`).
"""

from __future__ import annotations

import html
import io
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

import ipywidgets as widgets

from ...engine.codes import InvalidCodeError
from ...history.class_results import (
    ENV_CHALLENGE,
    ENV_DB,
    ChallengeSource,
    ClassRow,
    ClassStore,
    Outcome,
    Problem,
)
from ...i18n.classroom import classroom_text, problem_message
from ...i18n.core import check_language, format_number
from ...i18n.engine import LANGUAGE_NAMES, LANGUAGES
from .. import static
from .bridge import PageBridge
from .theme import theme_widget

__all__ = ["ClassResults", "build_class_results"]

log = logging.getLogger(__name__)

_WON = "#1f7a44"
_NOT_WON = "#c62828"
_PLOT_SIZE = (920, 320)  # pixels
_SETUP_EXAMPLE = (
    "TRIPEAKS_CLASS_DB=$HOME/class/results.sqlite voila --Voila.config_file_paths=config notebooks/tripeaks.ipynb"
)

_CSS = static.text("teacher_page.css")


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _table(headers: Sequence[str], rows: Sequence[Sequence[tuple[Any, bool]]], css: str) -> str:
    """An HTML table; every cell is (value, is_number) and is escaped as text."""
    head = "".join(f"<th scope='col'>{_esc(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(f"<td class='tp-num'>{_esc(v)}</td>" if num else f"<td>{_esc(v)}</td>" for v, num in r)
        + "</tr>"
        for r in rows
    )
    return f"<table class='tp-class-table {css}'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _when(iso: str) -> str:
    """``2026-05-09T10:00:00.000+00:00`` → ``2026-05-09 10:00`` (UTC)."""
    return iso[:16].replace("T", " ")


def _parse_time(iso: str) -> datetime:
    return datetime.fromisoformat(iso).astimezone(timezone.utc).replace(tzinfo=None)


class ClassResults(widgets.VBox):
    """The teacher's view over the class database ``db`` (a path; ``None``: ``TRIPEAKS_CLASS_DB``).

    ``lang`` "en", "pt" or "fr" (a menu switches it); ``environ`` replaces
    ``os.environ`` (tests).  :meth:`refresh` (the Refresh button) reads the
    database again, reopening it, so a file set up or repaired meanwhile is
    picked up.  Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language.
    """

    def __init__(
        self, db: str | os.PathLike[str] | None = None, lang: str = "en", environ: Mapping[str, str] | None = None
    ) -> None:
        check_language(lang)
        self._db = db
        self._environ = environ
        self._lang = lang
        self._message: Callable[[str], str] | None = None
        self._message_kind = ""
        self._picking = False
        self.store: ClassStore = self._open()
        self.read_at: datetime | None = None

        style = theme_widget()  # the palette of tripeaks.app.views.theme (light and dark), then this view's own rules
        style.value += f"<style>{_CSS}</style>"
        style.add_class("tp-class-style")
        self.title = widgets.HTML()
        self.language = widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang)
        self.language.observe(lambda change: self._guard(self._language_changed, change["new"]), names="value")
        self.refresh_button = widgets.Button(icon="refresh")
        self.refresh_button.add_class("tp-class-refresh")
        self.refresh_button.on_click(lambda _b: self._guard(self.refresh))
        self.info = widgets.HTML()
        self.info.add_class("tp-class-info")

        self.challenge_heading = widgets.HTML()
        self.challenge_status = widgets.HTML()
        self.challenge_status.add_class("tp-class-challenge")
        self.challenge_input = widgets.Text(layout=widgets.Layout(width="320px"))
        self.challenge_set = widgets.Button(button_style="success")
        self.challenge_set.on_click(lambda _b: self._guard(self._set_challenge))
        self.challenge_clear = widgets.Button()
        self.challenge_clear.on_click(lambda _b: self._guard(self._clear_challenge))
        self.challenge_message = widgets.HTML()
        self.challenge_message.add_class("tp-class-message")  # a live region: read out when it changes
        self.challenge_controls = widgets.HBox([self.challenge_input, self.challenge_set, self.challenge_clear])

        self.leaderboard_heading = widgets.HTML()
        self.code_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="320px"))
        self.code_picker.observe(lambda _c: self._guard(self._code_changed), names="value")
        self.leaderboard_summary = widgets.HTML()
        self.leaderboard = widgets.HTML()
        self.leaderboard.add_class("tp-class-leaderboard")
        self.progress_heading = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("tp-class-progress")
        self.plot_heading = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(width=f"{_PLOT_SIZE[0]}px"))
        self.plot.add_class("tp-class-plot")
        self.plot_png = b""
        """The PNG bytes last drawn (empty when there is nothing to plot)."""
        self._figure: Any = None
        self._canvas: Any = None
        self._games: list[ClassRow] = []

        self.results = widgets.VBox(
            [
                self.challenge_heading,
                self.challenge_status,
                self.challenge_controls,
                self.challenge_message,
                self.leaderboard_heading,
                self.code_picker,
                self.leaderboard_summary,
                self.leaderboard,
                self.progress_heading,
                self.progress,
                self.plot_heading,
                self.plot,
            ]
        )
        top = widgets.HBox(
            [self.title, self.refresh_button, self.language], layout=widgets.Layout(align_items="center")
        )
        self.page_bridge = PageBridge(lang=lang, root=".tp-class", live=".tp-class-message")
        """The page's language and title, and the plots' text for screen readers."""
        super().__init__([style, top, self.info, self.results, self.page_bridge])
        self.add_class("tp-class")
        self.add_class("tp-themed")  # its labels and texts follow the page's light or dark theme
        self._retext()
        self.refresh()

    # ------------------------------------------------------------------ public
    @property
    def lang(self) -> str:
        return self._lang

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` ("en", "pt", "fr").

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``) for another one.
        """
        self.language.value = check_language(lang)

    def refresh(self, code: str | None = None) -> None:
        """Read the database again (reopened: a file set up or repaired since is picked up).

        The leaderboard shown is ``code``'s if given, else the one shown before,
        else the challenge's, else the most recently played code's.
        """
        self.store = self._open()
        self.read_at = datetime.now(timezone.utc)
        self._games = self.store.games()
        codes = self.store.codes()
        challenge = self.store.challenge()
        previous = self.code_picker.value
        options = [c.code for c in codes]
        if challenge is not None and challenge.code not in options:
            options.insert(0, challenge.code)
        if code is not None and code in options:
            chosen: str | None = code
        elif previous in options:
            chosen = previous
        elif challenge is not None:
            chosen = challenge.code
        else:
            chosen = options[0] if options else None
        self._picking = True  # the picker's observer waits: everything is drawn once below
        try:
            self.code_picker.options = options
            self.code_picker.value = chosen
        finally:
            self._picking = False
        self._render()

    # ----------------------------------------------------------------- private
    def _open(self) -> ClassStore:
        if self._db is not None:
            return ClassStore(self._db, environ=self._environ)
        return ClassStore.from_env(self._environ)

    def _guard(self, action: Callable[..., None], *args: Any) -> None:
        try:
            action(*args)
        except Exception:  # a failure is shown in one sentence; the view stays usable
            log.exception("class results view")
            self._say(lambda lang: classroom_text("failure", lang), "error")

    def _t(self, key: str, **values: Any) -> str:
        return classroom_text(key, self._lang, **values)

    def _say(self, render: Callable[[str], str] | None, kind: str = "") -> None:
        self._message, self._message_kind = render, kind
        self.challenge_message.value = (
            "" if render is None else f"<div class='tp-class-note tp-class-{kind}'>{_esc(render(self._lang))}</div>"
        )

    def _language_changed(self, lang: str) -> None:
        self._lang = check_language(lang)
        self._retext()
        self._render()
        self._say(self._message, self._message_kind)

    def _retext(self) -> None:
        t = self._t
        self.title.value = f"<h2>{_esc(t('title'))}</h2>"
        self.language.description = t("language")
        self.refresh_button.description = t("refresh")
        self.refresh_button.tooltip = t("refresh_tip")
        self.challenge_heading.value = f"<h3>{_esc(t('challenge.heading'))}</h3>"
        self.challenge_input.placeholder = t("challenge.placeholder")
        self.challenge_set.description = t("challenge.set")
        self.challenge_clear.description = t("challenge.clear")
        self.leaderboard_heading.value = f"<h3>{_esc(t('leaderboard.heading'))}</h3>"
        self.code_picker.description = t("leaderboard.code")
        self.progress_heading.value = f"<h3>{_esc(t('progress.heading'))}</h3>"
        self.plot_heading.value = f"<h3>{_esc(t('plot.heading'))}</h3>"
        self.page_bridge.set_page(self._lang, t("title"))

    def _code_changed(self) -> None:
        if self._picking:
            return
        self._render_leaderboard()
        self._draw()

    def _render(self) -> None:
        self._render_info()
        self._render_challenge()
        self._render_leaderboard()
        self._render_progress()
        self._draw()

    def _render_info(self) -> None:
        t, store = self._t, self.store
        problem = store.problem
        if problem is not None and problem.reason is Problem.NOT_CONFIGURED:
            self.info.value = (
                f"<div class='tp-class-note tp-class-setup'><p>{_esc(t('setup.none'))}</p>"
                f"<p>{_esc(t('setup.how', variable=ENV_DB))}</p>"
                f"<p><code>{_esc(_SETUP_EXAMPLE)}</code></p>"
                f"<p>{_esc(t('setup.deploy'))}</p></div>"
            )
            self.results.layout.display = "none" if store.challenge() is None else None
            return
        self.results.layout.display = None
        lines = [f"<p>{_esc(t('database', path=store.path))}</p>"]
        if problem is not None:
            lines.append(
                f"<div class='tp-class-note tp-class-problem'><p>{_esc(problem_message(problem, self._lang))}</p>"
                f"<p>{_esc(t('problem.detail', detail=problem.detail))}</p></div>"
            )
        elif self._games:
            players = len({g.name for g in self._games})
            lines.append(f"<p>{_esc(t('summary.games', count=len(self._games), players=players))}</p>")
        else:
            lines.append(f"<p>{_esc(t('summary.empty'))}</p>")
        if self.read_at is not None:
            lines.append(f"<p>{_esc(t('updated', time=self.read_at.strftime('%H:%M:%S')))}</p>")
        self.info.value = "".join(lines)

    def _render_challenge(self) -> None:
        challenge = self.store.challenge()
        if challenge is None:
            text = self._t("challenge.none")
        elif challenge.source is ChallengeSource.ENVIRONMENT:
            text = self._t("challenge.from_env", code=challenge.code, variable=ENV_CHALLENGE)
        else:
            text = self._t("challenge.banner", code=challenge.code)
        self.challenge_status.value = f"<p>{_esc(text)}</p>"
        editable = self.store.available
        self.challenge_controls.layout.display = None if editable else "none"

    def _render_leaderboard(self) -> None:
        t, code = self._t, self.code_picker.value
        if code is None:
            self.leaderboard_summary.value = f"<p>{_esc(t('leaderboard.none'))}</p>" if self.store.available else ""
            self.leaderboard.value = ""
            self.code_picker.layout.display = "none"
            return
        self.code_picker.layout.display = None
        rows = self.store.leaderboard(code)
        on_code = [g for g in self._games if g.code == code]
        self.leaderboard_summary.value = (
            "<p>"
            + _esc(
                t(
                    "leaderboard.summary",
                    code=code,
                    count=len(on_code),
                    players=len(rows),
                    wins=sum(g.result is Outcome.WON for g in on_code),
                )
            )
            + "</p>"
        )
        headers = [
            t(k) for k in ("column.rank", "column.name", "column.games", "column.won", "column.best", "column.fewest")
        ]
        cells = [
            [
                (r.rank, True),
                (r.name, False),
                (r.games, True),
                (t("cell.yes") if r.won else t("cell.no"), False),
                (r.best_score, True),
                (r.fewest_moves if r.fewest_moves is not None else t("cell.none"), True),
            ]
            for r in rows
        ]
        self.leaderboard.value = _table(headers, cells, "tp-class-leaders") if rows else ""

    def _render_progress(self) -> None:
        t = self._t
        rows = self.store.progress()
        headers = [
            t(k)
            for k in (
                "column.name",
                "column.games",
                "column.wins",
                "column.best",
                "column.mean",
                "column.codes",
                "column.last",
            )
        ]
        cells = [
            [
                (r.name, False),
                (r.games, True),
                (r.wins, True),
                (r.best_score, True),
                (format_number(r.mean_score, self._lang, digits=1), True),
                (r.codes, True),
                (_when(r.last_played), False),
            ]
            for r in rows
        ]
        self.progress.value = _table(headers, cells, "tp-class-students") if rows else ""

    def _draw(self) -> None:
        """The two plots: final scores on the chosen code (won / not won) and every game's score in time."""
        games = self._games
        if not games:
            self.plot_png = b""
            self.plot.value = b""
            self.plot.layout.display = "none"
            self.plot_heading.layout.display = "none"
            return
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
        from matplotlib.figure import Figure

        if self._figure is None:
            width, height = _PLOT_SIZE
            self._figure = Figure(figsize=(width / 100, height / 100), dpi=100, facecolor="#fbfaf5")
            self._canvas = FigureCanvasAgg(self._figure)
        fig = self._figure
        fig.clear()
        left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.4]})
        t = self._t
        code = self.code_picker.value
        on_code = [g for g in games if g.code == code] if code is not None else []
        won = [g.score for g in on_code if g.result is Outcome.WON]
        other = [g.score for g in on_code if g.result is not Outcome.WON]
        if on_code:
            scores = won + other
            low, high = min(scores), max(scores)
            bins = max(1, min(20, high - low + 1))
            left.hist(
                [won, other],
                bins=bins,
                range=(low - 0.5, high + 0.5),
                stacked=True,
                color=[_WON, _NOT_WON],
                label=[t("plot.won"), t("plot.not_won")],
            )
            left.legend(loc="best", fontsize=8, frameon=False)
            left.set_title(t("plot.histogram", code=code), fontsize=10)
        left.set_xlabel(t("plot.final_score"), fontsize=9)
        left.set_ylabel(t("plot.games"), fontsize=9)
        left.yaxis.get_major_locator().set_params(integer=True)
        for result_won, colour, label in ((True, _WON, t("plot.won")), (False, _NOT_WON, t("plot.not_won"))):
            chosen = [g for g in games if (g.result is Outcome.WON) is result_won]
            if chosen:
                times = [_parse_time(g.played_at) for g in chosen]
                right.scatter(times, [g.score for g in chosen], color=colour, s=14, label=label)
        right.legend(loc="best", fontsize=8, frameon=False)
        locator = AutoDateLocator()
        right.xaxis.set_major_locator(locator)
        right.xaxis.set_major_formatter(ConciseDateFormatter(locator))
        right.set_title(t("plot.timeline"), fontsize=10)
        right.set_xlabel(t("plot.time"), fontsize=9)
        right.set_ylabel(t("plot.final_score"), fontsize=9)
        for ax in (left, right):
            ax.set_facecolor("#ffffff")
            ax.tick_params(labelsize=8)
        fig.tight_layout()
        buffer = io.BytesIO()
        self._canvas.print_png(buffer)
        self.plot_png = buffer.getvalue()
        self.plot.value = self.plot_png
        alt = t("plot.description", code=code) if on_code else t("plot.description_timeline")
        self.page_bridge.images = {".tp-class-plot": alt}
        self.plot.layout.display = None
        self.plot_heading.layout.display = None

    def _set_challenge(self) -> None:
        text = self.challenge_input.value
        try:
            stored = self.store.set_challenge(text)
        except InvalidCodeError:
            self._say(lambda lang: classroom_text("challenge.invalid", lang), "error")
            return
        if not stored:
            self._say(lambda lang: classroom_text("challenge.unsaved", lang), "error")
            return
        challenge = self.store.challenge()
        self.challenge_input.value = ""
        if challenge is None:
            self._say(lambda lang: classroom_text("challenge.cleared", lang))
        elif challenge.source is ChallengeSource.ENVIRONMENT:  # stored, but the environment wins
            code = challenge.code
            self._say(lambda lang: classroom_text("challenge.from_env", lang, code=code, variable=ENV_CHALLENGE))
        else:
            code = challenge.code
            self._say(lambda lang: classroom_text("challenge.stored", lang, code=code))
        self.refresh(code=challenge.code if challenge is not None else None)

    def _clear_challenge(self) -> None:
        if not self.store.set_challenge(None):
            self._say(lambda lang: classroom_text("challenge.unsaved", lang), "error")
            return
        self._say(lambda lang: classroom_text("challenge.cleared", lang))
        self.refresh()


def build_class_results(
    db: str | os.PathLike[str] | None = None, lang: str = "en", environ: Mapping[str, str] | None = None
) -> ClassResults:
    """The teacher's view, ready to display (see :class:`ClassResults`)."""
    return ClassResults(db=db, lang=lang, environ=environ)
