"""The quiz view: ten questions answered by clicking, each wrong answer explained, the score at the end.

Shows the :class:`~tripeaks.course.quiz.QuizRun` of a
:class:`~tripeaks.app.model.lesson_session.LessonSession` and forwards the clicks
to the session; every text comes from :mod:`tripeaks.i18n.quiz` (the quiz's
own through :mod:`tripeaks.i18n.course`).  Widgets are created once and
updated in place.

CSS classes (stable, used by the browser tests): ``tp-quiz``,
``tp-quiz-title``, ``tp-quiz-progress``, ``tp-quiz-question``,
``tp-quiz-choice`` (plus ``tp-quiz-choice-{i}``, and ``tp-quiz-right`` /
``tp-quiz-wrong`` once answered), ``tp-quiz-feedback`` (``tp-fb-done`` or
``tp-fb-miss`` inside), ``tp-quiz-lesson``, ``tp-quiz-next``,
``tp-quiz-result``, ``tp-quiz-again``, ``tp-quiz-back``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...course.lessons import lesson_by_id
from ...i18n.course import answer_message, render
from ...i18n.quiz import quiz_text
from .. import static
from ..model.lesson_session import LessonEvent, LessonSession, QuizChanged
from ..model.session import LanguageChanged

__all__ = ["QuizView", "QUIZ_CSS", "MAX_CHOICES"]

MAX_CHOICES = 4
"""The most choices a question has (one button each, created once)."""

QUIZ_CSS = static.text("quiz_page.css")
"""Style for the quiz (the ``--tp-*`` colours of the app's theme when present)."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class QuizView(widgets.VBox):
    """The quiz of ``session``: a question, its choices as buttons, the feedback, Next; the score at the end.

    Widgets (public, read-only): ``title``, ``progress``, ``question``,
    ``choice_buttons`` (:data:`MAX_CHOICES` buttons, the unused ones hidden),
    ``feedback``, ``lesson_button`` (to the lesson that teaches a missed
    question), ``next_button``, ``result``, ``again_button``, ``back_button``.
    """

    def __init__(self, session: LessonSession, **kwargs: object) -> None:
        self._session = session
        self.title = widgets.HTML()
        self.title.add_class("tp-quiz-title")
        self.intro = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("tp-quiz-progress")
        self.question = widgets.HTML()
        self.question.add_class("tp-quiz-question")
        self.choice_buttons: tuple[widgets.Button, ...] = tuple(self._choice(i) for i in range(MAX_CHOICES))
        choices = widgets.VBox(list(self.choice_buttons))
        choices.add_class("tp-quiz-choices")
        self.feedback = widgets.HTML()
        self.feedback.add_class("tp-quiz-feedback")
        self.lesson_button = self._button("tp-quiz-lesson", self._to_lesson)
        self.next_button = self._button("tp-quiz-next", session.next_question, "success")
        self.result = widgets.HTML()
        self.result.add_class("tp-quiz-result")
        self.again_button = self._button("tp-quiz-again", session.restart_quiz)
        self.back_button = self._button("tp-quiz-back", session.close_quiz)
        row = widgets.HBox([self.lesson_button, self.next_button, self.again_button, self.back_button])
        row.add_class("tp-quiz-row")
        self._asking = widgets.VBox([self.progress, self.question, choices, self.feedback])
        style = widgets.HTML(f"<style>{QUIZ_CSS}</style>")
        style.add_class("tp-style")
        super().__init__([style, self.title, self.intro, self._asking, self.result, row], **kwargs)
        self.add_class("tp-quiz")
        session.subscribe(self._on_event)
        self.render()

    def _choice(self, i: int) -> widgets.Button:
        b = widgets.Button(layout=widgets.Layout(width="auto"))
        b.add_class("tp-quiz-choice")
        b.add_class(f"tp-quiz-choice-{i}")
        b.on_click(lambda _b: self._session.answer(i))
        return b

    @staticmethod
    def _button(cls: str, action: object, style: str = "") -> widgets.Button:
        b = widgets.Button(button_style=style, layout=widgets.Layout(width="auto", min_width="120px"))
        b.add_class(cls)
        b.on_click(lambda _b: action())  # type: ignore[operator]
        return b

    def _to_lesson(self) -> None:
        answer = self._session.quiz.answer
        if answer is not None:
            self._session.go_to(lesson_by_id(answer.question.lesson).number)

    def _on_event(self, event: LessonEvent) -> None:
        if isinstance(event, (QuizChanged, LanguageChanged)):
            self.render()

    def render(self) -> None:
        """Everything in the session's language: the question and its choices, or the score at the end."""
        quiz, lang = self._session.quiz, self._session.lang
        self.title.value = _esc(quiz_text("quiz.ui.title", lang))
        self.intro.value = _esc(quiz_text("quiz.ui.intro", lang)) if quiz.index == 0 else ""
        self.again_button.description = quiz_text("quiz.ui.again", lang)
        self.back_button.description = quiz_text("quiz.ui.back", lang)
        self.next_button.description = quiz_text("quiz.ui.next", lang)
        total = len(quiz.questions)
        q = quiz.question
        if q is None:
            self._asking.layout.display = "none"
            self.next_button.layout.display = "none"
            self.lesson_button.layout.display = "none"
            self.again_button.layout.display = None
            missed = quiz.missed()
            lines = []
            for m in missed:
                taught = lesson_by_id(m.lesson)
                lines.append(
                    f"<li>{_esc(render(m.text(), lang))} "
                    f"{_esc(quiz_text('quiz.ui.teaches', lang, number=taught.number, title=render(taught.text('title'), lang)))}</li>"
                )
            review = f"<p>{_esc(quiz_text('quiz.ui.review', lang))}</p><ul>{''.join(lines)}</ul>" if lines else ""
            score = quiz_text("quiz.ui.result", lang, right=quiz.score, total=total)
            self.result.value = f'<p role="status"><strong>{_esc(score)}</strong></p>{review}'
            self.result.layout.display = None
            return
        self._asking.layout.display = None
        self.result.layout.display = "none"
        self.again_button.layout.display = "none"
        self.progress.value = _esc(quiz_text("quiz.ui.progress", lang, number=quiz.index + 1, total=total))
        self.question.value = _esc(render(q.text(), lang))
        answer = quiz.answer
        for i, b in enumerate(self.choice_buttons):
            with b.hold_sync():
                if i < len(q.choices):
                    b.description = render(q.choices[i].text(), lang)
                    b.layout.display = None
                else:
                    b.description = ""
                    b.layout.display = "none"
                b.disabled = answer is not None
                for cls in ("tp-quiz-right", "tp-quiz-wrong"):
                    b.remove_class(cls)
                if answer is not None and i == q.answer:
                    b.add_class("tp-quiz-right")
                elif answer is not None and i == answer.chosen:
                    b.add_class("tp-quiz-wrong")
        if answer is None:
            self.feedback.value = ""
            self.lesson_button.layout.display = "none"
            self.next_button.layout.display = "none"
            return
        kind = "done" if answer.correct else "miss"
        self.feedback.value = (
            f'<div class="tp-fb tp-fb-{kind}" role="status">{_esc(answer_message(answer, lang))}</div>'
        )
        self.next_button.layout.display = None
        if answer.correct:
            self.lesson_button.layout.display = "none"
        else:
            number = lesson_by_id(q.lesson).number
            self.lesson_button.description = quiz_text("quiz.ui.go_lesson", lang, number=number)
            self.lesson_button.layout.display = None
