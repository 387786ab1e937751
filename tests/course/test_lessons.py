"""Engine-level tests of the guided lessons (tripeaks.course.lessons, tripeaks.course.core, tripeaks.i18n.lessons)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tripeaks.course.core as core_module
import tripeaks.course.lessons as lessons_module
from tripeaks import Card, Game, Refusal, RefusalDetail, Status, WrapRule
from tripeaks.course.core import TASK_HANDLERS, TaskHandler, Text
from tripeaks.course.lessons import (
    LESSON8_PLAN,
    LESSONS,
    WINNING_EASY_LINE,
    LessonRun,
    Part,
    TaskKind,
    lesson,
    lesson_by_id,
    walk_board,
)
from tripeaks.engine.layout import BASE_ROW, COVERED_BY, PEAK_OF, PEAKS
from tripeaks.i18n import LANGUAGES, refusal_detail_sentence, refusal_message, refusal_sentence, status_message
from tripeaks.i18n.catalogues import sentences
from tripeaks.i18n.course import feedback_message, render
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.solver import hint_message

LANGS = list(LANGUAGES)
LESSON_DOMAINS = ("lessons",)  # the lessons and the quiz; the quiz's keys are quiz.*


def _by_card(game: Game, card: str) -> int:
    return game.dealt_tableau.index(Card.parse(card))


def complete_step(run: LessonRun) -> list:
    """Finish the current step the way a learner's helper would: Continue, the New game panel,
    the timer's button, Show me (and its guide played to the end)."""
    task = run.task
    if run.waiting:
        return [run.proceed()]
    if task.kind is TaskKind.DEAL:
        return [run.deal(Game.from_code(task.code))]
    if task.kind is TaskKind.EXPIRE:
        return [run.expire()]
    out = run.show_me()
    if run.guide is not None:
        out += run.guide_all()
    return out


# ----------------------------------------------------------------- structure
def test_the_course_in_three_parts_numbered_from_one():
    assert [L.number for L in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert [L.id for L in LESSONS] == [
        *("layout", "ranks", "reveal", "refusals", "stock", "rules", "end", "score", "codes", "differences"),
        *("stuck", "runs_scoring", "jokers", "empty", "open", "penalty", "timer"),
        *("kings", "plan", "runs", "reveal_more", "wait", "review"),
    ]
    parts = [L.part for L in LESSONS]
    assert parts == sorted(parts, key=[Part.BASICS, Part.RULESETS, Part.STRATEGY].index)
    assert lesson(3) is LESSONS[2] is lesson_by_id("reveal")
    for bad in (0, len(LESSONS) + 1, "3", True):
        with pytest.raises(ValueError):
            lesson(bad)
    with pytest.raises(KeyError, match="reveal"):
        lesson_by_id("nope")


def test_the_lesson_texts_are_translated():
    # keys, placeholders and plural forms of every catalogue: tests/i18n/test_catalogues.py
    en = {key: text for domain, key, text in sentences("en") if domain in LESSON_DOMAINS}
    assert len(en) > 250
    # The translations really are translations: most sentences differ from English.
    for lang in ("pt", "fr", "es"):
        same = [
            k
            for domain, k, text in sentences(lang)
            if domain in LESSON_DOMAINS
            and not k.startswith("quiz.")
            and text == en.get(k)
            and len(text) > 12
            and k != "ui.heading"
        ]
        assert same == [], (lang, same)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_text_renders(lang):
    for L in LESSONS:
        heading = render(L.heading(), lang)
        assert heading.startswith(f"{L.number}. ") and render(L.text("title"), lang) in heading
        assert len(render(L.text("intro"), lang)) > 80
        assert render(L.text("complete"), lang)
        for t in L.tasks:
            values = {"count": 4, "score": 750, "moves": 50}  # the placeholders the step kinds fill
            assert render(Text(f"lesson.{L.id}.{t.key}.goal", {**L.values(), **values}), lang)
            assert render(Text(f"lesson.{L.id}.{t.key}.done", {**L.values(), **values}), lang)
        for fact in L.fact_texts():
            assert render(fact, lang)
    with pytest.raises(ValueError):
        lesson_text("ui.title", "de")
    with pytest.raises(KeyError):
        lesson_text("lesson.nope", "en")


def test_pt_and_fr_card_names_in_lesson_texts():
    L = lesson_by_id("reveal")
    assert "K♣" in render(L.text("king.goal"), "en")
    assert "R♣" in render(L.text("king.goal"), "pt") and "K♣" not in render(L.text("king.goal"), "pt")
    assert "R♣" in render(L.text("king.goal"), "fr")


@pytest.mark.parametrize("module", [lessons_module, core_module])
def test_module_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


# ----------------------------------------------------------------- every lesson through its help
@pytest.mark.parametrize("number", range(1, len(LESSONS) + 1))
def test_the_help_completes_every_step_in_order(number):
    run = LessonRun(lesson(number))
    seen = []
    while not run.complete:
        before, key = run.task_index, run.task.key
        if run.waiting:
            assert render(run.goal(), "en") == lesson_text("lesson.generic.waiting", "en")
        out = complete_step(run)
        assert out, key
        assert all(fb.kind in ("ok", "done", "info") for fb in out), [(fb.kind, fb.key) for fb in out]
        if run.task_index == before:  # the board of the step waited, or a guide opened: not done yet
            continue
        assert out[-1].kind == "done" and out[-1].key == f"lesson.{run.lesson.id}.{key}.done"
        assert run.task_index == before + 1
        seen.append(key)
        for lang in LANGS:
            assert feedback_message(out[-1], lang)
    assert seen == [t.key for t in run.lesson.tasks]
    assert run.show_me() == []
    last = run.last
    present = next((p for p in range(28) if run.game.tableau[p] is not None), None)
    if present is not None:
        assert run.click_card(present).kind == "info"
    gone = next((p for p in range(28) if run.game.tableau[p] is None), None)
    if gone is not None and last is not None:
        assert run.click_card(gone) is run.last  # a click on a removed card says nothing new
    assert run.click_stock().kind == "info" and run.undo().kind == "info"
    assert render(run.goal(), "en") == render(run.lesson.text("complete"), "en")


def test_restart_resets_board_and_progress():
    run = LessonRun(lesson_by_id("reveal"))
    run.show_me()
    assert run.task_index == 1 and run.game.moves == 1
    run.restart()
    assert run.task_index == 0 and run.game.moves == 0 and run.game.waste_top == Card.parse("AC")


# ----------------------------------------------------------------- the first lessons (docs/rules.md §1–§7)
def test_walk_through_deal_matches_the_rules():
    g = walk_board()
    assert g.waste_top.symbol == "A♣"
    assert COVERED_BY[12] == (21, 22)
    assert g.card_at(21).symbol == "K♣" and g.card_at(22).symbol == "2♦" and g.card_at(12).symbol == "7♠"
    assert not g.tableau[12].face_up
    assert {"A♠", "K♦", "3♠"} <= {g.card_at(p).symbol for p in BASE_ROW}
    assert sorted(g.card_at(p).symbol for p in g.playable()) == sorted(["K♣", "2♦", "K♦"])
    classic = walk_board(WrapRule.CLASSIC)
    assert [classic.card_at(p).symbol for p in classic.playable()] == ["2♦"]
    events = [g.play_card(c) for c in ("KC", "AS", "2D")]
    assert [e.revealed for e in events] == [(), (), (12,)]
    assert events[-1].revealed_cards == (Card.parse("7S"),)


def test_lesson1_marks_each_card_with_its_peak_and_asks_for_the_right_peaks_base():
    run = LessonRun(lesson_by_id("layout"))
    assert run.peak_marks() == {p: PEAK_OF[p] for p in range(28)}
    run.show_me()  # the apexes
    task = run.task
    assert task.key == "peaks" and task.targets == PEAKS[2] & set(BASE_ROW) and len(task.targets) == 4
    assert run.click_card(21).kind == "miss"  # the middle peak's base card
    for p in sorted(task.targets):
        fb = run.click_card(p)
    assert fb.kind == "done"
    sizes = render(run.lesson.fact_texts()[0], "en")
    assert all(str(len(peak)) in sizes for peak in PEAKS)
    assert [len(peak & set(BASE_ROW)) for peak in PEAKS] == [3, 3, 4]


def test_the_score_is_met_in_the_first_lessons():
    run = LessonRun(lesson_by_id("layout"))
    while run.task.kind is not TaskKind.DRAW:
        run.show_me()
    fb = run.click_stock()
    assert run.game.score == 499 and "1 point" in feedback_message(fb, "en")
    assert "1 point" in render(lesson_by_id("ranks").text("intro"), "en")


def test_lesson2_suit_does_not_matter():
    run = LessonRun(lesson_by_id("ranks"))
    g = run.game
    assert g.waste_top.symbol == "7♥"
    eight, six = _by_card(g, "8C"), _by_card(g, "6D")
    key = g.state_key()
    fb = run.click_card(six)  # fits too, but the step asks for a higher card: game unchanged
    assert fb.kind == "miss" and g.state_key() == key and "6♦" in feedback_message(fb, "en")
    fb = run.click_card(eight)
    assert fb.kind == "done" and fb.event.card.suit != Card.parse("7H").suit
    assert "Played 8♣ on 7♥" in feedback_message(fb, "en")


def test_wrong_clicks_explain_with_engine_messages():
    run = LessonRun(lesson_by_id("reveal"))
    g = run.game
    key = g.state_key()
    three = _by_card(g, "3S")
    for lang in LANGS:
        assert feedback_message(run.click_card(three), lang).startswith(refusal_message(Refusal.NOT_ADJACENT, lang))
        assert feedback_message(run.click_card(0), lang).startswith(refusal_message(Refusal.BLOCKED, lang))
    fb = run.click_card(_by_card(g, "KD"))  # fits A♣ under Easy, but the walk-through wants K♣ first
    assert fb.kind == "miss" and fb.refusal is None
    assert run.click_stock().kind == "miss" and run.undo().kind == "miss"
    assert g.state_key() == key and g.moves == 0 and run.task_index == 0


@pytest.mark.parametrize("lang", LANGS)
def test_lesson4_refusal_messages_verbatim(lang):
    spec = {
        "en": ("It must be one rank higher or lower", "This card is blocked"),
        "pt": ("Tem de ter um valor imediatamente superior ou inferior", "Esta carta está bloqueada"),
        "fr": ("La valeur doit être immédiatement supérieure ou inférieure", "Cette carte est bloquée"),
        "es": ("Tiene que estar un valor por encima o por debajo", "Esta carta está bloqueada"),
    }[lang]
    run = LessonRun(lesson_by_id("refusals"))
    g = run.game
    key = g.state_key()
    assert run.click_card(g.playable()[0]).kind == "miss"  # a legal card is not what this lesson wants
    assert run.click_card(0).kind == "refused"  # blocked, but the step is about the rank
    fb = run.click_card(_by_card(g, "3S"))
    assert fb.kind == "done" and spec[0] in feedback_message(fb, lang)
    fb = run.click_card(1)
    assert fb.kind == "done" and spec[1] in feedback_message(fb, lang)
    assert run.complete and g.state_key() == key and g.moves == 0 and g.score == 500


def test_lesson5_draw_any_time_and_one_pass():
    run = LessonRun(lesson_by_id("stock"))
    g = run.game
    assert g.stock_count == 3 and g.playable()
    assert run.click_stock().kind == "done" and g.stock_count == 2
    assert run.click_card(g.playable()[0]).kind == "miss"
    run.click_stock()
    fb = run.click_stock()
    assert fb.kind == "done" and g.stock_count == 0 and g.status is Status.PLAYING
    fb = run.click_stock()
    assert fb.kind == "done" and fb.refusal is Refusal.STOCK_EMPTY and run.complete
    assert refusal_message(Refusal.STOCK_EMPTY, "en") in feedback_message(fb, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson6_explains_the_king_refused_on_the_ace_under_classic(lang):
    run = LessonRun(lesson_by_id("rules"))
    g = run.game
    assert g.rule is WrapRule.EASY and set(run.task.targets) == set(g.playable())
    fb = run.click_card(_by_card(g, "3S"))
    assert fb.kind == "refused" and fb.refusal is Refusal.NOT_ADJACENT and fb.detail is None
    for card in ("KC", "KD"):
        assert run.click_card(_by_card(g, card)).kind == "ok"
    assert run.click_card(_by_card(g, "KC")).kind == "info"
    assert run.click_card(_by_card(g, "2D")).kind == "done"
    assert run.waiting and run.game is g  # the Easy board stays until the learner goes on
    run.proceed()
    g2 = run.game
    assert g2.rule is WrapRule.CLASSIC and g2.dealt_tableau == g.dealt_tableau and g2.waste_top == g.waste_top
    fb = run.click_card(_by_card(g2, "KC"))
    assert fb.kind == "done" and fb.refusal is Refusal.NOT_ADJACENT and fb.detail is RefusalDetail.NO_WRAP
    message = feedback_message(fb, lang)
    assert refusal_message(Refusal.NOT_ADJACENT, lang) in message
    assert refusal_detail_sentence(RefusalDetail.NO_WRAP, lang) in message
    assert set(run.task.targets) == set(g2.playable()) == {_by_card(g2, "2D")}
    fb = run.click_card(_by_card(g2, "KD"))  # the other king: the same sentence of its own
    assert fb.detail is RefusalDetail.NO_WRAP
    assert refusal_detail_sentence(RefusalDetail.NO_WRAP, lang) in feedback_message(fb, lang)
    assert run.click_card(_by_card(g2, "2D")).kind == "done" and run.complete and g2.moves == 0


def test_lesson7_keeps_the_won_board_and_its_message_until_the_learner_moves_on():
    run = LessonRun(lesson_by_id("end"))
    g = run.game
    assert g.cards_left == 1 and g.stock_count == 23 and g.moves == 27
    fb = run.click_card(2)
    assert fb.kind == "done" and g.status is Status.WON and g.score == 772 == 500 - 28 + 300
    assert run.waiting and run.game is g and run.last is fb and "772" in feedback_message(fb, "en")
    for click in (lambda: run.click_card(5), run.click_stock, run.undo, lambda: run.show_me()[0]):
        out = click()
        assert out.key == "lesson.generic.press_continue" and run.game is g and run.waiting
    assert run.proceed().kind == "info" and not run.waiting  # Continue goes on
    b = run.game
    assert b is not g and b.stock_count == 1 and b.status is Status.PLAYING and run.last is None
    assert run.click_card(15).kind == "miss"  # playing first is allowed by the rules, but this step is the draw
    fb = run.click_stock()
    assert fb.kind == "done" and b.status is Status.BLOCKED and not run.waiting  # Undo works on the same board
    for lang in LANGS:
        assert status_message(Status.BLOCKED, lang) in feedback_message(fb, lang)
    moves = b.moves
    assert run.click_card(15).refusal is Refusal.NOT_ADJACENT
    fb = run.undo()
    assert fb.kind == "done" and b.status is Status.PLAYING and b.moves == moves
    assert run.click_card(15).kind == "done" and run.complete


def test_lesson8_peaks_emptied_at_37_42_50_and_score_750():
    game = lesson_by_id("score").board()
    assert len(LESSON8_PLAN) == 50 and LESSON8_PLAN.count("D") == 22
    cleared = {}
    for action in LESSON8_PLAN:
        e = game.apply(action)
        for peak in getattr(e, "peaks_cleared", ()):
            cleared[peak] = e.moves
    assert cleared == {0: 37, 1: 42, 2: 50}
    assert game.status is Status.WON and game.score == 750 == 500 - 50 + 300 and game.stock_count == 1
    run = LessonRun(lesson_by_id("score"))
    assert run.game.moves == 36 and run.game.score == 500 - 36 and run.peak_marks()
    others = [p for p in run.game.playable() if p != 0]
    assert others and all(run.click_card(p).kind == "miss" for p in others)
    fb = run.click_card(0)
    assert fb.kind == "done" and fb.event.peaks_cleared == (0,) and fb.event.points == 99
    assert run.game.moves == 37 and run.game.score == 563 and not run.waiting
    for p in (13, 14, 5, 6):
        assert run.click_card(p).kind == "ok"
    fb = run.click_card(1)
    assert fb.kind == "done" and fb.event.peaks_cleared == (1,) and fb.event.moves == 42
    # no move is skipped: the learner plays moves 43–50 themselves, the right peak's clearing included
    assert not run.waiting and run.game.moves == 42 and run.task.kind is TaskKind.WIN
    for action in LESSON8_PLAN[42:-1]:
        assert (run.click_stock() if action == "D" else run.click_card(action)).kind == "ok"
    fb = run.click_card(2)
    assert fb.kind == "done" and run.game.score == 750 and run.game.moves == 50
    assert "750 points" in feedback_message(fb, "en")
    series = run.game.score_series()
    jumps = [m for (m0, s0), (m, s) in zip(series, series[1:]) if s - s0 == 99]
    assert jumps == [37, 42, 50]


def test_lesson9_undo_restores_score_not_moves():
    run = LessonRun(lesson_by_id("codes"))
    g = run.game
    assert str(g.code) == "TP1-E-AAAAAAD"
    assert run.undo().kind == "miss"
    assert run.click_stock().kind == "done" and g.score == 499 and g.moves == 1
    fb = run.undo()
    assert fb.kind == "done" and g.score == 500 and g.moves == 1
    assert run.waiting and run.proceed() and run.task.kind is TaskKind.WIN and run.guided and run.hint_available


def test_winning_easy_line_wins_tp1_e_aaaaaad():
    g = Game.from_code("TP1-E-AAAAAAD")
    for a in WINNING_EASY_LINE:
        g.apply(a)
    assert g.status is Status.WON and len(WINNING_EASY_LINE) == g.moves


def _winnable(game: Game) -> bool:
    """Exhaustive search (memo on tableau, stock used, waste rank) — independent of tripeaks.solver.

    Default rule sets only (a card on the waste, no joker, draw any time); open peaks change nothing.
    """
    cards = game.dealt_tableau
    stock = game.stock_cards
    rule = game.rule
    start = sum(1 << p for p, slot in enumerate(game.tableau) if slot is not None)
    seen: set[tuple[int, int, int]] = set()
    stack = [(start, 0, game.waste_top.rank)]
    while stack:
        present, s, top = stack.pop()
        if present == 0:
            return True
        if (present, s, top) in seen:
            continue
        seen.add((present, s, top))
        for p in range(28):
            if (
                present >> p & 1
                and not any(present >> q & 1 for q in COVERED_BY[p])
                and rule.adjacent(cards[p].rank, top)
            ):
                stack.append((present & ~(1 << p), s, cards[p].rank))
        if s < len(stock):
            stack.append((present, s + 1, stock[s].rank))
    return False


@pytest.mark.slow
def test_tp1_c_aaaaaad_cannot_be_won_under_classic():
    assert not _winnable(Game.from_code("TP1-C-AAAAAAD"))


def test_lesson9_verdict_sentences():
    verdict = lessons_module.solver_verdicts()
    assert verdict == {"easy": "yes", "classic": "no", "source": "solver"}
    facts = [render(fact, "en") for fact in lesson_by_id("codes").fact_texts()]
    assert len(facts) == 2 and "TP1-C-AAAAAAD" in facts[-1]


def _at_the_free_game() -> LessonRun:
    run = LessonRun(lesson_by_id("codes"))
    run.click_stock()
    run.undo()
    assert run.waiting  # the ending of a winning line replaces the board
    run.proceed()
    assert run.task.key == "win" and run.game.moves == lessons_module.WIN_SETUP_MOVES
    return run


def test_show_me_in_the_free_game_steps_through_the_line_from_the_learners_position():
    run = _at_the_free_game()
    for card in WINNING_EASY_LINE[lessons_module.WIN_SETUP_MOVES :][:2]:  # the learner follows a winning line
        run.click_card(run.game.find(card))
    assert _winnable(run.game)
    position = run.game.state_key()
    fb = run.show_me()[0]
    guide = run.guide
    assert fb.key == "lesson.guide.from_here" and not guide.restarted and guide.index == 0
    assert run.game.state_key() == position and fb.values["moves"] == len(guide.steps)  # nothing played yet
    replay = run.game.copy()
    for step in guide.steps:
        replay.apply(step.action)
    assert replay.status is Status.WON  # the line shown wins from here
    assert run.highlights() == ((guide.steps[0].action,) if guide.steps[0].action != "D" else ())
    moves = run.game.moves
    run.guide_next()
    assert run.guide.index == 1 and run.game.moves == moves + 1
    run.guide_next()
    run.guide_previous()  # an undo
    assert run.guide.index == 1 and run.game.moves == moves + 2
    assert all(render(s.text(), lang) for s in guide.steps for lang in LANGS)
    run.guide_all()
    assert run.complete or run.waiting or run.task.key == "deal"
    assert run.game.status is Status.WON and run.guide is None


def test_show_me_starts_over_and_says_so_when_the_position_is_lost():
    run = _at_the_free_game()
    while run.game.can_draw:
        run.click_stock()  # every stock card drawn, no play: this deal is then lost
    assert not _winnable(run.game)
    fb = run.show_me()[0]
    assert fb.key == "lesson.guide.start_over" and run.guide.restarted
    assert run.game.standing_actions == run._task_start.standing_actions  # back at the start of the step
    for lang in LANGS:
        assert feedback_message(fb, lang)
    run.guide_all()
    assert run.game.status is Status.WON


def test_leaving_the_line_closes_the_guide_and_says_so():
    run = _at_the_free_game()
    run.show_me()
    while len(run.game.legal_actions()) < 2:
        run.guide_next()
    other = next(a for a in run.game.legal_actions() if a != run.guide.next_action)
    fb = run.click_stock() if other == "D" else run.click_card(other)
    assert run.guide is None and ("lesson.guide.left", {}) in fb.facts
    # following the line by hand keeps it open
    run.show_me()
    nxt = run.guide.next_action
    run.click_stock() if nxt == "D" else run.click_card(nxt)
    assert run.guide is not None and run.guide.index == 1


def test_hint_in_the_free_game_rings_a_winning_move_and_changes_nothing():
    run = _at_the_free_game()
    key = run.game.state_key()
    fb = run.hint()
    assert fb.hint is not None and run.game.state_key() == key
    assert feedback_message(fb, "fr") == hint_message(fb.hint, "fr")
    ringed = run.highlights() or (("D",) if run.stock_highlighted() else ())
    assert ringed
    after = run.game.copy()
    after.apply(fb.hint.action)
    assert _winnable(after)
    run.click_stock() if fb.hint.action == "D" else run.click_card(fb.hint.action)
    assert not run.stock_highlighted() or run.guide  # a move clears the hint
    assert LessonRun(lesson_by_id("reveal")).hint().key == "lesson.generic.no_hint"


def test_the_new_game_panel_step_wants_the_classic_code():
    run = _at_the_free_game()
    run.show_me()
    run.guide_all()
    assert run.task.kind is TaskKind.DEAL and not run.waiting
    assert run.click_card(5).key == "lesson.generic.deal_instead"
    fb = run.deal(Game.from_code("TP1-E-AAAAAAB"))
    assert fb.kind == "miss" and str(run.game.code) == "TP1-E-AAAAAAB" and "TP1-E-AAAAAAB" in feedback_message(fb, "en")
    fb = run.deal(Game.from_code("tp1-c-aaaaaad"))
    assert fb.kind == "done" and run.complete and str(run.game.code) == "TP1-C-AAAAAAD"
    assert run.game.dealt_tableau == Game.from_code("TP1-E-AAAAAAD").dealt_tableau
    assert LessonRun(lesson_by_id("reveal")).deal(Game.from_code("TP1-C-AAAAAAD")).key == "lesson.generic.no_deal"


def test_lesson10_classic_refuses_the_wrap_easy_accepts_it():
    run = LessonRun(lesson_by_id("differences"))
    g = run.game
    assert g.rule is WrapRule.CLASSIC
    fb = run.click_card(_by_card(g, "3S"))  # refused too, but the step is about K♣
    assert fb.kind == "refused" and fb.key == "lesson.generic.wrong_card"
    fb = run.click_card(_by_card(g, "KC"))
    assert fb.kind == "done" and fb.refusal is Refusal.NOT_ADJACENT and fb.detail is RefusalDetail.NO_WRAP
    run.proceed()
    assert run.game.rule is WrapRule.EASY
    fb = run.click_card(_by_card(run.game, "KC"))
    assert fb.kind == "done" and fb.event.wrap
    assert run.click_stock().kind == "done" and run.complete


def test_bad_position_raises_and_changes_nothing():
    run = LessonRun(lesson(1))
    key = run.game.state_key()
    for bad in (-1, 28, "3"):
        with pytest.raises(ValueError):
            run.click_card(bad)  # type: ignore[arg-type]
    assert run.game.state_key() == key and run.task_index == 0


def test_second_click_of_a_double_click_keeps_the_confirmation():
    run = LessonRun(lesson_by_id("reveal"))
    first = run.click_card(21)
    assert first.kind == "done"
    assert run.click_card(21) is first and run.last is first and run.game.moves == 1


def test_a_stock_click_in_a_find_step_points_at_the_cards():
    run = LessonRun(lesson(1))
    assert run.task.kind is TaskKind.FIND
    before = run.game.state_key()
    assert run.click_stock().key == "lesson.generic.use_card" and run.game.state_key() == before


# ----------------------------------------------------------------- the task kinds: one handler each
class _Spy:
    """A task handler that notes the name of each attribute the lesson run asks it for."""

    def __init__(self, inner: TaskHandler) -> None:
        self.inner, self.calls = inner, []

    def __getattr__(self, name: str):
        self.calls.append(name)
        return getattr(self.inner, name)


def _at_first_step_of(kind: TaskKind) -> LessonRun:
    """The first lesson with a step of ``kind``, at that step (the steps before finished by the help)."""
    for L in LESSONS:
        index = next((i for i, t in enumerate(L.tasks) if t.kind is kind), None)
        if index is not None:
            run = LessonRun(L)
            while run.task_index < index or run.waiting:
                complete_step(run)
            assert run.task.kind is kind
            return run
    raise AssertionError(f"no lesson has a {kind} step")


def _click_a_card(run: LessonRun):
    """A click on a card still on the table, or on position 0 of a cleared one."""
    run.last = None  # nothing said yet: a click on a removed card is not the end of a double click
    return run.click_card(next((p for p in range(28) if run.game.tableau[p] is not None), 0))


_ENTRIES = {
    "text_values": lambda run: run.goal(),
    "guided": lambda run: run.guided,
    "hint": lambda run: run.hint_available,
    "card": lambda run: _click_a_card(run),
    "stock": lambda run: run.click_stock(),
    "undo": lambda run: run.undo(),
    "deal": lambda run: run.deal(Game.from_code("TP1-E-AAAAAAB")),
    "expire": lambda run: run.expire(),
    "show_me": lambda run: run.show_me(),
    "solution": lambda run: run.solution_step(),
}
"""What the lesson run asks a step's handler for, and an action of the learner's that asks it."""


def test_the_handler_table_has_one_handler_per_task_kind():
    assert set(TASK_HANDLERS) == set(TaskKind)
    assert all(isinstance(h, TaskHandler) for h in TASK_HANDLERS.values())
    assert len({id(h) for h in TASK_HANDLERS.values()}) == len(TaskKind)
    assert {k for k, h in TASK_HANDLERS.items() if h.guided} == {TaskKind.WIN, TaskKind.KEEP, TaskKind.RUN}
    assert {k for k, h in TASK_HANDLERS.items() if h.hint} == {TaskKind.WIN, TaskKind.KEEP}


@pytest.mark.parametrize("kind", list(TaskKind))
def test_every_action_in_a_step_goes_to_the_handler_of_its_kind(kind, monkeypatch):
    start = _at_first_step_of(kind)
    spy = _Spy(TASK_HANDLERS[kind])
    monkeypatch.setattr(core_module, "TASK_HANDLERS", {**TASK_HANDLERS, kind: spy})
    for name, action in _ENTRIES.items():
        run = start.copy()
        spy.calls.clear()
        try:
            action(run)
        except RuntimeError:  # a step of several moves has a guide, not a script
            assert name == "solution" and spy.inner.guided
        assert name in spy.calls, (kind, name, spy.calls)


# ----------------------------------------------------------------- property: any click sequence is safe
_ACTIONS = ["D", "U", "S", "C", "H", "N", "P", "A", "X", "G", "E"]
"""Stock, Undo, Show me, Continue, Hint, the guide's next, previous and all moves, closing the guide,
a game dealt in the New game panel, the time let run out."""
_clicks = st.lists(st.one_of(st.integers(0, 27), st.sampled_from(_ACTIONS)), max_size=25)


def _assert_renders(run: LessonRun, feedback: list) -> None:
    """Every feedback, the goal and an open guide's moves are sentences in en, pt and fr."""
    for lang in LANGS:
        for fb in feedback:
            assert fb.kind in ("ok", "done", "refused", "miss", "info")
            assert feedback_message(fb, lang) or fb.kind in ("ok", "info")
        assert render(run.goal(), lang)
        if run.guide is not None:
            assert all(render(step.text(), lang) for step in run.guide.steps)


@settings(max_examples=80, deadline=None)
@given(
    number=st.integers(1, len(LESSONS)),
    helped=st.integers(0, 3),
    clicks=_clicks,
    code=st.sampled_from(["TP1-C-AAAAAAD", "TP1-E-AAAAAAB"]),
)
def test_random_clicks_never_break_a_lesson(number, helped, clicks, code):
    """From the start of a lesson or a few steps in (finished by the help), random actions never raise,
    a refused or off-task one changes nothing, and everything said renders in every language."""
    run = LessonRun(lesson(number))
    for _ in range(helped):
        if not run.complete:
            _assert_renders(run, complete_step(run))
    for c in clicks:
        game = run.game
        key, moves, index = game.state_key(), game.moves, run.task_index
        if c == "X":
            run.close_guide()
            assert run.guide is None and game.state_key() == key
            _assert_renders(run, [])
            continue
        if c in ("S", "C", "H", "N", "P", "A"):
            out = {
                "S": lambda: run.show_me(),
                "C": lambda: [run.proceed()],
                "H": lambda: [run.hint()],
                "N": lambda: [run.guide_next()],
                "P": lambda: [run.guide_previous()],
                "A": lambda: run.guide_all(),
            }[c]()
            _assert_renders(run, out)
            continue
        if c == "G":
            fb = run.deal(Game.from_code(code))
        elif c == "E":
            fb = run.expire()
        else:
            fb = run.click_stock() if c == "D" else run.undo() if c == "U" else run.click_card(c)
        for lang in LANGS:
            assert feedback_message(fb, lang) or fb.kind == "ok"
        _assert_renders(run, [fb])
        if fb.event is None and run.task_index == index:
            assert game.state_key() == key and game.moves == moves  # refused or off-task: nothing changed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_covered_card_in_the_rules_lesson_is_blocked_and_nothing_else(lang):
    # The miss sentence of the Easy/Classic lesson is about ranks ("that card does not fit"): a covered
    # card is refused because it is blocked (docs/rules.md §2), and that is all the feedback says.
    run = LessonRun(next(item for item in LESSONS if item.id == "rules"))
    covered = next(p for p in range(28) if run.game.refusal(p) is Refusal.BLOCKED)
    fb = run.click_card(covered)
    assert fb.kind == "refused" and fb.refusal is Refusal.BLOCKED
    assert feedback_message(fb, lang) == refusal_sentence(Refusal.BLOCKED, lang)
    # A card of the right kind but the wrong rank still gets the lesson's sentence after the refusal.
    wrong = next(p for p in BASE_ROW if run.game.refusal(p) is Refusal.NOT_ADJACENT)
    assert feedback_message(run.click_card(wrong), lang).startswith(refusal_sentence(Refusal.NOT_ADJACENT, lang) + " ")


def test_a_draw_where_a_step_asks_to_choose_a_card_is_explained_in_every_language():
    """Lesson "reveal_more" asks for one of two cards; a draw there is a miss with its own sentence, nothing drawn."""
    number = next(i for i, item in enumerate(LESSONS, 1) if item.id == "reveal_more")
    run = LessonRun(lesson(number))
    stock = run.game.stock_count
    fb = run.click_stock()
    assert fb.kind == "miss" and run.game.stock_count == stock
    for lang in LANGUAGES:
        assert feedback_message(fb, lang)


def test_show_me_on_a_step_that_waits_for_its_own_control_changes_nothing():
    """The timer lesson's last step waits for the time to run out: Show me has no move to play."""
    number = next(i for i, item in enumerate(LESSONS, 1) if item.id == "timer")
    run = LessonRun(lesson(number))
    while run.task is not None and run.task.kind is not TaskKind.EXPIRE:
        run.show_me()
        if run.waiting:
            run.proceed()
    assert run.task is not None and run.task.kind is TaskKind.EXPIRE
    key, index = run.game.state_key(), run.task_index
    assert run.show_me() == []
    assert run.game.state_key() == key and run.task_index == index
