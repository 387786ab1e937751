"""The lessons end to end: notebooks/learn_tripeaks.ipynb in a real Voila server, lessons 1–3 by clicking.

A :class:`LessonRun` in the test mirrors every click, so each expected text
(goal, feedback, card names) comes from the engine and the catalogues, never
copied from the page.
"""

from __future__ import annotations

import pytest

from tripeaks import Card, Refusal
from tripeaks.i18n import refusal_message
from tripeaks.i18n.lessons import lesson_text
from tripeaks.lessons import LessonRun, lesson

from .tripeaks_page import _CARDS_JS, TriPeaksPage, expected_cards

NOTEBOOK = "notebooks/learn_tripeaks.ipynb"

pytestmark = pytest.mark.e2e

_PROGRESS_JS = """
() => {
  const bar = document.querySelector('.tp-lesson-progress .progress-bar');
  return bar ? parseFloat(bar.style.width || bar.style.height || '0') : null;
}
"""


class Learner:
    """Clicks on the page and the same click on a mirror :class:`LessonRun`; checks what the page shows."""

    def __init__(self, app: TriPeaksPage, number: int, lang: str = "en") -> None:
        self.app = app
        self.run = LessonRun(lesson(number))
        self.lang = lang

    def check_lesson_shown(self) -> None:
        L = self.run.lesson
        self.app.wait_text(".tp-lesson-title", L.text("title", self.lang))
        self.app.wait_contains(".tp-lesson-goal", self.run.goal(self.lang))
        self.app.wait_contains(
            ".tp-lesson-progress-label", lesson_text("ui.progress", self.lang, number=L.number, total=10)
        )

    def card(self, position: int) -> None:
        self.app.click_card(position)
        self._after(self.run.click_card(position))

    def stock(self) -> None:
        self.app.draw()
        self._after(self.run.click_stock())

    def _after(self, feedback) -> None:
        self.app.wait_text(".tp-lesson-feedback", feedback.message(self.lang))
        self.app.wait_contains(".tp-lesson-goal", self.run.goal(self.lang))
        expected = expected_cards(self.run.game, self.lang)
        try:
            self.app.page.wait_for_function(
                f"(want) => ({_CARDS_JS})().join('|') === want.join('|')", arg=expected, timeout=self.app.timeout
            )
        except Exception as exc:
            raise AssertionError(f"cards shown {self.app.cards()} != {expected}") from exc

    def next(self) -> None:
        assert self.run.complete
        nxt = self.app.page.locator(".tp-lesson-next")
        nxt.wait_for(state="visible")
        self.app.page.wait_for_function("() => !document.querySelector('.tp-lesson-next').disabled")
        nxt.click()


def _next_disabled(app: TriPeaksPage) -> bool:
    return bool(app.page.eval_on_selector(".tp-lesson-next", "el => el.disabled"))


def test_lessons_1_to_3_by_clicking(voila_server, page, page_errors, artifacts_dir):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    app.open(server.url)

    # Lesson 1: the three apexes, an exposed card, the stock.
    me = Learner(app, 1)
    me.check_lesson_shown()
    assert _next_disabled(app)
    me.card(4)  # not an apex: the lesson says so, nothing changes
    assert "tp-fb-miss" in app.page.inner_html(".tp-lesson-feedback")
    for p in (0, 1, 2):
        me.card(p)
    me.card(9)  # covered: the engine's own message
    assert app.text(".tp-lesson-feedback").startswith(refusal_message(Refusal.BLOCKED, "en"))
    me.card(20)
    assert _next_disabled(app)
    me.stock()
    assert me.run.complete and not _next_disabled(app)
    assert page.evaluate(_PROGRESS_JS) == pytest.approx(10.0)
    page.screenshot(path=str(artifacts_dir / "lessons-1-done.png"), full_page=True)
    me.next()

    # Lesson 2: one rank higher, one lower, any; a wrong rank first.
    me = Learner(app, 2)
    me.check_lesson_shown()
    me.card(18)  # 2♣ on 7♥
    assert app.text(".tp-lesson-feedback").startswith(refusal_message(Refusal.NOT_ADJACENT, "en"))
    for p in (19, 22, 24):  # 8♣, 7♠, 6♦
        me.card(p)
    assert me.run.complete
    me.next()

    # Lesson 3: the walk-through, in Portuguese.
    me = Learner(app, 3, lang="pt")
    app.choose_language("Português")
    me.check_lesson_shown()
    assert app.text(".tp-lesson-show") == lesson_text("ui.show_me", "pt")
    assert app.card(21) == "R♣"
    for p in (21, 25):  # K♣ on A♣, A♠ on K♣
        me.card(p)
    assert "tp-down" in app.classes(".tp-pos-12")
    me.card(22)  # 2♦ on A♠: the middle peak's 7♠ turns up
    assert app.card(12) == "7♠" and Card.parse("7S") == me.run.game.card_at(12)
    assert "tp-up" in app.classes(".tp-pos-12")
    assert not _next_disabled(app)
    assert page.evaluate(_PROGRESS_JS) == pytest.approx(30.0)
    page.screenshot(path=str(artifacts_dir / "lessons-3-done-pt.png"), full_page=True)
    assert page_errors == []
