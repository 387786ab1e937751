"""Headless tests of the lesson view: a learner's clicks on the real widgets (button.click())."""

from __future__ import annotations

import html

import pytest
from widget_state import css_classes

from tripeaks import Card, Refusal, RefusalDetail, Status
from tripeaks.app.views import lesson_parts
from tripeaks.app.views.lesson_page import LessonView, build_lessons
from tripeaks.app.views.lesson_parts import GAME_LINKS, GUIDE_PLAYED_SHOWN, GUIDE_SHOWN, PEAK_CLASSES
from tripeaks.course.lessons import (
    LESSONS,
    WIN_SETUP_MOVES,
    WINNING_EASY_LINE,
    LessonRun,
    TaskKind,
    lesson_by_id,
)
from tripeaks.course.quiz import Answer
from tripeaks.engine.layout import PEAK_OF
from tripeaks.i18n import refusal_detail_sentence, refusal_message
from tripeaks.i18n.course import answer_message, feedback_message, render
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.quiz import quiz_text
from tripeaks.i18n.ui import ui_text

LANGS = ("en", "pt", "fr")
LAST = len(LESSONS)


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _click_action(view: LessonView, action) -> None:
    """Click the widget a learner would use for ``action`` (a position, "D" or "U")."""
    if action == "D":
        view.board.stock_button.click()
    elif action == "U":
        view.undo_button.click()
    else:
        view.board.card_buttons[action].click()


def complete_by_clicking(view: LessonView) -> None:
    """Complete the shown lesson with widget clicks only: the board, Continue, the New game panel,
    the timer's button, and Show me with its guide's Next move.

    ``view.run`` is read again after each click: a click that goes through replaces the run with its result.
    """
    for _ in range(300):
        run = view.run
        if run.complete:
            return
        task = run.task
        if run.waiting:
            assert view.continue_button.layout.display != "none"
            view.continue_button.click()
        elif task.kind is TaskKind.DEAL:
            assert view.new_game.layout.display != "none"
            view.new_game.code_input.value = task.code
            view.new_game.deal_button.click()
        elif task.kind is TaskKind.EXPIRE:
            assert view.expire_button.layout.display != "none"
            view.expire_button.click()
        elif run.guided:
            if run.guide is None:
                view.show_button.click()
                assert view.guide.layout.display != "none"
            else:
                view.guide.next_button.click()
        else:
            _click_action(view, run.solution_step())
            if task.kind is not TaskKind.REFUSE:
                assert "tp-fb-refused" not in view.feedback.value, view.feedback.value
        assert lesson_text("ui.error", view.lang) not in view.feedback.value
    raise AssertionError(f"lesson {view.number} not completed")


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_completed_by_clicking(lang):
    view = build_lessons(lang=lang)
    for number in range(1, LAST + 1):
        assert view.number == number and view.menu.value == number
        assert view.title.value == f"<h2>{_esc(render(LESSONS[number - 1].heading(), lang))}</h2>"
        assert view.next_button.disabled and view.progress.value == number - 1
        complete_by_clicking(view)
        assert view.run.complete and view.progress.value == number
        assert "tp-fb-done" in view.feedback.value or "tp-fb-finished" in view.feedback.value
        assert view.show_button.disabled
        if number < LAST:
            assert not view.next_button.disabled and view.links.layout.display == "none"
            view.next_button.click()
    assert view.next_button.disabled and view.completed == frozenset(range(1, LAST + 1))
    assert _esc(lesson_text("ui.finished", lang)) in view.feedback.value
    # the last lesson ends with the links to the game and the quiz
    assert view.links.layout.display != "none" and view.quiz_button.layout.display != "none"
    for href in GAME_LINKS.values():
        assert f'href="{href}"' in view.links.value
    assert _esc(lesson_text("ui.link_voila", lang)) in view.links.value


@pytest.mark.parametrize("number", range(1, LAST + 1))
def test_show_me_completes_each_lesson(number):
    view = LessonView(start=number)
    clicks = 0
    while not view.run.complete:
        run = view.run
        if run.waiting:  # a finished board: Show me is off until Continue
            assert view.show_button.disabled
            view.continue_button.click()
        elif run.task.kind is TaskKind.DEAL:
            view.new_game.code_input.value = run.task.code
            view.new_game.deal_button.click()
        elif run.task.kind is TaskKind.EXPIRE:
            view.expire_button.click()
        else:
            view.show_button.click()
            if view.run.guide is not None:
                view.guide.all_button.click()
        clicks += 1
        assert clicks <= 3 * len(LESSONS[number - 1].tasks)
    assert view.next_button.disabled == (number == LAST)


def test_css_classes_for_browser_tests():
    view = build_lessons()
    classes = {
        c
        for w in (view.title, view.next_button, view.show_button, view.feedback, view.progress, view.menu)
        for c in css_classes(w)
    }
    assert {
        "tp-lesson-title",
        "tp-lesson-next",
        "tp-lesson-show",
        "tp-lesson-feedback",
        "tp-lesson-progress",
    } <= classes
    assert "tp-lesson-menu" in classes
    assert {"tp-card", "tp-pos-21"} <= css_classes(view.board.card_buttons[21])
    assert "tp-stock" in css_classes(view.board.stock_button)


def test_lesson1_marks_the_peak_of_every_card_and_shows_the_legend():
    view = LessonView(start=1)
    for p, button in enumerate(view.board.card_buttons):
        mine = PEAK_CLASSES[PEAK_OF[p]]
        assert mine in css_classes(button) and not (set(PEAK_CLASSES) - {mine}) & css_classes(button)
    assert view.peak_legend.layout.display != "none" and "10" in view.peak_legend.value
    view.go_to(2)
    assert not any(set(PEAK_CLASSES) & css_classes(b) for b in view.board.card_buttons)
    assert view.peak_legend.layout.display == "none"


@pytest.mark.parametrize("lang", LANGS)
def test_wrong_clicks_explain_with_the_engine_messages(lang):
    view = LessonView(lang=lang, start=3)
    game = view.run.game
    three = game.dealt_tableau.index(Card.parse("3S"))
    stats = view.stats.value
    view.board.card_buttons[three].click()
    assert refusal_message(Refusal.NOT_ADJACENT, lang) in view.feedback.value and "tp-fb-refused" in view.feedback.value
    view.board.card_buttons[12].click()
    assert refusal_message(Refusal.BLOCKED, lang) in view.feedback.value
    view.board.card_buttons[game.dealt_tableau.index(Card.parse("KD"))].click()  # fits, but not the step's card
    assert "tp-fb-miss" in view.feedback.value
    assert view.stats.value == stats and game.moves == 0 and view.next_button.disabled
    view.board.card_buttons[21].click()
    assert "tp-fb-done" in view.feedback.value
    assert {"en": "K♣", "pt": "R♣", "fr": "R♣"}[lang] in view.feedback.value


@pytest.mark.parametrize("lang", LANGS)
def test_lesson6_says_in_its_own_sentence_why_the_king_cannot_go_on_the_ace(lang):
    view = LessonView(lang=lang, start=6)
    for p in (19, 21, 22):
        view.board.card_buttons[p].click()
    view.continue_button.click()
    view.board.card_buttons[21].click()
    assert _esc(refusal_detail_sentence(RefusalDetail.NO_WRAP, lang)) in view.feedback.value


def test_lesson7_keeps_the_won_board_and_its_message_until_continue():
    view = LessonView(start=7)
    view.board.card_buttons[2].click()  # the 28th card
    game = view.run.game
    assert game.status is Status.WON and game.score == 772
    assert "772" in view.feedback.value and "772" in view.stats.value  # the message and the score agree
    assert view.board._banner.layout.display != "none"
    assert view.continue_button.layout.display != "none" and view.show_button.disabled
    assert _esc(lesson_text("lesson.generic.waiting", "en")) in view.goal.value
    total = len(view.run.lesson.tasks)
    assert _esc(lesson_text("ui.steps", "en", step=1, total=total)) in view.goal.value  # the step just done
    view.board.stock_button.click()  # nothing happens but a reminder
    assert (
        view.run.game.state_key() == game.state_key()
        and _esc(lesson_text("lesson.generic.press_continue", "en")) in view.feedback.value
    )
    view.continue_button.click()
    assert _esc(lesson_text("ui.steps", "en", step=2, total=total)) in view.goal.value
    assert view.run.game.stock_count == 1 and view.continue_button.layout.display == "none"
    assert view.feedback.value == "" and "772" not in view.stats.value


def test_the_plot_is_beside_the_board_where_a_step_refers_to_it():
    view = LessonView(start=1)
    assert view.plot_image.layout.display == "none"
    view.go_to(8)
    stage = next(c for c in view._lesson_box.children if "tp-lesson-stage" in css_classes(c))
    assert stage.children[0] is view.board and view.plot_image in stage.children[1].children
    assert "tp-lessons-wide" in css_classes(view)
    png = view.plot_image.value
    assert png[:4] == b"\x89PNG" and view.plot_image.layout.display != "none"
    view.board.card_buttons[0].click()  # the left peak's last card: +100 at move 37
    assert "tp-fb-done" in view.feedback.value and "563" in view.feedback.value
    assert view.plot_image.value != png
    view.go_to(2)
    assert "tp-lessons-wide" not in css_classes(view)


def _free_game_view() -> LessonView:
    view = LessonView(start=9)
    view.board.stock_button.click()
    view.undo_button.click()
    view.continue_button.click()  # the end of a winning line replaces the board
    assert view.run.task.key == "win" and view.run.game.moves == WIN_SETUP_MOVES
    return view


def test_show_me_in_the_free_game_lists_the_line_and_steps_through_it():
    view = _free_game_view()
    assert view.hint_button.layout.display != "none"
    for card in WINNING_EASY_LINE[WIN_SETUP_MOVES : WIN_SETUP_MOVES + 2]:  # the learner's own good moves
        view.board.card_buttons[view.run.game.find(card)].click()
    moves = view.run.game.moves
    view.show_button.click()
    guide = view.run.guide
    assert view.guide.layout.display != "none" and not guide.restarted
    shown = min(len(guide.steps), GUIDE_SHOWN)
    assert view.guide.steps.value.count("<li") == shown and 'class="tp-guide-next"' in view.guide.steps.value
    assert _esc(render(guide.step_text(0, view.run.game), "en")) in view.guide.steps.value
    assert view.run.game.moves == moves and view.guide.previous_button.disabled
    view.guide.next_button.click()
    view.guide.next_button.click()
    assert view.run.guide.index == 2 and view.run.game.moves == moves + 2
    assert view.guide.steps.value.count('class="tp-guide-done"') == 2
    view.guide.previous_button.click()
    assert view.run.guide.index == 1
    view.guide.all_button.click()
    assert view.run.game.status is Status.WON and view.guide.layout.display == "none"


def test_the_guide_lists_a_window_of_the_line_that_holds_the_next_move(monkeypatch):
    shown = 8  # a window shorter than the line of the free game's ending
    monkeypatch.setattr(lesson_parts, "GUIDE_SHOWN", shown)
    view = _free_game_view()
    view.show_button.click()
    guide = view.run.guide
    total = len(guide.steps)
    assert total > shown
    for played in range(total):
        guide = view.run.guide
        listed = view.guide.steps.value
        first = max(0, min(played - GUIDE_PLAYED_SHOWN, total - shown))
        assert listed.count("<li") == shown
        assert f'<li value="{played + 1}" class="tp-guide-next" aria-current="step">' in listed
        assert _esc(render(guide.step_text(played, view.run.game), "en")) in listed
        assert f'<li value="{first + 1}" ' in listed
        assert listed.count('class="tp-guide-done"') == played - first
        more = total - first - shown
        if more:
            assert _esc(lesson_text("ui.guide_more", "en", count=more)) in listed
        else:
            assert "tp-guide-more" not in listed
        view.guide.next_button.click()
    assert view.run.game.status is Status.WON


def test_show_me_says_clearly_when_it_starts_over():
    view = _free_game_view()
    while view.run.game.can_draw:
        view.board.stock_button.click()
    view.show_button.click()
    assert view.run.guide.restarted and view.run.game.moves == WIN_SETUP_MOVES  # the step's start
    assert "tp-fb-info" in view.feedback.value
    assert _esc(lesson_text("lesson.guide.start_over", "en", moves=len(view.run.guide.steps))) in view.feedback.value


def test_hint_in_the_free_game_rings_a_move():
    view = _free_game_view()
    view.hint_button.click()
    hinted = view.run.hinted
    ringed = [p for p, b in enumerate(view.board.card_buttons) if "tp-highlight" in css_classes(b)]
    assert list(hinted[0]) == ringed and (ringed or "tp-highlight" in css_classes(view.board.stock_button))
    assert view.run.game.moves == WIN_SETUP_MOVES and "tp-fb-info" in view.feedback.value
    view.go_to(3)
    assert view.hint_button.layout.display == "none"


def test_the_new_game_panel_is_shown_and_used_in_the_codes_lesson():
    view = _free_game_view()
    assert view.new_game.layout.display == "none"
    view.show_button.click()
    view.guide.all_button.click()
    assert view.run.task.kind is TaskKind.DEAL and view.new_game.layout.display != "none"
    view.new_game.code_input.value = "TP1-E-AAAAAAB"
    view.new_game.deal_button.click()
    assert "tp-fb-miss" in view.feedback.value and str(view.run.game.code) == "TP1-E-AAAAAAB"
    assert view.board.game is view.run.game
    view.new_game.code_input.value = "TP1-C-AAAAAAD"
    view.new_game.deal_button.click()
    assert view.run.complete and str(view.run.game.code) == "TP1-C-AAAAAAD"
    assert "TP1-C-AAAAAAD" in view.new_game.message.value


def test_the_timer_lesson_has_its_own_button():
    view = LessonView(start=lesson_by_id("timer").number)
    assert view.expire_button.layout.display == "none"
    view.board.card_buttons[21].click()
    assert view.expire_button.layout.display != "none"
    view.expire_button.click()
    assert view.run.game.status is Status.TIME_UP and view.expire_button.layout.display == "none"


def test_the_quiz_wrong_answer_points_to_its_lesson_and_the_score_shows_at_the_end():
    view = LessonView(start=LAST)
    view.menu.value = 0  # the quiz, from the lesson menu
    assert view.session.quiz_open and view.quiz.layout.display != "none"
    assert view._lesson_box.layout.display == "none"
    q = view.session.quiz.question
    wrong = (q.answer + 1) % len(q.choices)
    view.quiz.choice_buttons[wrong].click()
    assert "tp-fb-miss" in view.quiz.feedback.value
    assert "tp-quiz-wrong" in css_classes(view.quiz.choice_buttons[wrong])
    assert "tp-quiz-right" in css_classes(view.quiz.choice_buttons[q.answer])
    assert all(b.disabled for b in view.quiz.choice_buttons)
    taught = lesson_by_id(q.lesson)
    assert view.quiz.lesson_button.description == quiz_text("quiz.ui.go_lesson", "en", number=taught.number)
    view.quiz.lesson_button.click()
    assert view.number == taught.number and not view.session.quiz_open and view.menu.value == taught.number
    view.menu.value = 0  # back to the quiz, where it was left
    assert view.session.quiz.index == 0 and view.session.quiz.answers[0] == wrong
    view.quiz.next_button.click()
    while not view.session.quiz.complete:
        view.quiz.choice_buttons[view.session.quiz.question.answer].click()
        view.quiz.next_button.click()
    result = view.quiz.result.value
    assert _esc(quiz_text("quiz.ui.result", "en", right=9, total=10)) in result
    assert _esc(render(q.text(), "en")) in result  # the missed question, to review
    view.set_language("fr")
    assert _esc(quiz_text("quiz.ui.result", "fr", right=9, total=10)) in view.quiz.result.value
    view.quiz.again_button.click()
    assert view.session.quiz.index == 0 and view.session.quiz.score == 0
    view.quiz.back_button.click()
    assert not view.session.quiz_open and view.number == taught.number


def test_language_switch_changes_everything_shown():
    view = LessonView(start=3)
    view.board.card_buttons[18].click()  # a refusal, to have feedback on screen
    before = {w: getattr(view, w).value for w in ("title", "intro", "goal", "feedback", "progress_label", "stats")}
    buttons = (view.show_button.description, view.next_button.description, view.undo_button.description)
    view.set_language("fr")
    assert view.lang == "fr" and view.language.value == "fr"
    for name, old in before.items():
        assert getattr(view, name).value != old, name
    assert refusal_message(Refusal.NOT_ADJACENT, "fr") in view.feedback.value
    assert (view.show_button.description, view.next_button.description, view.undo_button.description) != buttons
    assert view.board.card_buttons[21].description == "R♣"
    assert view.menu.options[2][0] == render(LESSONS[2].heading(), "fr")
    view.language.value = "pt"
    assert f"Lição 3 de {LAST}" in view.progress_label.value
    assert view.show_button.description == "Mostrar"


def test_next_back_menu_and_restart():
    view = build_lessons()
    assert view.back_button.disabled and view.next_button.disabled
    view.next_button.click()  # locked: nothing happens
    assert view.number == 1
    complete_by_clicking(view)
    view.next_button.click()
    assert view.number == 2 and not view.back_button.disabled
    view.board.card_buttons[19].click()  # 8♣ on 7♥
    assert view.run.tasks_done == 1
    view.back_button.click()
    assert view.number == 1 and view.run.complete and not view.next_button.disabled
    view.menu.value = 2
    assert view.number == 2 and view.run.tasks_done == 1  # progress kept
    view.restart_button.click()
    assert view.run.tasks_done == 0 and view.run.game.moves == 0
    assert view.next_button.disabled  # lesson 2 was never completed
    view.menu.value = 15  # any lesson can be opened from the menu
    assert view.number == 15 and view.progress_label.value.startswith("Lesson 15")


def test_undo_button_in_the_blocked_lesson():
    view = LessonView(start=7)
    view.board.card_buttons[2].click()
    view.continue_button.click()
    view.board.stock_button.click()
    assert "No more moves possible" in view.feedback.value and not view.undo_button.disabled
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
    import tripeaks.app.views.lesson_page as lesson_view

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
        LessonView(start=LAST + 1)
    view = LessonView()
    with pytest.raises(ValueError):
        view.go_to(0)
    assert view.number == 1


def test_found_cards_are_highlighted():
    view = LessonView(start=6)
    buttons = view.board.card_buttons
    buttons[21].click()  # K♣ fits A♣ under Easy
    assert "tp-highlight" in css_classes(buttons[21]) and "tp-highlight" not in css_classes(buttons[19])
    buttons[19].click()
    buttons[22].click()  # the third: all found, ringed while the board waits
    assert {p for p, b in enumerate(buttons) if "tp-highlight" in css_classes(b)} >= {19, 21}


@pytest.mark.parametrize("number", range(1, LAST + 1))
def test_a_wrong_click_in_each_lesson_is_explained(number):
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
    assert _esc(feedback_message(fb, "pt")) in view.feedback.value
    assert f"tp-fb-{fb.kind}" in view.feedback.value
    assert game.state_key() == key and view.run.tasks_done == 0 and view.next_button.disabled
    if fb.refusal is not None:
        assert refusal_message(fb.refusal, "pt") in view.feedback.value


def test_close_frees_the_view():
    view = LessonView(start=9)
    view.close()
    assert view.session.dealer.closed  # the New game panel's session, owned by the lesson session
    view.board.card_buttons[21].click()  # a closed session does nothing
    assert view.run.game.moves == 0


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_is_answered_by_clicking_in_each_language(lang):
    view = LessonView(lang=lang, start=LAST)
    view.quiz_button.click()
    assert view.session.quiz_open and view.quiz.layout.display != "none"
    questions = view.session.quiz.questions
    total = len(questions)
    for n, q in enumerate(questions, start=1):
        assert view.quiz.progress.value == _esc(quiz_text("quiz.ui.progress", lang, number=n, total=total))
        assert view.quiz.question.value == _esc(render(q.text(), lang))
        shown = [b.description for b in view.quiz.choice_buttons if b.layout.display != "none"]
        assert shown == [render(c.text(), lang) for c in q.choices]
        assert view.quiz.next_button.layout.display == "none"  # answer first
        view.quiz.choice_buttons[q.answer].click()
        assert "tp-fb-done" in view.quiz.feedback.value
        assert _esc(answer_message(Answer(q, q.answer), lang)) in view.quiz.feedback.value
        assert view.quiz.lesson_button.layout.display == "none"
        view.quiz.choice_buttons[(q.answer + 1) % len(q.choices)].click()  # disabled: the first answer stays
        assert view.session.quiz.answers[n - 1] == q.answer
        view.quiz.next_button.click()
    run = view.session.quiz
    assert run.complete and run.score == total
    assert _esc(quiz_text("quiz.ui.result", lang, right=total, total=total)) in view.quiz.result.value
    assert "<li>" not in view.quiz.result.value  # nothing to review


def _check_controls(view: LessonView) -> None:
    """Undo and Show me are off exactly when they can do nothing, and the note under them says why;
    a face-up card's tooltip says what a click on it does in this step."""
    run, lang = view.run, view.lang
    assert view.undo_button.disabled == (not run.can_undo)
    assert view.show_button.disabled == (not run.can_show_me)
    note = view.controls_note.value
    for button, key in ((view.undo_button, "ui.undo"), (view.show_button, "ui.show_me")):
        if button.disabled:
            assert _esc(lesson_text(key, lang)) in note, (view.number, key, note)
    if not view.undo_button.disabled and not view.show_button.disabled:
        assert note == "" and view.controls_note.layout.display == "none"
    else:
        assert view.controls_note.layout.display != "none"
    tip = run.card_tip()
    expected = render(tip, lang) if tip is not None else ui_text("card.face_up_tip", lang)
    for slot, button in zip(run.game.tableau, view.board.card_buttons):
        if slot is not None and slot.face_up:
            assert button.tooltip == expected, (view.number, button.tooltip)


@pytest.mark.parametrize("lang", ("en", "fr"))
def test_nothing_greys_out_without_a_word_in_any_lesson(lang):
    view = build_lessons(lang=lang)
    for number in range(1, LAST + 1):
        _check_controls(view)
        for _ in range(300):
            run = view.run
            if run.complete:
                break
            task = run.task
            if run.waiting:
                view.continue_button.click()
            elif task.kind is TaskKind.DEAL:
                view.new_game.code_input.value = task.code
                view.new_game.deal_button.click()
            elif task.kind is TaskKind.EXPIRE:
                view.expire_button.click()
            elif run.guided and run.guide is None:
                view.show_button.click()
            elif run.guided:
                view.guide.next_button.click()
            else:
                view.show_button.click()
            _check_controls(view)
        assert view.run.complete
        # a finished lesson says why Undo and Show me are off, and its cards say they no longer play
        assert view.undo_button.disabled and view.show_button.disabled
        assert _esc(render(view.run.controls_off()[0], lang)) == view.controls_note.value
        if number < LAST:
            view.next_button.click()
    view.close()
