"""The lessons end to end: notebooks/learn_tripeaks.ipynb in a real Voila server, driven in Chromium.

Every lesson and the quiz in English, one lesson each in Portuguese and in
French.  A :class:`LessonRun` (and a :class:`QuizRun`) in the test mirrors
every click, so each expected text (goal, feedback, card names) comes from
the engine and the catalogues, never copied from the page.
"""

from __future__ import annotations

import pytest

from tripeaks import Game, RefusalDetail
from tripeaks.course.lessons import LESSONS, LessonRun, TaskKind, lesson, lesson_by_id
from tripeaks.course.quiz import QuizRun
from tripeaks.i18n import LANGUAGE_NAMES, refusal_detail_sentence
from tripeaks.i18n.course import answer_message, feedback_message, render
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.quiz import quiz_text

from .tripeaks_page import _CARDS_JS, TriPeaksPage, expected_cards

NOTEBOOK = "notebooks/learn_tripeaks.ipynb"

pytestmark = pytest.mark.e2e

_PROGRESS_JS = """
() => {
  const bar = document.querySelector('.tp-lesson-progress .progress-bar');
  return bar ? parseFloat(bar.style.width || bar.style.height || '0') : null;
}
"""

_CLIPPING_JS = """
(sel) => {
  const out = [];
  for (let el = document.querySelector(sel).parentElement; el && !el.classList.contains('tp-board'); el = el.parentElement) {
    const o = getComputedStyle(el).overflow;
    if (o !== 'visible') out.push(el.className + ': ' + o);
  }
  return out;
}
"""

_VISIBLE_JS = """
(sel) => { const el = document.querySelector(sel); return !!el && el.offsetParent !== null; }
"""


class Learner:
    """Clicks on the page and makes the same move on a mirror :class:`LessonRun`; checks what the page shows."""

    def __init__(self, app: TriPeaksPage, number: int, lang: str = "en") -> None:
        self.app = app
        self.run = LessonRun(lesson(number))
        self.lang = lang

    # ------------------------------------------------------------------ checks
    def check_lesson_shown(self) -> None:
        L = self.run.lesson
        self.app.wait_text(".tp-lesson-title", render(L.heading(), self.lang))
        self.app.wait_contains(".tp-lesson-goal", render(self.run.goal(), self.lang))
        total = len(LESSONS)
        self.app.wait_contains(
            ".tp-lesson-progress-label", lesson_text("ui.progress", self.lang, number=L.number, total=total)
        )

    def _after(self) -> None:
        fb = self.run.last
        expected = feedback_message(fb, self.lang) if fb is not None else ""
        if self.run.complete and self.run.lesson.number == len(LESSONS):  # the closing sentence follows
            self.app.wait_contains(".tp-lesson-feedback", expected)
        else:
            self.app.wait_text(".tp-lesson-feedback", expected)
        self.app.wait_contains(".tp-lesson-goal", render(self.run.goal(), self.lang))
        expected = expected_cards(self.run.game, self.lang)
        try:
            self.app.page.wait_for_function(
                f"(want) => ({_CARDS_JS})().join('|') === want.join('|')", arg=expected, timeout=self.app.timeout
            )
        except Exception as exc:
            raise AssertionError(f"cards shown {self.app.cards()} != {expected}") from exc

    def visible(self, selector: str) -> bool:
        return bool(self.app.page.evaluate(_VISIBLE_JS, selector))

    # ------------------------------------------------------------------ moves
    def card(self, position: int) -> None:
        self.app.click_card(position)
        self.run.click_card(position)
        self._after()

    def stock(self) -> None:
        self.app.draw()
        self.run.click_stock()
        self._after()

    def undo(self) -> None:
        self.app.click(".tp-lesson-undo")
        self.run.undo()
        self._after()

    def button(self, selector: str, mirror) -> None:
        self.app.page.wait_for_function(_VISIBLE_JS, arg=selector)
        self.app.click(selector)
        mirror()
        self._after()

    def deal(self, code: str) -> None:
        assert self.visible(".tp-new")
        self.app.deal(code)
        self.run.deal(Game.from_code(code))
        self._after()

    def step(self) -> None:
        """One click that moves the current step on, as a learner using the lesson's help would."""
        run, task = self.run, self.run.task
        if run.waiting:
            self.button(".tp-lesson-continue", run.proceed)
        elif task.kind is TaskKind.DEAL:
            self.deal(task.code)
        elif task.kind is TaskKind.EXPIRE:
            self.button(".tp-lesson-expire", run.expire)
        elif run.guided and run.guide is None:
            self.button(".tp-lesson-show", run.show_me)
            self.app.wait_contains(".tp-lesson-guide", render(run.guide.step_text(0, run.game), self.lang))
        elif run.guided and run.guide.index < 2:
            self.button(".tp-guide-next-button", run.guide_next)
        elif run.guided:
            self.button(".tp-guide-all", run.guide_all)
        else:
            action = run.solution_step()
            if action == "D":
                self.stock()
            elif action == "U":
                self.undo()
            else:
                self.card(action)

    def complete(self) -> None:
        for _ in range(200):
            if self.run.complete:
                return
            self.step()
        raise AssertionError(f"lesson {self.run.lesson.number} not completed")

    def next(self) -> None:
        assert self.run.complete
        self.app.wait_disabled(".tp-lesson-next", False)
        self.app.click(".tp-lesson-next")


def test_every_lesson_and_the_quiz_in_english(voila_server, page, page_errors, artifacts_dir):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=40_000)
    app.open(server.url)
    shots = {1, 6, 8, 9, len(LESSONS)}
    for number in range(1, len(LESSONS) + 1):
        me = Learner(app, number)
        me.check_lesson_shown()
        app.wait_disabled(".tp-lesson-next", True)
        if number == 1:  # each card marked with its peak, the legend says how many
            assert "tp-peak-right" in app.classes(".tp-pos-27") and "tp-peak-left" in app.classes(".tp-pos-0")
            app.wait_contains(".tp-peak-legend", lesson_text("ui.peak_2", "en", count=10))
        if number == 8:  # the plot beside the board, in view at once
            page.locator(".tp-plot").wait_for(state="visible")
            app.wait_plot()
            page.screenshot(path=str(artifacts_dir / "lessons-en-8-start.png"))
            box = page.locator(".tp-plot").bounding_box()
            board = page.locator(".tp-lesson-stage .tp-board").bounding_box()
            assert box["x"] >= board["x"] + board["width"] - 1 and box["y"] < board["y"] + board["height"]
            assert box["y"] + box["height"] <= 1200
        while not me.run.complete:
            me.step()
            if number == 7 and me.run.waiting:  # the won board stays, with its message
                assert "tp-banner" in page.inner_html(".tp-lesson-stage")
                app.wait_contains(".tp-lesson-feedback", "772")
                app.wait_contains(".tp-lesson-stats", "772")
                page.screenshot(path=str(artifacts_dir / "lessons-en-7-won-board.png"))
            if number == 9 and me.run.guide is not None and me.run.guide.index == 1:
                page.screenshot(path=str(artifacts_dir / "lessons-en-9-guide.png"), full_page=True)
        assert page.evaluate(_PROGRESS_JS) == pytest.approx(100.0 * number / len(LESSONS), abs=0.01)
        if number in shots:
            page.screenshot(path=str(artifacts_dir / f"lessons-en-{number}-done.png"), full_page=True)
        if number < len(LESSONS):
            me.next()
    # the end: the closing sentence, the links to the game, the quiz
    app.wait_contains(".tp-lesson-feedback", lesson_text("ui.finished", "en"))
    assert page.get_attribute(".tp-link-voila", "href") == "../../../voila/render/notebooks/tripeaks.ipynb"
    assert page.get_attribute(".tp-link-lab", "href") == "../../../lab/tree/notebooks/tripeaks.ipynb"
    app.click(".tp-lesson-quiz")
    quiz = QuizRun()
    app.wait_text(".tp-quiz-title", quiz_text("quiz.ui.title", "en"))
    wrong = {"undo"}
    while not quiz.complete:
        q = quiz.question
        app.wait_text(".tp-quiz-question", render(q.text(), "en"))
        app.wait_text(".tp-quiz-progress", quiz_text("quiz.ui.progress", "en", number=quiz.index + 1, total=10))
        choice = (q.answer + 1) % len(q.choices) if q.id in wrong else q.answer
        app.wait_text(f".tp-quiz-choice-{choice}", render(q.choices[choice].text(), "en"))
        app.click(f".tp-quiz-choice-{choice}")
        answer = quiz.choose(choice)
        app.wait_text(".tp-quiz-feedback", answer_message(answer, "en"))
        if not answer.correct:
            taught = lesson_by_id(q.lesson)
            app.wait_text(".tp-quiz-lesson", quiz_text("quiz.ui.go_lesson", "en", number=taught.number))
            page.screenshot(path=str(artifacts_dir / "lessons-en-quiz-wrong.png"), full_page=True)
        app.click(".tp-quiz-next")
        quiz.next()
    app.wait_contains(".tp-quiz-result", quiz_text("quiz.ui.result", "en", right=9, total=10))
    page.screenshot(path=str(artifacts_dir / "lessons-en-quiz-result.png"), full_page=True)
    assert page_errors == []


def _open_lesson(app: TriPeaksPage, number: int, lang: str) -> Learner:
    app.choose_language(LANGUAGE_NAMES[lang])
    app.page.locator(".tp-lesson-menu select").select_option(label=render(lesson(number).heading(), lang))
    me = Learner(app, number, lang)
    me.check_lesson_shown()
    return me


def test_lesson_on_easy_and_classic_in_portuguese(voila_server, page, page_errors, artifacts_dir):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=40_000)
    app.open(server.url)
    me = _open_lesson(app, lesson_by_id("rules").number, "pt")
    assert app.text(".tp-lesson-show") == lesson_text("ui.show_me", "pt")
    for p in (19, 21, 22):
        me.card(p)
    me.button(".tp-lesson-continue", me.run.proceed)
    me.card(21)  # K♣ on A♣ under Classic: refused, with a sentence of its own
    app.wait_contains(".tp-lesson-feedback", refusal_detail_sentence(RefusalDetail.NO_WRAP, "pt"))
    page.screenshot(path=str(artifacts_dir / "lessons-pt-6-king-on-ace.png"), full_page=True)
    me.complete()
    app.wait_disabled(".tp-lesson-next", False)
    assert page_errors == []


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_lesson_on_the_layout_in_french_and_spanish(voila_server, page, page_errors, artifacts_dir, lang):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=40_000)
    app.open(server.url)
    me = _open_lesson(app, 1, lang)
    app.wait_contains(".tp-peak-legend", lesson_text("ui.peak_2", lang, count=10))
    for p in (0, 1, 2):
        me.card(p)
    me.card(21)  # the middle peak's base card: not the right peak's
    assert "tp-fb-miss" in page.inner_html(".tp-lesson-feedback")
    me.complete()  # every card checked in the language on the way (expected_cards)
    # the stock, just drawn from and still under the pointer, is lifted: no box around it clips it
    clipping = page.evaluate(_CLIPPING_JS, ".tp-lesson-stage .tp-stock")
    assert clipping == [], clipping
    app.wait_contains(".tp-lesson-feedback", {"fr": "1 point", "es": "1 punto"}[lang])
    page.screenshot(path=str(artifacts_dir / f"lessons-{lang}-1-done.png"), full_page=True)
    assert page_errors == []


_IN_VIEW_JS = """
(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}
"""


def test_the_lessons_keep_the_learner_in_view(voila_server, page, page_errors, artifacts_dir):
    """After Next lesson the new lesson's title is in view; after a click on the board the instruction
    and its feedback are both in view, at 1440×900."""
    page.set_viewport_size({"width": 1440, "height": 900})
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=40_000)
    app.open(server.url)
    me = Learner(app, 1)
    me.check_lesson_shown()
    me.complete()
    page.locator(".tp-lesson-next").scroll_into_view_if_needed()  # the page is at the bottom, at Next lesson
    assert not page.evaluate(_IN_VIEW_JS, ".tp-lesson-title")
    me.next()
    me = Learner(app, 2)
    me.check_lesson_shown()
    page.wait_for_function(_IN_VIEW_JS, arg=".tp-lesson-title", timeout=app.timeout)
    page.screenshot(path=str(artifacts_dir / "lessons-en-2-title-in-view.png"))
    # scrolled down to the buttons, the learner plays a card: the instruction and its feedback are in view together
    page.evaluate("() => document.querySelector('.tp-lesson-controls').scrollIntoView({block: 'start'})")
    me.card(19)
    for selector in (".tp-lesson-goal", ".tp-lesson-feedback"):
        page.wait_for_function(_IN_VIEW_JS, arg=selector, timeout=app.timeout)
    assert page.evaluate(_IN_VIEW_JS, ".tp-lesson-goal") and page.evaluate(_IN_VIEW_JS, ".tp-lesson-feedback")
    page.screenshot(path=str(artifacts_dir / "lessons-en-2-task-in-view.png"))
    assert page_errors == []


_RINGED_JS = """
() => Array.from(document.querySelectorAll('.tp-lesson-stage .tp-highlight'))
  .map(el => Array.from(el.classList).find(c => c.startsWith('tp-pos-')))
  .filter(c => c).map(c => parseInt(c.slice(7), 10)).sort((a, b) => a - b)
"""


def test_lessons_19_and_22_say_why_and_ring_the_cards_they_speak_of(voila_server, page, page_errors, artifacts_dir):
    """The reason after the better move is in the feedback, and the cards it names are ringed on the board."""
    from tripeaks.course.strategy_lessons import PLAN_CHAIN, WAIT_LINK

    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=40_000)
    app.open(server.url)
    me = _open_lesson(app, lesson_by_id("plan").number, "en")
    me.complete()  # the three cards that fit, then K♥: the feedback (checked whole) ends with the reason
    app.wait_contains(".tp-lesson-feedback", render(me.run.last.texts()[-1], "en"))
    assert me.run.last.texts()[-1].key == "lesson.plan.first.why"
    page.wait_for_function(f"() => ({_RINGED_JS})().join() === '{','.join(map(str, sorted(PLAN_CHAIN)))}'")
    page.screenshot(path=str(artifacts_dir / "lessons-en-19-why.png"), full_page=True)
    me = _open_lesson(app, lesson_by_id("wait").number, "en")
    me.stock()  # the draw, the better move
    assert me.run.complete and me.run.last.texts()[-1].key == "lesson.wait.choose.why"
    page.wait_for_function(f"() => ({_RINGED_JS})().join() === '{','.join(map(str, sorted(WAIT_LINK)))}'")
    page.screenshot(path=str(artifacts_dir / "lessons-en-22-link.png"), full_page=True)
    assert page_errors == []
