"""Engine-level tests of the guided lessons (tripeaks.lessons, tripeaks.i18n.lessons)."""

from __future__ import annotations

import doctest
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tripeaks.lessons as lessons_module
from tripeaks import Card, Game, Refusal, Rule, Status
from tripeaks.i18n import LANGUAGES, refusal_message, refusal_sentence, status_message
from tripeaks.i18n.catalogues import sentences
from tripeaks.i18n.lessons import LESSON_TEXTS, lesson_text
from tripeaks.layout import BASE_ROW, COVERED_BY, PEAKS
from tripeaks.lessons import (
    LESSON8_PLAN,
    LESSONS,
    WINNING_EASY_LINE,
    LessonRun,
    TaskKind,
    lesson,
    walk_board,
)

LANGS = list(LANGUAGES)


def _by_card(game: Game, card: str) -> int:
    return game.dealt_tableau.index(Card.parse(card))


# ----------------------------------------------------------------- structure
def test_ten_lessons_in_issue_order():
    assert [L.number for L in LESSONS] == list(range(1, 11))
    assert [L.id for L in LESSONS] == [
        "layout",
        "ranks",
        "reveal",
        "refusals",
        "stock",
        "rules",
        "end",
        "score",
        "codes",
        "differences",
    ]
    assert lesson(3) is LESSONS[2]
    for bad in (0, 11, "3", True):
        with pytest.raises(ValueError):
            lesson(bad)


def test_the_lesson_texts_are_translated():
    # keys, placeholders and plural forms of every catalogue: tests/test_catalogues.py
    en = {key: text for domain, key, text in sentences("en") if domain == "lessons"}
    assert en and set(LESSON_TEXTS) == set(LANGS)
    # The translations really are translations: most sentences differ from English.
    for lang in ("pt", "fr"):
        same = [
            k for domain, k, text in sentences(lang) if domain == "lessons" and text == en.get(k) and len(text) > 12
        ]
        assert same == [], (lang, same)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_text_renders(lang):
    for L in LESSONS:
        assert L.text("title", lang).startswith(f"{L.number}.")
        assert len(L.text("intro", lang)) > 80
        assert L.text("complete", lang)
        for t in L.tasks:
            assert L.text(f"{t.key}.goal", lang)
            assert L.text(f"{t.key}.done", lang)
            if t.kind is TaskKind.FIND:
                assert L.text(f"{t.key}.miss", lang)
        for s in L.facts(lang):
            assert s
    with pytest.raises(ValueError):
        lesson_text("ui.title", "de")
    with pytest.raises(KeyError):
        lesson_text("lesson.nope", "en")


def test_pt_and_fr_card_names_in_lesson_texts():
    L = lesson(3)
    assert "K♣" in L.text("king.goal", "en")
    assert "R♣" in L.text("king.goal", "pt") and "K♣" not in L.text("king.goal", "pt")
    assert "R♣" in L.text("king.goal", "fr")


def test_module_doctest():
    result = doctest.testmod(lessons_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 4 and result.failed == 0


# ----------------------------------------------------------------- every lesson through its solution
@pytest.mark.parametrize("number", range(1, 11))
def test_show_me_completes_every_task_in_order(number):
    run = LessonRun(lesson(number))
    seen = []
    while not run.complete:
        before = run.task_index
        key = run.task.key
        out = run.show_me()
        assert out, key
        assert all(fb.kind in ("ok", "done") for fb in out), [(fb.kind, fb.key) for fb in out]
        assert out[-1].kind == "done" and out[-1].key == f"lesson.{run.lesson.id}.{key}.done"
        assert run.task_index == before + 1
        seen.append(key)
        for lang in LANGS:
            assert out[-1].message(lang)
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
    assert run.goal("en") == run.lesson.text("complete", "en")


def test_restart_resets_board_and_progress():
    run = LessonRun(lesson(3))
    run.show_me()
    assert run.task_index == 1 and run.game.moves == 1
    run.restart()
    assert run.task_index == 0 and run.game.moves == 0 and run.game.waste_top == Card.parse("AC")


# ----------------------------------------------------------------- lesson facts (rules)
def test_walk_through_deal_matches_spec():
    g = walk_board()
    assert g.waste_top.symbol == "A♣"
    assert COVERED_BY[12] == (21, 22)
    assert g.card_at(21).symbol == "K♣" and g.card_at(22).symbol == "2♦" and g.card_at(12).symbol == "7♠"
    assert not g.tableau[12].face_up
    base = {g.card_at(p).symbol for p in BASE_ROW}
    assert {"A♠", "K♦", "3♠"} <= base
    names = [g.card_at(p).symbol for p in g.playable()]
    assert sorted(names) == sorted(["K♣", "2♦", "K♦"])
    classic = walk_board(Rule.CLASSIC)
    assert [classic.card_at(p).symbol for p in classic.playable()] == ["2♦"]
    events = [g.play_card(c) for c in ("KC", "AS", "2D")]
    assert [e.revealed for e in events] == [(), (), (12,)]
    assert events[-1].revealed_cards == (Card.parse("7S"),)


def test_lesson2_suit_does_not_matter():
    run = LessonRun(lesson(2))
    g = run.game
    assert g.waste_top.symbol == "7♥"
    eight, six = _by_card(g, "8C"), _by_card(g, "6D")
    # 6♦ fits too, but the step asks for a higher card: refused by the lesson, game unchanged.
    key = g.state_key()
    fb = run.click_card(six)
    assert fb.kind == "miss" and g.state_key() == key and "6♦" in fb.message("en")
    fb = run.click_card(eight)
    assert fb.kind == "done" and fb.event.card.suit != Card.parse("7H").suit
    assert "Played 8♣ on 7♥" in fb.message("en")


def test_wrong_clicks_explain_with_engine_messages():
    run = LessonRun(lesson(3))
    g = run.game
    key = g.state_key()
    three = _by_card(g, "3S")
    for lang in LANGS:
        assert run.click_card(three).message(lang).startswith(refusal_message(Refusal.NOT_ADJACENT, lang))
        assert run.click_card(0).message(lang).startswith(refusal_message(Refusal.BLOCKED, lang))
    assert run.click_card(three).refusal is Refusal.NOT_ADJACENT
    # K♦ fits A♣ under Easy but the walk-through wants K♣ first.
    fb = run.click_card(_by_card(g, "KD"))
    assert fb.kind == "miss" and fb.refusal is None
    assert run.click_stock().kind == "miss" and run.undo().kind == "miss"
    assert g.state_key() == key and g.moves == 0 and run.task_index == 0


@pytest.mark.parametrize("lang", LANGS)
def test_lesson4_spec_refusal_messages_verbatim(lang):
    spec = {
        "en": ("It must be one rank higher or lower", "This card is blocked"),
        "pt": ("Tem de ter um valor imediatamente superior ou inferior", "Esta carta está bloqueada"),
        "fr": ("La valeur doit être immédiatement supérieure ou inférieure", "Cette carte est bloquée"),
    }[lang]
    run = LessonRun(lesson(4))
    g = run.game
    key = g.state_key()
    playable = g.playable()[0]
    assert run.click_card(playable).kind == "miss"  # a legal card is not what this lesson wants
    assert run.click_card(0).kind == "refused"  # blocked, but the step is about the rank
    fb = run.click_card(_by_card(g, "3S"))
    assert fb.kind == "done" and spec[0] in fb.message(lang)
    fb = run.click_card(1)
    assert fb.kind == "done" and spec[1] in fb.message(lang)
    assert run.complete and g.state_key() == key and g.moves == 0 and g.score == 500


def test_lesson5_draw_any_time_and_one_pass():
    run = LessonRun(lesson(5))
    g = run.game
    assert g.stock_count == 3 and g.playable()
    fb = run.click_stock()
    assert fb.kind == "done" and g.stock_count == 2
    assert run.click_card(g.playable()[0]).kind == "miss"
    run.click_stock()
    fb = run.click_stock()
    assert fb.kind == "done" and g.stock_count == 0 and g.status is Status.PLAYING
    fb = run.click_stock()
    assert fb.kind == "done" and fb.refusal is Refusal.STOCK_EMPTY and run.complete
    assert refusal_message(Refusal.STOCK_EMPTY, "en") in fb.message("en")


def test_lesson6_easy_and_classic_on_the_same_cards():
    run = LessonRun(lesson(6))
    g = run.game
    assert g.rule is Rule.EASY
    assert set(run.task.targets) == set(g.playable())
    fb = run.click_card(_by_card(g, "3S"))
    assert fb.kind == "refused" and fb.refusal is Refusal.NOT_ADJACENT
    for card in ("KC", "KD"):
        assert run.click_card(_by_card(g, card)).kind == "ok"
    assert run.click_card(_by_card(g, "KC")).kind == "info"
    assert run.click_card(_by_card(g, "2D")).kind == "done"
    g2 = run.game
    assert g2.rule is Rule.CLASSIC and g2.dealt_tableau == g.dealt_tableau and g2.waste_top == g.waste_top
    assert set(run.task.targets) == set(g2.playable()) == {_by_card(g2, "2D")}
    fb = run.click_card(_by_card(g2, "KC"))
    assert fb.refusal is Refusal.NOT_ADJACENT and "It must be one rank higher or lower" in fb.message("en")
    assert run.click_card(_by_card(g2, "2D")).kind == "done" and run.complete
    assert g2.moves == 0


def test_lesson7_win_with_stock_left_scores_772_then_blocked_and_undo():
    run = LessonRun(lesson(7))
    g = run.game
    assert g.cards_left == 1 and g.stock_count == 23 and g.moves == 27 and g.history[-1].kind == "play"
    assert all(e.kind == "play" for e in g.history)
    fb = run.click_card(2)
    assert fb.kind == "done" and g.status is Status.WON and g.score == 772 and g.stock_count == 23
    assert 500 - 28 + 300 == g.score
    b = run.game
    assert b is not g and b.stock_count == 1 and b.status is Status.PLAYING
    assert run.click_card(15).kind == "miss"  # playing first is allowed by the rules, but this step is the draw
    fb = run.click_stock()
    assert fb.kind == "done" and b.status is Status.BLOCKED
    for lang in LANGS:
        assert status_message(Status.BLOCKED, lang) in fb.message(lang)
    moves = b.moves
    assert run.click_card(15).refusal is Refusal.NOT_ADJACENT
    fb = run.undo()
    assert fb.kind == "done" and b.status is Status.PLAYING and b.moves == moves
    assert run.click_card(15).kind == "done" and run.complete


def test_lesson8_peaks_emptied_at_37_42_50_and_score_750():
    game = lesson(8).board()
    assert len(LESSON8_PLAN) == 50 and LESSON8_PLAN.count("D") == 22
    cleared = {}
    for action in LESSON8_PLAN:
        e = game.apply(action)
        for peak in getattr(e, "peaks_cleared", ()):
            cleared[peak] = e.moves
    assert cleared == {0: 37, 1: 42, 2: 50}
    assert game.status is Status.WON and game.score == 750 == 500 - 50 + 300 and game.stock_count == 1
    # The lesson itself: the learner makes moves 37 and 50.
    run = LessonRun(lesson(8))
    assert run.game.moves == 36 and run.game.score == 500 - 36
    others = [p for p in run.game.playable() if p != 0]
    assert others and all(run.click_card(p).kind == "miss" for p in others)  # legal, but the step is apex 0
    fb = run.click_card(0)
    assert fb.kind == "done" and fb.event.peaks_cleared == (0,) and fb.event.points == 99
    assert run.game.moves == 37 and run.game.score == 563
    assert run.task.key == "middle" and run.task.targets == {13, 14, 5, 6, 1}
    for p in (13, 14, 5, 6):
        others = [q for q in run.game.playable() if q not in run.task.targets]
        assert all(run.click_card(q).kind == "miss" for q in others)  # e.g. J♠ on 10♥: not a middle card
        assert run.click_card(p).kind == "ok"
    fb = run.click_card(1)
    assert fb.kind == "done" and fb.event.peaks_cleared == (1,) and fb.event.moves == 42
    assert run.game.moves == 49
    assert run.click_card(2).kind == "done"
    assert run.game.score == 750
    series = run.game.score_series()
    assert series[0] == (0, 500) and series[-1] == (50, 750) and len(series) == 51
    jumps = [m for (m0, s0), (m, s) in zip(series, series[1:]) if s - s0 == 99]
    assert jumps == [37, 42, 50]


def _deal_for_plan(plan: list) -> Game:
    """A deal on which ``plan`` (positions and "D") is legal under Easy.

    The waste cards follow the ranks 7, 8, …, K, A, 2, … round and round (each
    next to the one before under Easy), suits in turn, so every play fits.
    """
    cycle = [Card((6 + i) % 13 + 1, (i // 13) % 4) for i in range(52)]
    tops, rest = cycle[: len(plan) + 1], cycle[len(plan) + 1 :]
    tableau = [None] * 28
    stock = []
    for action, card in zip(plan, tops[1:]):
        if action == "D":
            stock.append(card)
        else:
            tableau[action] = card
    return Game.from_layout(tableau, tops[0], stock + rest)


@pytest.mark.parametrize("draws, expected", [(0, 772), (23, 749)])
def test_772_and_749_from_the_engine(draws, expected):
    # Lesson 8's bounds: a game won without undo with 0 or all 23 draws.
    order = [*range(18, 28), *range(9, 18), *range(3, 9), 0, 1, 2]
    plan: list = []
    for i, p in enumerate(order):
        plan += ["D"] * (i < draws) + [p]
    game = _deal_for_plan(plan)
    for action in plan:
        game.apply(action)
    assert game.status is Status.WON and game.moves == 28 + draws and game.score == expected
    assert sum(len(p) for p in PEAKS) == 28
    assert str(expected) in lesson(8).text("intro", "en")


def test_lesson9_undo_restores_score_not_moves():
    run = LessonRun(lesson(9))
    g = run.game
    assert str(g.code) == "TP1-E-AAAAAAD"
    assert run.undo().kind == "miss"
    fb = run.click_stock()
    assert fb.kind == "done" and g.score == 499 and g.moves == 1
    fb = run.undo()
    assert fb.kind == "done" and g.score == 500 and g.moves == 1
    assert "1" in fb.message("en")
    assert run.task.kind is TaskKind.WIN


def test_winning_easy_line_wins_tp1_e_aaaaaad():
    g = Game.from_code("TP1-E-AAAAAAD")
    for a in WINNING_EASY_LINE:
        g.apply(a)
    assert g.status is Status.WON
    assert len(WINNING_EASY_LINE) == g.moves


def _winnable(game: Game) -> bool:
    """Exhaustive search (memo on tableau, stock used, waste rank) — independent of tripeaks.solver."""
    cards = game.dealt_tableau
    stock = game.dealt_stock
    rule = game.rule
    seen: set[tuple[int, int, int]] = set()
    stack = [((1 << 28) - 1, 0, game.waste_top.rank)]
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
    assert verdict["easy"] == "yes"
    assert verdict["source"] in ("solver", "line")
    if verdict["source"] == "solver":
        assert verdict["classic"] == "no"
    facts = lesson(9).facts("en")
    assert facts and all(re.search(r"TP1-C-AAAAAAD", f) for f in facts[-1:])


def test_win_task_show_me_restarts_from_task_start_after_a_detour():
    run = LessonRun(lesson(9))
    run.show_me()
    run.show_me()
    start = run.game.state_key()
    run.click_stock()
    run.click_stock()
    assert run.game.state_key() != start
    out = run.show_me()
    assert run.complete and out[-1].kind == "done" and run.game.status is Status.WON


def test_lesson10_classic_refuses_the_wrap_easy_accepts_it():
    run = LessonRun(lesson(10))
    g = run.game
    assert g.rule is Rule.CLASSIC
    fb = run.click_card(_by_card(g, "3S"))  # refused too, but the step is about K♣
    assert fb.kind == "refused" and fb.key == "lesson.generic.wrong_card"
    fb = run.click_card(_by_card(g, "KC"))
    assert fb.kind == "done" and fb.refusal is Refusal.NOT_ADJACENT
    assert run.game.rule is Rule.EASY
    fb = run.click_card(_by_card(run.game, "KC"))
    assert fb.kind == "done" and fb.event.wrap
    assert run.game.playable()
    assert run.click_stock().kind == "done" and run.complete


def test_bad_position_raises_and_changes_nothing():
    run = LessonRun(lesson(1))
    key = run.game.state_key()
    for bad in (-1, 28, "3"):
        with pytest.raises(ValueError):
            run.click_card(bad)  # type: ignore[arg-type]
    assert run.game.state_key() == key and run.task_index == 0


# ----------------------------------------------------------------- property: any click sequence is safe
_clicks = st.lists(st.one_of(st.integers(0, 27), st.sampled_from(["D", "U", "S"])), max_size=25)


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 10), clicks=_clicks)
def test_random_clicks_never_break_a_lesson(number, clicks):
    run = LessonRun(lesson(number))
    for c in clicks:
        game = run.game
        key, moves, index = game.state_key(), game.moves, run.task_index
        if c == "S":
            run.show_me()
            assert run.complete or run.task_index == index + 1
            continue
        fb = run.click_stock() if c == "D" else run.undo() if c == "U" else run.click_card(c)
        for lang in LANGS:
            assert fb.message(lang) or fb.kind == "ok"
        if fb.event is None and run.task_index == index:
            assert game.state_key() == key and game.moves == moves  # refused or off-task: nothing changed
        assert fb.kind in ("ok", "done", "refused", "miss", "info")


def test_second_click_of_a_double_click_keeps_the_confirmation():
    run = LessonRun(lesson(3))
    first = run.click_card(21)
    assert first.kind == "done"
    assert run.click_card(21) is first and run.last is first and run.game.moves == 1


def test_a_stock_click_in_a_find_step_points_at_the_cards():
    for index, item in enumerate(LESSONS):
        run = LessonRun(item)
        if run.task is not None and run.task.kind is TaskKind.FIND:
            before = run.game.state_key()
            feedback = run.click_stock()
            assert feedback.key == "lesson.generic.use_card", (index, feedback)
            assert run.game.state_key() == before
            return
    raise AssertionError("no lesson starts with a find step")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_covered_card_in_the_rules_lesson_is_blocked_and_nothing_else(lang):
    # The miss sentence of lesson 6 is about ranks ("that card does not fit"): a covered card is
    # refused because it is blocked (docs/rules.md §2), and that is all the feedback says.
    run = LessonRun(lesson(6))
    covered = next(p for p in range(28) if run.game.refusal(p) is Refusal.BLOCKED)
    fb = run.click_card(covered)
    assert fb.kind == "refused" and fb.refusal is Refusal.BLOCKED
    assert fb.message(lang) == refusal_sentence(Refusal.BLOCKED, lang)
    # A card of the right kind but the wrong rank still gets the lesson's sentence after the refusal.
    wrong = next(p for p in BASE_ROW if run.game.refusal(p) is Refusal.NOT_ADJACENT)
    assert run.click_card(wrong).message(lang).startswith(refusal_sentence(Refusal.NOT_ADJACENT, lang) + " ")
