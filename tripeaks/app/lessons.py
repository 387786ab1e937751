"""The lesson view: ten guided lessons on live mini-boards (ipywidgets).

Only shows and forwards: every check, goal and solution lives in
:mod:`tripeaks.lessons`, every text in :mod:`tripeaks.i18n.lessons` (and the
engine's own messages).  The board is the app's :class:`BoardView`; the score
plot is the app's :class:`ScorePlot`.  Widgets are created once and updated in
place.  The model is a :class:`~tripeaks.app.lesson_session.LessonSession`:
every click is tried on a copy of the lesson and kept only when it went
through (a failure shows a short message and the lesson stays as it was).

CSS classes (stable, used by the browser tests): ``tp-lessons``,
``tp-lesson-title``, ``tp-lesson-intro``, ``tp-lesson-goal``,
``tp-lesson-stats``, ``tp-lesson-feedback`` (plus ``tp-fb-<kind>``),
``tp-lesson-progress``, ``tp-lesson-progress-label``, ``tp-lesson-show``,
``tp-lesson-undo``, ``tp-lesson-restart``, ``tp-lesson-back``,
``tp-lesson-next``, ``tp-lang``; the board keeps ``tp-card tp-pos-{p}`` and
``tp-stock``; the plot is ``tp-plot``.

In a notebook cell::

    from tripeaks.app.lessons import build_lessons
    build_lessons()
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..i18n import LANGUAGE_NAMES, LANGUAGES
from ..i18n.lessons import lesson_text
from ..i18n.ui import rule_name, ui_text
from ..lessons import LESSONS, Feedback, LessonRun
from .board import BoardView
from .bridge import PageBridge
from .lesson_session import LessonSession
from .lifecycle import close_tree
from .plot import ScorePlot

__all__ = ["LessonView", "build_lessons", "LESSON_CSS"]

LESSON_CSS = """
.tp-lessons { max-width: 960px; gap: 8px; }
.tp-lessons-header { align-items: center; gap: 14px; padding: 8px 14px; border-radius: 12px;
  background: var(--tp-surface-alt); border: 1px solid var(--tp-border); flex-wrap: wrap; }
.tp-lessons .tp-lessons-name, .tp-lessons .tp-lessons-name .widget-html-content {
  font-size: 22px; font-weight: 700; color: var(--tp-heading); }
.tp-lesson-progress { flex: 1 1 220px; }
.tp-lesson-progress .progress-bar { background-color: #2f8f57; }
.tp-lessons .tp-lesson-progress-label { font-size: 14px; color: var(--tp-text-muted); min-width: 110px; }
.tp-lessons .tp-lesson-title, .tp-lessons .tp-lesson-title .widget-html-content {
  font-size: 20px; font-weight: 700; color: var(--tp-heading); margin-top: 4px; }
.tp-lesson-title h2 { font-size: 20px; margin: 2px 0; color: inherit; }
.tp-lesson-intro { font-size: 15px; line-height: 1.45; }
.tp-lesson-intro p { margin: 0 0 8px 0; }
.tp-lessons .tp-lesson-goal { font-size: 16px; padding: 8px 12px; border-radius: 10px; background: var(--tp-note-bg);
  border: 1px solid var(--tp-note-border); color: var(--tp-text); }
.tp-lesson-goal .tp-step { font-weight: 700; color: var(--tp-note-text); margin-right: 6px; }
.tp-lessons .tp-lesson-stats { font-size: 14px; color: var(--tp-text-muted); }
.tp-lesson-controls { align-items: center; gap: 8px; flex-wrap: wrap; }
.tp-lesson-controls .widget-button { border-radius: 8px; font-weight: 600; padding: 0 14px; }
/* ipywidgets' info and success colours give white text too little contrast (3.5:1, 4.1:1). */
.tp-lesson-controls .widget-button.tp-lesson-show { background: var(--tp-info-button-bg); color: var(--tp-accent-text); }
.tp-lesson-controls .widget-button.tp-lesson-next { background: var(--tp-accent-bg); color: var(--tp-accent-text); }
.tp-lesson-feedback { min-height: 30px; font-size: 15px; }
.tp-lesson-feedback .tp-fb { padding: 6px 12px; border-radius: 10px; border: 1px solid var(--tp-info-border);
  background: var(--tp-info-bg); color: var(--tp-text); line-height: 1.4; }
.tp-lesson-feedback .tp-fb-done { background: var(--tp-ok-bg); border-color: var(--tp-ok-border); color: var(--tp-ok-text); }
.tp-lesson-feedback .tp-fb-refused { background: var(--tp-error-bg); border-color: var(--tp-error-border);
  color: var(--tp-error-text); }
.tp-lesson-feedback .tp-fb-miss { background: var(--tp-warn-bg); border-color: var(--tp-warn-border); color: var(--tp-warn-text); }
.tp-lesson-feedback .tp-fb-finished { background: var(--tp-ok-bg); border-color: var(--tp-ok-border);
  color: var(--tp-ok-text); font-weight: 700; }
.tp-lessons > .tp-plot { background: var(--tp-plot-face); border-radius: 8px; }
"""
"""Extra style for the lesson view (the board brings the app's theme: its ``--tp-*`` colours
follow JupyterLab's and Voila's light and dark themes)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class LessonView(widgets.VBox):
    """The ten lessons in one widget: explanation, goal, live board, Show me, Next, progress.

    ``LessonView(lang="en", start=1)``; it shows a :class:`LessonSession`
    (:attr:`session`, the model) and forwards the learner's clicks to it.
    Children are public attributes so tests can click them like a learner
    (``view.show_button.click()``, ``view.board.card_buttons[21].click()``);
    treat them as read-only.  Raises ``ValueError`` for an unknown language
    (naming the languages) or lesson number.  :meth:`close` frees every
    widget and the plot's figure.
    """

    def __init__(self, lang: str = "en", start: int = 1, **kwargs: object) -> None:
        session = self.session = LessonSession(lang, start)
        """The model: the lessons' runs, the lesson shown, the language."""

        style = widgets.HTML(f"<style>{LESSON_CSS}</style>")
        style.add_class("tp-style")
        self.name_label = widgets.HTML()
        self.name_label.add_class("tp-lessons-name")
        self.progress = widgets.IntProgress(
            min=0, max=len(LESSONS), value=0, layout=widgets.Layout(width="auto", flex="1 1 220px")
        )
        self.progress.add_class("tp-lesson-progress")
        self.progress_label = widgets.HTML()
        self.progress_label.add_class("tp-lesson-progress-label")
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES],
            value=lang,
            layout=widgets.Layout(width="240px"),
            style={"description_width": "initial"},
        )
        self.language.add_class("tp-lang")
        self.language.observe(lambda c: session.set_language(c["new"]), names="value")
        header = widgets.HBox([self.name_label, self.progress_label, self.progress, self.language])
        header.add_class("tp-lessons-header")

        self.title = widgets.HTML()
        self.title.add_class("tp-lesson-title")
        self.intro = widgets.HTML()
        self.intro.add_class("tp-lesson-intro")
        self.goal = widgets.HTML()
        self.goal.add_class("tp-lesson-goal")
        self.stats = widgets.HTML()
        self.stats.add_class("tp-lesson-stats")

        self.board = BoardView(session.run.game, lang)
        self.board.on_card_click(session.click_card)
        self.board.on_stock_click(session.click_stock)

        def button(cls: str, action: Callable[[], None], **kw: object) -> widgets.Button:
            b = widgets.Button(layout=widgets.Layout(width="auto", min_width="120px"), **kw)
            b.add_class(cls)
            b.on_click(lambda _b: action())
            return b

        self.show_button = button("tp-lesson-show", session.show_me, button_style="info")
        self.undo_button = button("tp-lesson-undo", session.undo)
        self.restart_button = button("tp-lesson-restart", session.restart)
        self.back_button = button("tp-lesson-back", session.back)
        self.next_button = button("tp-lesson-next", session.next, button_style="success")
        controls = widgets.HBox(
            [self.show_button, self.undo_button, self.restart_button, self.back_button, self.next_button]
        )
        controls.add_class("tp-lesson-controls")

        self.feedback = widgets.HTML()
        self.feedback.add_class("tp-lesson-feedback")
        # The page's language and title; the feedback line is an ARIA live region.
        self.page_bridge = PageBridge(live=".tp-lesson-feedback")
        self._plot = ScorePlot(lang, width_px=520, height_px=240)
        self.plot_image = self._plot.image

        super().__init__(
            [
                style,
                header,
                self.title,
                self.intro,
                self.goal,
                self.board,
                self.feedback,
                self.stats,
                controls,
                self.plot_image,
                self.page_bridge,
            ],
            **kwargs,
        )
        self.add_class("tp-lessons")
        session.subscribe(lambda _event: self._render())
        self._render()

    # ------------------------------------------------------------------ public API
    @property
    def lang(self) -> str:
        """The current language ("en", "pt" or "fr")."""
        return self.session.lang

    @property
    def number(self) -> int:
        """The lesson shown, 1–10."""
        return self.session.number

    @property
    def run(self) -> LessonRun:
        """The :class:`LessonRun` of the lesson shown (kept when you go back and forth)."""
        return self.session.run

    @property
    def completed(self) -> frozenset[int]:
        """Numbers (1–10) of the lessons completed so far."""
        return self.session.completed

    def set_language(self, lang: str) -> None:
        """Switch every text, card letter, message and the plot to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language.
        """
        self.session.set_language(lang)

    def go_to(self, number: int) -> None:
        """Show lesson ``number`` (1–10).  Raises ``ValueError`` otherwise."""
        self.session.go_to(number)

    def close(self) -> None:
        """Free the view: the session forgets it, the figure is freed, every widget is closed."""
        session = self.__dict__.get("session")  # also called by ipywidgets when a half-built view is collected
        if session is not None:
            session.close()
        plot = self.__dict__.get("_plot")
        if plot is not None:
            plot.close()
        close_tree(self)

    # ------------------------------------------------------------------ rendering
    def _render(self) -> None:
        session = self.session
        run, lang, lesson = session.run, session.lang, session.run.lesson
        total = len(LESSONS)
        g = run.game
        # The board first: it is what the learner watches (and its 28 cards are the most messages).
        if self.board.lang != lang:
            self.board.set_language(lang)
        self.board.set_game(g)
        self.board.highlight(run.highlights())
        self.language.value = lang
        self.language.description = ui_text("controls.language", lang)  # its accessible name too
        self.page_bridge.set_page(lang, lesson_text("ui.title", lang), {".tp-plot": ui_text("plot.title", lang)})
        self.name_label.value = _esc(lesson_text("ui.title", lang))
        self.progress.value = len(session.completed)
        self.progress.description = ""
        self.progress_label.value = _esc(lesson_text("ui.progress", lang, number=session.number, total=total))
        self.title.value = f"<h2>{_esc(lesson.text('title', lang))}</h2>"
        paragraphs = lesson.text("intro", lang).split("\n\n") + lesson.facts(lang)
        self.intro.value = "".join(f"<p>{_esc(p)}</p>" for p in paragraphs)
        n_tasks = len(lesson.tasks)
        if run.complete:
            step = lesson_text("ui.steps_done", lang, total=n_tasks)
        else:
            step = lesson_text("ui.steps", lang, step=run.tasks_done + 1, total=n_tasks)
        self.goal.value = f'<span class="tp-step">{_esc(step)}</span> {_esc(run.goal(lang))}'
        self.stats.value = _esc(
            " · ".join(
                [
                    ui_text("header.score", lang, score=g.score),
                    ui_text("header.moves", lang, moves=g.moves),
                    ui_text("header.rule", lang, rule=rule_name(g.rule, lang)),
                ]
            )
        )
        self.show_button.description = lesson_text("ui.show_me", lang)
        self.show_button.disabled = run.complete
        self.undo_button.description = lesson_text("ui.undo", lang)
        self.undo_button.disabled = run.complete or not g.can_undo
        self.restart_button.description = lesson_text("ui.restart", lang)
        self.back_button.description = lesson_text("ui.back", lang)
        self.back_button.disabled = session.number == 1
        self.next_button.description = lesson_text("ui.next", lang)
        self.next_button.disabled = not session.unlocked or session.number >= total
        self._render_feedback()
        if lesson.plot:
            self._plot.redraw(g, lang)
            self.plot_image.layout.display = None
        else:
            self.plot_image.layout.display = "none"

    def _render_feedback(self) -> None:
        session = self.session
        lang = session.lang
        if session.failed:
            self.feedback.value = f'<div class="tp-fb tp-fb-refused">{_esc(lesson_text("ui.error", lang))}</div>'
            return
        fb: Feedback | None = session.run.last
        if session.run.complete and session.number == len(LESSONS):
            text = (fb.message(lang) + " " if fb is not None else "") + lesson_text("ui.finished", lang)
            self.feedback.value = f'<div class="tp-fb tp-fb-finished">{_esc(text)}</div>'
            return
        if fb is None:
            self.feedback.value = ""
            return
        self.feedback.value = f'<div class="tp-fb tp-fb-{fb.kind.value}">{_esc(fb.message(lang))}</div>'


def build_lessons(lang: str = "en", start: int = 1) -> LessonView:
    """The lesson view, ready to display (the notebook's one call).

    Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language, ``ValueError`` for a
    lesson number outside 1–10.
    """
    return LessonView(lang=lang, start=start)
