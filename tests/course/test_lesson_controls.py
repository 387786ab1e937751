"""Nothing in a lesson happens without a word: controls that can do nothing are off and say why,
a card's tooltip says what a click does, and the Show me guide never names a card not seen yet."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from tripeaks.course.core import TaskKind
from tripeaks.course.lessons import LESSONS, WIN_SETUP_MOVES, WINNING_EASY_LINE, LessonRun, lesson_by_id
from tripeaks.engine.game import Game, Status
from tripeaks.i18n.course import render


def _states(run: LessonRun) -> Iterator[str]:
    """Drive ``run`` through its lesson like a learner who uses Show me; yield at every state."""
    yield "start"
    for _ in range(60):
        task = run.task
        if task is None:
            break
        if run.waiting:
            run.proceed()
            yield f"{task.key}: continue"
        elif task.kind is TaskKind.DEAL:
            assert task.code is not None
            run.deal(Game.from_code(task.code))
            yield f"{task.key}: dealt"
        elif task.kind is TaskKind.EXPIRE:
            run.expire()
            yield f"{task.key}: expired"
        elif run.guided:
            run.show_me()
            run.guide_next()
            yield f"{task.key}: one guided move"
            run.guide_all()
            yield f"{task.key}: guide played"
        else:
            run.show_me()
            yield f"{task.key}: shown"
    assert run.complete
    yield "complete"


def _undo_acts(run: LessonRun) -> bool:
    work = run.copy()
    before = work.game.state_key()
    work.undo()
    return work.game.state_key() != before


def _show_me_acts(run: LessonRun) -> bool:
    work = run.copy()
    before = (work.game.state_key(), work.task_index, work.waiting, work.guide)
    work.show_me()
    return (work.game.state_key(), work.task_index, work.waiting, work.guide) != before


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: f"{item.number}-{item.id}")
def test_undo_and_show_me_are_off_exactly_when_they_can_do_nothing_and_say_why(item: object) -> None:
    run = LessonRun(item)  # type: ignore[arg-type]
    for state in _states(run):
        assert run.can_undo == _undo_acts(run), state
        assert run.can_show_me == _show_me_acts(run), state
        reasons = [render(t, "en") for t in run.controls_off()]
        off = [name for name, on in (("Undo", run.can_undo), ("Show me", run.can_show_me)) if not on]
        for name in off:  # every control that is off is named in a sentence saying why
            assert any(name in r for r in reasons), (state, name, reasons)
        if not off:
            assert reasons == [], state


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: f"{item.number}-{item.id}")
def test_a_card_that_says_click_to_play_is_played_by_a_click(item: object) -> None:
    """Where a face-up card keeps the board's "click to play" tooltip (no tip of the lesson's own),
    the step plays cards: a playable card is accepted, and a wrong one is explained in a sentence."""
    run = LessonRun(item)  # type: ignore[arg-type]
    for state in _states(run):
        tip = run.card_tip()
        playable = run.game.playable()
        if tip is not None:
            assert render(tip, "en"), state
            continue
        assert run.task is not None and not run.waiting, state
        outcomes = []
        for p in playable:
            fb = run.copy().click_card(p)
            outcomes.append(fb.accepted)
            assert fb.accepted or fb.key or fb.refusal, (state, p)
        # a card the step plays (not one it warns against: a move known to lose the deal) is played
        wanted = [p for p, ok in zip(playable, outcomes) if p not in run.task.avoid]
        assert any(ok for p, ok in zip(playable, outcomes) if p not in run.task.avoid) or not wanted, state


def test_the_lesson_tips_of_the_cards_in_a_finished_lesson_and_a_find_step() -> None:
    run = LessonRun(lesson_by_id("layout"))
    tip = run.card_tip()
    assert tip is not None and "nothing is played" in render(tip, "en")
    for _ in _states(run):
        pass
    done = run.card_tip()
    assert done is not None and "no longer play" in render(done, "en")


def test_codes_win_is_the_end_of_a_game_and_its_texts_count_what_is_left() -> None:
    run = LessonRun(lesson_by_id("codes"))
    run.click_stock()
    run.undo()
    run.proceed()
    assert run.task is not None and run.task.key == "win"
    g = run.game
    assert len(g.standing_actions) == WIN_SETUP_MOVES
    left, stock = g.cards_left, g.stock_count
    goal = render(run.goal(), "en")
    assert (
        f"first {WIN_SETUP_MOVES} moves" in goal
        and f"{left} cards are left" in goal
        and f"{stock} in the stock" in goal
    )
    assert len(WINNING_EASY_LINE) - WIN_SETUP_MOVES <= 16  # a short ending, not a whole game


def test_show_me_keeps_the_learners_moves_in_codes_win() -> None:
    run = LessonRun(lesson_by_id("codes"))
    run.click_stock()
    run.undo()
    run.proceed()
    first = WINNING_EASY_LINE[WIN_SETUP_MOVES]
    run.click_card(run.game.find(first))  # the learner's own good move
    moves = run.game.moves
    run.show_me()
    assert run.guide is not None and not run.guide.restarted
    assert run.game.moves == moves


def test_the_guide_never_names_a_card_the_learner_cannot_see_yet() -> None:
    run = LessonRun(lesson_by_id("codes"))
    run.click_stock()
    run.undo()
    run.proceed()
    run.show_me()
    guide = run.guide
    assert guide is not None
    steps = len(guide.steps)
    while run.guide is not None and not run.guide.at_end:
        guide, g = run.guide, run.game
        visible = {str(s.card) for s in g.tableau if s is not None and s.face_up} | {str(c) for c in g.waste}
        hidden = {str(c) for c in g.stock_cards} | {str(s.card) for s in g.tableau if s is not None and not s.face_up}
        assert not hidden & visible
        for i in range(guide.index, steps):
            text = guide.step_text(i, g)
            named = {str(v) for v in text.values.values()}
            assert not named & hidden, (i, text)
        run.guide_next()
    assert run.game.status is Status.WON  # the line won the game
    ended = replace(guide, index=steps)
    played = [ended.step_text(i, run.game) for i in range(steps)]
    assert all(t.key in ("lesson.guide.play", "lesson.guide.draw", "lesson.guide.play_empty") for t in played)
    assert any(t.key == "lesson.guide.draw" for t in played)
