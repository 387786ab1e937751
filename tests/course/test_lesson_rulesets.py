"""The rule-set lessons (docs/rules.md §8): each on a live board, the learner's move checked by the engine."""

from __future__ import annotations

import re

import pytest

from tripeaks import JOKER, Card, Refusal, Status
from tripeaks.course.core import longest_run
from tripeaks.course.lessons import LessonRun, TaskKind, lesson_by_id, walk_board
from tripeaks.course.rule_set_lessons import EMPTY, JOKERS, OPEN, PENALTY, RUNS, STUCK, TIMER
from tripeaks.i18n import refusal_message
from tripeaks.i18n.course import feedback_message, render

LANGS = ("en", "pt", "fr", "es")


def _go(run: LessonRun) -> None:
    if run.waiting:
        run.proceed()


def test_each_lesson_is_played_under_its_option():
    expected = {
        "stuck": STUCK,
        "runs_scoring": RUNS,
        "jokers": JOKERS,
        "empty": EMPTY,
        "open": OPEN,
        "penalty": PENALTY,
        "timer": TIMER,
    }
    for lesson_id, rules in expected.items():
        game = LessonRun(lesson_by_id(lesson_id)).game
        assert game.rules == rules, lesson_id
        assert lesson_by_id(lesson_id).part.value == "rulesets"
        letter = rules.flags[0]  # the intro names the option's code flag (docs/rules.md §8)
        assert re.search(rf"\bflags? {letter}\b", render(lesson_by_id(lesson_id).text("intro"), "en")), lesson_id


@pytest.mark.parametrize("lang", LANGS)
def test_stuck_a_draw_is_refused_while_a_card_fits_then_allowed(lang):
    run = LessonRun(lesson_by_id("stuck"))
    g = run.game
    assert g.playable()
    fb = run.click_stock()
    assert fb.kind == "done" and fb.refusal is Refusal.DRAW_STUCK and g.moves == 0
    assert refusal_message(Refusal.DRAW_STUCK, lang) in feedback_message(fb, lang)
    assert run.click_stock().kind == "refused"  # still refused: the step now is to play
    while run.task.key == "play":
        fb = run.click_card(run.game.playable()[0])
    assert fb.kind == "done" and not run.game.playable() and run.game.draw_refusal() is None
    assert run.click_stock().kind == "done" and run.complete


def test_runs_scoring_points_grow_along_the_run_and_a_draw_costs_five():
    run = LessonRun(lesson_by_id("runs_scoring"))
    g = run.game
    assert g.score == 0 and run.run_wanted == 4
    points = []
    for p in (21, 25, 22, 18):  # K♣, A♠, 2♦, 3♠
        fb = run.click_card(p)
        points.append(fb.event.parts.run)
    assert points == [1, 2, 3, 4] and g.score == 10 and fb.kind == "done"
    fb = run.click_stock()
    assert fb.kind == "done" and fb.event.points == -5 and fb.event.ended_run == 4 and g.score == 5
    assert g.waste_top == Card.parse("10C")  # the walk-through's own first stock card
    fb = run.click_card(g.playable()[0])
    assert fb.kind == "done" and fb.event.parts.run == 1 and g.score == 6 and run.complete


def test_runs_scoring_a_run_that_stops_short_can_be_undone():
    run = LessonRun(lesson_by_id("runs_scoring"))
    fb = run.click_card(22)  # 2♦ first: then 3♠, and nothing fits
    fb = run.click_card(18)
    assert fb.key == "lesson.generic.run_stuck" and fb.values == {"done": 2, "total": 4}
    run.undo()
    run.undo()
    assert run.game.score == 0 and run.hits == 0


def test_jokers_a_joker_on_the_waste_takes_any_exposed_card():
    run = LessonRun(lesson_by_id("jokers"))
    g = run.game
    assert g.stock_cards[0] is JOKER
    fb = run.click_stock()
    assert fb.kind == "done" and fb.event.joker and g.waste_top is JOKER
    exposed = [p for p in range(28) if g.is_exposed(p)]
    assert g.playable() == exposed
    assert run.click_card(21).kind == "miss"  # K♣ fits too, but the step is 9♥
    fb = run.click_card(20)
    assert fb.kind == "done" and fb.event.onto_joker
    assert run.click_card(26).kind == "done" and run.complete  # 8♦ on 9♥: the usual rule again


def test_empty_the_first_card_is_any_exposed_card_then_the_rule_is_back():
    run = LessonRun(lesson_by_id("empty"))
    g = run.game
    assert g.waste_top is None and g.stock_count == 24 and g.stock_cards[0] == Card.parse("AC")
    assert g.playable() == [p for p in range(28) if g.is_exposed(p)]
    fb = run.click_card(20)  # 9♥, which fits nothing of the walk-through's waste A♣
    assert fb.kind == "done" and fb.event.onto_empty
    fb = run.click_card(18)  # 3♠ on 9♥
    assert fb.kind == "done" and fb.refusal is Refusal.NOT_ADJACENT
    fb = run.click_stock()
    assert fb.kind == "done" and fb.event.card == Card.parse("AC") and run.complete


def test_open_a_face_up_card_stays_blocked_until_exposed_and_the_run_is_planned():
    run = LessonRun(lesson_by_id("open"))
    g = run.game
    assert all(slot.face_up for slot in g.tableau)
    fb = run.click_card(12)
    assert g.tableau[12].card.symbol == "7♠" and fb.kind == "done" and fb.refusal is Refusal.BLOCKED
    assert run.task.kind is TaskKind.RUN and run.run_wanted == len(longest_run(g)) > 3
    out = run.show_me() + run.guide_all()
    assert run.complete and out[-1].kind == "done"


@pytest.mark.parametrize("lang", LANGS)
def test_penalty_every_undo_costs_five(lang):
    run = LessonRun(lesson_by_id("penalty"))
    g = run.game
    assert run.click_card(21).kind == "done" and g.score == 499
    fb = run.undo()
    assert fb.kind == "done" and g.score == 495 and g.moves == 1 and fb.event.parts.penalty == -5
    assert "5" in feedback_message(fb, lang)
    assert run.click_card(21).kind == "done" and g.score == 494 and run.complete


def test_timer_the_time_runs_out_and_nothing_more_can_be_done():
    run = LessonRun(lesson_by_id("timer"))
    g = run.game
    assert g.rules.timer == 1
    assert run.expire().key == "lesson.generic.no_expire"  # not yet: first a play
    assert run.click_card(21).kind == "done"
    assert run.click_card(25).key == "lesson.generic.expire_instead"
    fb = run.expire()
    assert fb.kind == "done" and g.status is Status.TIME_UP and fb.event.minutes == 1
    fb = run.click_card(25)
    assert fb.kind == "done" and fb.refusal is Refusal.TIME_UP and run.complete
    for lang in LANGS:
        assert refusal_message(Refusal.TIME_UP, lang) in feedback_message(fb, lang)


def test_the_walk_through_under_each_option_keeps_its_cards():
    base = walk_board()
    for rules in (STUCK, RUNS, JOKERS, OPEN, PENALTY, TIMER, EMPTY):
        g = walk_board(rules)
        assert g.dealt_tableau == base.dealt_tableau
        assert [c for c in g.dealt_stock if c is not JOKER] == (
            [Card.parse("AC"), *base.dealt_stock] if rules is EMPTY else list(base.dealt_stock)
        )


def test_a_board_that_shows_the_walk_through_base_row_is_the_walk_through_deal():
    """A lesson board with the walk-through's bottom row has its hidden cards and stock too (issue 25:
    lesson 12 showed that row over other hidden cards and another stock)."""
    from tripeaks.course.boards import WALK
    from tripeaks.course.lessons import LESSONS
    from tripeaks.engine.layout import BASE_ROW

    seen = []
    for L in LESSONS:
        for board in (L.board, *(t.board for t in L.tasks if t.board is not None)):
            g = board()
            if any(str(g.dealt_tableau[p]) != str(Card.parse(WALK[p])) for p in BASE_ROW):
                continue
            walk = walk_board(g.rules)
            assert g.dealt_tableau == walk.dealt_tableau, L.id
            assert g.dealt_stock == walk.dealt_stock, L.id
            assert g.initial_waste == walk.initial_waste, L.id
            seen.append(L.id)
    assert {"layout", "stuck", "runs_scoring", "jokers", "empty", "open", "penalty", "timer"} <= set(seen)
