"""Headless tests of the lesson view: a learner's clicks on the real widgets (button.click())."""

from __future__ import annotations

import pytest
from widget_state import css_classes

from tripeaks import Card, Refusal
from tripeaks.app.lessons import LessonView, build_lessons
from tripeaks.i18n import refusal_message
from tripeaks.i18n.lessons import lesson_text
from tripeaks.lessons import LESSONS, LessonRun, TaskKind

LANGS = ("en", "pt", "fr")


def _click_action(view: LessonView, action) -> None:
    """Click the widget a learner would use for ``action`` (a position, "D" or "U")."""
    if action == "D":
        view.board.stock_button.click()
    elif action == "U":
        view.undo_button.click()
    else:
        view.board.card_buttons[action].click()


def _solve_by_clicking(view: LessonView) -> None:
    """Complete the shown lesson with the scripted solution, one widget click per action.

    ``view.run`` is read again after each click: a click that goes through replaces the run with its result.
    """
    while not view.run.complete:
        task = view.run.task
        if task.kind is TaskKind.WIN:
            for card in task.solution:
                _click_action(view, card if card in ("D", "U") else view.run.game.find(card))
            continue
        before = view.run.task_index
        for _ in range(60):
            _click_action(view, view.run.solution_step())
            assert "tp-fb-refused" not in view.feedback.value, view.feedback.value
            if view.run.task_index != before:
                break
        assert view.run.task_index == before + 1


def test_css_classes_for_browser_tests():
    view = build_lessons()
    classes = {
        c
        for w in (view.title, view.next_button, view.show_button, view.feedback, view.progress)
        for c in css_classes(w)
    }
    assert {
        "tp-lesson-title",
        "tp-lesson-next",
        "tp-lesson-show",
        "tp-lesson-feedback",
        "tp-lesson-progress",
    } <= classes
    assert "tp-pos-21" in css_classes(view.board.card_buttons[21])
    assert "tp-card" in css_classes(view.board.card_buttons[21])
    assert "tp-stock" in css_classes(view.board.stock_button)


def test_all_ten_lessons_by_clicking_the_scripted_solutions():
    view = build_lessons()
    for number in range(1, 11):
        assert view.number == number
        assert view.title.value.count(f"{number}.") >= 1
        assert view.next_button.disabled
        assert view.progress.value == number - 1
        _solve_by_clicking(view)
        assert view.run.complete
        assert "tp-fb-done" in view.feedback.value or "tp-fb-finished" in view.feedback.value
        assert view.show_button.disabled
        assert view.progress.value == number
        if number < 10:
            assert not view.next_button.disabled
            view.next_button.click()
    assert view.next_button.disabled and view.completed == frozenset(range(1, 11))
    assert lesson_text("ui.finished", "en") in view.feedback.value


@pytest.mark.parametrize("number", range(1, 11))
def test_show_me_button_completes_each_lesson(number):
    view = LessonView(start=number)
    clicks = 0
    while not view.run.complete:
        view.show_button.click()
        clicks += 1
        assert clicks <= len(LESSONS[number - 1].tasks)
    assert clicks == len(LESSONS[number - 1].tasks)
    assert view.next_button.disabled == (number == 10)


@pytest.mark.parametrize("lang", LANGS)
def test_wrong_clicks_explain_with_the_engine_messages(lang):
    view = LessonView(lang=lang, start=3)
    game = view.run.game
    three = game.dealt_tableau.index(Card.parse("3S"))
    stats = view.stats.value
    view.board.card_buttons[three].click()
    assert refusal_message(Refusal.NOT_ADJACENT, lang) in view.feedback.value
    assert "tp-fb-refused" in view.feedback.value
    view.board.card_buttons[12].click()  # the face-down card the lesson is about
    assert refusal_message(Refusal.BLOCKED, lang) in view.feedback.value
    view.board.card_buttons[game.dealt_tableau.index(Card.parse("KD"))].click()  # fits, but not the step's card
    assert "tp-fb-miss" in view.feedback.value
    assert view.stats.value == stats and game.moves == 0 and view.next_button.disabled
    # The right card: the engine's explanation of the move.
    view.board.card_buttons[21].click()
    assert "tp-fb-done" in view.feedback.value
    assert {"en": "K♣", "pt": "R♣", "fr": "R♣"}[lang] in view.feedback.value


def test_lesson3_reveals_the_seven_of_spades_on_the_board():
    view = LessonView(start=3)
    b = view.board.card_buttons
    assert "tp-down" in css_classes(b[12])
    for p in (21, 25, 22):
        b[p].click()
    assert "tp-up" in css_classes(b[12]) and b[12].description == "7♠"
    assert "tp-gone" in css_classes(b[21]) and "tp-gone" in css_classes(b[22])
    assert not view.next_button.disabled


def test_language_switch_changes_everything_shown():
    view = LessonView(start=3)
    view.board.card_buttons[18].click()  # a refusal, to have feedback on screen
    before = {w: getattr(view, w).value for w in ("title", "intro", "goal", "feedback", "progress_label", "stats")}
    buttons = (view.show_button.description, view.next_button.description, view.undo_button.description)
    view.set_language("fr")
    assert view.lang == "fr" and view.language.value == "fr"
    for name, old in before.items():
        assert getattr(view, name).value != old, name
    assert "Cette carte" not in view.feedback.value
    assert refusal_message(Refusal.NOT_ADJACENT, "fr") in view.feedback.value
    assert (view.show_button.description, view.next_button.description, view.undo_button.description) != buttons
    assert view.board.card_buttons[21].description == "R♣"
    view.language.value = "pt"
    assert "Lição 3 de 10" in view.progress_label.value
    assert view.show_button.description == "Mostrar"


def test_next_back_and_restart():
    view = build_lessons()
    assert view.back_button.disabled and view.next_button.disabled
    view.next_button.click()  # locked: nothing happens
    assert view.number == 1
    view.show_button.click()
    view.show_button.click()
    view.show_button.click()
    view.next_button.click()
    assert view.number == 2 and not view.back_button.disabled
    view.board.card_buttons[19].click()  # 8♣ on 7♥
    assert view.run.tasks_done == 1
    view.back_button.click()
    assert view.number == 1 and view.run.complete and not view.next_button.disabled
    view.next_button.click()
    assert view.number == 2 and view.run.tasks_done == 1  # progress kept
    view.restart_button.click()
    assert view.run.tasks_done == 0 and view.run.game.moves == 0
    assert "tp-up" in css_classes(view.board.card_buttons[19])
    assert view.next_button.disabled  # lesson 2 was never completed
    view.back_button.click()
    view.restart_button.click()  # lesson 1 again from the start: still counted, Next open
    assert not view.run.complete and not view.next_button.disabled and view.progress.value == 1


def test_plot_shown_in_the_score_lesson_and_redrawn():
    view = LessonView(start=1)
    assert view.plot_image.layout.display == "none"
    view.go_to(8)
    assert view.plot_image.layout.display != "none"
    png = view.plot_image.value
    assert png[:4] == b"\x89PNG"
    view.board.card_buttons[0].click()  # the left peak's last card: +100 at move 37
    assert "tp-fb-done" in view.feedback.value and "563" in view.feedback.value
    assert view.run.game.moves == 37
    assert view.plot_image.value != png
    view.show_button.click()  # the middle peak's five cards, moves 38–42
    assert (42, 658) in view.run.game.score_series() and view.run.game.moves == 49  # the game went on to 49
    view.board.card_buttons[2].click()
    assert view.run.game.score == 750 and view.run.complete


def test_undo_button_in_the_blocked_lesson():
    view = LessonView(start=7)
    view.board.card_buttons[2].click()  # win with 23 cards in the stock
    assert view.run.tasks_done == 1 and view.run.game.stock_count == 1
    view.board.stock_button.click()
    assert "No more moves possible" in view.feedback.value
    assert not view.undo_button.disabled
    moves = view.run.game.moves
    view.undo_button.click()
    assert view.run.game.moves == moves and view.run.tasks_done == 3
    view.board.card_buttons[15].click()
    assert view.run.complete


def test_a_failing_callback_shows_a_message_and_keeps_the_lesson(monkeypatch):
    view = LessonView(start=3)
    run, key = view.run, view.run.game.state_key()

    def boom(self, position):
        self.game.play(21)  # the click has changed the board when it fails
        raise RuntimeError("boom")

    monkeypatch.setattr(LessonRun, "click_card", boom)
    view.board.card_buttons[21].click()
    assert lesson_text("ui.error", "en") in view.feedback.value
    assert view.run is run and run.game.state_key() == key and run.tasks_done == 0
    assert "tp-up" in css_classes(view.board.card_buttons[21])
    monkeypatch.undo()
    view.board.card_buttons[21].click()
    assert view.run.tasks_done == 1 and lesson_text("ui.error", "en") not in view.feedback.value


def test_a_failing_view_keeps_the_lesson_as_it_was(monkeypatch):
    """The click went through in the lesson, but showing it failed: the click is dropped as a whole."""
    import tripeaks.app.lessons as lesson_view

    view = LessonView(start=3)
    run = view.run
    calls: list[object] = []
    rule_name = lesson_view.rule_name

    def fails_once(*args):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return rule_name(*args)

    monkeypatch.setattr(lesson_view, "rule_name", fails_once)
    view.board.card_buttons[21].click()
    assert view.run is run and run.tasks_done == 0 and run.game.moves == 0
    assert lesson_text("ui.error", "en") in view.feedback.value
    assert "tp-up" in css_classes(view.board.card_buttons[21])


def test_bad_arguments():
    with pytest.raises(ValueError):
        LessonView(lang="de")
    with pytest.raises(ValueError):
        LessonView(start=11)
    view = LessonView()
    with pytest.raises(ValueError):
        view.go_to(0)
    assert view.number == 1


def test_found_cards_are_highlighted():
    view = LessonView(start=6)
    buttons = view.board.card_buttons
    view.board.card_buttons[21].click()  # K♣ fits A♣ under Easy
    assert "tp-highlight" in css_classes(buttons[21]) and "tp-highlight" not in css_classes(buttons[19])
    view.board.card_buttons[19].click()
    view.board.card_buttons[22].click()  # the third: the Classic board comes, nothing found yet
    assert not any("tp-highlight" in css_classes(b) for b in buttons)
    view.board.card_buttons[22].click()  # 2♦, the only card that fits under Classic
    assert view.run.complete and "tp-highlight" in css_classes(buttons[22])


@pytest.mark.parametrize("number", range(1, 11))
def test_a_wrong_click_in_each_lesson_is_explained(number):
    import html

    view = LessonView(start=number, lang="pt")
    key = LessonRun(LESSONS[number - 1]).game.state_key()
    wrong = None
    for p in range(28):
        mirror = LessonRun(LESSONS[number - 1])  # a fresh lesson for each probe
        fb = mirror.click_card(p)
        if fb.kind in ("refused", "miss"):
            wrong = p
            break
    assert wrong is not None and mirror.game.state_key() == key
    game = view.run.game
    view.board.card_buttons[wrong].click()
    assert html.escape(fb.message("pt"), quote=True) in view.feedback.value
    assert f"tp-fb-{fb.kind}" in view.feedback.value
    assert game.state_key() == key and view.run.tasks_done == 0 and view.next_button.disabled
    if fb.refusal is not None:
        assert refusal_message(fb.refusal, "pt") in view.feedback.value
