"""The game review in the app (docs/rules.md §9): Review this game, the marks, Try again, the replay panel."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from fake_store import kept_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from widget_state import plain

from tripeaks import Game, GameCode, Status
from tripeaks.app.model.review import position_after
from tripeaks.app.play import TriPeaksApp
from tripeaks.i18n import card_name
from tripeaks.i18n.review import review_text, turning_reasons
from tripeaks.solver import is_winnable


@lru_cache(maxsize=1)
def lost_game() -> tuple[Game, int]:
    """A blocked game from random play whose deal could be won, and its turning point (found by brute force)."""
    rng = random.Random(7)
    while True:
        game = Game.from_code(GameCode("E", rng.randrange(32**7)))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.status is not Status.BLOCKED or not is_winnable(game.restart()):
            continue
        g = game.restart()
        for k, e in enumerate(game.standing_actions, 1):
            g.apply(e.token)
            if not is_winnable(g):
                return game, k


def app_with(game: Game) -> TriPeaksApp:
    app = TriPeaksApp(game=game.copy())
    app.review.time_limit = None  # exact, whatever the machine's load
    return app


def marked(app: TriPeaksApp) -> list[str]:
    return [plain(li) for li in ui(app).move_log.value.split("<li")[1:] if "tp-log-turning" in li]


def test_review_explains_the_turning_point_marks_it_and_tries_again_from_the_move_before() -> None:
    game, turning = lost_game()
    app = app_with(game)
    view = app.review_view
    assert view.text.value == "" and view.again.layout.display == "none"
    view.button.click()
    move = game.standing_actions[turning - 1]
    sentence = plain(view.text.value)
    assert sentence.startswith(f"Move {turning}, ")
    assert ("a draw" in sentence) == (move.token == "D")
    if move.token != "D":
        assert card_name(move.card, "en") in sentence
    assert "kept a win" in sentence
    # then why, in game terms: what the move played did and what the winning one would have done
    facts = app.review.facts
    assert facts is not None
    if move.token == "D":
        assert facts.played is None and facts.covered == position_after(game, turning - 1).waste_top
    else:
        assert facts.played is not None and facts.played.position == move.position
    reasons = turning_reasons(facts, "en")
    assert reasons and sentence.endswith(" ".join(reasons))
    # marked once in the log, on the move's entry, and on the plot at that move's point
    assert len(marked(app)) == 1 and f"Move {move.moves}:" in marked(app)[0]
    assert app.plot_panel.plot.mark == (move.moves, move.score)
    assert view.again.description == review_text("review.try_again", "en", move=turning - 1)
    # a second click changes nothing
    before = (view.text.value, ui(app).move_log.value)
    view.button.click()
    assert (view.text.value, ui(app).move_log.value) == before
    # in another language
    app.set_language("fr")
    assert plain(view.text.value).startswith(f"Le coup {turning} (")
    assert view.again.description == review_text("review.try_again", "fr", move=turning - 1)
    app.set_language("en")
    view.again.click()
    expected = position_after(game, turning - 1)
    assert app.game.state_key() == expected.state_key() and app.game.status is Status.PLAYING
    assert app.session.counts and is_winnable(app.game)
    assert app.review.review is None and marked(app) == [] and app.plot_panel.plot.mark is None
    assert view.text.value == "" and view.again.layout.display == "none"
    assert plain(ui(app).status.value).startswith(review_text("review.tried", "en", move=turning - 1)[:20])


def test_a_move_on_the_table_clears_the_review() -> None:
    game, _ = lost_game()
    app = app_with(game)
    app.review_view.button.click()
    assert marked(app)
    ui(app).undo_button.click()
    assert app.review.review is None and marked(app) == [] and app.review_view.text.value == ""


def test_a_won_game_says_where_the_most_points_went() -> None:
    game = Game.from_code("TP1-E-AAAAAAD")
    from tripeaks.solver import solve

    line = solve(game).line
    # Draw first where the line plays, while that still wins: points are lost, the game stays winnable.
    game.apply("D")
    if not is_winnable(game):
        pytest.skip("this deal needs its first card")
    for action in solve(game).line:
        game.apply(action)
    assert game.status is Status.WON and line
    app = app_with(game)
    app.review_view.button.click()
    review = app.review.review
    assert review is not None and review.turning_point is None
    costliest = review.costliest
    sentence = plain(app.review_view.text.value)
    if costliest is None:
        assert sentence == review_text("review.best", "en")
        assert app.review_view.again.layout.display == "none"
    else:
        assert f"move {costliest.place}," in sentence and "against the best line" in sentence
        assert app.review_view.again.description == (
            review_text("review.try_again_start", "en")
            if costliest.place == 1
            else review_text("review.try_again", "en", move=costliest.place - 1)
        )


def test_the_replay_panel_reviews_the_record_and_marks_each_step_that_has_the_move() -> None:
    game, turning = lost_game()
    app, kept = kept_app()
    app.review.time_limit = None
    panel = kept.replay
    assert panel.review_view is not None and panel.review_view.layout.display == "none"
    panel.set_open(True)
    assert panel.watch(game.to_record())
    assert panel.review_view.layout.display is None
    panel.review_view.button.click()
    assert plain(panel.review_view.text.value).startswith(f"Move {turning}, ")
    assert app.review_view.text.value == ""  # the end panel's review is not this one
    index = next(i for i, e in enumerate(game.history) if e is game.standing_actions[turning - 1])
    panel.slider.value = index
    assert marked(app) == [] and app.plot_panel.plot.mark is None
    panel.slider.value = index + 1
    assert len(marked(app)) == 1 and app.plot_panel.plot.mark is not None
    panel.review_view.again.click()
    assert not panel.watching and app.session.counts
    assert app.game.state_key() == position_after(game, turning - 1).state_key()


def test_nothing_to_review_says_so_and_changes_nothing() -> None:
    app = app_with(Game.from_code("TP1-E-AAAAAAD"))
    assert app.review.run(app.game) is None
    assert app.review.review is None
    assert plain(ui(app).status.value) == review_text("review.nothing", "en")


def test_a_turning_point_older_than_the_entries_shown_is_still_listed_once() -> None:
    lost, turning = lost_game()
    game = lost.restart()
    for event in lost.standing_actions[:turning]:
        game.apply(event.token)
    assert game.can_draw
    for _ in range(40):  # 80 events after the turning point: it leaves the log's window of 50
        game.draw()
        game.undo()
    for event in lost.standing_actions[turning:]:
        game.apply(event.token)
    assert [e.token for e in game.standing_actions] == [e.token for e in lost.standing_actions]
    assert len(game.history) > turning + 80
    app = app_with(game)
    app.review_view.button.click()
    assert app.review.review is not None and app.review.review.turning_point == turning
    entries = marked(app)
    assert len(entries) == 1 and f"Move {game.standing_actions[turning - 1].moves}:" in entries[0]
    log = ui(app).move_log.value
    assert log.index("tp-log-more") < log.index("tp-log-turning")  # listed after the newest entries


def test_a_game_lost_on_the_way_and_won_back_with_undos_says_so_beside_the_standing_verdict() -> None:
    # The tester's case: lose the game, rewind, win. The standing moves never lost it (docs/rules.md §9),
    # so the first sentence says so; the second says the player reached a lost position and took moves back.
    from tripeaks.solver import solve

    lost, turning = lost_game()
    game = lost.restart()
    for event in lost.standing_actions[:turning]:
        game.apply(event.token)
    assert not is_winnable(game)
    game.undo()  # one undo is enough: the position before the turning point is winnable
    for action in solve(game).line:
        game.apply(action)
    assert game.status is Status.WON
    app = app_with(game)
    app.review_view.button.click()
    review = app.review.review
    assert review is not None and review.turning_point is None
    sentence = plain(app.review_view.text.value)
    note = review_text("review.taken_back_lost", "en", undos=1)
    assert sentence.endswith(" " + note) and "took back 1 move " in note
    app.set_language("pt")
    assert plain(app.review_view.text.value).endswith(review_text("review.taken_back_lost", "pt", undos=1))


def test_a_game_with_undos_that_never_lost_it_says_only_that_moves_were_taken_back() -> None:
    from tripeaks.solver import solve

    game = Game.from_code("TP1-E-AAAAAAD")
    line = solve(game).line
    game.apply(line[0])
    game.undo()
    game.apply(line[0])
    game.apply(line[1])
    game.undo()
    game.undo()
    for action in line:
        game.apply(action)
    assert game.status is Status.WON
    app = app_with(game)
    app.review_view.button.click()
    sentence = plain(app.review_view.text.value)
    assert sentence.endswith(" " + review_text("review.taken_back", "en", undos=3))
    assert review_text("review.taken_back_lost", "en", undos=3) not in sentence


def test_a_game_without_undos_has_one_sentence() -> None:
    game, _ = lost_game()
    app = app_with(game)
    app.review_view.button.click()
    assert app.review.taken_back is None
    assert "took back" not in plain(app.review_view.text.value)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), undo_weight=st.floats(0.05, 0.6))
def test_the_positions_undone_from_are_those_before_each_run_of_undos(seed: int, undo_weight: float) -> None:
    from tripeaks.app.model.review import taken_back_tips

    rng = random.Random(seed)
    game = Game.from_code(GameCode("E", rng.randrange(32**7)))
    expected = []
    previous_undo = False
    for _ in range(rng.randrange(1, 60)):
        if game.is_over:
            break
        if game.can_undo and rng.random() < undo_weight:
            if not previous_undo:
                expected.append(game.state_key())
            game.undo()
            previous_undo = True
        else:
            game.apply(rng.choice(game.legal_actions()))
            previous_undo = False
    assert [tip.state_key() for tip in taken_back_tips(game)] == expected
