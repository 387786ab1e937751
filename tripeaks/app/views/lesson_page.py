"""The lesson view: the guided lessons on live boards, then the quiz (ipywidgets).

Only shows and forwards: every check, goal and solution lives in
:mod:`tripeaks.course.lessons`, every text in :mod:`tripeaks.i18n.lessons` (and the
engine's own messages).  The board is the app's :class:`BoardView` (with each
card's peak marked where a lesson is about the peaks), the score plot the
app's :class:`ScorePlot`, beside the board; a step about game codes shows the
app's :class:`NewGamePanel`.  Show me opens a guide of the winning line
(:class:`~tripeaks.app.views.lesson_parts.GuidePanel`) in the steps of several
moves; Hint rings one good move there.  The last lesson ends with links to
the game and the quiz (:class:`~tripeaks.app.views.quiz_page.QuizView`).  Widgets are
created once and updated in place.  The model is a
:class:`~tripeaks.app.model.lesson_session.LessonSession`: every click is tried on
a copy of the lesson and kept only when it went through (a failure shows a
short message and the lesson stays as it was).

CSS classes (stable, used by the browser tests): ``tp-lessons``,
``tp-lesson-title``, ``tp-lesson-intro``, ``tp-lesson-task`` (the box of
``tp-lesson-goal`` and ``tp-lesson-feedback``, kept in view together), ``tp-lesson-note`` (why a
control is off),
``tp-lesson-stats``, ``tp-lesson-feedback`` (plus ``tp-fb-<kind>``),
``tp-lesson-progress``, ``tp-lesson-progress-label``, ``tp-lesson-menu``,
``tp-lesson-show``, ``tp-lesson-hint``, ``tp-lesson-continue``,
``tp-lesson-expire``, ``tp-lesson-undo``, ``tp-lesson-restart``,
``tp-lesson-back``, ``tp-lesson-next``, ``tp-lesson-quiz``,
``tp-lesson-stage`` (the board and ``tp-lesson-side``: the peak legend and
the plot), ``tp-lang``; the board keeps ``tp-card tp-pos-{p}`` and
``tp-stock``; the plot is ``tp-plot``; the New game panel ``tp-new``; the
parts of :mod:`tripeaks.app.views.lesson_parts` and :mod:`tripeaks.app.views.quiz_page`.

In a notebook cell::

    from tripeaks.app.views.lesson_page import build_lessons
    build_lessons()
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...course.core import TaskKind
from ...course.lessons import LESSONS, Feedback, LessonRun
from ...i18n import LANGUAGE_NAMES, LANGUAGES
from ...i18n.course import feedback_message, render
from ...i18n.lessons import lesson_text
from ...i18n.quiz import quiz_text
from ...i18n.ui import rule_name, ui_text
from .. import static
from ..model.lesson_session import LessonActed, LessonEvent, LessonSession, LessonShown
from .board import BoardView
from .bridge import PageBridge
from .lesson_parts import PARTS_CSS, PEAK_CLASSES, GuidePanel, LessonScroller, PeakLegend, links_html
from .lifecycle import close_tree
from .newgame import NewGamePanel
from .plot import ScorePlot
from .quiz_page import QuizView

__all__ = ["LessonView", "build_lessons", "LESSON_CSS"]

LESSON_CSS = static.text("lesson_page.css")
"""Extra style for the lesson view (the board brings the app's theme: its ``--tp-*`` colours
follow JupyterLab's and Voila's light and dark themes)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class LessonView(widgets.VBox):
    """The course in one widget: explanation, goal, live board, Show me, Hint, Next, progress, the quiz.

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
            min=0, max=len(LESSONS), value=0, layout=widgets.Layout(width="auto", flex="1 1 100%")
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
        self.menu = widgets.Dropdown(
            options=self._menu_options(lang), value=start, layout=widgets.Layout(width="350px")
        )
        self.menu.add_class("tp-lesson-menu")
        self._rendering = False
        self.menu.observe(self._menu_chosen, names="value")
        header = widgets.HBox([self.name_label, self.progress_label, self.progress, self.menu, self.language])
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
        self.continue_button = button("tp-lesson-continue", session.proceed, button_style="success")
        self.hint_button = button("tp-lesson-hint", session.hint)
        self.expire_button = button("tp-lesson-expire", session.expire, button_style="warning")
        self.quiz_button = button("tp-lesson-quiz", session.open_quiz, button_style="success")
        controls = widgets.HBox(
            [
                self.continue_button,
                self.show_button,
                self.hint_button,
                self.expire_button,
                self.undo_button,
                self.restart_button,
                self.back_button,
                self.next_button,
                self.quiz_button,
            ]
        )
        controls.add_class("tp-lesson-controls")
        self.controls_note = widgets.HTML()
        self.controls_note.add_class("tp-lesson-note")

        self.feedback = widgets.HTML()
        self.feedback.add_class("tp-lesson-feedback")
        # The page's language and title; the feedback line is an ARIA live region.
        self.page_bridge = PageBridge(live=".tp-lesson-feedback")
        self._plot = ScorePlot(lang, width_px=400, height_px=250)
        self.plot_image = self._plot.image
        self.plot_note = widgets.HTML()
        self.plot_note.add_class("tp-plot-note")
        self.peak_legend = PeakLegend()
        self._side = widgets.VBox([self.peak_legend, self.plot_note, self.plot_image])
        self._side.add_class("tp-lesson-side")
        stage = widgets.HBox([self.board, self._side])
        stage.add_class("tp-lesson-stage")
        self.guide = GuidePanel(session.guide_previous, session.guide_next, session.guide_all, session.close_guide)
        # The New game panel of the app, on the lesson's dealing session: a game dealt there goes to the lesson.
        self.new_game = NewGamePanel(session.dealer)
        self.links = widgets.HTML()
        self.links.add_class("tp-lesson-links")
        # the instruction and its feedback side by side in one box, so they are seen together
        task_box = widgets.VBox([self.goal, self.feedback])
        task_box.add_class("tp-lesson-task")
        self.scroller = LessonScroller()
        extra_style = widgets.HTML(f"<style>{PARTS_CSS}</style>")
        extra_style.add_class("tp-style")
        self._lesson_box = widgets.VBox(
            [
                self.title,
                self.intro,
                task_box,
                stage,
                self.guide,
                self.new_game,
                self.stats,
                controls,
                self.controls_note,
                self.links,
            ]
        )
        self._lesson_box.add_class("tp-lesson-box")
        self.quiz = QuizView(session)

        super().__init__(
            [style, extra_style, header, self._lesson_box, self.quiz, self.page_bridge, self.scroller],
            **kwargs,
        )
        self.add_class("tp-lessons")
        session.subscribe(self._event)
        self._render()

    # ------------------------------------------------------------------ public API
    @property
    def lang(self) -> str:
        """The current language ("en", "pt" or "fr")."""
        return self.session.lang

    @property
    def number(self) -> int:
        """The number of the lesson shown (from 1)."""
        return self.session.number

    @property
    def run(self) -> LessonRun:
        """The :class:`LessonRun` of the lesson shown (kept when you go back and forth)."""
        return self.session.run

    @property
    def completed(self) -> frozenset[int]:
        """Numbers of the lessons completed so far."""
        return self.session.completed

    def set_language(self, lang: str) -> None:
        """Switch every text, card letter, message and the plot to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language.
        """
        self.session.set_language(lang)

    def go_to(self, number: int) -> None:
        """Show lesson ``number`` (from 1).  Raises ``ValueError`` for a number out of range."""
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

    # ------------------------------------------------------------------ the New game panel and the menu
    @staticmethod
    def _menu_options(lang: str) -> list[tuple[str, int]]:
        lessons = [(render(item.heading(), lang), item.number) for item in LESSONS]
        return lessons + [(quiz_text("quiz.ui.title", lang), 0)]

    def _menu_chosen(self, change: dict[str, object]) -> None:
        if self._rendering:  # the view set it (a lesson shown, the options in another language)
            return
        chosen = change["new"]
        if chosen == 0:
            self.session.open_quiz()
        elif isinstance(chosen, int):
            self.session.go_to(chosen)

    # ------------------------------------------------------------------ rendering
    def _event(self, event: LessonEvent) -> None:
        self._render()
        # keep the learner in view: a new lesson from its title, a click with its instruction and feedback
        if isinstance(event, LessonShown):
            self.scroller.show_lesson()
        elif isinstance(event, LessonActed):
            self.scroller.keep_task()

    def _render(self) -> None:
        session = self.session
        run, lang, lesson = session.run, session.lang, session.run.lesson
        total = len(LESSONS)
        g = run.game
        self._render_header()
        if session.quiz_open:
            self._lesson_box.layout.display = "none"
            self.quiz.layout.display = None
            self.remove_class("tp-lessons-wide")
            return
        self._lesson_box.layout.display = None
        self.quiz.layout.display = "none"
        # The board first: it is what the learner watches (and its 28 cards are the most messages).
        if self.board.lang != lang:
            self.board.set_language(lang)
        self.board.set_game(g)
        self.board.set_marks({p: PEAK_CLASSES[peak] for p, peak in run.peak_marks().items()})
        self.board.highlight(run.highlights(), stock=run.stock_highlighted())
        self._render_card_tips()
        self.title.value = f"<h2>{_esc(render(lesson.heading(), lang))}</h2>"
        paragraphs = render(lesson.text("intro"), lang).split("\n\n") + [render(t, lang) for t in lesson.fact_texts()]
        self.intro.value = "".join(f"<p>{_esc(p)}</p>" for p in paragraphs)
        n_tasks = len(lesson.tasks)
        if run.complete:
            step = lesson_text("ui.steps_done", lang, total=n_tasks)
        else:
            # while a finished board waits for Continue, the step shown is the one just done
            shown = run.tasks_done if run.waiting else run.tasks_done + 1
            step = lesson_text("ui.steps", lang, step=shown, total=n_tasks)
        self.goal.value = f'<span class="tp-step">{_esc(step)}</span> {_esc(render(run.goal(), lang))}'
        self.stats.value = _esc(
            " · ".join(
                [
                    ui_text("header.score", lang, score=g.score),
                    ui_text("header.moves", lang, moves=g.moves),
                    ui_text("header.rule", lang, rule=rule_name(g.rule, lang)),
                ]
                + ([lesson_text("ui.flags", lang, flags=g.rules.flags)] if g.rules.flags else [])
            )
        )
        task = run.task
        self.show_button.description = lesson_text("ui.show_me", lang)
        self.show_button.disabled = not run.can_show_me
        self.continue_button.description = lesson_text("ui.continue", lang)
        self.continue_button.layout.display = None if run.waiting else "none"
        self.hint_button.description = lesson_text("ui.hint", lang)
        self.hint_button.layout.display = None if run.hint_available else "none"
        self.hint_button.disabled = g.is_over
        self.expire_button.description = lesson_text("ui.expire", lang)
        expiring = task is not None and not run.waiting and task.kind is TaskKind.EXPIRE
        self.expire_button.layout.display = None if expiring else "none"
        self.undo_button.description = lesson_text("ui.undo", lang)
        self.undo_button.disabled = not run.can_undo
        # nothing greys out without a word: why Undo or Show me is off, under the buttons
        off = [render(t, lang) for t in run.controls_off()]
        self.controls_note.value = " ".join(_esc(t) for t in off)
        self.controls_note.layout.display = None if off else "none"
        self.restart_button.description = lesson_text("ui.restart", lang)
        self.back_button.description = lesson_text("ui.back", lang)
        self.back_button.disabled = session.number == 1
        self.next_button.description = lesson_text("ui.next", lang)
        self.next_button.disabled = not session.unlocked or session.number >= total
        last_done = session.number == total and run.complete
        self.quiz_button.description = lesson_text("ui.quiz", lang)
        self.quiz_button.layout.display = None if last_done else "none"
        self.links.value = links_html(lang) if last_done else ""
        self.links.layout.display = None if last_done else "none"
        self.guide.render(run, lang)
        dealing = task is not None and not run.waiting and task.kind is TaskKind.DEAL
        self.new_game.layout.display = None if dealing else "none"
        self._render_feedback()
        if lesson.peaks:
            self.peak_legend.render(lang)
            self.peak_legend.layout.display = None
        else:
            self.peak_legend.layout.display = "none"
        if lesson.plot:
            self._plot.redraw(g, lang)
            self.plot_note.value = _esc(lesson_text("ui.plot_note", lang))
            self.plot_image.layout.display = None
            self.plot_note.layout.display = None
            self.add_class("tp-lessons-wide")
        else:
            self.plot_image.layout.display = "none"
            self.plot_note.layout.display = "none"
            self.remove_class("tp-lessons-wide")
        self._side.layout.display = None if lesson.plot or lesson.peaks else "none"

    def _render_card_tips(self) -> None:
        """A face-up card's tooltip says what a click does in this step (the board's says "play it")."""
        run, lang = self.session.run, self.session.lang
        tip = run.card_tip()
        text = render(tip, lang) if tip is not None else ui_text("card.face_up_tip", lang)
        for slot, button in zip(run.game.tableau, self.board.card_buttons):
            if slot is not None and slot.face_up and button.tooltip != text:
                button.tooltip = text

    def _render_header(self) -> None:
        session = self.session
        lang = session.lang
        self.language.value = lang
        self.language.description = ui_text("controls.language", lang)  # its accessible name too
        self.page_bridge.set_page(lang, lesson_text("ui.title", lang), {".tp-plot": ui_text("plot.title", lang)})
        self.name_label.value = _esc(lesson_text("ui.title", lang))
        self.progress.value = len(session.completed)
        self.progress.description = ""
        self.progress_label.value = _esc(lesson_text("ui.progress", lang, number=session.number, total=len(LESSONS)))
        self._rendering = True
        try:
            options = self._menu_options(lang)
            if list(self.menu.options) != options:
                self.menu.options = options
            self.menu.value = 0 if session.quiz_open else session.number
            self.menu.description = lesson_text("ui.menu", lang)
        finally:
            self._rendering = False

    def _render_feedback(self) -> None:
        session = self.session
        lang = session.lang
        if session.failed:
            self.feedback.value = f'<div class="tp-fb tp-fb-refused">{_esc(lesson_text("ui.error", lang))}</div>'
            return
        fb: Feedback | None = session.run.last
        if session.run.complete and session.number == len(LESSONS):
            text = (feedback_message(fb, lang) + " " if fb is not None else "") + lesson_text("ui.finished", lang)
            self.feedback.value = f'<div class="tp-fb tp-fb-finished">{_esc(text)}</div>'
            return
        if fb is None:
            self.feedback.value = ""
            return
        self.feedback.value = f'<div class="tp-fb tp-fb-{fb.kind.value}">{_esc(feedback_message(fb, lang))}</div>'


def build_lessons(lang: str = "en", start: int = 1) -> LessonView:
    """The lesson view, ready to display (the notebook's one call).

    Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language, ``ValueError`` for a
    lesson number outside 1 … ``len(LESSONS)``.
    """
    return LessonView(lang=lang, start=start)
