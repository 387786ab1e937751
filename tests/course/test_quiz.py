"""The quiz (tripeaks.course.quiz): every answer about the rules checked against the engine, not against its text."""

from __future__ import annotations

import doctest

import pytest

import tripeaks.course.quiz as quiz_module
from tripeaks import JOKER, Game, IllegalMoveError, Refusal, Status, WrapRule
from tripeaks.course.lessons import LESSONS, lesson_by_id
from tripeaks.course.quiz import QUESTIONS, Answer, QuizRun
from tripeaks.engine.layout import PEAKS
from tripeaks.i18n.course import answer_message, render

LANGS = ("en", "pt", "fr", "es")
BY_ID = {q.id: q for q in QUESTIONS}


def test_ten_questions_on_rules_score_undo_codes_and_rule_sets():
    assert len(QUESTIONS) == 10 and len(BY_ID) == 10
    taught = {lesson_by_id(q.lesson).part.value for q in QUESTIONS}
    assert taught == {"basics", "rulesets"}
    for q in QUESTIONS:
        assert 0 <= q.answer < len(q.choices) and len({c.value for c in q.choices}) == len(q.choices)
        assert lesson_by_id(q.lesson) in LESSONS


# ----------------------------------------------------------------- the answers, from the engine
def test_peaks_the_right_peak_counts_ten_cards():
    assert BY_ID["peaks"].right.value == len(PEAKS[2])


def test_classic_ace_only_a_two_goes_on_an_ace():
    assert BY_ID["classic_ace"].right.value == {r for r in range(1, 14) if WrapRule.CLASSIC.adjacent(r, 1)}


def test_score_line_three_plays_and_no_draw():
    q = BY_ID["score_line"]
    game = q.replay()
    assert [e.kind for e in game.history] == ["play"] * 3 and not any(game.peaks_cleared)
    assert q.right.value == game.score


def test_undo_gives_the_points_back_but_not_the_move():
    q = BY_ID["undo"]
    game = q.replay()
    assert [e.kind for e in game.history] == ["play", "undo"]
    assert q.right.value == (game.score, game.moves)


def test_won_with_cards_left_in_the_stock():
    q = BY_ID["won"]
    game = q.replay()
    assert game.cards_left == 0 and game.stock_count > 0
    assert q.right.value == game.status is Status.WON


def test_codes_same_cards_other_rule():
    easy, classic = Game.from_code("TP1-E-AAAAAAD"), Game.from_code("TP1-C-AAAAAAD")
    same_cards = (easy.dealt_tableau, easy.dealt_stock, easy.waste) == (
        classic.dealt_tableau,
        classic.dealt_stock,
        classic.waste,
    )
    assert BY_ID["codes"].right.value == (same_cards, easy.rules == classic.rules)


def test_stuck_the_draw_is_refused_while_a_card_fits():
    q = BY_ID["stuck"]
    game = q.board()
    assert game.playable() and q.line == ("D",)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("D")
    assert q.right.value == refused.value.refusal is Refusal.DRAW_STUCK
    assert game.moves == 0


def test_runs_four_plays_after_a_draw_earn_ten():
    q = BY_ID["runs"]
    game = q.replay()
    events = game.history
    assert events[0].kind == "draw" and [e.kind for e in events[1:]] == ["play"] * 4
    assert q.right.value == sum(e.parts.run for e in events[1:])


def test_joker_takes_any_exposed_card():
    q = BY_ID["joker"]
    game = q.replay()
    assert game.waste_top is JOKER
    exposed = [p for p in range(28) if game.is_exposed(p)]
    assert game.playable() == exposed
    assert any(game.card_at(p).rank not in (1, 13) for p in exposed)  # not only a king or an ace
    assert q.right.value == "any"


def test_penalty_undo_gives_back_then_costs_five():
    q = BY_ID["penalty"]
    game = q.replay()
    assert not any(game.peaks_cleared) and game.history[-1].kind == "undo"
    assert q.right.value == game.score


# ----------------------------------------------------------------- taking the quiz
def test_taking_the_quiz_scores_the_right_answers_and_lists_the_missed():
    run = QuizRun()
    wrong = {"undo", "joker"}
    while not run.complete:
        q = run.question
        choice = (q.answer + 1) % len(q.choices) if q.id in wrong else q.answer
        answer = run.choose(choice)
        assert answer.correct == (q.id not in wrong)
        assert run.choose(q.answer).chosen == choice  # the first answer stays
        run.next()
    assert run.score == 8 and [q.id for q in run.missed()] == ["undo", "joker"]
    assert run.question is None and run.answer is None
    with pytest.raises(ValueError):
        run.choose(0)
    run.restart()
    assert run.index == 0 and run.score == 0


def test_next_waits_for_an_answer_and_bad_choices_are_refused():
    run = QuizRun()
    run.next()
    assert run.index == 0
    for bad in (-1, len(run.question.choices), "1", True):
        with pytest.raises(ValueError):
            run.choose(bad)  # type: ignore[arg-type]
    assert run.answers == [None] * 10


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_is_explained_and_points_to_its_lesson(lang):
    for q in QUESTIONS:
        assert render(q.text(), lang) and render(q.why(), lang) and all(render(c.text(), lang) for c in q.choices)
        wrong = Answer(q, (q.answer + 1) % len(q.choices))
        message = answer_message(wrong, lang)
        taught = lesson_by_id(q.lesson)
        assert render(q.right.text(), lang) in message and render(q.why(), lang) in message
        assert render(taught.text("title"), lang) in message and str(taught.number) in message
        right = answer_message(Answer(q, q.answer), lang)
        assert render(q.why(), lang) in right and render(taught.text("title"), lang) not in right


def test_module_doctest():
    assert doctest.testmod(quiz_module).failed == 0
