"""The strategy lessons: every claim checked here by search, independently of the lesson's own code.

The verdicts come from an exhaustive search written in tests/course/test_lessons.py (``_winnable``, no
solver) and from :mod:`tripeaks.solver`; run lengths from a brute-force search over plays only.
"""

from __future__ import annotations

import pytest
from test_lessons import _winnable

from tripeaks import Card, Game, Status
from tripeaks.course.core import longest_run
from tripeaks.course.lessons import LESSONS, LessonRun, TaskKind, lesson_by_id
from tripeaks.course.strategy_lessons import (
    KINGS_QUEENS_SETUP,
    PLAN_CHAIN,
    PLAN_CODE,
    PLAN_LINE,
    REVEAL_CODE,
    REVEAL_SETUP,
    RUNS_CODE,
    WAIT_LINE,
    WAIT_LINK,
    WAIT_SETUP,
)
from tripeaks.engine.layout import COVERED_BY, PEAKS
from tripeaks.i18n import card_name
from tripeaks.i18n.course import feedback_message, render
from tripeaks.solver import solve

LANGS = ("en", "pt", "fr", "es")


def _after(game: Game, action) -> Game:
    g = game.copy()
    g.apply(action)
    return g


def _start(lesson_id: str, step: int = 0) -> LessonRun:
    """The lesson at the start of step ``step`` (the steps before done by their scripted help)."""
    run = LessonRun(lesson_by_id(lesson_id))
    while run.task_index < step or run.waiting:
        if run.waiting:
            run.proceed()
        else:
            run.show_me()
    return run


def _plays_reachable(game: Game) -> tuple[set[int], dict[int, set[tuple[str, int]]]]:
    """Every position reachable from ``game`` by any order of plays and draws (an exhaustive search,
    independent of the solver): the sets of cards still on the table, and for each tableau position
    the (waste top, draws made) pairs it can be played on.  Default rule sets only, any peaks."""
    cards = game.dealt_tableau
    stock = game.stock_cards
    rule = game.rule
    start = sum(1 << p for p, slot in enumerate(game.tableau) if slot is not None)
    seen: set[tuple[int, int, Card]] = set()
    plays: dict[int, set[tuple[str, int]]] = {p: set() for p in range(28)}
    stack = [(start, 0, game.waste_top)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        present, s, top = state
        for p in range(28):
            if (
                present >> p & 1
                and not any(present >> q & 1 for q in COVERED_BY[p])
                and rule.adjacent(cards[p].rank, top.rank)
            ):
                plays[p].add((top.symbol, s))
                stack.append((present & ~(1 << p), s, cards[p]))
        if s < len(stock):
            stack.append((present, s + 1, stock[s]))
    return {present for present, _, _ in seen}, plays


def _brute_run(game: Game) -> int:
    """The longest run of plays (no draw) by plain recursion on copies of the game."""
    best = 0
    for p in game.playable():
        best = max(best, 1 + _brute_run(_after(game, p)))
    return best


# ----------------------------------------------------------------- kings need queens
def test_kings_the_queen_is_the_last_one_and_the_king_is_covered():
    run = _start("kings")
    g = run.game
    assert g.moves == len(KINGS_QUEENS_SETUP) and g.rules.peaks.value == "open" and not g.rule.wraps
    queens = [p for p in range(28) if g.card_at(p).rank == 12]
    kings = [p for p in range(28) if g.card_at(p).rank == 13]
    assert [g.card_at(p).symbol for p in queens] == ["Q♥"] and [g.card_at(p).symbol for p in kings] == ["K♠"]
    assert not any(isinstance(c, Card) and c.rank == 12 for c in g.stock_cards)  # the other queens: on the waste
    assert sum(isinstance(c, Card) and c.rank == 12 for c in g.waste) == 3
    assert run.task.targets == {queens[0], kings[0]}
    assert COVERED_BY[kings[0]] == (21, 22) and g.is_exposed(queens[0]) and not g.is_exposed(kings[0])


def test_kings_spending_the_last_queen_first_loses_and_freeing_the_king_first_wins():
    run = _start("kings", 1)
    g = run.game
    task = run.task
    assert task.kind is TaskKind.KEEP and task.avoid == {23}
    assert g.refusal(23) is None and not _winnable(_after(g, 23))  # Q♥ now: K♠ can never be played
    assert _winnable(_after(g, 21)) and _winnable(_after(g, 24))
    key = g.state_key()
    fb = run.click_card(23)
    assert fb.kind == "miss" and fb.key == "lesson.kings.free.avoid" and g.state_key() == key
    for lang in LANGS:
        assert feedback_message(fb, lang)
    # the plan: every move of it keeps the deal winnable, and it ends with K♠ on Q♥
    replay = g.copy()
    for p in task.solution:
        replay.play(p)
        assert _winnable(replay), p
    assert replay.history[-1].card.symbol == "K♠" and replay.history[-1].previous_top.symbol == "Q♥"
    for p in task.solution[:-1]:
        assert run.click_card(p).kind == "ok"
    assert run.click_card(task.solution[-1]).kind == "done" and run.complete


def test_kings_a_losing_move_the_lesson_did_not_foresee_is_explained_by_the_solver():
    run = _start("kings", 1)
    for p in run.task.solution[:3]:  # 10♦, 9♥, 10♣: the waste shows 10♣, and K♠ is free
        run.click_card(p)
    g = run.game
    losing = [a for a in g.legal_actions() if not _winnable(_after(g, a))]
    assert "D" in losing and any(a != "D" for a in losing)  # drawing now, or 9♦, would lose the deal
    key = g.state_key()
    for action in losing:
        fb = run.click_stock() if action == "D" else run.click_card(action)
        assert fb.kind == "miss" and fb.key == (
            "lesson.generic.losing_draw" if action == "D" else "lesson.generic.losing"
        )
        assert all(feedback_message(fb, lang) for lang in LANGS)
    assert run.game.state_key() == key


# ----------------------------------------------------------------- plan before the first move
def test_plan_only_one_first_move_keeps_the_deal_winnable():
    game = Game.from_code(PLAN_CODE)
    verdicts = {a: _winnable(_after(game, a)) for a in game.legal_actions()}
    assert sorted(a for a in verdicts if a != "D") == [20, 22, 26]  # K♠, K♥, J♠ fit Q♥
    assert [a for a, ok in verdicts.items() if ok] == [22]  # only K♥; a draw loses too
    run = _start("plan", 1)
    assert run.task.targets == {22}
    comparison = {values["action"]: key for key, values in run.comparison()}
    assert comparison == {
        a: ("lesson.compare.draw_" if a == "D" else "lesson.compare.play_") + ("yes" if ok else "no")
        for a, ok in verdicts.items()
    }
    fb = run.click_card(20)
    assert fb.kind == "miss" and fb.facts == (("lesson.compare.play_no", {"action": 20, "card": game.card_at(20)}),)
    assert run.click_stock().kind == "miss" and run.game.moves == 0
    fb = run.click_card(22)
    assert fb.kind == "done" and len(fb.facts) == len(verdicts) + 1 and run.complete
    assert fb.facts[-1] == ("lesson.plan.first.why", {})  # the reason, after the verdicts
    assert all(feedback_message(fb, lang) for lang in LANGS)


@pytest.mark.slow
def test_plan_the_reason_given_for_the_heart_king_holds_on_the_deal():
    """Every claim of lesson.plan.first.why, recomputed on deal TP1-C-AAAAAMJ-O."""
    game = Game.from_code(PLAN_CODE)
    L = lesson_by_id("plan")
    card = {name: Card.parse(text) for name, text in L.cards.items()}
    at = {name: game.dealt_tableau.index(c) for name, c in card.items() if c in game.dealt_tableau}
    # under Classic a king goes only on a queen, and Q♥ on the waste is the one queen to play on
    assert [r for r in range(1, 14) if game.rules.adjacent(13, r)] == [12]
    assert game.waste_top == card["waste"]
    assert not [p for p in range(28) if game.is_exposed(p) and game.card_at(p).rank == 12]
    # K♥ covers 4♣, which covers Q♦, which covers 6♣, the top of the middle peak; 4♦ tops the left peak
    assert at["heart_king"] in COVERED_BY[at["club_four"]]
    assert at["club_four"] in COVERED_BY[at["diamond_queen"]]
    assert at["diamond_queen"] in COVERED_BY[at["middle_top"]]
    assert (
        at["middle_top"] in PEAKS[1] and at["left_top"] in PEAKS[0] and {at["middle_top"], at["left_top"]} < {0, 1, 2}
    )
    assert PLAN_CHAIN == {at["club_four"], at["diamond_queen"], at["middle_top"]}
    # the winning line starts with K♥ and later plays K♠ on Q♦
    g = game.copy()
    tops = []
    for action in PLAN_LINE:
        tops.append(g.waste_top)
        g.apply(action)
    assert g.status is Status.WON and PLAN_LINE[0] == at["heart_king"]
    assert tops[PLAN_LINE.index(at["spade_king"])] == card["diamond_queen"]
    # played first, K♠ leaves K♥ waiting for Q♠ or Q♣, the 18th card of the stock ...
    after = _after(game, at["spade_king"])
    assert after.stock_cards[17] == card["club_queen"] and at["spade_queen"] == game.find("QS")
    left, plays = _plays_reachable(after)
    assert {top for top, _ in plays[at["heart_king"]]} == {"Q♠", "Q♣"}
    # ... and then no order of plays and draws clears both 6♣ and 4♦
    both = 1 << at["middle_top"] | 1 << at["left_top"]
    assert not any(present & both == 0 for present in left)
    assert any(not present >> at["middle_top"] & 1 for present in left)  # each one alone can go
    assert any(not present >> at["left_top"] & 1 for present in left)


def test_plan_rings_the_chain_under_the_heart_king_once_it_is_played():
    run = _start("plan", 1)
    assert run.highlights() == ()
    fb = run.click_card(22)
    assert fb.kind == "done" and run.complete
    assert run.highlights() == tuple(sorted(PLAN_CHAIN))
    values = lesson_by_id("plan").values()
    for lang in LANGS:  # every language names the same cards
        text = feedback_message(fb, lang)
        for name in ("heart_king", "spade_king", "club_four", "diamond_queen", "middle_top", "left_top"):
            assert card_name(values[name], lang) in text, (lang, name)
        assert card_name(values["spade_queen"], lang) in text and card_name(values["club_queen"], lang) in text


# ----------------------------------------------------------------- keep runs going
def test_runs_the_longest_run_and_the_first_card_that_makes_it():
    game = Game.from_code(RUNS_CODE)
    assert sorted(game.card_at(p).symbol for p in game.playable()) == ["4♣", "6♥"]
    first = {game.card_at(p).symbol: 1 + _brute_run(_after(game, p)) for p in game.playable()}
    assert first == {"4♣": 1, "6♥": 8}
    assert len(longest_run(game)) == _brute_run(game) == 8
    run = _start("runs")
    assert run.run_wanted == 8 and "8" in render(run.goal(), "en")
    comparison = {values["card"].symbol: values["count"] for _, values in run.comparison()}
    assert comparison == first


def test_runs_a_short_run_is_explained_and_undo_tries_again():
    run = _start("runs")
    four_clubs = run.game.dealt_tableau.index(Card.parse("4C"))
    fb = run.click_card(four_clubs)
    assert fb.key == "lesson.generic.run_stuck" and fb.values == {"done": 1, "total": 8}
    assert run.click_stock().key == "lesson.generic.run_no_draw" and run.game.moves == 1
    assert run.undo().kind == "ok" and run.hits == 0
    assert run.undo().key == "lesson.generic.undo_step_start"
    fb = run.show_me()[0]
    assert fb.key == "lesson.guide.from_here" and len(run.guide.steps) == 8
    run.guide_all()
    assert run.complete and run.game.moves == 9 and all(e.kind == "play" for e in run.game.standing_actions)


def test_runs_show_me_after_a_wrong_start_starts_over_and_says_so():
    run = _start("runs")
    run.click_card(run.game.dealt_tableau.index(Card.parse("4C")))
    fb = run.show_me()[0]
    assert fb.key == "lesson.guide.start_over" and run.guide.restarted and len(run.guide.steps) == 8
    run.guide_all()
    assert run.complete


# ----------------------------------------------------------------- prefer the card that reveals more
def test_reveal_more_the_nine_that_turns_a_card_up_keeps_the_deal_winnable():
    game = Game.from_code(REVEAL_CODE)
    for action in REVEAL_SETUP:
        game.apply(action)
    nines = {game.card_at(p).symbol: p for p in game.playable()}
    assert set(nines) == {"9♠", "9♥"} and game.waste_top.symbol == "8♠"
    assert game.reveals(nines["9♥"]) and not game.reveals(nines["9♠"])
    assert _winnable(_after(game, nines["9♥"])) and not _winnable(_after(game, nines["9♠"]))
    run = _start("reveal_more")
    assert run.game.state_key() == game.state_key() and run.task.targets == {nines["9♥"]}
    assert run.click_card(nines["9♠"]).kind == "miss"
    fb = run.click_card(nines["9♥"])
    assert fb.kind == "done" and fb.event.revealed == game.reveals(nines["9♥"])
    assert ("lesson.compare.play_no", {"action": nines["9♠"], "card": game.card_at(nines["9♠"])}) in fb.facts


# ----------------------------------------------------------------- sometimes do not play a card that fits
def test_wait_drawing_is_better_than_the_only_card_that_fits():
    run = _start("wait")
    game = run.game
    (fits,) = game.playable()
    assert game.card_at(fits).symbol == "9♣" and game.waste_top.symbol == "10♥"
    after_play = _after(game, fits)
    assert after_play.playable() == []  # nothing fits after 9♣
    assert not _winnable(after_play) and _winnable(_after(game, "D"))
    assert solve(after_play).winnable is False  # the solver the lesson quotes agrees
    fb = run.click_card(fits)
    assert fb.kind == "miss" and fb.key == "lesson.wait.choose.avoid" and game.moves == 9
    fb = run.click_stock()
    assert fb.kind == "done" and run.complete
    assert {values["action"]: key for key, values in fb.facts if "action" in values} == {
        fits: "lesson.compare.play_no",
        "D": "lesson.compare.draw_yes",
    }
    assert fb.facts[-1] == ("lesson.wait.choose.why", {})  # the reason, after the verdicts
    assert run.highlights() == tuple(sorted(WAIT_LINK))  # the link and the card it leads to, ringed
    values = lesson_by_id("wait").values()
    for lang in LANGS:  # every language names the same cards
        text = feedback_message(fb, lang)
        assert all(card_name(values[name], lang) in text for name in ("fits", "five", "four", "low", "high"))


@pytest.mark.slow
def test_wait_the_nine_is_the_missing_link_between_two_others():
    """Every claim of lesson.wait.choose.why, recomputed on deal TP1-E-AAAAAAD after the setup."""
    run = _start("wait")
    game = run.game
    card = {name: Card.parse(text) for name, text in lesson_by_id("wait").cards.items()}
    nine, ten = game.find(card["fits"]), game.find(card["high"])
    assert game.moves == len(WAIT_SETUP) and WAIT_LINK == {nine, ten} and not game.tableau[ten].face_up
    # after the draw and two more, the winning line plays 5♦ and 4♦, which turns 10♣ face up;
    # then 8♦ comes from the stock, 9♣ goes on it and 10♣ on 9♣
    D = "D"
    five, four = game.find(card["five"]), game.find(card["four"])
    assert WAIT_LINE[:8] == (D, D, D, five, four, D, nine, ten)
    g = game.copy()
    for action in WAIT_LINE[:5]:
        g.apply(action)
    assert g.tableau[ten].face_up and not game.tableau[ten].face_up
    g.apply(D)
    assert g.waste_top == card["low"]
    for action in WAIT_LINE[6:]:
        g.apply(action)
    assert g.status is Status.WON
    # played at once, 9♣ is gone when 8♦ comes, and 10♣ finds nothing to go on before the 12th draw
    after = _after(game, nine)
    assert list(after.stock_cards).index(card["low"]) == 3
    _left, plays = _plays_reachable(after)
    assert plays[ten] and min(draws for _top, draws in plays[ten]) == 12


def test_every_strategy_lesson_compares_with_the_search_it_quotes():
    strategy = [L for L in LESSONS if L.part.value == "strategy"]
    assert [L.id for L in strategy] == ["kings", "plan", "runs", "reveal_more", "wait", "review"]
    for L in strategy:
        run = LessonRun(L)
        while not run.complete:
            if run.waiting:
                run.proceed()
                continue
            if run.task.compare:
                for key, _values in run.comparison():
                    assert "unknown" not in key, (L.id, key)
            out = run.show_me()
            if run.guide is not None:
                out += run.guide_all()
        assert run.game.status is not Status.TIME_UP


@pytest.mark.parametrize("lesson_id", ["kings", "plan", "runs", "reveal_more", "wait"])
def test_strategy_texts_render_in_every_language(lesson_id):
    L = lesson_by_id(lesson_id)
    for lang in LANGS:
        assert render(L.text("intro"), lang) and render(L.text("title"), lang)
